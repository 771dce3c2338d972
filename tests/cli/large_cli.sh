#!/usr/bin/env bash
# `tsume show --svg` under --rules chu|dai|tenjiku (docs/large-board.md): SVG diagrams that are
# well-formed XML with one square per board square and one piece per SFEN token (counted here
# from the SFEN, independently of the program); --svg-dir and --ply.
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

echo "large_cli: ok"
