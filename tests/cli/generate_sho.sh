#!/usr/bin/env bash
# `tsume generate --rules sho` output read back: the sfen records (after their '# rules sho'
# line) are checked again by `tsume check --rules sho`, which must find every problem SOUND with
# the length and main line the record gives.
#
#   generate_sho.sh TSUME
#
# bash and coreutils/grep only.
set -uo pipefail

tsume=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/out.tsv "$tmp"/err "$tmp"/check; do
    [[ -f $f ]] && { echo "--- $f"; head -n 60 "$f"; }
  done
  exit 1
}

"$tsume" generate --rules sho --count 2 --plies 3 --seed 3 --format sfen -o "$tmp/out.tsv" \
  2>"$tmp/err" || fail "generate failed"
[[ $(head -n 1 "$tmp/out.tsv") == "# rules sho"* ]] || fail "no '# rules sho' line first"
records=$(grep -cv '^#' "$tmp/out.tsv")
[[ $records -eq 2 ]] || fail "expected 2 records, got $records"
# Board-only: every SFEN has empty hands.
if grep -v '^#' "$tmp/out.tsv" | grep -Eqv '^[^	]+ b - 1	g3-[0-9]+	3	'; then
  fail "a record is not a 3-ply sho problem with empty hands"
fi
"$tsume" check --rules sho "$tmp/out.tsv" >"$tmp/check" 2>&1 || fail "check failed"
grep -Eq '^summary: 2 problems: 2 SOUND' "$tmp/check" || fail "not 2 SOUND"
grep -q 'intended is the main line' "$tmp/check" || fail "main line differs"
[[ $(grep -c 'intended is the main line' "$tmp/check") -eq 2 ]] || fail "a main line differs"
echo "ok"
