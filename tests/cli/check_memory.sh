#!/usr/bin/env bash
# `tsume check --hash H` keeps all the tables of a problem within H (docs/check.md, "Memory"):
# under a virtual-memory limit of H + 192 MB (the binary, its libraries and its threads need some
# 100 MB of address space) a problem whose check runs every phase, the unnecessary-piece test
# included, is checked to its verdict; before, its main, scratch, piece and smaller-problem
# tables took up to four times H. A table that cannot be allocated in a worker thread must end
# the command with a clear "out of memory" error and exit status 1, not an abort.
#
#   check_memory.sh TSUME ZUKOU.tsv
set -uo pipefail
tsume=$1
zukou=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hash_mb=256
limit_kb=$(((hash_mb + 192) * 1024))

# 図巧 002: SOUND (every alternative disproved, every piece necessary) in some 0.2 M nodes.
awk -F'\t' '$2 == "zukou-002" || $2 == "zukou-018"' "$zukou" >"$tmp/set.tsv"
[[ $(wc -l <"$tmp/set.tsv") -eq 2 ]] || { echo "FAILED: problems not found"; exit 1; }
head -n 1 "$tmp/set.tsv" >"$tmp/one.tsv"

(ulimit -v "$limit_kb" && exec "$tsume" check "$tmp/one.tsv" --hash "$hash_mb" --format jsonl \
  >"$tmp/one.jsonl" 2>"$tmp/one.err")
rc=$?
if [[ $rc -ne 0 ]] || ! grep -q '"verdict":"SOUND"' "$tmp/one.jsonl" ||
  ! grep -q '"pieces_necessary":\[{' "$tmp/one.jsonl"; then
  echo "FAILED: check within --hash $hash_mb MB + 192 MB: exit $rc"
  cat "$tmp/one.err" "$tmp/one.jsonl"
  exit 1
fi

# A table that cannot be had (--hash 100000: 50 GB for the main table) in a worker thread of a
# batch of two.
(ulimit -v "$limit_kb" && exec "$tsume" check "$tmp/set.tsv" --hash 100000 --threads 2 \
  --format jsonl >"$tmp/two.jsonl" 2>"$tmp/two.err")
rc=$?
if [[ $rc -ne 1 ]] || ! grep -q 'tsume check: out of memory' "$tmp/two.err"; then
  echo "FAILED: a table over the limit: exit $rc (expected 1, out of memory)"
  cat "$tmp/two.err"
  exit 1
fi
echo "passed"
