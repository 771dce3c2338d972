#!/usr/bin/env bash
# The published lines of a chu problem file replayed under our rules: `tsume convert --to tsv`
# writes a problem's length only when its line is legal and ends in mate, and reports a line
# with an illegal move on stderr. Every problem must come out with its published length (the
# TSV's third column), except the ones named: ILLEGAL ids must be reported as illegal, the
# others must not be.
#
#   convert_chu_lines.sh TSUME PROBLEMS.tsv [ILLEGAL_ID...]
#
# bash and coreutils/grep/awk only.
set -uo pipefail

tsume=$1
problems=$2
shift 2
illegal=" $* "
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$tsume" convert --rules chu --to tsv "$problems" >"$tmp/out" 2>"$tmp/err"
failures=0
checked=0
while IFS=$'\t' read -r _ id length _; do
  [[ -z $id ]] && continue
  checked=$((checked + 1))
  got=$(awk -F'\t' -v id="$id" '$2 == id { print $3 }' "$tmp/out")
  line_no=$(awk -F'\t' -v id="$id" '$2 == id { print NR }' "$problems")
  if [[ $illegal == *" $id "* ]]; then
    if ! grep -q "$problems:$line_no: move [0-9]* '.*' is not a legal move there" "$tmp/err"; then
      echo "FAILED: $id: its line should not replay under our rules"
      failures=$((failures + 1))
    fi
  elif [[ $got != "$length" ]]; then
    echo "FAILED: $id: the published line gives '${got:-nothing}', published length $length"
    failures=$((failures + 1))
  fi
done <"$problems"
[[ $checked -gt 0 ]] || { echo "FAILED: no problem read from $problems"; exit 1; }
echo "$checked lines replayed, $failures failed"
[[ $failures -eq 0 ]]
