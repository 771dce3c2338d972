#!/usr/bin/env bash
# `tsume check --rules dai|tenjiku` verdicts on the hand-composed problems and on variants built
# here, each expected verdict derived by hand (the reasoning beside each; the problems' own
# analyses are in problems/README.md): COOKED with the cooking move, SOUND_WITH_FLAWS with the
# flaw, NO_MATE (no check at all; a stated length shorter than the mate), UNKNOWN when a node
# budget runs out.
#
#   check_dai_tenjiku.sh TSUME PROBLEMS_DIR
#
# bash, coreutils and grep only.
set -uo pipefail

tsume=$1
problems=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out "$tmp"/err; do
    [[ -f $f ]] && { echo "--- $f"; head -n 80 "$f"; }
  done
  exit 1
}
# The text record of problem ID in the output.
record() { sed -n "/^id $1\$/,/^\$/p" "$tmp/out" >"$tmp/rec"; [[ -s $tmp/rec ]] || fail "no record $1"; }
expect() { grep -Eq -- "$1" "$tmp/rec" || fail "no line of record $(head -n1 "$tmp/rec") matches /$1/"; }
no_line() { if grep -Eq -- "$1" "$tmp/rec"; then fail "a line of $(head -n1 "$tmp/rec") matches /$1/"; fi; }
count() { [[ $(grep -Ec -- "$1" "$tmp/rec") -eq $2 ]] || fail "$(head -n1 "$tmp/rec"): expected $2 lines /$1/"; }

hand() { grep -P "\t$1\t" "$problems/$2"; }

# --- Dai shogi --------------------------------------------------------------------------------
{
  # dai-two-dragons: dai-hand-004 (5e3c: the Flying Dragon checks 1a over 2b two squares away;
  # the king's other squares are its Cat Sword 2a and pawn 1b, and the Cat Sword cannot step
  # onto 2b) with a second Black Flying Dragon on 5a, which reaches 3c down the other diagonal
  # through the empty 4b: 5a3c mates the same way. Neither move may promote (inside the zone,
  # no capture), no other Black move checks: two mates in 1, COOKED with the other one.
  printf "10F'2c'k/14p/15/15/10F'4/15/15/15/15/15/15/15/15/15/K14 b - 1\tdai-two-dragons\t1\n"
  # dai-shorter: dai-hand-011 (15c15a 12b12a 15a12a, stated 3) with a second Black rook on 1c:
  # 1c1a checks along rank a; 7a and (through the king's square) 9a are covered, 9b..7b are
  # White's pawns, and the Angry Boar on 12b (one step orthogonally) reaches none of 2a..7a. A
  # mate in 1 ply, shorter than the stated 3: COOKED, the cook 1c1a (no promotion: no capture
  # inside the zone).
  printf "7k7/3a'2ppp6/R13R/15/15/15/15/15/15/15/15/15/15/15/K14 b - 1\tdai-shorter\t3\n"
  # dai-hand-011 itself: 15c15a is the only check (the rook on rank c meets the pawns 9b..7b
  # on the king's file), 12b12a the only defence (the boar interposes; the king's squares are
  # covered), and 15a12a takes the boar with check from the rank: a capture that ends in the
  # zone may promote, and the Rook and the Dragon King both mate (9a and 7a covered along the
  # rank, nothing reaches 12a..9a). One mating last move more: SOUND_WITH_FLAWS, one flaw
  # (final_move_alternative at move 3, the same squares with the other promotion choice), no
  # cook.
  hand dai-hand-011 dai_hand.tsv
  # The same position stated as a mate in 1: its only check is parried (above): NO_MATE
  # within the stated length, the exact length 3.
  printf "7k7/3a'2ppp6/R14/15/15/15/15/15/15/15/15/15/15/15/K14 b - 1\tdai-011-in-1\t1\n"
  # No check at all: a Stone General (one step diagonally forward) on 15n and the kings in
  # opposite corners: NO_MATE at any length.
  printf "14k/15/15/15/15/15/15/15/15/15/15/15/15/U14/14K b - 1\tdai-no-check\n"
} >"$tmp/dai.tsv"
"$tsume" check --rules dai "$tmp/dai.tsv" >"$tmp/out" 2>"$tmp/err" || fail "check dai"
record dai-two-dragons
expect '^verdict COOKED \(1 cook on the main line\)$'
expect '^length 1$'
if grep -q '^usi 5e3c$' "$tmp/rec"; then
  expect '^cook at move 1 \(main 5e3c\): 5a3c, mate in at most 1 - another mate in 1'
