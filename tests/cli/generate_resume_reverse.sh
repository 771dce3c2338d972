#!/usr/bin/env bash
# `tsume generate --method reverse --resume`: the run keeps its state in FILE.checkpoint, and a
# run resumed from it writes the same file as one uninterrupted run: after a run that ended by
# its count (sfen, jsonl), after a run killed at any moment (a checkpoint after every unit of
# work, the output cut inside a record), after Ctrl-C, after its checkpoint was lost with the
# file still empty; with at most one problem per idea (--per-idea). Refused with the reason: a
# damaged checkpoint, a checkpoint of other options, a file with records and no checkpoint.
#
#   generate_resume_reverse.sh TSUME
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

# Waits (8 s at most) until FILE holds N lines.
wait_for_lines() {
  for _ in $(seq 400); do
    [[ -f $1 && $(wc -l <"$1") -ge $2 ]] && return
    sleep 0.02
  done
}

run=(generate --method reverse --plies 7-11 --seed 1)
for fmt in sfen jsonl; do
  "$tsume" "${run[@]}" --count 8 --format "$fmt" -o "$tmp/full.$fmt" 2>"$tmp/err" ||
    fail "generate ($fmt)"
  [[ $(wc -l <"$tmp/full.$fmt") -eq 8 ]] || fail "8 problems ($fmt)"
  [[ -f $tmp/full.$fmt.checkpoint ]] || fail "no checkpoint ($fmt)"
  # Ended by its count, then resumed with a larger one (and another thread count).
  "$tsume" "${run[@]}" --count 3 --format "$fmt" -o "$tmp/part.$fmt" 2>"$tmp/err" ||
    fail "generate 3 ($fmt)"
  "$tsume" "${run[@]}" --count 8 --threads 2 --format "$fmt" -o "$tmp/part.$fmt" --resume \
    2>"$tmp/err" || fail "resume ($fmt)"
  cmp -s "$tmp/part.$fmt" "$tmp/full.$fmt" || fail "resumed after 3 ($fmt) differs"
  grep -q '^tsume generate: 8 problems' "$tmp/err" && grep -q ', 3 problems already in the file' "$tmp/err" ||
    fail "no resumed count ($fmt)"
done

# Killed at some moment (the sooner the better), with a checkpoint after every unit of work; the
# last record cut in half as a kill in the middle of a write leaves it.
cut_short=0
for wait_lines in 1 3 5; do
  rm -f "$tmp/kill.sfen" "$tmp/kill.sfen.checkpoint"
  "$tsume" "${run[@]}" --count 8 --format sfen --checkpoint 0 -o "$tmp/kill.sfen" 2>/dev/null &
  pid=$!
  wait_for_lines "$tmp/kill.sfen" "$wait_lines"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  [[ $(wc -l <"$tmp/kill.sfen") -lt 8 ]] && cut_short=$((cut_short + 1))
  head -c 30 "$tmp/full.sfen" >>"$tmp/kill.sfen"
  "$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/kill.sfen" --resume 2>"$tmp/err" ||
    fail "resume after a kill ($wait_lines)"
  cmp -s "$tmp/kill.sfen" "$tmp/full.sfen" || fail "resumed after a kill ($wait_lines) differs"
done
[[ $cut_short -ge 1 ]] || fail "no run was killed before its end: the kills test nothing"

# At most one problem per idea (--per-idea 1, every sound extension written): the uncapped run
# writes an idea twice, the capped one each idea once, and resumed after 3 problems it writes the
# same file (the ideas of the problems kept count toward the cap).
idea=(generate --method reverse --plies 7 --seed-plies 3-5 --all-extensions)
"$tsume" "${idea[@]}" --count 6 -o "$tmp/ideas0.jsonl" 2>"$tmp/err" || fail "generate (ideas)"
[[ -n $(grep -o '"idea":"[0-9a-f]*"' "$tmp/ideas0.jsonl" | sort | uniq -d) ]] ||
  fail "no idea written twice without --per-idea: the cap would test nothing"
