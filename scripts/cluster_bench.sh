#!/usr/bin/env bash
# Benchmark (opt-in, not a test): the ways of running one batch on several processes, side by
# side on the same problems (docs/cluster.md, "Expected scaling").
#
#   bash scripts/cluster_bench.sh [--problems FILE.tsv] [--count N] [--keep DIR] [--np P]
#
# Runs, one after another, each with one thread per process and jsonl output:
#   1. one process:                     tsume solve FILE --threads 1
#   2. MPI, P ranks (default 2):        mpirun --bind-to none -np P tsume solve FILE --threads 1
#   3. P array-job parts at once:       tsume solve FILE --threads 1 --shard I/P (I = 0..P-1),
#                                       then scripts/merge_shards.py
# and prints the wall time and nodes of each, and whether the records of 2 and 3 equal those of
# 1 apart from times. Default problems: the first N (default 2,000) lines of
# ../shared/problems/practical/mate7.tsv and mate9.tsv together (outside the repository).
# Needs tsume built with MPI (bash scripts/setup.sh) and python3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
tsume=$build/cli/tsume
[[ -x $tsume ]] || { echo "cluster_bench.sh: $tsume not built (bash scripts/setup.sh)" >&2; exit 1; }
command -v mpirun >/dev/null || { echo "cluster_bench.sh: mpirun not found" >&2; exit 1; }

problems=""
count=2000
np=2
keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --problems) problems=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "usage: bash scripts/cluster_bench.sh [--problems FILE.tsv] [--count N] [--np P] [--keep DIR]" >&2
       exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -z $problems ]]; then
  practical=$root/../shared/problems/practical
  awk -v n="$count" 'NR <= n' "$practical/mate7.tsv" "$practical/mate9.tsv" >"$tmp/problems.tsv"
else
  awk -v n="$count" 'NR <= n' "$problems" >"$tmp/problems.tsv"
fi
n=$(wc -l <"$tmp/problems.tsv")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# Wall and processor time (user + system, of the process and all it started and waited for).
TIMEFORMAT='%R %U %S'
timed() {  # timed NAME command...: runs the command, appends "wall cpu" to $tmp/NAME.time
  local name=$1
  shift
  { time "$@" 2>/dev/null; } 2>"$tmp/$name.time"
}
figures() { awk '{ printf "wall %.1f s, cpu %.1f s", $1, $2 + $3 }' "$tmp/$1.time"; }
nodes() { grep -oE '"nodes":[0-9]+' "$@" | awk -F: '{ s += $2 } END { print s }'; }
strip() { sed -E 's/"time_ms":[0-9]+/"time_ms":T/' "$1"; }
same() { cmp -s <(strip "$1") <(strip "$2") && echo "same records" || echo "RECORDS DIFFER"; }

echo "cluster_bench: $n problems, $(date -u '+%Y-%m-%d %H:%M UTC'), commit" \
  "$(git -C "$root" rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg)"
args=(solve "$tmp/problems.tsv" --threads 1 --format jsonl)

timed one "$tsume" "${args[@]}" -o "$tmp/one.jsonl"
echo "one process, --threads 1:       $(figures one), nodes $(nodes "$tmp/one.jsonl")"

# Unbound, as the shards are: Open MPI binds each of 2 ranks to a core of its own by default,
# which on a shared machine hands rank 0 a core that the other processes then avoid.
timed mpi mpirun --bind-to none -np "$np" "$tsume" "${args[@]}" -o "$tmp/mpi.jsonl"
echo "mpirun -np $np, --threads 1:     $(figures mpi), nodes $(nodes "$tmp/mpi.jsonl")," \
  "$(same "$tmp/one.jsonl" "$tmp/mpi.jsonl")"

parts() {
  local i pids=()
  for ((i = 0; i < np; ++i)); do
    "$tsume" "${args[@]}" --shard "$i/$np" -o "$tmp/part$i.jsonl" 2>"$tmp/part$i.err" &
    pids+=($!)
  done
  wait "${pids[@]}"
}
timed parts parts
timed merge python3 "$root/scripts/merge_shards.py" --format jsonl --input "$tmp/problems.tsv" \
  -o "$tmp/merged.jsonl" "$tmp"/part*.jsonl
echo "--shard I/$np, --threads 1 each: $(figures parts) (merge: $(figures merge)), nodes" \
  "$(nodes "$tmp/merged.jsonl"), $(same "$tmp/one.jsonl" "$tmp/merged.jsonl")"
for ((i = 0; i < np; ++i)); do
  echo "  part $i: $(grep -oE 'time [0-9.]+ s, nodes [0-9]+' "$tmp/part$i.err")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n $keep ]]; then
  mkdir -p "$keep"
  cp "$tmp"/*.jsonl "$keep"/
fi
