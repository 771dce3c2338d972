#!/usr/bin/env bash
# Check certificates end to end: `tsume check --certificate` then `tsume verify`, and mutations
# of the certificates written that the verifier must reject, naming the part and node; in format
# version 2 (`--certificate-version 2`, each part a certificate of its own) and in version 3 (the
# default: the no-mate parts share one node table).
#
#   check_certificate.sh TSUME CHECK_SMALL.tsv CHECK_CERTIFICATE.tsv
#
# The claims expected come from the hand analysis of the problems (tests/cli/data/check_small.tsv
# and the comments of check_certificate.tsv): sound-1 has six other checks, none a mate in 1;
# mirror has one mirror image and three other checks; the cooks are at the moves named there.
# bash and coreutils/grep/awk/sed only.
set -uo pipefail

tsume=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  exit 1
}

cat "$@" > "$tmp/problems.tsv"
"$tsume" check --threads 1 --hash 16 --format jsonl --certificate-version 2 \
  --certificate "$tmp/all.cert" "$tmp/problems.tsv" > "$tmp/check.jsonl" 2> "$tmp/check.err" || true
[[ -s "$tmp/all.cert" ]] || fail "no certificate file: $(cat "$tmp/check.err")"
"$tsume" verify "$tmp/all.cert" > "$tmp/verify.out" 2> "$tmp/verify.err" \
  || fail "verify exited $?: $(cat "$tmp/verify.out" "$tmp/verify.err")"

expect_line() {
  grep -qE "^$1\$" "$tmp/verify.out" || fail "expected /$1/, got: $(cat "$tmp/verify.out")"
}
n='[0-9]+'
expect_line "sound-1 VALID nodes $n sound length 1 \(6 alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
expect_line "sound-3 VALID nodes $n sound length 3 \(0 alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
expect_line "mirror VALID nodes $n sound length 1 \(3 alternatives disproved, 1 mirror images, 0 exemptions trusted\)"
expect_line "cooked-1 VALID nodes $n cooked at 0 by G\*(9b for G\*8b|8b for G\*9b) \(mate within 1\)"
expect_line "cooked-3-move-1 VALID nodes $n cooked at 0 by (9e8c for 7e8c|7e8c for 9e8c) \(mate within 3\)"
expect_line "cooked-move-3 VALID nodes $n cooked at 2 by 6a7a for 6c7b \(mate within [357]\)"
expect_line "zukou-092 VALID nodes $n sound length 13 \([1-9][0-9]* alternatives disproved, 0 mirror images, 0 exemptions trusted\)"
for id in surplus-1 idle-pawn no-mate; do
  grep -q "^# $id: no check certificate (the verdict is " "$tmp/all.cert" \
    || fail "$id: expected a comment saying why no certificate"
done

source "$(dirname "${BASH_SOURCE[0]}")/verify_expect.sh"
one 2 "$tmp/all.cert" zukou-092 > "$tmp/sound.cert"
one 2 "$tmp/all.cert" cooked-3-move-1 > "$tmp/cooked.cert"
"$tsume" verify "$tmp/sound.cert" > /dev/null 2>&1 || fail "zukou-092 alone is not VALID"
"$tsume" verify "$tmp/cooked.cert" > /dev/null 2>&1 || fail "cooked-3-move-1 alone is not VALID"

# expect_invalid NAME FILE PATTERN (verify_expect.sh).

# The text as an extended regular expression that matches it literally.
literal() { sed 's/[][\.*^$+?(){}|]/\\&/g' <<< "$1"; }

# remove_part FILE HEAD: the part that begins with the line HEAD left out, one part fewer.
remove_part() {
  awk -v head="$2" '
    $0 == head { skip = 1; next }
    skip && /^end$/ { skip = 0; next }
    skip { next }
    /^parts / { print "parts", $2 - 1; next }
    { print }' "$1"
}

