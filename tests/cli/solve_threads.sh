#!/usr/bin/env bash
# `tsume solve` over a batch gives the same records (id, status, length, main line) whatever the
# thread count and pass layout: one thread; all problems in the hard pass at once with elastic
# helpers (--quick-nodes 0); a quick pass that leaves several problems to the hard pass; and a
# small table. The 将棋図巧 lengths must also be the published ones (the TSV's third column).
#
#   solve_threads.sh TSUME ZUKOU.tsv EXTRA.tsv
set -uo pipefail
tsume=$1
zukou=$2
extra=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 図巧 problems the serial solver certifies in some 10^4-10^5 nodes each, and small ones.
awk -F'\t' '$2 == "zukou-002" || $2 == "zukou-018" || $2 == "zukou-022" || $2 == "zukou-092"' \
  "$zukou" >"$tmp/set.tsv"
grep -v '^#' "$extra" >>"$tmp/set.tsv"
[[ $(grep -c zukou- "$tmp/set.tsv") -ge 4 ]] || { echo "FAILED: problems not found"; exit 1; }

# id status exact length pv, one line per record.
answers() {
  sed -E 's/^\{"id":"([^"]*)",.*"status":"([a-z_]+)","length":([0-9a-z]+),"length_exact":([a-z]+),"pv":"([^"]*)".*/\1 \2 \4 \3 \5/' "$1"
}
run() {  # name, arguments...
  local name=$1
  shift
  "$tsume" solve "$tmp/set.tsv" --format jsonl --nodes 3000000 "$@" >"$tmp/$name.jsonl" 2>"$tmp/$name.err" ||
    { echo "FAILED: $name exited $?"; cat "$tmp/$name.err"; exit 1; }
  answers "$tmp/$name.jsonl" >"$tmp/$name.txt"
}
run one --threads 1
run elastic --threads 3 --quick-nodes 0
run passes --threads 2 --quick-nodes 3000
run small_table --threads 4 --quick-nodes 3000 --hash 2
for name in elastic passes small_table; do
  diff "$tmp/one.txt" "$tmp/$name.txt" >"$tmp/diff" ||
    { echo "FAILED: $name differs from one thread"; cat "$tmp/diff"; exit 1; }
done
# The published lengths of the 図巧 problems.
while IFS=$'\t' read -r _ id length _; do
  [[ $id == zukou-* ]] || continue
  grep -q "^$id mate true $length " "$tmp/one.txt" ||
    { echo "FAILED: $id is not mate in $length"; cat "$tmp/one.txt"; exit 1; }
done <"$tmp/set.tsv"
echo "ok: $(wc -l <"$tmp/one.txt") records alike with 1, 2, 3 and 4 threads"
