#!/usr/bin/env bash
# Throughput of `tsume generate --mode composition`: sound problems per hour per length band,
# each problem re-verified by `tsume check` (its own default budgets, larger than the
# generator's) before it is counted.
#
#   bash scripts/generate_bench.sh [--seconds S] [--threads T] [--seed N] [BAND ...]
#
# Default bands: 3 5 7 9 11 13-63 and 5-9 (the issue's target band); default 300 seconds per
# band on 2 threads. Each band writes $OUT_DIR/<band>.tsv (problems/ TSV) and
# $OUT_DIR/<band>.check.jsonl (default ${TSUME_BUILD_DIR:-build}/generate_bench/). Prints the
# load average before and after, since other processes may share the CPU, then one line per
# band: generated, re-verified SOUND, seconds, SOUND per hour, the generator's summary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/generate_bench}
tsume=$build/cli/tsume

seconds=300
threads=2
seed=1
bands=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h | --help) sed -n '2,13p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) bands+=("$1"); shift ;;
  esac
done
[[ ${#bands[@]} -gt 0 ]] || bands=(3 5 7 9 11 13-63 5-9)
[[ -x $tsume ]] || { echo "generate_bench.sh: build $tsume first" >&2; exit 2; }
mkdir -p "$out_dir"

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, threads $threads, $seconds s per band, seed $seed"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %9s %7s %8s %10s  %s\n' band generated sound seconds sound/hour generator
for band in "${bands[@]}"; do
  tsv=$out_dir/$band.tsv
  start=$(date +%s.%N)
  summary=$("$tsume" generate --mode composition --plies "$band" --count 1000000 \
    --time "$seconds" --threads "$threads" --seed "$seed" --format sfen -o "$tsv" 2>&1 >/dev/null |
    tail -n 1)
  end=$(date +%s.%N)
  generated=$(wc -l < "$tsv")
  sound=0
  if [[ $generated -gt 0 ]]; then
    "$tsume" check "$tsv" --format jsonl -o "$out_dir/$band.check.jsonl" 2>/dev/null || true
    sound=$(grep -c '"verdict":"SOUND"' "$out_dir/$band.check.jsonl" || true)
  fi
  awk -v b="$band" -v g="$generated" -v s="$sound" -v t0="$start" -v t1="$end" -v sum="$summary" \
    'BEGIN { t = t1 - t0; printf "%-8s %9d %7d %8.0f %10.1f  %s\n", b, g, s, t, s * 3600 / t, sum }'
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