# 1. One alternative check's disproof left out of the sound certificate.
head=$(grep -m1 '^part alternative ' "$tmp/sound.cert")
read -r _ _ ply move <<< "$head"
remove_part "$tmp/sound.cert" "$head" > "$tmp/m1.cert"
expect_invalid alternative_removed "$tmp/m1.cert" \
  "INVALID part -1 node -1: the check $(literal "$move") at ply $ply \(for .*\) is neither disproven nor exempt"

# 2. The exactness of the length left out.
remove_part "$tmp/sound.cert" "part exact 0 -" > "$tmp/m2.cert"
expect_invalid exact_removed "$tmp/m2.cert" "INVALID part -1 node -1: no exact part"

# 3. The cook's last move replaced by 8c7a+, a check from 7a that leaves 9a free (hand analysis:
#    the knight has left 8c): its leaf is no mate.
awk '/^part cook / { cook = 1 } cook && $2 == "A" && $4 == "6a7a" { $4 = "8c7a+" } { print }' \
  "$tmp/cooked.cert" > "$tmp/m3.cert"
expect_invalid cook_leaf_no_mate "$tmp/m3.cert" \
  "INVALID part 2 node 3: recorded as mate but the defender has the legal reply 8a9a"

# 4. The cook claimed to mate sooner than its proof does (within 1, the proof takes 3).
awk '/^part cook / { cook = 1 } cook && /^length 3$/ { $0 = "length 1" } { print }' \
  "$tmp/cooked.cert" > "$tmp/m4.cert"
expect_invalid cook_too_long "$tmp/m4.cert" \
  "INVALID part 2 node 0: the certificate claims length 1 but its root is mated in 3"

# 5. The cook moved to the line's last attacker node (ply 2), where another mate would be a
#    final-move alternative, not a cook: its certificate is not of that position.
sed -E 's/^part cook 0 /part cook 2 /' "$tmp/cooked.cert" > "$tmp/m5.cert"
expect_invalid cook_moved "$tmp/m5.cert" "INVALID part 2 node -1: "

# 6. Without the not-last part.
remove_part "$tmp/cooked.cert" "part not-last 0 -" > "$tmp/m6.cert"
expect_invalid not_last_removed "$tmp/m6.cert" "INVALID part 1 node -1: no not-last part"

# Version 3: the same claims, the no-mate parts' nodes in one table.
"$tsume" check --threads 1 --hash 16 --format jsonl --certificate "$tmp/v3.cert" \
  "$tmp/problems.tsv" > /dev/null 2>&1 || true
grep -q '^tsume-certificate 2$' "$tmp/v3.cert" && fail "version 3 expected, version 2 written"
"$tsume" verify "$tmp/v3.cert" > "$tmp/v3.out" 2>&1 || fail "verify v3: $(cat "$tmp/v3.out")"
for id in sound-1 sound-3 mirror cooked-1 cooked-3-move-1 cooked-move-3 zukou-092; do
  want=$(grep "^$id VALID" "$tmp/verify.out" | sed -E 's/ nodes [0-9]+ / nodes N /')
  got=$(grep "^$id VALID" "$tmp/v3.out" | sed -E 's/ nodes [0-9]+ / nodes N /')
  [[ -n "$want" && "$want" == "$got" ]] || fail "$id: version 3 '$got', version 2 '$want'"
done
nodes_of() { grep "^zukou-092 VALID" "$1" | awk '{ print $4 }'; }
(($(nodes_of "$tmp/v3.out") < $(nodes_of "$tmp/verify.out"))) \
  || fail "zukou-092: version 3 has $(nodes_of "$tmp/v3.out") nodes, version 2 $(nodes_of "$tmp/verify.out")"
