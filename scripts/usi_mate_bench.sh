#!/usr/bin/env bash
# Benchmark (opt-in): any USI mate engine over a problem file, as a GUI drives it, for side by
# side comparisons (tsume usi, KomoringHeights or another `go mate` engine built elsewhere).
#
#   bash scripts/usi_mate_bench.sh --engine CMD [--option NAME=VALUE]... [--time MS]
#                                  [--label NAME] FILE.tsv
#
# One session: usi / setoption for each --option / isready / usinewgame, then per problem
#   position sfen <sfen> / go mate <MS>
# timing each answer (wall clock from `go` to `checkmate`). The SFEN is taken as written, so a
# file whose defender hands are empty (残り全部 convention) must first be normalised, e.g. with
# `tsume convert --to tsv` or by taking the `sfen` field of `tsume solve --format jsonl`.
# Writes one TSV line per problem to stdout: label, id, status (mate/no_mate/unknown), length,
# the file's length column, milliseconds, main line; and a summary to stderr: problems, mates,
# mates with the file's length, total and median time.
#
# Default --time 60000. Needs bash 4, awk and date with %N.
set -uo pipefail

engine=
options=()
time_ms=60000
label=engine
file=
while [[ $# -gt 0 ]]; do
  case "$1" in
    --engine) engine=$2; shift 2 ;;
    --option) options+=("$2"); shift 2 ;;
    --time) time_ms=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "usi_mate_bench.sh: unknown option '$1'" >&2; exit 2 ;;
    *) file=$1; shift ;;
  esac
done
[[ -n $engine && -n $file ]] || { echo "usage: usi_mate_bench.sh --engine CMD FILE.tsv" >&2; exit 2; }

coproc USI { exec $engine 2>/dev/null; }
usi_pid=$USI_PID
trap 'kill "$usi_pid" 2>/dev/null' EXIT
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
  echo "usi_mate_bench.sh: the engine ended before answering /$1/" >&2
  exit 1
}

send usi
wait_for '^usiok$'
for o in "${options[@]}"; do send "setoption name ${o%%=*} value ${o#*=}"; done
send isready
wait_for '^readyok$'
send usinewgame

now_ms() { echo $(($(date +%s%N) / 1000000)); }
results=$(mktemp)
trap 'kill "$usi_pid" 2>/dev/null; rm -f "$results"' EXIT
while IFS=$'\t' read -r sfen id length _; do
  [[ -z $sfen || $sfen == \#* ]] && continue
  send "position sfen $sfen"
  start=$(now_ms)
  send "go mate $time_ms"
  wait_for '^checkmate( |$)'
  ms=$(($(now_ms) - start))
  moves=${answer#checkmate}
  moves=${moves# }
  case "$moves" in
    nomate) status=no_mate n=- ;;
    timeout | "") status=unknown n=- ;;
    *) status=mate; set -f; words=($moves); set +f; n=${#words[@]} ;;
  esac
  [[ $status == mate ]] || moves=
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$id" "$status" "$n" "$length" "$ms" "$moves" |
    tee -a "$results"
done <"$file"
send quit
wait "$usi_pid" 2>/dev/null
median=$(cut -f6 "$results" | sort -n | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }')
awk -F'\t' -v label="$label" -v med="$median" '
  { n++; t += $6; if ($3 == "mate") { m++; if ($4 == $5) eq++ } }
  END {
    printf "%s: %d problems, %d mate, %d with the file'"'"'s length; time %.1f s, median %d ms\n",
           label, n, m, eq, t / 1000, med > "/dev/stderr"
  }' "$results"