else
  expect '^usi 5a3c$'
  expect '^cook at move 1 \(main 5a3c\): 5e3c, mate in at most 1 - another mate in 1'
fi
count '^cook ' 1
record dai-shorter
expect '^verdict COOKED \(mates in 1 ply, shorter than the stated 3\)$'
expect '^usi 1c1a$'
expect '^cook at move 1 \(main 1c1a\): 1c1a, mate in at most 1'
record dai-hand-011
expect '^verdict SOUND_WITH_FLAWS \('
expect '^usi 15c15a 12b12a 15a12a\+?$'
expect '^flaw final_move_alternative at move 3 \(main 15a12a(\+?)\): 15a12a\+?, mate in at most 1'
grep -Eq '\(main 15a12a\): 15a12a\+,|\(main 15a12a\+\): 15a12a,' "$tmp/rec" ||
  fail "dai-hand-011: the flaw is the other promotion choice"
count '^flaw ' 1
no_line '^(cook|undecided) '
record dai-011-in-1
expect '^verdict NO_MATE \(no mate within the stated 1 ply \(the shortest forced mate takes 3\)\)$'
record dai-no-check
expect '^verdict NO_MATE \(no mate: every line ends with the attacker out of checks\)$'

# Budgets that run out: UNKNOWN, never SOUND. dai-hand-010 (the Lion sacrifice 5e3c, 3 plies)
# has other first checks (the rook's 4o1o up the file, the Lion's other landings near the
# king): one node cannot settle "mate within 2 plies" after any of them; three nodes cannot
# solve a 3-ply problem.
hand dai-hand-010 dai_hand.tsv >"$tmp/d10.tsv"
"$tsume" check --rules dai --step-nodes 1 "$tmp/d10.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check dai --step-nodes 1"
record dai-hand-010
expect '^verdict UNKNOWN \([0-9]+ alternatives? left open by --step-nodes\)$'
expect '^limit step-nodes$'
expect '^undecided at move 1 \(main 5e3c\): 4o1o - '
"$tsume" check --rules dai --nodes 3 "$tmp/d10.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check dai --nodes 3"
record dai-hand-010
expect '^verdict UNKNOWN \(the solve ran out of nodes\)$'
expect '^limit nodes$'

