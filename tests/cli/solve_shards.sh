#!/usr/bin/env bash
# `tsume solve|check --shard I/N` and scripts/merge_shards.py: the shards of a batch, merged, are
# the records of the single run.
#
#   solve_shards.sh TSUME MERGE_SHARDS.py PROBLEMS.tsv FORMAT [COMMAND]
#     (FORMAT: jsonl, text or kif; COMMAND: solve (default) or check)
#
# Runs the batch once on one thread as the reference, then as shards 0/3, 1/3 and 2/3 (one thread
# each), and checks that merge_shards.py gives the reference's records, apart from times, both by
# shard order and by the input's ids. Then cuts shard 1 in the middle of its second record and
# completes it with --resume, which must skip exactly its first record and merge to the same
# records; and checks that a shard missing its last record is reported (exit status 1, the id named).
set -uo pipefail

tsume=$1
merge=$2
problems=$3
format=$4
command=${5:-solve}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED ($command $format): $*"
  for f in "$tmp"/*; do
    echo "--- $f"
    cat "$f"
  done
  exit 1
}

case "$format" in
  jsonl) start='^\{"id":"' ;;
  text) start='^id ' ;;
  kif) start='^表題：' ;;
  *) echo "solve_shards.sh: unknown format '$format'" >&2; exit 64 ;;
esac
# What differs between two runs: the times; text output also ends with a summary line.
strip_times() {
  grep -v '^summary: ' "$1" |
    sed -E 's/"time_ms":[0-9]+/"time_ms":T/; s/^time [0-9.]+ s$/time T/; s/, [0-9.]+ s$/, T/'
}
run() { "$tsume" "$command" "$problems" --threads 1 --format "$format" "$@"; }

run -o "$tmp/reference" >/dev/null 2>"$tmp/reference.err" || fail "the reference run failed"
records=$(LC_ALL=C grep -cE "$start" "$tmp/reference")
[[ $records -ge 6 ]] || fail "the reference has $records records, expected at least 6"

for i in 0 1 2; do
  run --shard "$i/3" -o "$tmp/shard$i" >/dev/null 2>"$tmp/shard$i.err" || fail "shard $i/3 failed"
  want=$(( (records - i + 2) / 3 ))
  got=$(LC_ALL=C grep -cE "$start" "$tmp/shard$i")
  [[ $got -eq $want ]] || fail "shard $i/3 has $got records, expected $want"
done

merged_equal() {  # $1: a name for the messages; the rest: merge_shards.py arguments
  local name=$1
  shift
  python3 "$merge" --format "$format" -o "$tmp/merged" "$@" "$tmp/shard0" "$tmp/shard1" \
    "$tmp/shard2" 2>"$tmp/merge.err" || fail "$name: merge_shards.py failed"
  diff <(strip_times "$tmp/reference") <(strip_times "$tmp/merged") >"$tmp/diff" ||
    fail "$name: the merged shards differ from the single run"
  rm -f "$tmp/diff"
}
merged_equal "by shard order"
merged_equal "by input ids" --input "$problems"

# A shard cut in the middle of its second record, completed with --resume.
mapfile -t offsets < <(LC_ALL=C awk -v start="$start" '$0 ~ start { print offset }
                                                       { offset += length($0) + 1 }' "$tmp/shard1")
[[ ${#offsets[@]} -ge 2 ]] || fail "shard 1 has fewer than 2 records"
offsets+=("$(wc -c <"$tmp/shard1")")
head -c $(( (offsets[1] + offsets[2]) / 2 )) "$tmp/shard1" >"$tmp/shard1.cut"
cp "$tmp/shard1.cut" "$tmp/shard1"
run --shard 1/3 -o "$tmp/shard1" --resume >/dev/null 2>"$tmp/resume.err" ||
  fail "resuming shard 1/3 failed"
grep -q "; 1 skipped" "$tmp/resume.err" || fail "the resumed shard did not skip exactly 1 record"
merged_equal "after --resume" --input "$problems"

# Shard 0 without its last record (record 3 (n - 1) of the input, counted from 0): reported,
# by shard order (shard 0 then holds fewer records than another) and by id.
n=$(LC_ALL=C grep -cE "$start" "$tmp/shard0")
awk -v start="$start" -v n="$n" '$0 ~ start { k++ } k < n' "$tmp/shard0" >"$tmp/shard0.short"
mv "$tmp/shard0.short" "$tmp/shard0"
missing=$(LC_ALL=C grep -E "$start" "$tmp/reference" | sed -n "$(( 3 * (n - 1) + 1 ))p" |
  sed -E "s/$start//; s/\".*//")
[[ -n $missing ]] || fail "no id for the dropped record"
python3 "$merge" --format "$format" "$tmp/shard0" "$tmp/shard1" "$tmp/shard2" >/dev/null \
  2>"$tmp/merge.err"
rc=$?
[[ $rc -eq 1 ]] || fail "a short shard merged by shard order: exit status $rc, expected 1"
python3 "$merge" --format "$format" --input "$problems" "$tmp/shard0" "$tmp/shard1" \
  "$tmp/shard2" >/dev/null 2>"$tmp/merge.err"
rc=$?
[[ $rc -eq 1 ]] || fail "a short shard merged by id: exit status $rc, expected 1"
grep -qF "1 missing: $missing" "$tmp/merge.err" || fail "the missing record '$missing' not named"

echo "ok: $command $format: $records records in 3 shards, merged and resumed as the single run"
