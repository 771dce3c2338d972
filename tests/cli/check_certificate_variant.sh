#!/usr/bin/env bash
# A check certificate whose cook differs from the main move only by promotion, so that it needs
# a `slow` part (docs/certificate.md): 将棋図巧 第50番, whose first cook is the non-promotion
# 3g3c of the main move 3g3c+ at move 11, mating later (docs/check.md). The certificate must
# verify VALID with the slow part, and be rejected without it or with a slow part too short; in
# format version 2 (`--certificate-version 2`) and in version 3 (the slow part a node of the
# shared table).
#
#   check_certificate_variant.sh TSUME ZUKOU.tsv
#
# About 2 x 30 s of checking: labelled slow. bash and coreutils/grep/awk/sed only.
set -uo pipefail

tsume=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  exit 1
}

awk -F'\t' '$2 == "zukou-050"' "$2" > "$tmp/p.tsv"
[[ -s "$tmp/p.tsv" ]] || fail "zukou-050 not in $2"
"$tsume" check --threads 1 --nodes 8000000 --step-nodes 1000000 --hash 256 \
  --certificate-version 2 --certificate "$tmp/c.cert" "$tmp/p.tsv" > /dev/null 2>&1 || true
"$tsume" verify "$tmp/c.cert" > "$tmp/verify.out" 2>&1 || fail "verify: $(cat "$tmp/verify.out")"
grep -qE "^zukou-050 VALID nodes [0-9]+ cooked at 10 by 3g3c for 3g3c\+ \(mate within [0-9]+\)$" \
  "$tmp/verify.out" || fail "unexpected: $(cat "$tmp/verify.out")"
read -r d < <(awk '/^part main / { m = 1 } m && /^length / { print $2; exit }' "$tmp/c.cert")
grep -q "^part slow 10 3g3c$" "$tmp/c.cert" || fail "no slow part"

# expect_invalid NAME FILE PATTERN (verify_expect.sh).
source "$(dirname "${BASH_SOURCE[0]}")/verify_expect.sh"

# Without the slow part: the cook could be an exempt non-limitation.
awk '$0 == "part slow 10 3g3c" { skip = 1; next } skip && /^end$/ { skip = 0; next } skip { next }
     /^parts / { print "parts", $2 - 1; next } { print }' "$tmp/c.cert" > "$tmp/m1.cert"
expect_invalid slow_removed "$tmp/m1.cert" \
  "INVALID part [0-9]+ node -1: 3g3c could be a non-limitation of 3g3c\+"
# A slow part that claims only no mate within d - 3: the cook could then mate as fast.
awk -v short=$((d - 3)) '/^part slow / { s = 1 } s && /^length / { $0 = "length " short; s = 0 }
     { print }' "$tmp/c.cert" > "$tmp/m2.cert"
expect_invalid slow_too_short "$tmp/m2.cert" \
  "INVALID part [0-9]+ node 0: no mate within $((d - 3)) after 3g3c, but the main move mates in $d"

# Version 3: the slow part names a node of the shared table.
"$tsume" check --threads 1 --nodes 8000000 --step-nodes 1000000 --hash 256 \
  --certificate "$tmp/c3.cert" "$tmp/p.tsv" > /dev/null 2>&1 || true
"$tsume" verify "$tmp/c3.cert" > "$tmp/verify3.out" 2>&1 || fail "verify v3: $(cat "$tmp/verify3.out")"
grep -qE "^zukou-050 VALID nodes [0-9]+ cooked at 10 by 3g3c for 3g3c\+ \(mate within [0-9]+\)$" \
  "$tmp/verify3.out" || fail "unexpected (v3): $(cat "$tmp/verify3.out")"
read -r n < <(awk '/^part slow 10 3g3c node / { print $6; exit }' "$tmp/c3.cert")
[[ -n "$n" ]] || fail "no slow part naming a node in version 3"
grep -qE "^$n D $((d - 1))( |$)" "$tmp/c3.cert" \
  || fail "the slow part's node $n does not record no mate within $((d - 1))"
# Its node weakened to no mate within d - 3.
sed -E "/^nodes /,/^parts /{s/^$n D $((d - 1))( |\$)/$n D $((d - 3))\1/}" "$tmp/c3.cert" > "$tmp/m3.cert"
expect_invalid slow_too_short_v3 "$tmp/m3.cert" \
  "INVALID part [0-9]+ node $n: no mate within $((d - 3)) after 3g3c, but the main move mates in $d"

echo "ok: zukou-050's promotion cook with its slow part VALID (versions 2 and 3), 3 mutations rejected"