# --- Tenjiku shogi ----------------------------------------------------------------------------
{
  # ten-two-generals: tenjiku-hand-002 (6h6a+: the Rook General promotes to a Great General,
  # rank 3, on entering the zone and checks 1a by jumping the Bishop General 3a, rank 1, and
  # the pawn 2a) with a second Black Rook General on 7h: 7h7a+ does the same from 7a over the
  # empty 6a..4a. The king is boxed by its pawns, a White piece put on the rank is of lower rank
  # and is jumped, nothing reaches 6a or 7a; unpromoted, a Rook General (rank 1) may not jump
  # the Bishop General, and no other landing is on a line to 1a. Two mates in 1: COOKED.
  printf '13b!pk/14pp/16/16/16/16/16/9R!R!P4/16/16/16/16/16/16/16/1K14 b - 1\tten-two-generals\t1\n'
  # tenjiku-hand-012 (problems/README.md: 7h14a, the only check; 3b4a, the only defence; 14a4a
  # takes the silver). The Fire Demon may instead end on 5a next to the silver on 4a: it burns
  # it and slides on rank a to 3a and 2a as from 4a: a second mating last move. No other move of
  # the Demon ends next to the silver or reaches 2a, 1b or 2b after its move (its slide on rank
  # a stops at 4a, and 14a is too far for the area move), and Black's lance 7e and silver 4e
  # come nowhere near: SOUND_WITH_FLAWS, the one flaw 14a5a at move 3.
  hand tenjiku-hand-012 tenjiku_hand.tsv
  # tenjiku-hand-009 (3 plies; by problems/README.md the rook at once leaves 1b or 2b and the
  # Free Eagle's check lets the king step to 2a) stated as a mate in 1: NO_MATE within it.
  printf "15k/13n'2/13s2/10R5/16/16/16/10Q'5/16/16/16/16/16/16/16/K15 b - 1\tten-009-in-1\t1\n"
  # No check at all: a Black pawn on 16o, the kings in opposite corners: NO_MATE.
  printf '15k/16/16/16/16/16/16/16/16/16/16/16/16/16/P15/15K b - 1\tten-no-check\n'
} >"$tmp/ten.tsv"
"$tsume" check --rules tenjiku "$tmp/ten.tsv" >"$tmp/out" 2>"$tmp/err" || fail "check tenjiku"
record ten-two-generals
expect '^verdict COOKED \(1 cook on the main line\)$'
if grep -Eq '^usi 6h6a\+$' "$tmp/rec"; then
  expect '^cook at move 1 \(main 6h6a\+\): 7h7a\+, mate in at most 1 - another mate in 1'
else
  expect '^usi 7h7a\+$'
  expect '^cook at move 1 \(main 7h7a\+\): 6h6a\+, mate in at most 1 - another mate in 1'
fi
count '^cook ' 1
record tenjiku-hand-012
expect '^verdict SOUND_WITH_FLAWS \('
expect '^usi 7h14a 3b4a 14a4a$'
expect '^flaw final_move_alternative at move 3 \(main 14a4a\): 14a5a, mate in at most 1'
count '^flaw ' 1
no_line '^(cook|undecided) '
record ten-009-in-1
expect '^verdict NO_MATE \(no mate within the stated 1 ply \(the shortest forced mate takes 3\)\)$'
record ten-no-check
expect '^verdict NO_MATE \(no mate: every line ends with the attacker out of checks\)$'
# The cook in JSON Lines: the finding's kind, node and moves.
"$tsume" check --rules tenjiku --format jsonl "$tmp/ten.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check tenjiku --format jsonl"
grep -Eq '^[{]"id":"ten-two-generals",.*"verdict":"COOKED",.*"cooks":\[[{]"kind":"cook","ply":0,"move":"(6h6a\+|7h7a\+)","alternative":"(6h6a\+|7h7a\+)","length":1,' \
  "$tmp/out" || fail "ten-two-generals as JSON"

# Budgets: tenjiku-hand-008 (3 plies) has the Dragon Horse's check 1e3c beside the main 1g4d
# (problems/README.md): one node cannot settle it; three nodes cannot solve the problem.
hand tenjiku-hand-008 tenjiku_hand.tsv >"$tmp/t8.tsv"
"$tsume" check --rules tenjiku --step-nodes 1 "$tmp/t8.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check tenjiku --step-nodes 1"
record tenjiku-hand-008
expect '^verdict UNKNOWN \([0-9]+ alternatives? left open by --step-nodes\)$'
expect '^limit step-nodes$'
expect '^undecided at move 1 \(main 1g4d\): 1e3c - '
"$tsume" check --rules tenjiku --nodes 3 "$tmp/t8.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "check tenjiku --nodes 3"
record tenjiku-hand-008
expect '^verdict UNKNOWN \(the solve ran out of nodes\)$'
expect '^limit nodes$'
echo "check_dai_tenjiku: ok"
