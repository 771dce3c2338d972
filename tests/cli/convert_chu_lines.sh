#!/usr/bin/env bash
# The published lines of a chu problem file replayed under our rules. Each problem's position
# and line are given to `tsume convert --to tsv` as '<SFEN> moves <line>' (no length), which
# writes the number of moves when the line is legal and ends in mate, '-' when it is legal and
# stops with a defence left, and reports a line with an illegal move on stderr. Every problem
# must come out with its published length (the TSV's third column), except the ones named
# after --unfinished (must come out '-') and after --illegal (must be reported).
#
#   convert_chu_lines.sh TSUME PROBLEMS.tsv [--unfinished ID...] [--illegal ID...]
#
# bash and coreutils/grep/awk only.
set -uo pipefail

tsume=$1
problems=$2
shift 2
unfinished=" "
illegal=" "
list=
for arg in "$@"; do
  case $arg in
  --unfinished | --illegal) list=$arg ;;
  *)
    [[ $list == --unfinished ]] && unfinished+="$arg "
    [[ $list == --illegal ]] && illegal+="$arg "
    [[ -z $list ]] && { echo "FAILED: '$arg' before --unfinished or --illegal"; exit 2; }
    ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One '<SFEN> moves <line>' per problem: the converted records are named lines.sfen:<record>.
awk -F'\t' 'NF >= 4 { print $1 " moves " $4 }' "$problems" >"$tmp/lines.sfen"
(cd "$tmp" && "$tsume" convert --rules chu --to tsv lines.sfen >out 2>err)
failures=0
record=0
while IFS=$'\t' read -r _ id length _; do
  [[ -z $id ]] && continue
  record=$((record + 1))
  got=$(awk -F'\t' -v name="lines.sfen:$record" '$2 == name { print $3 }' "$tmp/out")
  if [[ $illegal == *" $id "* ]]; then
    grep -q "^tsume convert: lines.sfen:$record: move [0-9]* '.*' is not a legal move there" \
      "$tmp/err" || { echo "FAILED: $id: its line should not replay"; failures=$((failures + 1)); }
  elif [[ $unfinished == *" $id "* ]]; then
    [[ $got == - ]] || { echo "FAILED: $id: '${got:-nothing}', expected '-'"; failures=$((failures + 1)); }
  elif [[ $got != "$length" ]]; then
    echo "FAILED: $id: the published line gives '${got:-nothing}', published length $length"
    failures=$((failures + 1))
  fi
done <"$problems"
[[ $record -gt 0 ]] || { echo "FAILED: no problem read from $problems"; exit 1; }
echo "$record lines replayed, $failures failed"
[[ $failures -eq 0 ]]
