#!/usr/bin/env bash
# `tsume show --svg`, `convert` and `check` under --rules chu|dai|tenjiku (docs/large-board.md):
# SVG diagrams that are well-formed XML with one square per board square and one piece per SFEN
# token (counted here from the SFEN, independently of the program); problems through TSV, JSONL
# and SFEN lines and back, read by `solve`; bad records named by file and line; soundness
# verdicts on the hand-composed problems (problems/README.md) and on cooked variants built here.
#
#   large_cli.sh TSUME PROBLEMS_DIR
#
# bash, coreutils, grep and python3 (xml.dom.minidom) only.
set -uo pipefail

tsume=$1
problems=$2
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
no_line() { if grep -Eq -- "$2" "$1"; then fail "a line of $1 matches /$2/"; fi; }

# For each line 'SVG-FILE<TAB>SFEN' of the list given: the SVG must be well-formed XML with one
# square per board square (files x ranks of the SFEN) and one piece per SFEN token ('+'? letter,
# then ' or !), as many White (lower-case) and promoted ('+') pieces, and the same tokens.
# Prints the counts of the first file; one python3 run for all (its start-up is slow).
svg_check() {
  python3 - "$1" <<'PY'
import re, sys, xml.dom.minidom
def svg_counts(path):
    doc = xml.dom.minidom.parse(path)
    rects = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("class") == "square"]
    pieces = [t for t in doc.getElementsByTagName("text")
              if t.getAttribute("class").split()[:1] == ["piece"]]
    white = [t for t in pieces if "white" in t.getAttribute("class").split()]
    promoted = [t for t in pieces if "promoted" in t.getAttribute("class").split()]
    tokens = sorted(t.firstChild.data for t in pieces)
    return (len(rects), len(pieces), len(white), len(promoted), " ".join(tokens))
def sfen_counts(sfen):
    ranks = sfen.split()[0].split("/")
    tokens, files = [], 0
    for rank in ranks:
        width = 0
        for run, token in re.findall(r"(\d+)|(\+?[A-Za-z]['!]?)", rank):
            if run:
                width += int(run)
            else:
                width += 1
                tokens.append(token)
        files = max(files, width)
    white = [t for t in tokens if t.lstrip("+")[0].islower()]
    promoted = [t for t in tokens if t.startswith("+")]
    return (files * len(ranks), len(tokens), len(white), len(promoted), " ".join(sorted(tokens)))
first = None
for line in open(sys.argv[1]):
    path, sfen = line.rstrip("\n").split("\t")
    got = svg_counts(path)
    first = first or got
    if sfen and got != sfen_counts(sfen):
        sys.exit(f"{path}: the SVG has {got}, the SFEN {sfen_counts(sfen)}")
print(*first)
PY
}

