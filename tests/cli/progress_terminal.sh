#!/usr/bin/env bash
# The progress line on a terminal never mixes with the records written to the same terminal,
# and never wraps (at most 79 columns): solve, check and generate run under `script` (a pseudo-terminal for stdout
# and stderr alike), and the captured output is read as a terminal shows it (each line's text
# after its last carriage return).
#
#   progress_terminal.sh TSUME PROBLEMS.tsv
#
# bash, util-linux `script` and coreutils only.
set -uo pipefail

tsume=$1
problems=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
esc=$'\033'

fail() {
  echo "FAILED: $*"
  cat -v "$tmp/tty" | head -c 3000
  exit 1
}

# run NAME COMMAND...: runs the command on a pseudo-terminal and checks what the terminal shows.
run() {
  local name=$1
  shift
  script -q -e -c "$(printf '%q ' "$@")" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
    fail "$name: exit status $?"
  grep -q "ETA\|tsume generate:" "$tmp/tty" || fail "$name: no progress was shown"
  local records=0 line segment
  while IFS= read -r line; do
    line=${line%$'\r'}
    # Text overwritten after a carriage return was a progress line: it must fit in 79 columns.
    while [[ $line == *$'\r'* ]]; do
      segment=${line%%$'\r'*}
      segment=${segment//"${esc}[K"/}
      ((${#segment} <= 79)) || fail "$name: a progress line of ${#segment} columns (it wraps): $segment"
      line=${line#*$'\r'}
    done
    line=${line//"${esc}[K"/}  # erase-line codes
    case $line in
      'id '* | '{"id"'*) ((++records)) ;;
    esac
    if [[ $line == *ETA* || $line == '[#'* || $line == '[.'* || $line == 'tsume generate:'* ]]; then
      [[ $line == *'id '* || $line == *'{"id"'* ]] && fail "$name: a record on the progress line: $line"
    fi
  done <"$tmp/tty"
  ((records > 0)) || fail "$name: no record starts a line"
}

run "solve text" "$tsume" solve "$problems" --threads 1
run "solve jsonl" "$tsume" solve "$problems" --threads 1 --format jsonl
run "check" "$tsume" check "$problems" --threads 1 --step-nodes 20000 --no-pieces
run "generate" "$tsume" generate --count 3 --plies 3 --seed 5 --threads 1
echo "ok: progress on a terminal"
