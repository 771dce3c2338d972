#!/usr/bin/env bash
# Inputs people actually paste and pipe: a UTF-8 byte-order mark, a KIF or CSA record on standard
# input, a huge bad line, a board without the rest of its SFEN, USI `position` commands, a given
# line that is no moves, and the JSON Lines records of solve, check and generate read back.
#
#   input_hardening.sh TSUME IO_DATA_DIR
#
# bash and coreutils/grep only.
set -uo pipefail

tsume=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out "$tmp"/err; do
    [[ -f $f ]] && { echo "--- $f"; head -c 2000 "$f"; echo; }
  done
  exit 1
}
expect() { grep -Eq -- "$2" "$1" || fail "no line of $(basename "$1") matches /$2/"; }

# SPEC.md section 5's mate in one (the interposer is pinned), and a defender hand as given.
mate1="3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1"

# A byte-order mark before the first SFEN line of a TSV.
printf '\xef\xbb\xbf%s\tbom-first\n' "$mate1" >"$tmp/bom.tsv"
"$tsume" solve "$tmp/bom.tsv" --format jsonl >"$tmp/out" 2>"$tmp/err" || fail "bom.tsv"
expect "$tmp/out" '^\{"id":"bom-first",.*"status":"mate","length":1,'

# A KIF or CSA record piped to `solve -` is one problem, not one error per line.
for f in pinned_interposer.kif pinned_interposer.csa; do
  "$tsume" solve - --format jsonl <"$data/$f" >"$tmp/out" 2>"$tmp/err" || fail "$f on stdin"
  expect "$tmp/out" '^\{"id":"stdin:1",.*"status":"mate","length":1,.*"pv":"1i5e"'
  [[ $(wc -l <"$tmp/out") -eq 1 ]] || fail "$f on stdin: expected one record"
done

# (A batch whose every record is an error exits 1: nothing could be read.)
# A 5 MB line of garbage: an error record that quotes at most 80 characters of it.
{ head -c 5000000 /dev/zero | tr '\0' 'x'; printf ' b - 1\tbig\n'; } >"$tmp/big.tsv"
"$tsume" solve "$tmp/big.tsv" --format jsonl >"$tmp/out" 2>"$tmp/err" 
expect "$tmp/out" '^\{"id":"big",.*"status":"error",.*big\.tsv:1: '
[[ $(wc -c <"$tmp/out") -lt 400 ]] || fail "the error record echoes the bad line ($(wc -c <"$tmp/out") bytes)"

# A board alone (no side, hands, move number) is explained, not "no such file".
"$tsume" solve "4k4/9/4P4/9/9/9/9/9/9" >"$tmp/out" 2>"$tmp/err" 
expect "$tmp/out" "^error '4k4/9/4P4/9/9/9/9/9/9': a board alone; a SFEN is BOARD SIDE HANDS MOVE-NUMBER, e\.g\. '4k4/9/4P4/9/9/9/9/9/9 b - 1'"

# USI position commands as a GUI log shows them; their moves lead to the problem.
"$tsume" solve --format jsonl "position sfen $mate1" >"$tmp/out" 2>"$tmp/err" || fail "position sfen"
expect "$tmp/out" '"status":"mate","length":1,'
# White drops a pawn on 9e first; then black mates in one as before.
"$tsume" solve --format jsonl "position sfen ${mate1/ b / w } moves P*9e" >"$tmp/out" 2>"$tmp/err" ||
  fail "position sfen ... moves"
expect "$tmp/out" '"sfen":"3\+R3nk/8p/7P1/9/p8/9/9/9/8B b rb4g4s3n4l15p 2","status":"mate","length":1,'
# The start position: black to move has no check; after 7g7f white has none either.
printf 'position startpos\tstart\nposition startpos moves 7g7f\tafter-7g7f\n' >"$tmp/usi.txt"
"$tsume" solve --format jsonl "$tmp/usi.txt" >"$tmp/out" 2>"$tmp/err" || fail "position startpos"
expect "$tmp/out" '^\{"id":"start","sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","status":"no_mate"'
expect "$tmp/out" '^\{"id":"after-7g7f","sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2","status":"no_mate"'
"$tsume" solve --format jsonl "position startpos moves 7g7f 7g7f" >"$tmp/out" 2>"$tmp/err" 
expect "$tmp/out" '"status":"error",.*"error":"arg1: move 2 .7g7f.: '

# A given line that is no moves is an error, not ignored.
"$tsume" solve --format jsonl "$mate1 moves zz" >"$tmp/out" 2>"$tmp/err" 
expect "$tmp/out" '"status":"error",.*"error":"arg1: given move 1 .zz.: bad USI move'

# JSON Lines: generate's records are read by check and solve, solve's by check.
"$tsume" generate --count 2 --plies 3 --seed 5 --threads 1 -o "$tmp/gen.jsonl" 2>"$tmp/err" ||
  fail "generate"
"$tsume" check "$tmp/gen.jsonl" --format jsonl >"$tmp/out" 2>"$tmp/err" || fail "check gen.jsonl"
[[ $(grep -c '"verdict":"SOUND",' "$tmp/out") -eq 2 ]] || fail "check of generate's records"
expect "$tmp/out" '"intended":\{"is_main":true'
"$tsume" solve "$tmp/gen.jsonl" --format jsonl -o "$tmp/solved.jsonl" 2>"$tmp/err" ||
  fail "solve gen.jsonl"
[[ $(grep -c '"status":"mate","length":3,"length_exact":true' "$tmp/solved.jsonl") -eq 2 ]] ||
  fail "solve of generate's records"
"$tsume" check "$tmp/solved.jsonl" --format jsonl >"$tmp/out" 2>"$tmp/err" || fail "check solved"
[[ $(grep -c '"verdict":"SOUND",' "$tmp/out") -eq 2 ]] || fail "check of solve's records"
printf '{"id":"cut","sfen":"4k4/9\n{"id":"no-sfen"}\n' >"$tmp/bad.jsonl"
"$tsume" solve "$tmp/bad.jsonl" --format jsonl >"$tmp/out" 2>"$tmp/err" 
expect "$tmp/out" '^\{"id":"[^"]*bad\.jsonl:1",.*"error":".*bad\.jsonl:1: malformed JSON record at byte'
expect "$tmp/out" '^\{"id":"no-sfen",.*"error":".*bad\.jsonl:2: a JSON record without a \\"sfen\\" member'

echo "ok: input hardening"