# Start positions, spelled out here (docs/large-board.md), and every hand-composed problem.
CHU_START="lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
TENJIKU_START="ln'fi'csgekgsci'fn'l/a1c!c!1txqnot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TONQXT1C!C!1A/LN'FI'CSGKEGSCI'FN'L b - 1"
: >"$tmp/svgs"
show_svg() {  # RULES SFEN: an image to compare with the SFEN
  local file="$tmp/d$(wc -l <"$tmp/svgs").svg"
  "$tsume" show --rules "$1" --svg "$file" "$2" >"$tmp/out" 2>"$tmp/err" ||
    fail "show --rules $1 --svg '$2'"
  printf '%s\t%s\n' "$file" "$2" >>"$tmp/svgs"
}
show_svg chu "$CHU_START"
show_svg tenjiku "$TENJIKU_START"
show_svg chu "6k4+e/12/12/12/12/12/12/12/12/12/12/K4R6 b - 1"
for game in chu dai tenjiku; do
  while IFS=$'\t' read -r sfen id _; do
    [[ $sfen == \#* || -z $sfen ]] && continue
    show_svg "$game" "$sfen"
  done <"$problems/${game}_hand.tsv"
done
svg_check "$tmp/svgs" >"$tmp/out" || fail "SVG diagrams"
# startpos: 144 squares and 46 pieces a side in chu; the title is the id.
"$tsume" show --rules chu --svg - startpos >"$tmp/start.svg" 2>"$tmp/err" || fail "show startpos"
printf '%s\t\n' "$tmp/start.svg" >"$tmp/list"
[[ $(svg_check "$tmp/list" | cut -d' ' -f1-3) == "144 92 46" ]] || fail "chu startpos counts"
expect "$tmp/start.svg" '>arg1</text>$'
# One image per problem with --svg-dir, named by id; --ply end shades the last move's squares
# (a one-leg move: two) and names the move in the title.
"$tsume" show --rules dai "$problems/dai_hand.tsv" --svg-dir "$tmp/svg" 2>"$tmp/err" || fail "svg-dir"
[[ $(ls "$tmp/svg" | wc -l) -eq 14 ]] || fail "expected 14 images"
[[ -f $tmp/svg/dai-hand-010.svg ]] || fail "no dai-hand-010.svg"
"$tsume" show --rules tenjiku --ply end --svg "$tmp/ply.svg" \
  "15k/14n'1/16/9H!3c2/16/16/9R6/16/16/16/16/16/16/16/16/K15 b - 1 moves 7g1g 2b1d 1g1d+ 1a2a 7d4a" \
  2>"$tmp/err" || fail "show --ply end"
expect "$tmp/ply.svg" 'after 5\. 7d4a</text>$'
[[ $(grep -c 'fill="#f0a848"' "$tmp/ply.svg") -eq 2 ]] || fail "expected two shaded squares"
# After the five moves: White's king on 2a and copper on 3d; Black's king, Lion Hawk on 4a and
# Dragon King (a promoted rook) on 1d.
printf '%s\t\n' "$tmp/ply.svg" >"$tmp/list"
[[ $(svg_check "$tmp/list" | cut -d' ' -f2-) == "5 2 1 +R H! K c k" ]] ||
  fail "position after --ply end: $(svg_check "$tmp/list")"
"$tsume" show --rules chu --ply 2 --svg - "$CHU_START moves 7i7h" >"$tmp/out" 2>"$tmp/err" &&
  fail "--ply 2 of one move"
expect "$tmp/err" 'records 1 moves'
"$tsume" show --rules chu --svg - startpos startpos >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "--svg with two problems must be a usage error"

# convert: TSV -> JSONL -> TSV gives the problem files back (position, id, length, main line);
# SFEN lines and JSONL are read back by solve, which finds the same mates.
for game in chu dai tenjiku; do
  grep -v '^#' "$problems/${game}_hand.tsv" | cut -f1-4 >"$tmp/$game.tsv"
  n=$(wc -l <"$tmp/$game.tsv")
  "$tsume" convert --rules $game --to jsonl "$tmp/$game.tsv" -o "$tmp/$game.jsonl" 2>"$tmp/err" ||
    fail "convert $game to jsonl"
  "$tsume" convert --rules $game --to tsv "$tmp/$game.jsonl" >"$tmp/back.tsv" 2>"$tmp/err" ||
    fail "convert $game back to tsv"
  diff "$tmp/back.tsv" "$tmp/$game.tsv" >"$tmp/out" || fail "$game TSV -> JSONL -> TSV"
  "$tsume" convert --rules $game --to sfen "$tmp/$game.jsonl" >"$tmp/$game.sfen" 2>"$tmp/err" ||
    fail "convert $game to sfen"
  [[ $(grep -c ' moves ' "$tmp/$game.sfen") -eq $n ]] || fail "$game: every SFEN line has moves"
  for f in "$tmp/$game.jsonl" "$tmp/$game.sfen"; do
    "$tsume" solve --rules $game --format jsonl "$f" >"$tmp/out" 2>"$tmp/err" || fail "solve $f"
    [[ $(grep -c '"status":"mate"' "$tmp/out") -eq $n ]] || fail "solve $f: $n mates"
  done
  # The lengths solve finds are the stated ones.
  cut -f3 "$tmp/$game.tsv" >"$tmp/stated"
  "$tsume" solve --rules $game --format jsonl "$tmp/$game.jsonl" |
    sed -E 's/.*"length":([0-9]+).*/\1/' >"$tmp/found"
  diff "$tmp/found" "$tmp/stated" >"$tmp/out" || fail "$game: lengths through JSONL"
done
expect "$tmp/chu.jsonl" '^[{]"id":"chu-hand-009","sfen":"10lk/9pp1/9\+e2/8P3/7N4/12/12/12/12/12/12/K7R3 b - 1","rules":"chu","length":3,"pv":"5e3c 3b3c 4l1l"[}]$'
# startpos is written out; a line without moves has the length '-' (null in JSONL).
"$tsume" convert --rules chu --to tsv startpos >"$tmp/out" 2>"$tmp/err" || fail "convert startpos"
[[ $(cat "$tmp/out") == "$CHU_START"$'\targ1\t-\t' ]] || fail "startpos as TSV"
"$tsume" convert --rules chu --to jsonl "$CHU_START moves 7i7h" >"$tmp/out" 2>"$tmp/err" ||
  fail "convert with moves"
expect "$tmp/out" '"length":null,"pv":"7i7h"[}]$'
# Bad records: reported with file, line and reason; the others converted.
{
  printf '# a comment\n'
  printf '6k5/5ppp4/R11/12/12/12/12/12/12/12/12/K11 b - 1\tgood\t1\t12c12a\n'
  printf '6k5/5ppp4/R11/12/12/12/12/12/12/12/K11 b - 1\tshort\n'
  printf '6k5/5ppp4/R11/12/12/12/12/12/12/12/12/K11 b - 1\tbad-move\t1\t12c12b12a\n'
  printf '{"id":"json-bad","sfen":\n'
  printf '6k5/5ppp4/R11/12/12/12/12/12/12/12/12/K11 b - 1\tbad-length\tthree\t12c12a\n'
} >"$tmp/bad.tsv"
"$tsume" convert --rules chu --to jsonl "$tmp/bad.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "convert with bad records (one is good)"
[[ $(wc -l <"$tmp/out") -eq 1 ]] || fail "one record converted"
expect "$tmp/out" '"id":"good"'
expect "$tmp/err" "bad.tsv:3: .*rank"
expect "$tmp/err" "bad.tsv:4: move 1 '12c12b12a' is not a legal move"
expect "$tmp/err" "bad.tsv:5: bad JSON record"
expect "$tmp/err" "bad.tsv:6: the length 'three'"
"$tsume" convert --rules chu --to jsonl "$tmp/bad.tsv" -o "$tmp/x" 2>/dev/null || fail "-o"
sed -n 3p "$tmp/bad.tsv" >"$tmp/only_bad.tsv"
"$tsume" convert --rules chu --to tsv "$tmp/only_bad.tsv" >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 1 ]] || fail "nothing converted: exit status 1"
"$tsume" convert --rules chu --to kif startpos >"$tmp/out" 2>"$tmp/err"
[[ $? -eq 2 ]] || fail "--to kif under --rules chu: usage error"
expect "$tmp/err" "--to must be sfen, tsv or jsonl"