"$tsume" "${idea[@]}" --count 6 --per-idea 1 -o "$tmp/ideas.jsonl" 2>"$tmp/err" ||
  fail "--per-idea 1"
grep -q 'not written for their idea' "$tmp/err" || fail "--per-idea 1 refused nothing"
[[ $(wc -l <"$tmp/ideas.jsonl") -eq 6 ]] || fail "--per-idea 1: not 6 problems"
[[ -z $(grep -o '"idea":"[0-9a-f]*"' "$tmp/ideas.jsonl" | sort | uniq -d) ]] ||
  fail "--per-idea 1 wrote an idea twice"
"$tsume" "${idea[@]}" --per-idea 1 --count 3 -o "$tmp/ideas3.jsonl" 2>"$tmp/err" ||
  fail "--per-idea 1, 3 problems"
"$tsume" "${idea[@]}" --count 6 --per-idea 1 -o "$tmp/ideas3.jsonl" --resume 2>"$tmp/err" ||
  fail "--per-idea 1 resumed"
cmp -s "$tmp/ideas3.jsonl" "$tmp/ideas.jsonl" || fail "--per-idea 1 resumed differs"
"$tsume" "${idea[@]}" --count 6 -o "$tmp/ideas3.jsonl" --resume 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'other options (per_idea=1 there, per_idea=0 here)' "$tmp/err" ||
  fail "a checkpoint of --per-idea 1 resumed without it"

# Ctrl-C (SIGINT) with the default --checkpoint (a minute: no checkpoint but the first before
# the stop): the run writes one at the stop that counts every record in the file, and the
# resumed run ends as the uninterrupted one.
rm -f "$tmp/int.sfen" "$tmp/int.sfen.checkpoint"
"$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/int.sfen" 2>/dev/null &
pid=$!
wait_for_lines "$tmp/int.sfen" 2
kill -INT "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
lines=$(wc -l <"$tmp/int.sfen")
if ((lines < 8)); then
  grep -q "^output-bytes [0-9]* records $lines " "$tmp/int.sfen.checkpoint" ||
    fail "the checkpoint at Ctrl-C does not count the $lines records of the file"
fi
"$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/int.sfen" --resume 2>"$tmp/err" ||
  fail "resume after Ctrl-C"
cmp -s "$tmp/int.sfen" "$tmp/full.sfen" || fail "resumed after Ctrl-C differs"

# An empty file whose checkpoint was lost is a new run.
: >"$tmp/empty.sfen"
"$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/empty.sfen" --resume 2>"$tmp/err" ||
  fail "resume of an empty file"
cmp -s "$tmp/empty.sfen" "$tmp/full.sfen" || fail "resume of an empty file differs"

# Refusals, the file left as it was.
"$tsume" "${run[@]}" --count 3 --format sfen -o "$tmp/r.sfen" 2>"$tmp/err" || fail "generate r"
cp "$tmp/r.sfen" "$tmp/r.before"
sed -i '5s/[0-9]/x/' "$tmp/r.sfen.checkpoint"
"$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/r.sfen" --resume 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'cannot resume .*r.sfen: .*r.sfen.checkpoint:3: damaged' "$tmp/err" ||
  fail "a damaged checkpoint"
"$tsume" "${run[@]}" --count 3 --format sfen -o "$tmp/r.sfen" 2>"$tmp/err" || fail "generate r"
"$tsume" "${run[@]}" --tries 50 --count 8 --format sfen -o "$tmp/r.sfen" --resume 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'other options (tries=96 there, tries=50 here)' "$tmp/err" ||
  fail "a checkpoint of other options"
rm "$tmp/r.sfen.checkpoint"
"$tsume" "${run[@]}" --count 8 --format sfen -o "$tmp/r.sfen" --resume 2>"$tmp/err"
[[ $? -eq 1 ]] && grep -q 'cannot resume .*r.sfen: no checkpoint .*r.sfen.checkpoint' "$tmp/err" ||
  fail "records without a checkpoint"
cmp -s "$tmp/r.sfen" "$tmp/r.before" || fail "a refused resume changed the file"
echo "ok"
