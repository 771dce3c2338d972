#!/usr/bin/env bash
# `tsume convert` and `tsume show`, and `tsume solve --diagram svg`: the 100 main lines of
# problems/zukou.tsv (将棋図巧) through KIF, KI2 and CSA files and back to the same TSV; CSA and
# KIF text of a fixture; text and SVG diagrams; errors and usage mistakes.
#
#   convert_show.sh TSUME ZUKOU.tsv IO_DATA_DIR SMALL.tsv
#
# bash and coreutils/grep/sed only.
set -uo pipefail

tsume=$1
zukou=$2
io_data=$3
small=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out "$tmp"/err; do
    [[ -f $f ]] && { echo "--- $f"; head -n 60 "$f"; }
  done
  exit 1
}
expect() { grep -Eq -- "$2" "$1" || fail "no line of $1 matches /$2/"; }
expect_text() { grep -Fq -- "$2" "$1" || fail "no line of $1 contains '$2'"; }
no_text() { if grep -Fq -- "$2" "$1"; then fail "a line of $1 contains '$2'"; fi; }

# 図巧: TSV -> one file per problem in each format -> TSV again, identical to the first four
# columns of the collection (position, id, length, main line).
cut -f1-4 "$zukou" | grep -v '^#' >"$tmp/zukou.tsv"
for format in kif ki2 csa; do
  "$tsume" convert --to "$format" "$zukou" --output-dir "$tmp/$format" 2>"$tmp/err" ||
    fail "convert --to $format"
  [[ $(ls "$tmp/$format" | wc -l) -eq 100 ]] || fail "expected 100 .$format files"
  [[ -f "$tmp/$format/zukou-100.$format" ]] || fail "no zukou-100.$format"
  "$tsume" convert --to tsv "$tmp/$format" >"$tmp/out" 2>"$tmp/err" || fail "back from $format"
  # Files are named by their stem: the ids come back as they were.
  diff "$tmp/out" "$tmp/zukou.tsv" >"$tmp/diff" || { cat "$tmp/diff"; fail "$format round trip"; }
done
expect "$tmp/kif/zukou-002.kif" '^表題：zukou-002$'
expect "$tmp/kif/zukou-002.kif" '^後手の持駒：残り全部$'
expect "$tmp/kif/zukou-002.kif" '^   1 ２七金\(28\)$'
expect "$tmp/kif/zukou-002.kif" '^  22 詰み$'
expect "$tmp/ki2/zukou-002.ki2" '^▲２七金  △１五玉  ▲１六金  △同　と  ▲２七桂  △同　と'
expect "$tmp/ki2/zukou-002.ki2" '^まで21手で詰み$'
expect "$tmp/csa/zukou-002.csa" '^\$EVENT:zukou-002$'
expect "$tmp/csa/zukou-002.csa" '^P-00AL$'
expect "$tmp/csa/zukou-002.csa" '^\+2827KI$'
expect "$tmp/csa/zukou-002.csa" '^%TSUMI$'

# A CSA fixture to KIF: names become 先手/後手, the result 詰み; and back to CSA unchanged.
"$tsume" convert --to kif "$io_data/pinned_interposer.csa" >"$tmp/out" 2>"$tmp/err" || fail "csa->kif"
expect "$tmp/out" '^表題：pinned interposer$'
expect "$tmp/out" '^先手：attacker$'
expect "$tmp/out" '^   1 ５五角\(19\)$'
expect "$tmp/out" '^まで1手で詰み$'
cp "$tmp/out" "$tmp/p.kif"
"$tsume" convert --to csa "$tmp/p.kif" >"$tmp/out" 2>"$tmp/err" || fail "kif->csa"
expect "$tmp/out" '^N\+attacker$'
expect "$tmp/out" '^\+1955KA$'
expect "$tmp/out" '^%TSUMI$'
# Several records on standard output: KIF records separated by an empty line, CSA by '/'.
"$tsume" convert --to csa "$io_data/pinned_interposer.csa" "$io_data/nimaiochi.csa" >"$tmp/out" \
  2>"$tmp/err" || fail "two csa"
expect "$tmp/out" '^/$'
# SFEN with moves in, SFEN with moves out.
"$tsume" convert --to sfen "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1 moves 1i5e" >"$tmp/out" \
  2>"$tmp/err" || fail "sfen"
expect "$tmp/out" '^3\+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1 moves 1i5e$'
# Hands as given: an empty defender hand stays empty.
"$tsume" convert --to sfen --hand-as-given "4k4/9/9/9/9/9/9/9/8K b P 1" >"$tmp/out" 2>"$tmp/err" ||
  fail "hand as given"
expect "$tmp/out" '^4k4/9/9/9/9/9/9/9/8K b P 1$'

# Variations (変化) of a KIF input are kept in KIF and KI2 output.
printf '%s\n' '手合割：平手' '   1 ７六歩(77)' '   2 ３四歩(33)+' '   3 ２二角成(88)' '' '変化：2手' \
  '   2 ８四歩(83)' '   3 ２六歩(27)' >"$tmp/branch.kif"
