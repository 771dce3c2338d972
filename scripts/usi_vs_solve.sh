#!/usr/bin/env bash
# Drives `tsume usi` over problem files exactly as a shogi GUI would, and compares its answers
# with `tsume solve` on the same files and limits.
#
#   bash scripts/usi_vs_solve.sh [--nodes N] [--time MS] [--tsume BIN] FILE.tsv...
#
# For each file: `tsume solve --format jsonl --nodes N` gives the reference (its `sfen` field is
# the normalised position, the defender's empty hand already turned into 残り全部). Then one
# `tsume usi` session, over a pipe pair (a bash coprocess), is sent
#   usi / setoption name NodeLimit value N / isready / usinewgame
# and for each problem
#   position sfen <sfen> / go mate <MS>
# waiting for the `checkmate ...` answer before the next problem. The answers are mapped to the
# statuses of solve: `checkmate <moves>` = mate with length = number of moves, `checkmate nomate`
# = no_mate, `checkmate timeout` = unknown. Where both are conclusive (mate or no_mate) they
# must agree on status and length; with a node limit (the default) the whole answer must agree,
# main line included, since both run the same deterministic search.
#
# Defaults: --nodes 200000 (0: none), --time 60000 ms for `go mate` (0: `go mate infinite`),
# the binary build/cli/tsume (TSUME_BUILD_DIR is honoured). Prints one line per disagreement
# and a summary per file; exits 1 when any conclusive answers disagree, 2 on usage errors.
# Needs bash 4 and awk only.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

nodes=200000
time_ms=60000
tsume="${TSUME_BUILD_DIR:-build}/cli/tsume"
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --time) time_ms="$2"; shift 2 ;;
    --tsume) tsume="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "usi_vs_solve.sh: unknown option '$1'" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [[ ${#files[@]} -eq 0 ]]; then
  echo "usage: bash scripts/usi_vs_solve.sh [--nodes N] [--time MS] [--tsume BIN] FILE.tsv..." >&2
  exit 2
fi
if [[ ! -x "$tsume" ]]; then
  echo "usi_vs_solve.sh: no binary at $tsume (build first, or pass --tsume)" >&2
  exit 2
fi
go_arg=$time_ms
[[ "$time_ms" == 0 ]] && go_arg=infinite

tmp=$(mktemp -d)
usi_pid=
cleanup() {
  if [[ -n "$usi_pid" ]]; then kill "$usi_pid" 2>/dev/null; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# The USI session (started once per file): send LINE, and read lines until one matches ERE.
send() { printf '%s\n' "$1" >&"${USI[1]}"; }
answer=
wait_for() {
  local line
  while IFS= read -r line <&"${USI[0]}"; do
    if [[ $line =~ $1 ]]; then
      answer=$line
      return 0
    fi
  done
  echo "usi_vs_solve.sh: tsume usi ended before answering /$1/" >&2
  exit 1
}

total_disagree=0
for file in "${files[@]}"; do
  if ! "$tsume" solve --format jsonl --nodes "$nodes" "$file" >"$tmp/solve.jsonl" 2>"$tmp/solve.err"; then
    echo "usi_vs_solve.sh: tsume solve failed on $file:" >&2
    cat "$tmp/solve.err" >&2
    exit 1
  fi
  # id, sfen, status, length, pv of each readable record (error records are skipped).
  awk '
    function field(name,   re, s) {
      re = "\"" name "\":(\"[^\"]*\"|null|[0-9]+)"
      if (!match($0, re)) return ""
      s = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
      gsub(/^"|"$/, "", s)
      return s
    }
    field("status") != "error" {
      printf "%s\t%s\t%s\t%s\t%s\n", field("id"), field("sfen"), field("status"), field("length"), field("pv")
    }' "$tmp/solve.jsonl" >"$tmp/solve.tsv"

  coproc USI { exec "$tsume" usi 2>/dev/null; }
  usi_pid=$USI_PID
  send usi
  wait_for '^usiok$'
  send "setoption name NodeLimit value $nodes"
  send isready
  wait_for '^readyok$'
  send usinewgame

  count=0 both=0 agree=0 same_pv=0 disagree=0 usi_only=0 solve_only=0 neither=0
  while IFS=$'\t' read -r id sfen status length pv; do
    count=$((count + 1))
    send "position sfen $sfen"
    send "go mate $go_arg"
    wait_for '^checkmate( |$)'
    moves=${answer#checkmate}
    moves=${moves# }
    case "$moves" in
      nomate) u_status=no_mate u_length=null u_pv= ;;
      timeout|"") u_status=unknown u_length=null u_pv= ;;
      *) u_status=mate u_pv=$moves; set -f; u_words=($moves); set +f; u_length=${#u_words[@]} ;;
    esac
    s_conclusive=0 u_conclusive=0
    [[ $status == mate || $status == no_mate ]] && s_conclusive=1
    [[ $u_status == mate || $u_status == no_mate ]] && u_conclusive=1
    if [[ $s_conclusive == 1 && $u_conclusive == 1 ]]; then
      both=$((both + 1))
      if [[ $status == "$u_status" && $length == "$u_length" ]]; then
        agree=$((agree + 1))
        [[ $pv == "$u_pv" ]] && same_pv=$((same_pv + 1))
        if [[ "$nodes" != 0 && $pv != "$u_pv" ]]; then
          echo "$file: $id: same length $length, other main line: solve '$pv', usi '$u_pv'"
        fi
      else
        disagree=$((disagree + 1))
        echo "$file: $id: DISAGREE: solve $status $length, usi $u_status $u_length"
      fi
    elif [[ $s_conclusive == 1 ]]; then
      solve_only=$((solve_only + 1))
      [[ "$nodes" != 0 ]] && echo "$file: $id: solve $status $length, usi $u_status (same node limit)"
    elif [[ $u_conclusive == 1 ]]; then
      usi_only=$((usi_only + 1))
      [[ "$nodes" != 0 ]] && echo "$file: $id: usi $u_status $u_length, solve $status (same node limit)"
    else
      neither=$((neither + 1))
    fi
  done <"$tmp/solve.tsv"
  send quit
  wait "$usi_pid" 2>/dev/null
  usi_pid=

  echo "$file: $count problems; both conclusive $both: $agree agree ($same_pv with the same" \
       "main line), $disagree disagree; only solve conclusive $solve_only, only usi $usi_only," \
       "neither $neither (limits: $nodes nodes, go mate $go_arg)"
  total_disagree=$((total_disagree + disagree))
done
[[ $total_disagree == 0 ]]
