#!/usr/bin/env bash
# Ctrl-C in the middle of a batch: `tsume solve` and `tsume check` stop with exit status 130 and
# "; interrupted" in the summary, leave only complete records in the -o file (the records in
# progress are not written), and --resume then writes the rest: every id of the input exactly
# once, in input order.
#
#   batch_interrupt.sh TSUME PROBLEMS.tsv COMMAND [OPTION...]
#
# The batch gets SIGINT as soon as its first record is in the file. bash and coreutils only.
set -uo pipefail

tsume=$1
problems=$2
command=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The last lines of the output and of the messages (tail names each file).
fail() {
  echo "FAILED ($command): $*"
  tail -n 5 "$tmp"/out "$tmp"/*.err
  exit 1
}

# The ids of the input (the TSV's second column), and those of a jsonl output, in order.
input_ids() { grep -v '^#' "$problems" | grep -v '^$' | cut -f2; }
output_ids() { sed -E 's/^\{"id":"([^"]*)".*/\1/' "$1"; }
# A complete jsonl record is one line from {"id": to its closing brace.
complete() { ! grep -qvE '^\{"id":".*\}$' "$1"; }

"$tsume" "$command" "$problems" --format jsonl -o "$tmp/out" "$@" >/dev/null 2>"$tmp/first.err" &
pid=$!
for _ in $(seq 1 600); do
  [[ -s $tmp/out ]] && break
  sleep 0.05
done
[[ -s $tmp/out ]] || fail "no record written after 30 s"
kill -INT "$pid"
wait "$pid"
rc=$?
[[ $rc -eq 130 ]] || fail "exit status $rc after SIGINT, expected 130 (the batch may have been too short)"
grep -q "; interrupted$" "$tmp/first.err" || fail "no '; interrupted' in the summary"
complete "$tmp/out" || fail "an incomplete record was written"
written=$(wc -l <"$tmp/out")
total=$(input_ids | wc -l)
((written < total)) || fail "all $total records written although interrupted"
diff <(input_ids | head -n "$written") <(output_ids "$tmp/out") >/dev/null ||
  fail "the records written are not the first $written of the input"

"$tsume" "$command" "$problems" --format jsonl -o "$tmp/out" --resume "$@" >/dev/null \
  2>"$tmp/resume.err" || fail "the resumed run failed"
grep -q "; $written skipped" "$tmp/resume.err" || fail "the resumed run did not skip $written records"
complete "$tmp/out" || fail "an incomplete record after --resume"
diff <(input_ids) <(output_ids "$tmp/out") >/dev/null ||
  fail "after --resume the ids are not those of the input, each once, in order"
echo "ok: $command interrupted after $written of $total records, resumed"