"$tsume" convert --to kif "$tmp/branch.kif" >"$tmp/out" 2>"$tmp/err" || fail "kif with variations"
expect "$tmp/out" '^   2 ３四歩\(33\)\+$'
expect "$tmp/out" '^変化：2手$'
expect "$tmp/out" '^   3 ２六歩\(27\)$'
"$tsume" convert --to ki2 "$tmp/branch.kif" >"$tmp/out" 2>"$tmp/err" || fail "ki2 with variations"
expect "$tmp/out" '^▲７六歩  △３四歩  ▲２二角成$'
expect "$tmp/out" '^△８四歩  ▲２六歩$'
# A variation of a variation (at move 3 of the one from move 2) is kept too, after its parent,
# the move it branches at marked '+'.
printf '%s\n' '手合割：平手' '   1 ７六歩(77)' '   2 ３四歩(33)+' '   3 ２二角成(88)' '' '変化：2手' \
  '   2 ８四歩(83)' '   3 ２六歩(27)+' '' '変化：3手' '   3 ６八銀(79)' >"$tmp/nested.kif"
"$tsume" convert --to kif "$tmp/nested.kif" >"$tmp/out" 2>"$tmp/err" || fail "kif with nesting"
expect "$tmp/out" '^   3 ２六歩\(27\)\+$'
grep -A1 '^変化：3手$' "$tmp/out" | grep -q '^   3 ６八銀(79)$' || fail "the nested variation is lost"

# Errors: the bad record is reported, the others converted, exit status 0 as in solve and check
# (1 only when nothing could be read).
printf '%s\tgood\n%s\tbad\n' "4k4/9/9/9/9/9/9/9/8K b P 1" "4k4/9/9/9/9/9/9/9/8K b P 1 moves 1i1a" |
  "$tsume" convert --to sfen - >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 0 ]] || fail "a batch with a good and a bad record should give exit status 0"
expect "$tmp/err" "stdin:2: given move 1 '1i1a': "
[[ $(wc -l <"$tmp/out") -eq 1 ]] || fail "the good record should be converted"
printf '%s\tbad\n' "4k4/9/9/9/9/9/9/9/8K b P 1 moves 1i1a" |
  "$tsume" convert --to sfen - >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 1 ]] || fail "a batch of bad records only should give exit status 1"
printf '%s\tgood\n%s\tbad\n' "4k4/9/9/9/9/9/9/9/8K b P 1" "9/9/9 b - 1" |
  "$tsume" show - >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 0 ]] || fail "show: a batch with a good and a bad record should give exit status 0"
expect "$tmp/err" "stdin:2: "
"$tsume" convert --to xml "4k4/9/9/9/9/9/9/9/8K b P 1" >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "--to xml should be a usage error"
expect "$tmp/err" '--to must be sfen, tsv, kif, ki2 or csa'

# show: the text diagram, and after the mate the last move named.
mate1="3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1 moves 1i5e"
"$tsume" show "$mate1" >"$tmp/out" 2>"$tmp/err" || fail "show text"
expect "$tmp/out" '^表題：arg1$'
expect "$tmp/out" '^後手の持駒：残り全部$'
expect "$tmp/out" '^\| ・ ・ ・ 龍 ・ ・ ・v桂v玉\|一$'
expect "$tmp/out" '^手数＝0$'
"$tsume" show "$mate1" --ply end >"$tmp/out" 2>"$tmp/err" || fail "show --ply end"
expect "$tmp/out" '^手数＝1  ▲５五角  まで$'
expect "$tmp/out" '^\| ・ ・ ・ ・ 角 ・ ・ ・ ・\|五$'
"$tsume" show "$mate1" --ply 2 >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 1 ]] || fail "--ply beyond the moves should fail"
expect "$tmp/err" 'records 1 moves'

# show --svg: the image has the grid, labels, turned and red pieces, hands and the last move.
"$tsume" show "$mate1" --ply 1 --svg "$tmp/mate.svg" --title "SPEC 5: pinned" 2>"$tmp/err" ||
  fail "show --svg"
svg="$tmp/mate.svg"
expect "$svg" '^<svg xmlns="http://www.w3.org/2000/svg"'
expect "$svg" '>SPEC 5: pinned</text>$'
expect "$svg" 'class="last-move"'
expect "$svg" 'fill="#c00000"[^>]*>龍</text>'
expect "$svg" 'transform="rotate\(180 [0-9]+ [0-9]+\)">玉</text>'
expect "$svg" '>９</text>'
expect "$svg" '>九</text>'
expect "$svg" '>☖</text>'
expect "$svg" '>歩十六</text>'
expect "$svg" '^</svg>$'
"$tsume" show "$small" --svg "$tmp/x.svg" >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "--svg with several problems should be a usage error"
"$tsume" show "$small" --svg-dir "$tmp/svgs" 2>"$tmp/err" || fail "show --svg-dir"
[[ $(ls "$tmp/svgs" | wc -l) -eq 6 ]] || fail "expected 6 images"
expect "$tmp/svgs/pinned-interposer.svg" '>pinned-interposer</text>$'
expect "$tmp/svgs/pinned-interposer.svg" '>残</text>'
no_text "$tmp/svgs/pinned-interposer.svg" 'last-move'

# solve --diagram svg: one image per problem, titled with id and length.
"$tsume" solve --format jsonl "$small" --diagram svg --diagram-dir "$tmp/solved" >"$tmp/out" \
  2>"$tmp/err" || fail "solve --diagram svg"
[[ $(ls "$tmp/solved" | wc -l) -eq 6 ]] || fail "expected 6 solve images"
expect "$tmp/solved/pinned-interposer.svg" '>pinned-interposer  1手詰</text>$'
expect "$tmp/solved/no-mate-lone-pawn.svg" '>no-mate-lone-pawn  不詰</text>$'
"$tsume" solve --diagram png "$small" >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "--diagram png should be a usage error"

echo "ok: convert, show and solve --diagram"