one 3 "$tmp/v3.cert" zukou-092 > "$tmp/s3.cert"
"$tsume" verify "$tmp/s3.cert" > /dev/null 2>&1 || fail "zukou-092 (version 3) alone is not VALID"
# The part index (from 0) and fields of the N-th `part alternative` line.
alt() {
  awk -v n="$1" '/^part / { if ($2 == "alternative" && ++k == n) { print i, $3, $4, $6; exit } i++ }' \
    "$tmp/s3.cert"
}
read -r p1 k1 m1 n1 <<< "$(alt 1)"
read -r p2 k2 m2 n2 <<< "$(alt 2)"
[[ -n "$n2" && "$n1" != "$n2" ]] || fail "zukou-092: two alternatives with nodes of their own expected"
# node_line ID SED: the table's line of node ID edited by sed expression SED.
edit_node() { sed -E "/^nodes /,/^parts /{/^$1 /$2}" "$tmp/s3.cert"; }

# 8. An alternative's root node weakened from no mate at all to no mate within 5, its part moved
#    first (the parts are walked in order; other parts' edges may lead to the node too).
head1="part alternative $k1 $m1 node $n1"
edit_node "$n1" 's/^([0-9]+ [AD]) inf/\1 5/' \
  | awk -v h="$head1" '$0 == h { next } { print } /^parts / { print h }' > "$tmp/m8.cert"
expect_invalid root_too_weak "$tmp/m8.cert" "INVALID part 0 node $n1: the node records no mate within 5, but the alternative part needs no mate at all"

# 9. A dangling reference: a part naming a node beyond the table.
size=$(awk '/^nodes / { print $2; exit }' "$tmp/s3.cert")
sed -E "s/^part alternative $k1 $(literal "$m1") node $n1\$/part alternative $k1 $m1 node $size/" \
  "$tmp/s3.cert" > "$tmp/m9.cert"
expect_invalid dangling "$tmp/m9.cert" "'$size' is not a node id of the table"

# 10. A part whose root is the wrong position: the second alternative names the first's node.
sed -E "s/^part alternative $k2 $(literal "$m2") node $n2\$/part alternative $k2 $m2 node $n1/" \
  "$tmp/s3.cert" > "$tmp/m10.cert"
expect_invalid wrong_root "$tmp/m10.cert" "INVALID part $p2 node $n1: the part's root \(the position at ply $k2 after $(literal "$m2")\) is not the position of node $n1, reached before"

# 11. A shared node (two edges lead to it) weakened to no mate within 3: the first user that
#     needs more (no mate at all, or within 10 for the no mate within 11 of `exact`) rejects it.
shared=$(awk '/^nodes / { t = 1; next } /^parts / { exit }
  t { for (i = 5; i <= NF; i += 2) { c = $i; sub(/^f\+?/, "", c); if (++n[c] == 2) { print c; exit } } }' \
  "$tmp/s3.cert")
[[ -n "$shared" ]] || fail "zukou-092: no node with two users"
grep -qE "^$shared [AD] inf" "$tmp/s3.cert" || fail "zukou-092: shared node $shared is not of no mate at all"
edit_node "$shared" 's/^([0-9]+ [AD]) inf/\1 3/' > "$tmp/m11.cert"
expect_invalid shared_too_weak "$tmp/m11.cert" "INVALID part [0-9]+ node [0-9]+: the (check|reply) [^ ]+ leads to node $shared, not mated only within 3, less than ([4-9]|[1-9][0-9]+|inf)"

# 7. --certificate FILE.gz writes the same, compressed.
"$tsume" check --threads 1 --hash 16 --certificate "$tmp/small.cert.gz" "$1" > /dev/null 2>&1 || true
"$tsume" verify "$tmp/small.cert.gz" > "$tmp/gz.out" 2>&1 || fail "gz: $(cat "$tmp/gz.out")"
grep -q "^summary: 5 valid, 0 invalid$" "$tmp/gz.out" || fail "gz: $(cat "$tmp/gz.out")"

echo "ok: check certificates VALID (versions 2 and 3), 10 mutations rejected, gzip"
