#!/usr/bin/env bash
# `tsume solve --rules chu` and `tsume check --rules chu` on the batch runner (docs/batch.md):
# -o FILE and --resume after a cut (nothing lost, nothing twice), --threads 2 against
# --threads 1, error records that do not stop the batch, the summary and the exit status.
#
#   large_batch.sh TSUME PROBLEMS_DIR
#
# The problems are the first five of problems/chu_hand.tsv, each a mate in 1 ply by its hand
# analysis (problems/README.md): solve finds 5 mates of the stated length, check 5 SOUND
# verdicts. bash, coreutils, grep and sed only.
set -uo pipefail

tsume=$1
problems=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED: $*"
  for f in "$tmp"/*; do
    [[ -f $f ]] && { echo "--- $f"; head -n 40 "$f"; }
  done
  exit 1
}
expect() { grep -Eq -- "$2" "$1" || fail "no line of $1 matches /$2/"; }

grep -v '^#' "$problems/chu_hand.tsv" | head -n 5 >"$tmp/five.tsv"
[[ $(wc -l <"$tmp/five.tsv") -eq 5 ]] || fail "five problems expected in chu_hand.tsv"
[[ $(cut -f3 "$tmp/five.tsv" | sort -u) == 1 ]] || fail "the first five should be mates in 1"

# What differs between two runs: the times.
strip_times() { sed -E 's/"time_ms":[0-9]+/"time_ms":T/; s/^time [0-9.]+ s$/time T/' "$1"; }
# The ids of the records, in order.
ids() { sed -nE 's/^id (.*)$/\1/p; s/^\{"id":"([^"]*)".*/\1/p' "$1"; }

for command in solve check; do
  for format in text jsonl; do
    run="$command $format"
    # The reference: one thread, into a file; the summary on the error stream.
    "$tsume" "$command" --rules chu --threads 1 --format $format -o "$tmp/ref" "$tmp/five.tsv" \
      >"$tmp/out" 2>"$tmp/err" || fail "$run: the reference run failed"
    diff <(ids "$tmp/ref") <(cut -f2 "$tmp/five.tsv") >/dev/null || fail "$run: ids of the reference"
    expect "$tmp/err" "^summary: 5 problems: "
    if [[ $command == solve ]]; then
      [[ $(grep -cE '^length 1$|"status":"mate","length":1,' "$tmp/ref") -eq 5 ]] ||
        fail "$run: five mates in 1"
    else
      [[ $(grep -cE '^verdict SOUND \(|"verdict":"SOUND",' "$tmp/ref") -eq 5 ]] ||
        fail "$run: five SOUND verdicts"
    fi

    # The first record and a cut piece of the second (as a kill during a write leaves it), then
    # --resume: the rest appended, each id once, the records those of the reference.
    if [[ $format == jsonl ]]; then
      first=$(head -n 1 "$tmp/ref" | wc -c)
    else
      first=$(sed '/^$/q' "$tmp/ref" | wc -c)
    fi
    head -c $((first + 12)) "$tmp/ref" >"$tmp/resumed"
    "$tsume" "$command" --rules chu --format $format -o "$tmp/resumed" --resume "$tmp/five.tsv" \
      >"$tmp/out" 2>"$tmp/err" || fail "$run: the resumed run failed"
    expect "$tmp/err" "^summary: 4 problems: .*; 1 skipped \(already in the output\)"
    [[ -z $(ids "$tmp/resumed" | sort | uniq -d) ]] || fail "$run: records written twice"
    diff <(strip_times "$tmp/ref") <(strip_times "$tmp/resumed") >/dev/null ||
      fail "$run: the resumed output differs from the reference"

    # Two problems at once: the same records in the same order.
    "$tsume" "$command" --rules chu --threads 2 --format $format "$tmp/five.tsv" >"$tmp/two" \
      2>"$tmp/err" || fail "$run: --threads 2 failed"
    sed -i '/^summary: /d' "$tmp/two"  # text: the summary also ends standard output
    diff <(strip_times "$tmp/ref") <(strip_times "$tmp/two") >/dev/null ||
      fail "$run: --threads 2 differs from --threads 1"
  done

  # Bad records (a short rank, a JSON line without "sfen", a file that is KIF) become error
  # records in their place; the batch goes on and exits 0.
  {
    sed -n 1p "$tmp/five.tsv"
    printf '6k5/5ppp4/R11/12/12/12/12/12/12/12/K11 b - 1\tshort\n'
    printf '{"id":"no-sfen","length":1}\n'
    sed -n 2p "$tmp/five.tsv"
  } >"$tmp/bad.tsv"
  printf '#KIF version=2.0 encoding=UTF-8\n' >"$tmp/problem.kif"
  "$tsume" "$command" --rules chu --format jsonl "$tmp/bad.tsv" "$tmp/problem.kif" \
    >"$tmp/out" 2>"$tmp/err" || fail "$command: bad records: exit status $?, expected 0"
  diff <(ids "$tmp/out") <(printf '%s\n' chu-hand-001 short no-sfen chu-hand-002 \
    "$tmp/problem.kif:1") >/dev/null || fail "$command: the records in input order"
  [[ $(grep -cE '"(status|verdict)":"(error|ERROR)"' "$tmp/out") -eq 3 ]] ||
    fail "$command: three error records"
  expect "$tmp/out" '^\{"id":"short",.*"error":".*rank'
  expect "$tmp/out" 'a KIF, KI2 or CSA file'
  expect "$tmp/err" "^summary: 5 problems: "
  # Only bad records: exit status 1.
  "$tsume" "$command" --rules chu "$tmp/problem.kif" >"$tmp/out" 2>"$tmp/err"
  [[ $? -eq 1 ]] || fail "$command: only an error record: exit status 1 expected"
done
# check names the place of a bad record on the error stream.
"$tsume" check --rules chu "$tmp/bad.tsv" >"$tmp/out" 2>"$tmp/err"
expect "$tmp/err" "bad.tsv:2: invalid SFEN"
# Standard input holds SFEN lines under --rules chu.
"$tsume" solve --rules chu --format jsonl - <"$tmp/five.tsv" >"$tmp/out" 2>"$tmp/err" ||
  fail "solve from standard input"
diff <(ids "$tmp/out") <(cut -f2 "$tmp/five.tsv") >/dev/null || fail "ids from standard input"
echo "large_batch: ok"
