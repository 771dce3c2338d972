#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang (AddressSanitizer + UBSan) in a separate build
# directory and runs each one for a bounded time, seeded from tests/io/data and a few SFENs.
#   bash scripts/fuzz.sh                      every target, 60 s each
#   TSUME_FUZZ_SECONDS=10 bash scripts/fuzz.sh fuzz_kif fuzz_csa
# Environment: TSUME_FUZZ_BUILD_DIR (default build-fuzz), TSUME_FUZZ_SECONDS (default 60),
# TSUME_FUZZ_JOBS (build jobs, default 2). The corpus grows in <build dir>/fuzz-run/corpus and
# crashing inputs are saved in <build dir>/fuzz-run/artifacts.
# Prints, per target, the inputs run and whether it crashed; exits 1 when any target crashed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

readonly build_dir="${TSUME_FUZZ_BUILD_DIR:-build-fuzz}"
readonly seconds="${TSUME_FUZZ_SECONDS:-60}"
readonly jobs="${TSUME_FUZZ_JOBS:-2}"
readonly all_targets=(fuzz_sfen fuzz_kif fuzz_csa fuzz_usi_move)
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=("${all_targets[@]}")
fi

echo "fuzz: configuring ${build_dir}/ with clang"
CC=clang CXX=clang++ cmake -S . -B "${build_dir}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTSUME_BUILD_FUZZ=ON -DTSUME_BUILD_TESTS=OFF -DTSUME_BUILD_BENCH=OFF >/dev/null
cmake --build "${build_dir}" -j"${jobs}" --target "${targets[@]}"

readonly run_dir="${build_dir}/fuzz-run"
mkdir -p "${run_dir}/artifacts"

# Seeds: the test fixtures, a few SFENs of SPEC.md section 5, and USI moves (the first byte of a
# fuzz_usi_move input picks the position).
seed() {
  local target=$1 dir="${run_dir}/corpus/$1"
  mkdir -p "${dir}"
  case "${target}" in
    fuzz_kif) cp -n tests/io/data/*.kif tests/io/data/*.ki2 "${dir}/" 2>/dev/null || true ;;
    fuzz_csa) cp -n tests/io/data/*.csa "${dir}/" 2>/dev/null || true ;;
    fuzz_sfen)
      local i=0
      for sfen in \
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" \
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1" \
        "7lk/9/8S/9/9/9/9/7L1/8K b P 1" \
        "sfen 3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1" \
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1" \
        "startpos"; do
        printf '%s' "${sfen}" >"${dir}/seed_${i}"
        i=$((i + 1))
      done ;;
    fuzz_usi_move)
      local i=0
      for move in '\x007g7f' '\x008h2b+' '\x01P*5e' '\x02R*1a' '\x031c2b+' '\x04G*2b' '\x052c1c'; do
        printf "${move}" >"${dir}/seed_${i}"
        i=$((i + 1))
      done ;;
  esac
}

dictionary() {
  case "$1" in
    fuzz_kif) echo "-dict=fuzz/kif.dict" ;;
    fuzz_csa) echo "-dict=fuzz/csa.dict" ;;
    fuzz_sfen) echo "-dict=fuzz/sfen.dict" ;;
  esac
}

status=0
summary=()
for target in "${targets[@]}"; do
  seed "${target}"
  log="${run_dir}/${target}.log"
  echo "fuzz: running ${target} for ${seconds} s (log: ${log})"
  set +e
  # shellcheck disable=SC2046
  "${build_dir}/fuzz/${target}" "${run_dir}/corpus/${target}" $(dictionary "${target}") \
    -max_total_time="${seconds}" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="${run_dir}/artifacts/${target}-" >"${log}" 2>&1
  rc=$?
  set -e
  # libFuzzer ends with "#N DONE ..." and, with -print_final_stats, "stat::number_of_executed_units: N".
  runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "${log}" | tail -n 1)
  if [[ -z "${runs}" ]]; then
    runs=$(sed -n 's/^#\([0-9]*\)[[:space:]].*/\1/p' "${log}" | tail -n 1)
  fi
  corpus=$(find "${run_dir}/corpus/${target}" -type f | wc -l)
  if [[ ${rc} -ne 0 ]] || grep -qE '==ERROR|runtime error|deadly signal|SUMMARY: ' "${log}"; then
    verdict="CRASHED (exit ${rc}; see ${log} and ${run_dir}/artifacts/)"
    status=1
  else
    verdict="no crash"
  fi
  summary+=("$(printf '%-14s %12s inputs run  %6s corpus files  %s' "${target}" "${runs:-?}" "${corpus}" "${verdict}")")
done

echo
echo "fuzz summary (${seconds} s per target):"
printf '  %s\n' "${summary[@]}"
exit "${status}"
