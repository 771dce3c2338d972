#!/usr/bin/env bash
# `tsume generate --from-games` on the game records of tests/generator/data (written for the
# tests; the puzzles in them found by hand, see tests/generator/test_from_games.cpp): a damaged
# record gives its puzzles before the damage, then an error record, and the run goes on; every
# record of a multi-record CSA file is a game; the puzzles written (trimmed, sfen) are read
# back by `tsume solve` with the lengths and lines the records give.
#
#   generate_games.sh TSUME DATA_DIR
#
# bash and coreutils/grep only.
set -uo pipefail

tsume=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out.jsonl "$tmp"/out.tsv "$tmp"/err "$tmp"/solve; do
    [[ -f $f ]] && { echo "--- $f"; head -n 60 "$f"; }
  done
  exit 1
}

# bad_drop.kif (damaged at move 1) comes last: its start, the position of head_gold.kif, is
# searched and skipped as a duplicate, then its error is written.
games=("$data/head_gold.kif" "$data/gold_ladder.csa" "$data/bad_drop.kif")
"$tsume" generate --from-games "${games[@]}" -o "$tmp/out.jsonl" 2>"$tmp/err" ||
  fail "generate (jsonl) failed"
[[ $(wc -l <"$tmp/out.jsonl") -eq 3 ]] || fail "expected 3 jsonl records"
tail -n 1 "$tmp/out.jsonl" | grep -q '^{"id":"bad_drop","source":"[^"]*bad_drop.kif","error":"[^"]*move 1' ||
  fail "no error record for bad_drop.kif last"
grep -q '"id":"head_gold-0",.*"length":3,.*"move":0,"variation":0,"variation_move":0,"game_move":"G\*5c"' "$tmp/out.jsonl" ||
  fail "no 3-ply puzzle at move 0 of head_gold.kif"
grep -q '"id":"gold_ladder-1",.*"length":5,.*"move":1,"variation":0,"variation_move":0,"game_move":"G\*5d"' "$tmp/out.jsonl" ||
  fail "no 5-ply puzzle at move 1 of gold_ladder.csa"
grep -q 'bad_drop.kif:24: move 1' "$tmp/err" || fail "no error message for bad_drop.kif"
grep -q '1 duplicates' "$tmp/err" || fail "bad_drop's start is not a duplicate"
grep -q '1 continuations' "$tmp/err" || fail "the summary does not count the continuation"

"$tsume" generate --from-games "${games[@]}" --trim --format sfen -o "$tmp/out.tsv" \
  2>"$tmp/err" || fail "generate (sfen, trim) failed"
grep -q '^# bad_drop: error: .*bad_drop.kif:' "$tmp/out.tsv" ||
  fail "no error line for bad_drop.kif"
[[ $(grep -cv '^#' "$tmp/out.tsv") -eq 2 ]] || fail "expected 2 puzzles"
# Trimmed by hand: the pieces on file 9, the silver and Black's king are not needed.
grep -q '^9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1	head_gold-0	3	' "$tmp/out.tsv" ||
  fail "head_gold-0 is not the trimmed position"
