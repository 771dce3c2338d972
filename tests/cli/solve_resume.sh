#!/usr/bin/env bash
# `tsume solve --resume` after a run cut in the middle of a record: nothing lost, nothing twice.
#
#   solve_resume.sh TSUME PROBLEMS.tsv FORMAT [COMMAND]  (FORMAT: jsonl, text or kif; COMMAND:
#                                                          solve (default) or check)
#
# Solves the file once as the reference, cuts a copy of the output in the middle of its third
# record (as a kill during a write would), reruns with --resume on the copy and checks that the
# result holds every record exactly once, complete, and equal to the reference apart from times.
# Then checks that resuming a finished file changes nothing and that a file of another format is
# refused untouched. bash and coreutils/grep/awk/sed only.
set -uo pipefail

tsume=$1
problems=$2
format=$3
command=${4:-solve}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED ($format): $*"
  for f in "$tmp"/*; do
    echo "--- $f"
    cat "$f"
  done
  exit 1
}

# The first line of every record: every line in jsonl, `id ` in text, `表題：` in KIF.
case "$format" in
  jsonl) start='^\{"id":"' idpat='^\{"id":"[^"]*"' ;;
  text) start='^id ' idpat='^id .*' ;;
  kif) start='^表題：' idpat='^表題：.*' ;;
  *) echo "solve_resume.sh: unknown format '$format'" >&2; exit 64 ;;
esac
# What differs between two runs: the times.
strip_times() { sed -E 's/"time_ms":[0-9]+/"time_ms":T/; s/^time [0-9.]+ s$/time T/; s/, [0-9.]+ s$/, T/' "$1"; }
ids() { LC_ALL=C grep -oE "$idpat" "$1" | sort; }

"$tsume" "$command" "$problems" --format "$format" -o "$tmp/reference" >/dev/null 2>"$tmp/reference.err" ||
  fail "the reference run failed"
records=$(LC_ALL=C grep -cE "$start" "$tmp/reference")
[[ $records -ge 4 ]] || fail "the reference has $records records, expected at least 4"

# Byte offsets of the record starts; cut half-way into the third record.
mapfile -t offsets < <(LC_ALL=C awk -v start="$start" '$0 ~ start { print offset }
                                                       { offset += length($0) + 1 }' "$tmp/reference")
cut=$(( (offsets[2] + offsets[3]) / 2 ))
head -c "$cut" "$tmp/reference" >"$tmp/resumed"
[[ $(tail -c 1 "$tmp/resumed" | od -An -c | tr -d ' ') != '\n' ]] || fail "the cut fell on a line end"

"$tsume" "$command" "$problems" --format "$format" -o "$tmp/resumed" --resume >/dev/null \
  2>"$tmp/resume.err" || fail "the resumed run failed"
grep -q "; 2 skipped" "$tmp/resume.err" || fail "the resumed run did not skip exactly 2 records"

# Every id exactly once, the same ids as the reference, and the same records apart from times.
duplicates=$(ids "$tmp/resumed" | uniq -d)
[[ -z $duplicates ]] || fail "records written twice: $duplicates"
diff <(ids "$tmp/reference") <(ids "$tmp/resumed") >/dev/null || fail "the ids differ"
diff <(strip_times "$tmp/reference") <(strip_times "$tmp/resumed") >"$tmp/diff" ||
  fail "the resumed output differs from the reference"
if [[ $format == jsonl ]]; then
  bad=$(grep -cvE '^\{"id":".*\}$' "$tmp/resumed")
  [[ $bad -eq 0 ]] || fail "$bad lines are not complete JSON records"
fi
[[ $(tail -c 1 "$tmp/resumed" | od -An -c | tr -d ' ') == '\n' ]] || fail "no line end at the end"

# Resuming a finished file: everything skipped, nothing changed.
cp "$tmp/resumed" "$tmp/finished"
"$tsume" "$command" "$problems" --format "$format" -o "$tmp/resumed" --resume >/dev/null \
  2>"$tmp/again.err" || fail "resuming a finished file failed"
grep -q "^summary: 0 problems.*; $records skipped" "$tmp/again.err" || fail "not all skipped"
cmp -s "$tmp/finished" "$tmp/resumed" || fail "resuming a finished file changed it"
rm "$tmp/finished" "$tmp/again.err"

# A file of another format is refused, exit status 1, and left as it was.
other=jsonl
[[ $format == jsonl ]] && other=text
cp "$tmp/resumed" "$tmp/before"
"$tsume" "$command" "$problems" --format "$other" -o "$tmp/resumed" --resume >/dev/null 2>"$tmp/other.err"
rc=$?
[[ $rc -eq 1 ]] || fail "resuming with --format $other: exit status $rc, expected 1"
grep -q "cannot resume" "$tmp/other.err" || fail "no 'cannot resume' message"
cmp -s "$tmp/before" "$tmp/resumed" || fail "the refused file was changed"

echo "ok: $format: $records records, cut at byte $cut, resumed without loss or duplicates"
