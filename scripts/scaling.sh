#!/usr/bin/env bash
# Benchmark (opt-in): speedup of the parallel solver over one thread, measured side by side.
#
#   bash scripts/scaling.sh [--threads "1 2 4 8 16"] [--nodes N] [--hash MB] [--keep DIR]
#                           [--rounds R] [--core-pair] [FILE.tsv ...]
#
# Two measurements per thread count, on the same problems:
# - single: each problem solved alone (`tsume solve SFEN --threads T`): all threads on one
#   problem, the parallel df-pn itself;
# - batch: the whole set in one run (`tsume solve FILE --threads T`): several problems at once,
#   then all threads on the hard ones (cli/solve.cpp, solve_batch).
# Prints per thread count the wall time, the nodes and the speedup over the first thread count,
# and checks that every problem got the same status and length as with the first thread count.
# The single mode is also broken down by set (the id without its number): the 11-ply problems
# take a few thousand nodes each, so their walls are mostly process start and table setup,
# which no thread count shortens; the hard 図巧 subset shows the parallel search itself.
#
# Default problems: the hard subset of 将棋図巧 below (solved exactly by one thread in 0.2-3.2 M
# nodes), and, when ../shared/problems/practical/mate11.tsv exists (GPL, outside the repository),
# its first 40 problems. Default: --threads "1 2", --nodes 6000000 per problem, --hash 256.
# --keep DIR keeps every run's records (DIR/MODE.THREADS.jsonl, the last round's) for a
# per-problem look. --rounds R repeats the whole measurement R times (each round every mode and
# thread count once) and prints the median wall and the median of the rounds' own speedups,
# with their ranges: on a machine whose speed drifts (a VM) one round proves little.
# --core-pair: each one-thread measurement runs twice at once, one copy pinned to CPU 0 and one to
# CPU 1 (taskset), and its wall is the one of a core of their mean speed, 2 / (1/T0 + 1/T1) (per
# problem likewise). On a VM whose two cores run at different speeds, a plain one-thread run
# times whichever core it got, and two threads can be at most 1 + (slower / faster) times the
# faster core; the ratio to the mean core is the parallel search's own speedup (2: perfect).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
tsume=$build/cli/tsume
[[ -x $tsume ]] || { echo "scaling.sh: $tsume not built (bash scripts/setup.sh)" >&2; exit 1; }

thread_counts="1 2"
nodes=6000000
hash=256
rounds=1
core_pair=0
files=()
keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --threads) thread_counts=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --core-pair) core_pair=1; shift ;;
    -h | --help) sed -n '2,29p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done

if [[ $core_pair -eq 1 && $(nproc) -lt 2 ]]; then
  echo "scaling.sh: --core-pair needs two CPUs (this machine has $(nproc))" >&2
  exit 1
fi

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
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; }  # seconds since $1
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", a / b }'; }
# answers FILE.jsonl: "id status length" per record, sorted.
answers() { sed -E 's/^\{"id":"([^"]*)",.*"status":"([a-z_]+)","length":([0-9a-z]+),.*/\1 \2 \3/' "$1" | sort; }
total_nodes() { grep -oE '"nodes":[0-9]+' "$1" | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }'; }

# measure MODE THREADS OUT [PREFIX...]: one measurement, its commands run under PREFIX (taskset);
# prints the wall time in seconds.
measure() {
  local mode=$1 t=$2 out=$3 start
  shift 3
  : >"$out"
  start=$(now)
  if [[ $mode == single ]]; then
    : >"$out.walls"
    while IFS=$'\t' read -r sfen id _; do
      local one
      one=$(now)
      printf '%s\t%s\n' "$sfen" "$id" |
        "$@" "$tsume" solve - --format jsonl --threads "$t" --nodes "$nodes" --hash "$hash" \
          >>"$out" 2>/dev/null
      echo "$id $(since "$one")" >>"$out.walls"
    done <"$set_file"
  else
    "$@" "$tsume" solve "$set_file" --format jsonl --threads "$t" --nodes "$nodes" --hash "$hash" \
      >"$out" 2>/dev/null
  fi
  since "$start"
}
mean_core() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", 2 / (1 / a + 1 / b) }'; }

