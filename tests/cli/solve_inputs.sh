#!/usr/bin/env bash
# The inputs of `tsume solve` beyond single arguments: standard input, KIF written by
# `--format kif` and read back, folders searched recursively in sorted order, ids.
#
#   solve_inputs.sh TSUME PROBLEMS.tsv
#
# bash and coreutils/grep/sed only.
set -uo pipefail

tsume=$1
problems=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out "$tmp"/err; do
    [[ -f $f ]] && { echo "--- $f"; cat "$f"; }
  done
  exit 1
}
# expect FILE ERE: some line of FILE matches.
expect() { grep -Eq -- "$2" "$1" || fail "no line of $(basename "$1") matches /$2/"; }
# expect_text FILE TEXT: some line of FILE contains TEXT.
expect_text() { grep -Fq -- "$2" "$1" || fail "no line of $(basename "$1") contains '$2'"; }

# Standard input: TSV lines; ids from the second column, else stdin:<record>.
{ grep -v -e '^#' -e '^$' "$problems" | head -n 3; printf '4k4/9/9/9/9/9/9/9/8K b P 1\n'; } |
  "$tsume" solve - --format jsonl >"$tmp/out" 2>"$tmp/err" || fail "solve - failed"
expect "$tmp/out" '^\{"id":"pinned-interposer",.*"status":"mate","length":1,'
expect "$tmp/out" '^\{"id":"stdin:4",.*"status":"no_mate","length":null,'
[[ $(wc -l <"$tmp/out") -eq 4 ]] || fail "expected 4 records from stdin"

# KIF written by --format kif is read back to the same answer.
sfen=$(awk -F'\t' '$2 == "zukou-002" { print $1 }' "$problems")
mkdir -p "$tmp/folder/b" "$tmp/folder/a"
"$tsume" solve --format kif -o "$tmp/folder/b/zukou-002.kif" "$sfen" 2>"$tmp/err" || fail "kif"
expect "$tmp/folder/b/zukou-002.kif" '^表題：arg1$'
expect "$tmp/folder/b/zukou-002.kif" '^まで21手で詰み$'
"$tsume" solve --format jsonl "$sfen" >"$tmp/direct" 2>/dev/null || fail "direct solve"
"$tsume" solve --format jsonl "$tmp/folder/b/zukou-002.kif" >"$tmp/out" 2>"$tmp/err" ||
  fail "solving the KIF failed"
pv=$(grep -oE '"pv":"[^"]*"' "$tmp/direct")
expect_text "$tmp/out" "\"status\":\"mate\",\"length\":21,\"length_exact\":true,$pv"
expect "$tmp/out" "^\\{\"id\":\"$tmp/folder/b/zukou-002.kif:1\""

# A folder: files in sorted order (a/ before b/), recursively; other files ignored.
grep -v -e '^#' -e '^$' "$problems" | head -n 2 >"$tmp/folder/a/two.tsv"
echo "not a problem" >"$tmp/folder/a/README.md"
"$tsume" solve --format jsonl "$tmp/folder" >"$tmp/out" 2>"$tmp/err" || fail "folder failed"
[[ $(wc -l <"$tmp/out") -eq 3 ]] || fail "expected 3 records from the folder"
order=$(grep -oE '^\{"id":"[^"]*"' "$tmp/out" | cut -d'"' -f4 | tr '\n' ' ')
[[ $order == "pinned-interposer futile-3-not-13 $tmp/folder/b/zukou-002.kif:1 " ]] ||
  fail "folder order: $order"

# Text output to a file: the summary still reaches stdout.
"$tsume" solve "$tmp/folder/a/two.tsv" -o "$tmp/text" >"$tmp/out" 2>"$tmp/err" || fail "text -o"
expect "$tmp/out" '^summary: 2 problems: 2 solved \(mate\)'
expect "$tmp/text" '^main ▲５五角$'
expect "$tmp/text" '^usi 1i5e$'

echo "ok: stdin, KIF round trip, folder order, text summary"