# check: the hand-composed problems. Their analysis (problems/README.md) gives one first move
# mating in the stated length; the 1-ply problems are then SOUND, the others SOUND or sound with
# flaws; in the rook problems (chu-hand-010..012, dai-hand-011..013) the last move mates with and
# without promotion (a final-move alternative).
for game in chu dai tenjiku; do
  "$tsume" check --rules $game --format jsonl "$problems/${game}_hand.tsv" >"$tmp/out" 2>"$tmp/err" ||
    fail "check $game"
  [[ $(grep -c '"verdict":"SOUND' "$tmp/out") -eq $(grep -vc '^#' "$problems/${game}_hand.tsv") ]] ||
    fail "check $game: every problem SOUND or SOUND_WITH_FLAWS"
  while IFS=$'\t' read -r sfen id length _; do
    [[ $sfen == \#* || -z $sfen ]] && continue
    if [[ $length == 1 ]]; then
      expect "$tmp/out" "^[{]\"id\":\"$id\",.*\"verdict\":\"SOUND\",.*\"length\":1,\"stated\":1,"
    fi
  done <"$problems/${game}_hand.tsv"
done
"$tsume" check --rules chu --format jsonl "$problems/chu_hand.tsv" >"$tmp/out" 2>"$tmp/err"
expect "$tmp/out" '^[{]"id":"chu-hand-010",.*"verdict":"SOUND_WITH_FLAWS",.*"flaws":\[[{]"kind":"final_move_alternative","ply":2,"move":"12a9a\+?","alternative":"12a9a\+?"'
"$tsume" check --rules chu "$problems/chu_hand.tsv" >"$tmp/out" 2>"$tmp/err"
expect "$tmp/out" '^verdict SOUND \('
expect "$tmp/out" '^flaw final_move_alternative at move 3 \(main 12a9a\+?\): 12a9a\+?, mate in at most 1'

# Cooked variants of chu-hand-010 (12c12a 9b9a 12a9a, stated 3), built by hand:
# - a second Black rook on 1c mates at once (1c1a: rank a is then covered on both sides of the
#   king on 6a, the gold on 9b cannot reach 2a..5a, the pawns on 5b..7b hold rank b): a mate
#   shorter than the stated 3 plies, reported as a cook with that move;
# - with a White gold on 3b as well, 1c1a is met by 3b3a and 1a3a mates, as 12c12a is met by
#   9b9a and 12a9a: two first moves mating in 3, a cook at move 1 whichever is the main line.
printf '6k5/3g1ppp4/R10R/12/12/12/12/12/12/12/12/K11 b - 1\tcooked-short\t3\t12c12a 9b9a 12a9a\n' \
  >"$tmp/cooked.tsv"
printf '6k5/3g1ppp1g2/R10R/12/12/12/12/12/12/12/12/K11 b - 1\tcooked-twice\t3\n' >>"$tmp/cooked.tsv"
"$tsume" check --rules chu "$tmp/cooked.tsv" >"$tmp/out" 2>"$tmp/err" || fail "check cooked"
expect "$tmp/out" '^verdict COOKED \(mates in 1 ply, shorter than the stated 3\)$'
expect "$tmp/out" '^cook at move 1 \(main 1c1a\): 1c1a, mate in at most 1'
sed -n '/^id cooked-twice$/,/^$/p' "$tmp/out" >"$tmp/twice"
expect "$tmp/twice" '^verdict COOKED'
expect "$tmp/twice" '^length 3$'
if grep -q '^usi 12c12a' "$tmp/twice"; then
  expect "$tmp/twice" '^cook at move 1 \(main 12c12a\): 1c1a, mate in at most 3'
else
  expect "$tmp/twice" '^usi 1c1a 3b3a 1a3a'
  expect "$tmp/twice" '^cook at move 1 \(main 1c1a\): 12c12a, mate in at most 3'
fi
# No mate at all; a budget that runs out is never SOUND; a bad record is named.
"$tsume" check --rules chu --format jsonl "11k/12/12/12/12/12/12/12/12/12/P11/11K b - 1" \
  >"$tmp/out" 2>"$tmp/err" || fail "check no mate"
expect "$tmp/out" '"verdict":"NO_MATE"'
grep -P '\tchu-hand-(009|012)\t' "$problems/chu_hand.tsv" >"$tmp/two.tsv"
"$tsume" check --rules chu --step-nodes 1 "$tmp/two.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check --step-nodes 1"
no_line "$tmp/out" '^verdict SOUND'
expect "$tmp/out" '^limit step-nodes$'
expect "$tmp/out" '^undecided at move 1 \(main 5e3c\): '
"$tsume" check --rules chu --nodes 3 "$tmp/two.tsv" >"$tmp/out" 2>"$tmp/err" || fail "check --nodes 3"
[[ $(grep -c '^verdict UNKNOWN' "$tmp/out") -eq 2 ]] || fail "--nodes 3: two UNKNOWN verdicts"
[[ $(grep -c '^limit nodes$' "$tmp/out") -eq 2 ]] || fail "--nodes 3: limit nodes"
"$tsume" check --rules dai "$tmp/bad.tsv" >"$tmp/out" 2>"$tmp/err"
expect "$tmp/err" "bad.tsv:3: invalid SFEN"
echo "large_cli: ok"