# run MODE THREADS OUT: one measurement (with --core-pair and one thread, the pair of pinned
# copies, OUT.cpu0 and OUT.cpu1); prints the wall time in seconds.
run() {
  local mode=$1 t=$2 out=$3
  if [[ $core_pair -eq 0 || $t -ne 1 ]]; then
    measure "$mode" "$t" "$out"
    return
  fi
  measure "$mode" 1 "$out.cpu0" taskset -c 0 >"$out.cpu0.wall" &
  local first=$!
  measure "$mode" 1 "$out.cpu1" taskset -c 1 >"$out.cpu1.wall"
  wait "$first"
  cp "$out.cpu0" "$out"
  diff <(answers "$out.cpu0") <(answers "$out.cpu1") >/dev/null ||
    echo "scaling.sh: the two pinned one-thread runs gave different answers" >&2
  if [[ $mode == single ]]; then
    join <(sort "$out.cpu0.walls") <(sort "$out.cpu1.walls") |
      while read -r id w0 w1; do echo "$id $(mean_core "$w0" "$w1")"; done >"$out.walls"
  fi
  echo "  $mode, one thread pinned: CPU 0 $(cat "$out.cpu0.wall") s, CPU 1 $(cat "$out.cpu1.wall") s" >&2
  mean_core "$(cat "$out.cpu0.wall")" "$(cat "$out.cpu1.wall")"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
span() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }'; }  # "min-max"
# The single mode's walls by set (the id without its number: zukou, yo-mate11).
set_of() { awk '{ id = $1; sub(/-[0-9]+$/, "", id); print id, $2 }' "$1"; }
set_wall() { set_of "$1" | awk -v s="$2" '$1 == s { w += $2 } END { printf "%.3f\n", w }'; }

# The rounds: each round measures every mode and thread count once, in that order, so that a
# slow spell of the machine touches the thread counts of one round alike; the speedup of a
# round is the ratio of its own walls, and the figure printed is the median over the rounds.
first_t=${thread_counts%% *}
for ((r = 1; r <= rounds; r++)); do
  for mode in single batch; do
    for t in $thread_counts; do
      out=$tmp/$mode.$t.r$r.jsonl
      wall=$(run "$mode" "$t" "$out")
      echo "$wall" >"$tmp/$mode.$t.r$r.wall"
      [[ $rounds -gt 1 ]] && echo "round $r $mode threads $t: $wall s, $(total_nodes "$out") nodes" >&2
      if [[ -n $keep ]]; then mkdir -p "$keep" && cp "$out" "$keep/$mode.$t.jsonl"; fi
    done
  done
done
for mode in single batch; do
  echo
  echo "mode $mode"
  if [[ $rounds -gt 1 ]]; then
    printf '%8s %10s %16s %14s %8s %16s %s\n' threads wall_s "wall_range" nodes speedup "speedup_range" answers
  else
    printf '%8s %10s %14s %8s %s\n' threads wall_s nodes speedup answers
  fi
  base=$tmp/$mode.$first_t.r1.jsonl
  for t in $thread_counts; do
    walls=$(for ((r = 1; r <= rounds; r++)); do cat "$tmp/$mode.$t.r$r.wall"; echo; done | grep .)
    ratios=$(for ((r = 1; r <= rounds; r++)); do
      ratio "$(cat "$tmp/$mode.$first_t.r$r.wall")" "$(cat "$tmp/$mode.$t.r$r.wall")"
    done)
    same="same"
    for ((r = 1; r <= rounds; r++)); do
      diff <(answers "$base") <(answers "$tmp/$mode.$t.r$r.jsonl") >/dev/null || same="DIFFERENT"
    done
    out=$tmp/$mode.$t.r$rounds.jsonl
    if [[ $rounds -gt 1 ]]; then
      printf '%8s %10.2f %16s %14s %8.2f %16s %s\n' "$t" "$(echo "$walls" | median)" \
        "$(echo "$walls" | span)" "$(total_nodes "$out")" "$(echo "$ratios" | median)" \
        "$(echo "$ratios" | span)" "$same"
    else
      printf '%8s %10.2f %14s %8.2f %s\n' "$t" "$walls" "$(total_nodes "$out")" "$ratios" "$same"
    fi
  done
  echo "statuses ($mode, first thread count): $(answers "$base" | awk '{print $2}' | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  [[ $mode == single ]] || continue
  # By set: each problem's own process wall, summed over the set; the speedup is the median
  # of the rounds' ratios.
  for set in $(set_of "$base.walls" | awk '!seen[$1]++ { print $1 }'); do
    for t in $thread_counts; do
      walls=$(for ((r = 1; r <= rounds; r++)); do set_wall "$tmp/single.$t.r$r.jsonl.walls" "$set"; done)
      ratios=$(for ((r = 1; r <= rounds; r++)); do
        ratio "$(set_wall "$tmp/single.$first_t.r$r.jsonl.walls" "$set")" \
          "$(set_wall "$tmp/single.$t.r$r.jsonl.walls" "$set")"
      done)
      printf '  set %-12s threads %3s: wall %8.2f s, speedup %5.2f (%s)\n' "$set" "$t" \
        "$(echo "$walls" | median)" "$(echo "$ratios" | median)" "$(echo "$ratios" | span)"
    done
  done
done
