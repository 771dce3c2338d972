#!/usr/bin/env bash
# A problem's first, quick try (100,000 nodes) runs on a table sized for those nodes (16 MB),
# not on --hash (docs/parallel.md, "Batches"): under an address-space limit far below --hash
# (448 MB against 4 GB), problems that the quick try solves are solved, with the answers of a
# run without the limit:
# - a batch on several threads (the quick pass, one problem per thread);
# - a batch on one thread (each problem tried on the small table until one needs --hash);
# - a lone problem on several threads (its exact answer).
# On tables of --hash each of these ends with "out of memory".
#
#   solve_quick_tables.sh TSUME ZUKOU.tsv
set -uo pipefail
tsume=$1
zukou=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
limit_kb=$((448 * 1024))

# 図巧 002, 005, 011, 013 and 016: a first mate of each in a few thousand nodes; 002's exact
# answer (21 plies) in a few tens of thousands.
awk -F'\t' '$2 ~ /^zukou-0(02|05|11|13|16)$/' "$zukou" >"$tmp/set.tsv"
[[ $(wc -l <"$tmp/set.tsv") -eq 5 ]] || { echo "FAILED: problems not found"; exit 1; }
head -n 1 "$tmp/set.tsv" >"$tmp/lone.tsv"

answers() { sed -E 's/,"nodes":[0-9]+,"time_ms":[0-9]+//' "$1"; }

# run_case NAME FILE MATES ARGS...: the answers under the limit with --hash 4096 are those of
# a run with --hash 64 and no limit, MATES of them mates.
failed=0
run_case() {
  local name=$1 file=$2 mates=$3
  shift 3
  if ! "$tsume" solve "$file" "$@" --hash 64 --format jsonl -o "$tmp/free.jsonl" 2>"$tmp/free.err"; then
    echo "FAILED ($name): the run without a limit"
    cat "$tmp/free.err"
    failed=1
    return
  fi
  (ulimit -v "$limit_kb" && exec "$tsume" solve "$file" "$@" --hash 4096 --format jsonl \
    -o "$tmp/limited.jsonl" 2>"$tmp/limited.err")
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "FAILED ($name): --hash 4096 under a 448 MB address-space limit: exit $rc"
    cat "$tmp/limited.err"
    failed=1
    return
  fi
  if [[ $(grep -c '"status":"mate"' "$tmp/limited.jsonl") -ne $mates ]] ||
    ! diff <(answers "$tmp/free.jsonl") <(answers "$tmp/limited.jsonl"); then
    echo "FAILED ($name): the answers under the limit"
    cat "$tmp/limited.jsonl"
    failed=1
  fi
}

run_case "batch, 2 threads" "$tmp/set.tsv" 5 --answer first --threads 2
run_case "batch, 1 thread" "$tmp/set.tsv" 5 --answer first --threads 1
run_case "lone problem, exact" "$tmp/lone.tsv" 1 --threads 2
grep -q '"length":21,"length_exact":true' "$tmp/limited.jsonl" ||
  { echo "FAILED: the lone problem's exact length"; cat "$tmp/limited.jsonl"; failed=1; }
[[ $failed -eq 0 ]] && echo "passed"
exit $failed
