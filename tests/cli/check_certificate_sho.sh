#!/usr/bin/env bash
# Sho shogi check certificates end to end: `tsume check --rules sho --certificate` on sho
# problems, `tsume verify` with its sho rules (format versions 3 and 2), and mutations the
# verifier must reject, naming the part and node.
#
#   check_certificate_sho.sh TSUME SHO.tsv CHECK_CERTIFICATE_SHO.tsv
#
# SHO.tsv is problems/sho.tsv: its verdicts are those established by tests/answer/
# test_sho_problems.cpp (SOUND but sho-008, a non-limitation flaw; sho-012, whose verdict
# depends on the defender's equal last moves, and sho-013, the slow one, are left out). The
# alternative counts are by hand: sho-001 has eight checks (the elephant to 2b, 2c, 2d, each
# promoting or not; the silver to 1d and 2d), sho-002 four (3a2a; 3a3b, which uncovers the
# rook on rank a; 1c1b and 1c1b+), sho-005 three (9e9a, 2c2b, 2c1b). CHECK_CERTIFICATE_SHO.tsv
# holds two cooked problems, analysed in its comments.
# bash and coreutils/grep/awk/sed only.
set -uo pipefail

tsume=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  exit 1
}

{
  awk -F'\t' '$2 !~ /^sho-01[23]$/' "$2"
  cat "$3"
} > "$tmp/problems.tsv"
for v in 3 2; do
  "$tsume" check --rules sho --threads 1 --hash 16 --format jsonl --certificate-version $v \
    --certificate "$tmp/v$v.cert" "$tmp/problems.tsv" > "$tmp/check$v.jsonl" 2> "$tmp/check.err" \
    || true
  [[ -s "$tmp/v$v.cert" ]] || fail "no certificate file: $(cat "$tmp/check.err")"
  grep -q "^tsume-certificate $v$" "$tmp/v$v.cert" || fail "version $v expected"
  "$tsume" verify "$tmp/v$v.cert" > "$tmp/verify$v.out" 2> "$tmp/verify.err" \
    || fail "verify (version $v) exited $?: $(cat "$tmp/verify$v.out" "$tmp/verify.err")"
  expect_line() {
    grep -qE "^$1\$" "$tmp/verify$v.out" || fail "expected /$1/, got: $(cat "$tmp/verify$v.out")"
  }
  n='[0-9]+'
  sound='sound length'
  expect_line "sho-001 VALID nodes $n $sound 1 \(7 alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
  expect_line "sho-002 VALID nodes $n $sound 1 \(3 alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
  expect_line "sho-005 VALID nodes $n $sound 3 \(2 alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
  for p in 003:3 004:3 006:5 007:5 009:7 010:7 011:3; do
    expect_line "sho-${p%:*} VALID nodes $n $sound ${p#*:} \($n alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
  done
  expect_line "sho-008 VALID nodes $n $sound 5 \($n alternatives disproved, 0 mirror images, 1 exemptions trusted\)"
  g='1c1b|1c2b|2c1b|2c2b'
  expect_line "sho-cooked-1 VALID nodes $n cooked at 0 by ($g) for ($g) \(mate within 1\)"
  expect_line "sho-cooked-3 VALID nodes $n cooked at 0 by (9e8c for 7e8c|7e8c for 9e8c) \(mate within 3\)"
  grep -q "^summary: 13 valid, 0 invalid$" "$tmp/verify$v.out" \
    || fail "version $v: $(tail -1 "$tmp/verify$v.out")"
done
grep -q '^rules sho$' "$tmp/v3.cert" || fail "no 'rules sho' line"

source "$(dirname "${BASH_SOURCE[0]}")/verify_expect.sh"
one 3 "$tmp/v3.cert" sho-005 > "$tmp/s5.cert"
one 3 "$tmp/v3.cert" sho-004 > "$tmp/s4.cert"
one 3 "$tmp/v3.cert" sho-cooked-3 > "$tmp/c3.cert"
for f in s5 s4 c3; do
  "$tsume" verify "$tmp/$f.cert" > /dev/null 2>&1 || fail "$f alone is not VALID"
done

# expect_invalid NAME FILE PATTERN (verify_expect.sh).

# 1. sho-005's mate: after 9e9a the king has no move, but the elephant may promote on 1g or 2g
#    (a second royal answers the check); the reply 1f2g+ removed from the defender node.
[[ $(grep -c '^1 D 2 1f1g+ 2 1f2g+ 4$' "$tmp/s5.cert") == 1 ]] || fail "sho-005: node 1 of the mate part changed"
sed -E 's/^1 D 2 1f1g\+ 2 1f2g\+ 4$/1 D 2 1f1g+ 2/' "$tmp/s5.cert" > "$tmp/m1.cert"
expect_invalid reply_removed "$tmp/m1.cert" "^sho-005 INVALID part 0 node 1: the legal reply 1f2g\+ is missing"

# 2. The line's defence played without promotion: 1f1g leaves the lone king attacked (illegal).
sed -E 's/^line 9e9a 1f1g\+ 2h1g$/line 9e9a 1f1g 2h1g/' "$tmp/s5.cert" > "$tmp/m2.cert"
expect_invalid line_illegal "$tmp/m2.cert" "^sho-005 INVALID part -1 node -1: move 2 of the line, 1f1g, is not legal"

# 3. A wrong claim: the sound certificate claimed cooked.
sed -E 's/^claim sound$/claim cooked/' "$tmp/s5.cert" > "$tmp/m3.cert"
expect_invalid wrong_claim "$tmp/m3.cert" "^sho-005 INVALID part -1 node -1: a cooked claim has exactly one cook part"

# 4. The container's `rules sho` removed: the elephant is no modern shogi piece.
awk '!/^rules sho$/ || done { print; next } { done = 1 }' "$tmp/s5.cert" > "$tmp/m4.cert"
expect_invalid rules_removed "$tmp/m4.cert" "^sho-005 INVALID part -1 node -1: the root SFEN"

# 5. The mate part's `rules sho` removed: its rules differ from the container's.
awk '/^rules sho$/ && ++k == 2 { next } { print }' "$tmp/s5.cert" > "$tmp/m5.cert"
expect_invalid part_rules "$tmp/m5.cert" "^sho-005 INVALID part 0 node -1: the part's certificate is for shogi, the check certificate for sho"

# 6. sho-004 (king and prince): one alternative check's disproof left out.
head=$(grep -m1 '^part alternative ' "$tmp/s4.cert")
read -r _ _ ply move _ <<< "$head"
awk -v head="$head" '$0 == head { next } /^parts / { print "parts", $2 - 1; next } { print }' \
  "$tmp/s4.cert" > "$tmp/m6.cert"
expect_invalid alternative_removed "$tmp/m6.cert" \
  "^sho-004 INVALID part -1 node -1: the check $move at ply $ply \(for 1g1c\) is neither disproven nor exempt"

# 7. The cook's last move replaced by 8c7a+, which leaves 9a free (the knight has left 8c): its
#    leaf is no mate.
awk '/^part cook / { cook = 1 } cook && $2 == "A" && $4 == "6a7a" { $4 = "8c7a+" } { print }' \
  "$tmp/c3.cert" > "$tmp/m7.cert"
expect_invalid cook_leaf_no_mate "$tmp/m7.cert" \
  "^sho-cooked-3 INVALID part 2 node 3: recorded as mate but the defender has the legal reply 8a9a"

echo "ok: sho check certificates VALID (versions 3 and 2), 7 mutations rejected"
