#!/usr/bin/env bash
# Runs a command and checks its exit status and output; used by the CLI tests (CMakeLists.txt).
#
#   expect.sh [--rc N] [--stdout ERE]... [--stderr ERE]... [--no-stdout ERE]... [--last-line TEXT]
#             -- COMMAND ARGS...
#
# --rc N          the exit status must be N (default 0)
# --stdout ERE    some line of stdout must match the extended regular expression (grep -E)
# --stderr ERE    likewise for stderr
# --no-stdout ERE no stdout line may match
# --last-line T   the last line of stdout must be exactly T
set -uo pipefail

rc_expected=0
stdout_patterns=()
stderr_patterns=()
absent_patterns=()
last_line=
has_last_line=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rc) rc_expected="$2"; shift 2 ;;
    --stdout) stdout_patterns+=("$2"); shift 2 ;;
    --stderr) stderr_patterns+=("$2"); shift 2 ;;
    --no-stdout) absent_patterns+=("$2"); shift 2 ;;
    --last-line) last_line="$2"; has_last_line=1; shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
if [[ $# -eq 0 ]]; then
  echo "expect.sh: no command given" >&2
  exit 64
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$@" >"$tmp/out" 2>"$tmp/err"
rc=$?

failures=()
[[ "$rc" == "$rc_expected" ]] || failures+=("exit status $rc, expected $rc_expected")
for p in "${stdout_patterns[@]}"; do
  grep -Eq -- "$p" "$tmp/out" || failures+=("no stdout line matches /$p/")
done
for p in "${stderr_patterns[@]}"; do
  grep -Eq -- "$p" "$tmp/err" || failures+=("no stderr line matches /$p/")
done
for p in "${absent_patterns[@]}"; do
  if grep -Eq -- "$p" "$tmp/out"; then failures+=("a stdout line matches /$p/"); fi
done
if [[ $has_last_line == 1 ]]; then
  got=$(tail -n 1 "$tmp/out")
  [[ "$got" == "$last_line" ]] || failures+=("last stdout line is '$got', expected '$last_line'")
fi

command_line=$(printf '%q ' "$@")
if [[ ${#failures[@]} -eq 0 ]]; then
  echo "ok: ${command_line}"
  exit 0
fi
echo "FAILED: ${command_line}"
printf '  %s\n' "${failures[@]}"
echo "--- stdout (last 40 lines) ---"
tail -n 40 "$tmp/out"
echo "--- stderr (last 40 lines) ---"
tail -n 40 "$tmp/err"
exit 1
