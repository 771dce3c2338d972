#!/usr/bin/env bash
# Opt-in check: the answers of `tsume solve` do not depend on the thread count or the table size.
#
#   bash scripts/threads_agree.sh [--threads "1 2 4 8"] [--hash "16 256"] [--nodes N] [--single]
#                                 [--quick-nodes N] [FILE.tsv...]
#
# Solves every file with each (threads, hash) pair, --format jsonl, and compares each run with
# the first one problem by problem. A disagreement between two conclusive answers (mate with
# different lengths or main lines, or mate against no_mate) is an error and makes the script
# exit 1; a problem that is `unknown` in one run and conclusive in another only hit its node
# limit there (limits are budgets, not part of the question) and is counted apart.
#
# By default --quick-nodes 0: no quick one-thread pass, every problem goes to the hard pass
# (docs/parallel.md), where the problems are solved several at once and the threads of finished
# problems join the searches still open (elastic helpers); --quick-nodes N compares the whole
# batch mode. --single solves each problem in a process of its own instead, all threads in a
# dedicated arena on that one problem (the parallel df-pn as a single `tsume solve` runs it;
# slower: a process and a table per problem).
#
# Default files: problems/zukou.tsv and, when present (outside the repository),
# ../shared/problems/unit_mates.tsv and the first 200 problems of each
# ../shared/problems/practical/mate{3,5,7,9,11}.tsv. Default --nodes 1000000.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
tsume=$build/cli/tsume
[[ -x $tsume ]] || { echo "threads_agree.sh: $tsume not built (bash scripts/setup.sh)" >&2; exit 1; }

thread_counts="1 2 4 8"
hashes="16 256"
nodes=1000000
quick=0
single=0
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --threads) thread_counts=$2; shift 2 ;;
    --hash) hashes=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --quick-nodes) quick=$2; shift 2 ;;
    --single) single=1; shift ;;
    -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ ${#files[@]} -eq 0 ]]; then
  files=("$root/problems/zukou.tsv")
  shared=$root/../shared/problems
  [[ -f $shared/unit_mates.tsv ]] && files+=("$shared/unit_mates.tsv")
  for n in 3 5 7 9 11; do
    f=$shared/practical/mate$n.tsv
    [[ -f $f ]] && { head -n 200 "$f" >"$tmp/mate$n.tsv"; files+=("$tmp/mate$n.tsv"); }
  done
fi

# answers FILE.jsonl: "id status length pv" per record (pv with '_' for spaces; a mate whose
# length is not certified counts as unknown), sorted by id.
answers() {
  sed -E 's/^\{"id":"([^"]*)",.*"status":"([a-z_]+)","length":([0-9a-z]+),"length_exact":([a-z]+),"pv":"([^"]*)".*/\1 \2 \4 \3 \5/' "$1" |
    awk '{ id = $1; st = ($2 == "mate" && $3 == "false") ? "unknown" : $2; len = $4
           $1 = $2 = $3 = $4 = ""; gsub(/^ +/, ""); gsub(/ /, "_"); print id, st, len, ($0 == "" ? "-" : $0) }' |
    sort
}

status=0
for file in "${files[@]}"; do
  name=$(basename "$file" .tsv)
  first=""
  for t in $thread_counts; do
    for h in $hashes; do
      out=$tmp/$name.t$t.h$h.jsonl
      if [[ $single -eq 1 ]]; then
        : >"$out"
        while IFS= read -r line; do
          [[ -z $line || $line == \#* ]] && continue
          printf '%s\n' "$line" | "$tsume" solve - --format jsonl --threads "$t" --hash "$h" \
            --nodes "$nodes" >>"$out" 2>/dev/null
        done <"$file"
      else
        "$tsume" solve "$file" --format jsonl --threads "$t" --hash "$h" --nodes "$nodes" \
          --quick-nodes "$quick" >"$out" 2>/dev/null
      fi
      answers "$out" >"$out.ans"
      if [[ -z $first ]]; then
        first=$out.ans
        echo "$name: $(wc -l <"$first") problems; reference threads $t hash $h: $(awk '{print $2}' "$first" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
        continue
      fi
      read -r conflicts budget < <(join "$first" "$out.ans" | awk '
        { a = $2; b = $5 }
        (a == "unknown") != (b == "unknown") { budget++; next }
        a != "unknown" && ($2 != $5 || $3 != $6 || $4 != $7) { conflicts++; print "  differs: " $0 > "/dev/stderr" }
        END { print conflicts + 0, budget + 0 }')
      printf '  threads %-2s hash %-4s: %s conflicting answers, %s unknown in only one of the two runs\n' "$t" "$h" "$conflicts" "$budget"
      [[ $conflicts -eq 0 ]] || status=1
    done
  done
done
exit $status
