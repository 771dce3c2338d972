#!/usr/bin/env bash
# Opt-in: `tsume solve` over problem sets with known lengths, and how the lengths compare.
#
#   bash scripts/solve_corpus.sh [--nodes N] [--time SECONDS] [--hash MB] [--count-futile]
#                                [--resume] [FILE.tsv ...]
#
# Default files: ../shared/problems/practical/mate{3,5,7,9,11}.tsv (outside the repository; GPL,
# never copied in) and problems/zukou.tsv. Default limits: --nodes 2000000 --time 60 per problem.
# Each file is solved with --format jsonl into $OUT_DIR/<name>.jsonl (default
# ${TSUME_BUILD_DIR:-build}/solve_corpus/); --resume continues an interrupted run there.
# Prints per file: problems, mate, no_mate, unknown, errors, and among the mates how many have
# the length of the TSV's third column (=), a shorter (<) or a longer (>) one, the summed solve
# time of the records (solve_s) and the wall time of the run (wall_s). A third column that is not
# a number is not compared.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/solve_corpus}

nodes=2000000
time_limit=60
options=()
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --hash) options+=(--hash "$2"); shift 2 ;;
    --count-futile | --resume | --hand-as-given) options+=("$1"); shift ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "solve_corpus: unknown option '$1'" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [[ ${#files[@]} -eq 0 ]]; then
  for n in 3 5 7 9 11; do
    f=$root/../shared/problems/practical/mate$n.tsv
    [[ -f $f ]] && files+=("$f")
  done
  files+=("$root/problems/zukou.tsv")
fi
for f in "${files[@]}"; do
  [[ -f $f ]] || { echo "solve_corpus: no file '$f'" >&2; exit 2; }
done

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target tsume -j "${JOBS:-2}" >/dev/null
tsume=$build/cli/tsume
mkdir -p "$out_dir"

printf '%-14s %6s %6s %8s %8s %6s %6s %6s %6s %10s %10s\n' \
  file count mate no_mate unknown errors '=' '<' '>' solve_s wall_s
for f in "${files[@]}"; do
  name=$(basename "$f" .tsv)
  out=$out_dir/$name.jsonl
  start_ns=$(date +%s%N)
  # The summary on stderr is not needed here: the table below is computed from the records.
  "$tsume" solve "$f" --format jsonl -o "$out" --nodes "$nodes" --time "$time_limit" \
    ${options[@]+"${options[@]}"} 2>/dev/null || true
  wall=$(( ($(date +%s%N) - start_ns) / 1000000 ))
  # First the TSV (id -> expected length), then the records.
  awk -F'\t' -v name="$name" -v wall_ms="$wall" '
    FNR == NR {
      if ($0 !~ /^#/ && NF >= 2) expected[$2] = $3
      next
    }
    function field(key,   m) {
      if (match($0, "\"" key "\":(\"([^\"\\\\]|\\\\.)*\"|[^,}]*)")) {
        m = substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
        gsub(/^"|"$/, "", m)
        return m
      }
      return ""
    }
    {
      count++
      status = field("status")
      n[status]++
      time_ms += field("time_ms")
      if (status != "mate") next
      want = expected[field("id")]
      if (want !~ /^[0-9]+$/) next
      got = field("length") + 0
      if (got == want + 0) eq++
      else if (got < want + 0) lt++
      else gt++
    }
    END {
      printf "%-14s %6d %6d %8d %8d %6d %6d %6d %6d %10.2f %10.2f\n", name, count, n["mate"],
             n["no_mate"], n["unknown"], n["error"], eq, lt, gt, time_ms / 1000, wall_ms / 1000
    }' "$f" "$out"
done
echo "records: $out_dir (limits: --nodes $nodes --time $time_limit ${options[*]:-})"
