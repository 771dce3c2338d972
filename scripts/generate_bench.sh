#!/usr/bin/env bash
# Throughput of `tsume generate` in composition mode: sound problems per hour per length band,
# each problem re-verified by `tsume check` in a separate process (larger budgets than the
# generator's) before it is counted.
#
#   bash scripts/generate_bench.sh [--seconds S] [--threads T] [--seed N] [BAND[:METHOD] ...]
#
# Default bands: 7:reverse 9:reverse 11-15:reverse 17-31:chains (the targets of
# docs/generate.md); default 180 seconds per band on 2 threads. METHOD is random (the default
# when a band has none), reverse: the reverse method with 4 seed chains, every sound extension
# written (--all-extensions), seeds of 3-5 plies for a band from 7 plies, 5-7 from 9 plies and
# 5-9 beyond, or chains: the reverse method with 8 seed chains of 30 M nodes each (a chain that
# spends them without reaching a new length gives way to the next seed), seeds as for reverse. Each band writes $OUT_DIR/<band>.tsv (problems/ TSV), <band>.err (the generator's
# summary) and <band>.check.jsonl (default ${TSUME_BUILD_DIR:-build}/generate_bench/). Prints
# the load average before and after each band, since other processes may share the CPU, then
# one line per band: generated, re-verified SOUND, seconds, SOUND per hour, distinct ideas of
# the problems written, the generator's summary line.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/generate_bench}
tsume=$build/cli/tsume

seconds=180
threads=2
seed=1
bands=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h | --help) sed -n '2,17p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) bands+=("$1"); shift ;;
  esac
done
[[ ${#bands[@]} -gt 0 ]] || bands=(7:reverse 9:reverse 11-15:reverse 17-31:chains)
[[ -x $tsume ]] || { echo "generate_bench.sh: build $tsume first" >&2; exit 2; }
mkdir -p "$out_dir"

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, threads $threads, $seconds s per band, seed $seed"
printf '%-16s %9s %7s %8s %10s %6s  %s\n' band generated sound seconds sound/hour ideas generator
for spec in "${bands[@]}"; do
  band=${spec%%:*}
  method=random
  [[ $spec == *:* ]] && method=${spec#*:}
  low=${band%%-*}
  args=(--mode composition)
  case "$method" in
    random) ;;
    reverse)
      if ((low <= 7)); then seeds=3-5; elif ((low <= 9)); then seeds=5-7; else seeds=5-9; fi
      args+=(--method reverse --seed-plies "$seeds" --chains 4 --all-extensions) ;;
    chains)
      if ((low <= 7)); then seeds=3-5; elif ((low <= 9)); then seeds=5-7; else seeds=5-9; fi
      args+=(--method reverse --seed-plies "$seeds" --chains 8 --chain-nodes 30M) ;;
    *) echo "generate_bench.sh: unknown method $method" >&2; exit 2 ;;
  esac
  name=$band.$method
  tsv=$out_dir/$name.tsv
  echo "# $name: load before $(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s.%N)
  "$tsume" generate "${args[@]}" --plies "$band" --count 1000000 --time "$seconds" \
    --threads "$threads" --seed "$seed" --format jsonl -o "$out_dir/$name.jsonl" \
    2>"$out_dir/$name.err"
  end=$(date +%s.%N)
  echo "# $name: load after $(cut -d' ' -f1-3 /proc/loadavg)"
  # The problems/ TSV of the records, re-checked by `tsume check` in its own process.
  sed -n 's/.*"id":"\([^"]*\)","sfen":"\([^"]*\)","length":\([0-9]*\),"pv":"\([^"]*\)".*/\2\t\1\t\3\t\4/p' \
    "$out_dir/$name.jsonl" >"$tsv"
  generated=$(wc -l <"$tsv")
  ideas=$(sed -n 's/.*"idea":"\([0-9a-f]*\)".*/\1/p' "$out_dir/$name.jsonl" | sort -u | wc -l)
  sound=0
  if [[ $generated -gt 0 ]]; then
    "$tsume" check "$tsv" --step-nodes 10000000 --hash 256 --threads "$threads" --format jsonl \
      -o "$out_dir/$name.check.jsonl" 2>/dev/null || true
    sound=$(grep -c '"verdict":"SOUND"' "$out_dir/$name.check.jsonl" || true)
  fi
  summary=$(tr '\r' '\n' <"$out_dir/$name.err" | grep -m1 '^tsume generate:' || true)
  awk -v b="$name" -v g="$generated" -v s="$sound" -v t0="$start" -v t1="$end" -v i="$ideas" \
    -v sum="$summary" \
    'BEGIN { t = t1 - t0; printf "%-16s %9d %7d %8.0f %10.1f %6d  %s\n", b, g, s, t, s * 3600 / t, i, sum }'
done