"$tsume" solve "$tmp/out.tsv" >"$tmp/solve" 2>&1 || fail "solve failed"
grep -q '^summary: 2 problems: 2 solved (mate)' "$tmp/solve" || fail "not 2 mates on reading back"
# Each record's length and line are the solver's when read back.
while IFS=$'\t' read -r sfen id length line; do
  [[ $sfen == \#* ]] && continue
  awk -v id="$id" -v len="$length" -v usi="$line" '
    $1 == "id" { cur = $2 } cur == id && $1 == "length" { l = $2 }
    cur == id && $1 == "usi" { $1 = ""; u = substr($0, 2) }
    END { exit !(l == len && u == usi) }' "$tmp/solve" || fail "$id read back differs"
done <"$tmp/out.tsv"
# Every record of a multi-record CSA file (ids <file>-<record>-<move>), and the positions of a
# record before its damage (illegal_king.kif: a mate in 3 at the start, move 2 illegal).
"$tsume" generate --from-games "$data/two_records.csa" "$data/illegal_king.kif" \
  -o "$tmp/out.jsonl" 2>"$tmp/err" || fail "generate (two records, damage) failed"
[[ $(wc -l <"$tmp/out.jsonl") -eq 4 ]] || fail "expected 4 jsonl records"
grep -q '"id":"two_records-1-0",.*"length":3,.*"move":0,"variation":0,"variation_move":0,"game_move":"G\*2c"' "$tmp/out.jsonl" ||
  fail "no 3-ply puzzle in record 1 of two_records.csa"
grep -q '"id":"two_records-2-0",.*"length":5,.*"move":0,"variation":0,"variation_move":0,"game_move":"G\*4d"' "$tmp/out.jsonl" ||
  fail "no 5-ply puzzle in record 2 of two_records.csa"
grep -q '"id":"illegal_king-0",.*"length":3,.*"move":0,"variation":0,"variation_move":0,"game_move":"G\*2c"' "$tmp/out.jsonl" ||
  fail "no 3-ply puzzle before the damage of illegal_king.kif"
tail -n 1 "$tmp/out.jsonl" | grep -q '^{"id":"illegal_king","source":"[^"]*","error":"[^"]*move 2' ||
  fail "no error record for illegal_king.kif"
grep -q 'illegal_king.kif:.*move 2' "$tmp/err" || fail "no error message for illegal_king.kif"
grep -q '3 puzzles from 3 games (1 unreadable; 12 positions' "$tmp/err" ||
  fail "the summary does not count 3 games, 1 error and 12 positions"

# KIF: one record per puzzle with its source; read back by `tsume check` with its line.
"$tsume" generate --from-games "$data/gold_ladder.csa" --format kif -o "$tmp/out.kif" \
  2>"$tmp/err" || fail "generate (kif) failed"
grep -q '^出典：.*gold_ladder.csa, after move 1$' "$tmp/out.kif" || fail "no 出典 line in the KIF"
"$tsume" check "$tmp/out.kif" >"$tmp/solve" 2>&1 || fail "check of the KIF failed"
grep -q 'intended is the main line' "$tmp/solve" || fail "the KIF's line is not the main line"
grep -q '^summary: 1 problems: ' "$tmp/solve" || fail "not one problem in the KIF"

# A KIF record's 変化 variations are searched after its main line: gold_ladder_variation.kif has
# its only mate (5 plies) on the variation from move 2, after that variation's move 2.
"$tsume" generate --from-games "$data/gold_ladder_variation.kif" -o "$tmp/out.jsonl" \
  2>"$tmp/err" || fail "generate (variation) failed"
[[ $(wc -l <"$tmp/out.jsonl") -eq 1 ]] || fail "expected 1 puzzle from the variation"
grep -q '"id":"gold_ladder_variation-v1-2",.*"length":5,.*"move":2,"variation":1,"variation_move":2,"game_move":"G\*5d"' \
  "$tmp/out.jsonl" || fail "no 5-ply puzzle after move 2 of the variation from move 2"
grep -q '1 puzzles from 1 games (0 unreadable; 9 positions, 2 with a mate in the band, 1 continuations' \
  "$tmp/err" || fail "the summary does not count the variation's positions"
"$tsume" generate --from-games "$data/gold_ladder_variation.kif" --format kif -o "$tmp/out.kif" \
  2>"$tmp/err" || fail "generate (variation, kif) failed"
grep -q '^出典：.*gold_ladder_variation.kif, after move 2 of variation 1 (変化：2手)$' \
  "$tmp/out.kif" || fail "no 出典 line naming the variation"

# --resume: a run cut at any byte and resumed gives the same file as one run (no record lost or
# written twice; head_gold_missed's puzzle at move 0 is a duplicate of head_gold's, which is
# known from the file when head_gold was done before the cut).
all=("$data/head_gold.kif" "$data/gold_ladder.csa" "$data/gold_ladder_variation.kif"
  "$data/two_records.csa" "$data/bad_drop.kif" "$data/head_gold_missed.kif")
for fmt in jsonl kif sfen; do
  "$tsume" generate --from-games "${all[@]}" --format "$fmt" -o "$tmp/full.$fmt" 2>"$tmp/err" ||
    fail "generate ($fmt) for resume failed"
  size=$(wc -c <"$tmp/full.$fmt")
  for cut in 0 1 $((size / 5)) $((size / 3)) $((size / 2)) $((size * 4 / 5)) $((size - 1)); do
    head -c "$cut" "$tmp/full.$fmt" >"$tmp/part.$fmt"
    "$tsume" generate --from-games "${all[@]}" --format "$fmt" -o "$tmp/part.$fmt" --resume \
      2>"$tmp/err" || fail "resume ($fmt, cut at $cut) failed"
    cmp -s "$tmp/part.$fmt" "$tmp/full.$fmt" || fail "resume ($fmt, cut at $cut) differs"
  done
  # A finished file: nothing more to write.
  "$tsume" generate --from-games "${all[@]}" --format "$fmt" -o "$tmp/part.$fmt" --resume \
    2>"$tmp/err" || fail "resume of a finished file ($fmt) failed"
  cmp -s "$tmp/part.$fmt" "$tmp/full.$fmt" || fail "resume of a finished file ($fmt) differs"
  grep -q "6 puzzles of them already in the file" "$tmp/err" || fail "no resumed count ($fmt)"
done
# Games done before the cut are not searched again: after 5 records, the last of them
# two_records.csa's second record, that record (6 positions) and the games after it (bad_drop:
# its start, head_gold_missed: 6) are searched, 3 games.
head -n 5 "$tmp/full.jsonl" >"$tmp/part.jsonl"
"$tsume" generate --from-games "${all[@]}" -o "$tmp/part.jsonl" --resume 2>"$tmp/err" ||
  fail "resume after 5 records failed"
grep -q 'from 3 games (1 unreadable; 13 positions' "$tmp/err" ||
  fail "the resumed run searched games done before"
"$tsume" generate --from-games "${all[@]}" --resume >/dev/null 2>"$tmp/err"
[[ $? -eq 2 ]] && grep -q -- '--resume needs -o FILE' "$tmp/err" || fail "--resume without -o"
printf '{"id":"a","other":1}\n' >"$tmp/bad.jsonl"
"$tsume" generate --from-games "${all[@]}" --resume -o "$tmp/bad.jsonl" 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'cannot resume .*bad.jsonl:1: not a record of tsume generate' "$tmp/err" ||
  fail "a file that is not --from-games output"
echo "ok"
