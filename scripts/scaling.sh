#!/usr/bin/env bash
# Benchmark (opt-in): speedup of the parallel solver over one thread, measured side by side.
#
#   bash scripts/scaling.sh [--threads "1 2 4 8 16"] [--nodes N] [--hash MB] [--keep DIR]
#                           [FILE.tsv ...]
#
# Two measurements per thread count, on the same problems:
# - single: each problem solved alone (`tsume solve SFEN --threads T`): all threads on one
#   problem, the parallel df-pn itself;
# - batch: the whole set in one run (`tsume solve FILE --threads T`): several problems at once,
#   then all threads on the hard ones (cli/solve.cpp, solve_batch).
# Prints per thread count the wall time, the nodes and the speedup over the first thread count,
# and checks that every problem got the same status and length as with the first thread count.
#
# Default problems: the hard subset of 将棋図巧 below (solved exactly by one thread in 0.2-3.2 M
# nodes), and, when ../shared/problems/practical/mate11.tsv exists (GPL, outside the repository),
# its first 40 problems. Default: --threads "1 2", --nodes 6000000 per problem, --hash 256.
# --keep DIR keeps every run's records (DIR/MODE.THREADS.jsonl) for a per-problem look.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
tsume=$build/cli/tsume
[[ -x $tsume ]] || { echo "scaling.sh: $tsume not built (bash scripts/setup.sh)" >&2; exit 1; }

thread_counts="1 2"
nodes=6000000
hash=256
files=()
keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --threads) thread_counts=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set_file=$tmp/set.tsv
if [[ ${#files[@]} -eq 0 ]]; then
  hard_ids="zukou-003 zukou-007 zukou-009 zukou-010 zukou-011 zukou-012 zukou-013 zukou-016 zukou-017 zukou-019"
  for id in $hard_ids; do awk -F'\t' -v id="$id" '$2 == id' "$root/problems/zukou.tsv"; done >"$set_file"
  mate11=$root/../shared/problems/practical/mate11.tsv
  [[ -f $mate11 ]] && head -n 40 "$mate11" >>"$set_file"
else
  cat "${files[@]}" | grep -v -e '^#' -e '^$' >"$set_file"
fi
count=$(wc -l <"$set_file")
echo "problems: $count; nodes per problem: $nodes; hash: $hash MB; cores: $(nproc)"

now() { date +%s.%N; }
# answers FILE.jsonl: "id status length" per record, sorted.
answers() { sed -E 's/^\{"id":"([^"]*)",.*"status":"([a-z_]+)","length":([0-9a-z]+),.*/\1 \2 \3/' "$1" | sort; }
total_nodes() { grep -oE '"nodes":[0-9]+' "$1" | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }'; }

for mode in single batch; do
  echo
  echo "mode $mode"
  printf '%8s %10s %14s %8s %s\n' threads wall_s nodes speedup answers
  base_wall=""
  for t in $thread_counts; do
    out=$tmp/$mode.$t.jsonl
    : >"$out"
    start=$(now)
    if [[ $mode == single ]]; then
      while IFS=$'\t' read -r sfen id _; do
        printf '%s\t%s\n' "$sfen" "$id" |
          "$tsume" solve - --format jsonl --threads "$t" --nodes "$nodes" --hash "$hash" \
            >>"$out" 2>/dev/null
      done <"$set_file"
    else
      "$tsume" solve "$set_file" --format jsonl --threads "$t" --nodes "$nodes" --hash "$hash" \
        >"$out" 2>/dev/null
    fi
    wall=$(awk -v a="$(now)" -v b="$start" 'BEGIN { printf "%.3f", a - b }')
    [[ -z $base_wall ]] && { base_wall=$wall; base=$out; }
    speedup=$(awk -v a="$base_wall" -v b="$wall" 'BEGIN { printf "%.2f", a / b }')
    same="same"
    diff <(answers "$base") <(answers "$out") >/dev/null || same="DIFFERENT"
    printf '%8s %10.2f %14s %8s %s\n' "$t" "$wall" "$(total_nodes "$out")" "$speedup" "$same"
    if [[ -n $keep ]]; then mkdir -p "$keep" && cp "$out" "$keep/"; fi
  done
  echo "statuses ($mode, first thread count): $(answers "$base" | awk '{print $2}' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
done
