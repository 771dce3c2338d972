#!/usr/bin/env bash
# Length and throughput of `tsume generate --method reverse` (docs/generate.md, "Reverse
# method"): one run, then every problem it wrote re-verified by `tsume check` in a separate
# process with its own (larger) budgets.
#
#   bash scripts/reverse_bench.sh [--time LIMIT] [--threads T] [--seed N] [--plies A-B]
#                                 [--count N] [--check-step-nodes N] [-- GENERATE_OPTIONS...]
#
# Defaults: --plies 33-41 --count 1 (stop at the first problem of 33 plies or more), --time 45m,
# 2 threads, seed 1, `tsume check` with --step-nodes 10000000 and --hash 256. Writes
# $OUT_DIR/reverse.tsv (problems/ TSV), reverse.err (the generator's summary: problems tried
# and accepted per extension step), reverse.check.jsonl and reverse.results (id, length,
# re-check verdict) (default
# ${TSUME_BUILD_DIR:-build}/reverse_bench/). Prints the load average before and after, the
# wall time, the generator's summary, per problem its length and the re-check verdict, and per
# length the problems written, re-verified SOUND and SOUND per hour of the generator's wall time
# (with --plies A-B and a large --count this is the method's yield curve).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/reverse_bench}
tsume=$build/cli/tsume

time_limit=45m
threads=2
seed=1
plies=33-41
count=1
step_nodes=10000000
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --time) time_limit=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --plies) plies=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --check-step-nodes) step_nodes=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,17p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "reverse_bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -x $tsume ]] || { echo "reverse_bench.sh: build $tsume first" >&2; exit 2; }
mkdir -p "$out_dir"
tsv=$out_dir/reverse.tsv

cmd=("$tsume" generate --method reverse --plies "$plies" --count "$count" --time "$time_limit"
     --threads "$threads" --seed "$seed" --format sfen -o "$tsv" "${extra[@]}")
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
echo "# ${cmd[*]#"$build/cli/"}"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
"${cmd[@]}" 2> "$out_dir/reverse.err"
end=$(date +%s.%N)
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v t0="$start" -v t1="$end" 'BEGIN { printf "wall %.0f s\n", t1 - t0 }'
cat "$out_dir/reverse.err"
generated=$(wc -l < "$tsv")
echo "problems written: $generated"
[[ $generated -gt 0 ]] || exit 0
"$tsume" check "$tsv" --step-nodes "$step_nodes" --hash 256 --threads "$threads" \
  --format jsonl -o "$out_dir/reverse.check.jsonl" 2>/dev/null || true
# One line per problem: id, length, re-check verdict (the check writes records in input order).
paste <(cut -f2,3 "$tsv") \
  <(sed -e 's/.*"verdict":"\([A-Z_]*\)".*/\1/' "$out_dir/reverse.check.jsonl") \
  >"$out_dir/reverse.results"
printf '%-24s %6s  %s\n' id length re-check
awk -F'\t' '{ printf "%-24s %6s  %s\n", $1, $2, $3 }' "$out_dir/reverse.results"
echo "re-verified SOUND: $(grep -c '"verdict":"SOUND"' "$out_dir/reverse.check.jsonl" || true) of $generated"
printf '%-6s %8s %7s %10s\n' length written sound sound/hour
awk -F'\t' -v t0="$start" -v t1="$end" '
  { n[$2]++; if ($3 == "SOUND") s[$2]++ }
  END { for (l in n) printf "%-6d %8d %7d %10.1f\n", l, n[l], s[l], s[l] * 3600 / (t1 - t0) }
' "$out_dir/reverse.results" | sort -n
