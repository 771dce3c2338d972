#!/usr/bin/env bash
# `tsume generate --resume` with the random method: a run cut at any byte of its output and
# resumed writes the same file as one uninterrupted run, in jsonl, KIF and sfen. The
# configuration (1-ply training problems, seed 2) finds many duplicates, so the problems already
# in the file must be seen by the duplicate test of the resumed run. Errors: --rate, a file of
# another seed, a file that is not TSV. The reverse method: generate_resume_reverse.sh.
#
#   generate_resume.sh TSUME
#
# bash and coreutils only.
set -uo pipefail

tsume=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  [[ -f $tmp/err ]] && { echo "--- err"; cat "$tmp/err"; }
  exit 1
}

run=(generate --plies 1 --count 40 --mode training --seed 2)
for fmt in jsonl kif sfen; do
  "$tsume" "${run[@]}" --format "$fmt" -o "$tmp/full.$fmt" 2>"$tmp/err" || fail "generate ($fmt)"
  grep -q '40 problems from .* [1-9][0-9]* duplicates' "$tmp/err" ||
    fail "the run finds no duplicates: the test would not test the duplicate state"
  size=$(wc -c <"$tmp/full.$fmt")
  for cut in 0 1 $((size / 7)) $((size / 3)) $((size / 2)) $((size * 5 / 6)) $((size - 1)) "$size"; do
    head -c "$cut" "$tmp/full.$fmt" >"$tmp/part.$fmt"
    "$tsume" "${run[@]}" --format "$fmt" -o "$tmp/part.$fmt" --resume 2>"$tmp/err" ||
      fail "resume ($fmt, cut at $cut)"
    cmp -s "$tmp/part.$fmt" "$tmp/full.$fmt" || fail "resume ($fmt, cut at $cut) differs"
  done
  grep -q ', 40 problems already in the file' "$tmp/err" || fail "no resumed count ($fmt)"
done

# Sho shogi in sfen: the rules line that starts the file is written once.
sho=(generate --rules sho --plies 1-3 --count 5 --seed 1 --format sfen)
"$tsume" "${sho[@]}" -o "$tmp/sho.tsv" 2>"$tmp/err" || fail "generate (sho)"
[[ $(grep -c '^# rules sho' "$tmp/sho.tsv") -eq 1 ]] || fail "no rules line (sho)"
size=$(wc -c <"$tmp/sho.tsv")
for cut in 0 10 $(($(head -n 1 "$tmp/sho.tsv" | wc -c))) $((size / 2)) "$size"; do
  head -c "$cut" "$tmp/sho.tsv" >"$tmp/part.tsv"
  "$tsume" "${sho[@]}" -o "$tmp/part.tsv" --resume 2>"$tmp/err" || fail "resume (sho, cut at $cut)"
  cmp -s "$tmp/part.tsv" "$tmp/sho.tsv" || fail "resume (sho, cut at $cut) differs"
done

# A file that is not TSV is refused, naming the line.
printf '{"id":"a"}\n' >"$tmp/bad.tsv"
"$tsume" "${run[@]}" --format sfen -o "$tmp/bad.tsv" --resume 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'cannot resume .*bad.tsv: line 1 is not a TSV record' "$tmp/err" ||
  fail "a file that is not TSV"

# A missing file starts the run.
"$tsume" "${run[@]}" -o "$tmp/new.jsonl" --resume 2>"$tmp/err" || fail "resume of no file"
cmp -s "$tmp/new.jsonl" "$tmp/full.jsonl" || fail "resume of no file differs"

# Another seed's file, and --rate, which cannot resume.
"$tsume" generate --plies 1 --count 40 --mode training --seed 5 -o "$tmp/full.jsonl" --resume \
  2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q "cannot resume .*'g2-[0-9]*' is not a problem of seed 5" "$tmp/err" ||
  fail "a file of another seed"
"$tsume" generate --rate "$tmp/full.jsonl" -o "$tmp/r.jsonl" --resume 2>"$tmp/err"
[[ $? -eq 2 ]] && grep -q -- '--resume does not go with --rate' "$tmp/err" ||
  fail "--resume with --rate"
echo "ok"
