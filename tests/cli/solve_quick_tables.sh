#!/usr/bin/env bash
# The quick pass of a batch on several threads (docs/parallel.md, "Batches") tries every problem
# on one thread within 100,000 nodes, on a table sized for those nodes (16 MB), not on a share
# of --hash: under an address-space limit far below --hash (448 MB against 4 GB), a batch that
# the quick pass solves (first mates) is solved, with the answers of a run without the limit.
# On tables of --hash / threads it ends with "out of memory".
#
#   solve_quick_tables.sh TSUME ZUKOU.tsv
set -uo pipefail
tsume=$1
zukou=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit_kb=$((448 * 1024))

# 図巧 002, 005, 011, 013 and 016: a first mate of each in a few thousand nodes.
awk -F'\t' '$2 ~ /^zukou-0(02|05|11|13|16)$/' "$zukou" >"$tmp/set.tsv"
[[ $(wc -l <"$tmp/set.tsv") -eq 5 ]] || { echo "FAILED: problems not found"; exit 1; }

answers() { sed -E 's/,"nodes":[0-9]+,"time_ms":[0-9]+//' "$1"; }

"$tsume" solve "$tmp/set.tsv" --answer first --threads 2 --hash 64 --format jsonl \
  -o "$tmp/free.jsonl" 2>"$tmp/free.err" || { echo "FAILED: the run without a limit"; cat "$tmp/free.err"; exit 1; }
(ulimit -v "$limit_kb" && exec "$tsume" solve "$tmp/set.tsv" --answer first --threads 2 --hash 4096 \
  --format jsonl -o "$tmp/limited.jsonl" 2>"$tmp/limited.err")
rc=$?
if [[ $rc -ne 0 ]]; then
  echo "FAILED: --hash 4096 under a 448 MB address-space limit: exit $rc"
  cat "$tmp/limited.err"
  exit 1
fi
if [[ $(grep -c '"status":"mate"' "$tmp/limited.jsonl") -ne 5 ]] ||
  ! diff <(answers "$tmp/free.jsonl") <(answers "$tmp/limited.jsonl"); then
  echo "FAILED: the answers under the limit"
  cat "$tmp/limited.jsonl"
  exit 1
fi
echo "passed"
