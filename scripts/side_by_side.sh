#!/usr/bin/env bash
# Benchmark (opt-in): tsume and KomoringHeights (or another USI `go mate` engine with the same
# options) on one problem collection, with the same threads, time limit per problem and table
# size, in one run.
#
#   bash scripts/side_by_side.sh --kh PATH [--tsume BIN] [--threads T] [--time SECONDS]
#                                [--hash-mb MB] [--modes first,exact] [--per-problem]
#                                [--out DIR] FILE.tsv
#
# Modes (comma separated, run in the order given):
#   first  `tsume solve --answer first` (stop at the first mate found, its length not proven
#          shortest) against KomoringHeights with `PostSearchLevel None` (the same);
#   exact  `tsume solve` (the default exact answer: shortest attack, longest defence, futile
#          interpositions not counted) against `PostSearchLevel MinLength` (KomoringHeights'
#          shortest-length proof; it treats futile interpositions its own way, so lengths can
#          differ: the 1-ply `3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1` is 7 plies there).
# The first mode needs a tsume whose `solve --help` lists --answer; the script says so and stops
# before running anything when it does not.
#
# The collection is first normalised with `tsume convert --to tsv` (DIR/problems.tsv): a
# defender hand left empty (残り全部) is written out, as KomoringHeights takes a SFEN as given.
# Both engines get that file. The published length of a problem is the 3rd column of FILE for
# its id (the 2nd column), else the length of the moves of the normalised line.
#
# tsume: `tsume solve DIR/problems.tsv --threads T --time S --hash MB --quick-nodes 0 --format
# jsonl` (one process for the set: records DIR/tsume-MODE.jsonl). Its per-problem time is the
# record's time_ms; in a batch several problems may be solved at once (docs/parallel.md), so the
# sum of time_ms can exceed the run's wall time: compare the walls too, or use --per-problem.
# With --per-problem each problem is instead solved by its own `tsume solve - ...` process and
# timed by this script (wall clock, process start and table setup included). tsume's time
# includes its first touches of a large table (hundreds of ms per problem at --hash 2048 on a
# small problem); KomoringHeights clears its table at `isready`, outside the per-problem times.
# KomoringHeights: one USI session per mode through scripts/usi_mate_bench.sh (setoption Threads,
# USI_Hash, PostSearchLevel; then `go mate S*1000` per problem, timed from `go` to `checkmate`).
# Its run wall includes the engine start and the USI_Hash allocation at `isready`.
#
# A mate found: tsume status mate; KomoringHeights `checkmate <moves>`. Its length: tsume's
# length, the number of KomoringHeights' moves. tsume's length_exact (true: certified exact) is kept per
# problem and counted; `--answer first`, or a time limit hit during the certification, leaves it
# false. A problem that ends unsolved counts the time it took.
# "Ran to the time limit" counts the problems whose time reached --time: for tsume these are
# unknown, or a mate whose length was not certified; KomoringHeights can still answer a mate
# then (the best line of a post-search cut short, its length not proven shortest).
#
# Output: DIR/MODE.tsv, one line per problem (a header line first): id, published length,
# tsume status, length, length_exact and ms, KomoringHeights status, length and ms; on stdout
# (and DIR/MODE.summary), per mode: problems, mates found and mates of the published length by
# each engine, the total seconds of each (sum of per-problem times, and the run's wall time),
# and the ratios tsume/KomoringHeights (of the sums, of the walls, and of the sums over the
# problems both found a mate).
#
# Defaults: --threads 2, --time 60 (seconds, > 0), --hash-mb 2048, --modes first,exact, the
# binary build/cli/tsume (TSUME_BUILD_DIR is honoured), --out a new temporary folder (kept, its
# path printed). Needs bash 4, awk and date with %N.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build

kh=
tsume=$build/cli/tsume
threads=2
time_s=60
hash_mb=2048
modes=first,exact
per_problem=0
out=
file=
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kh) kh=$2; shift 2 ;;
    --tsume) tsume=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --time) time_s=$2; shift 2 ;;
    --hash-mb) hash_mb=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --per-problem) per_problem=1; shift ;;
    --out) out=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "side_by_side.sh: unknown option '$1'" >&2; exit 2 ;;
    *) file=$1; shift ;;
  esac
done
usage="usage: bash scripts/side_by_side.sh --kh PATH [--threads T] [--time S] [--hash-mb MB] [--modes first,exact] [--per-problem] [--out DIR] FILE.tsv"
[[ -n $kh && -n $file ]] || { echo "$usage" >&2; exit 2; }
[[ -x $kh ]] || { echo "side_by_side.sh: no engine at $kh" >&2; exit 2; }
[[ -x $tsume ]] || { echo "side_by_side.sh: no binary at $tsume (build first, or pass --tsume)" >&2; exit 2; }
[[ -r $file ]] || { echo "side_by_side.sh: cannot read $file" >&2; exit 2; }
for n in "$threads" "$time_s" "$hash_mb"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "side_by_side.sh: --threads, --time and --hash-mb take positive integers" >&2; exit 2; }
done
IFS=, read -r -a mode_list <<<"$modes"
for mode in "${mode_list[@]}"; do
  case "$mode" in
    first)
      solve_help=$("$tsume" solve --help 2>/dev/null)
      if [[ $solve_help != *--answer* ]]; then
        echo "side_by_side.sh: $tsume has no 'solve --answer' (first mode); use --modes exact" >&2
        exit 2
      fi ;;
    exact) ;;
    *) echo "side_by_side.sh: unknown mode '$mode' (first, exact)" >&2; exit 2 ;;
  esac
done
if [[ -z $out ]]; then
  out=$(mktemp -d "${TMPDIR:-/tmp}/side_by_side.XXXXXX")
else
  mkdir -p "$out" || exit 2
fi
out=$(cd "$out" && pwd)

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# The normalised collection, and the published lengths (id <TAB> length).
if ! "$tsume" convert --to tsv "$file" >"$out/problems.tsv" 2>"$out/convert.err"; then
  echo "side_by_side.sh: tsume convert reported problems it could not read (skipped):" >&2
  cat "$out/convert.err" >&2
fi
awk -F'\t' '
  NR == FNR { if ($1 != "" && $1 !~ /^#/ && NF >= 3) pub[$2] = $3; next }
  { print $2 "\t" (($2 in pub) ? pub[$2] : $3) }' "$file" "$out/problems.tsv" >"$out/published.tsv"
count=$(wc -l <"$out/published.tsv")
[[ $count -gt 0 ]] || { echo "side_by_side.sh: no problems in $file" >&2; exit 1; }

tsume_run="one batch process"
[[ $per_problem == 1 ]] && tsume_run="one process per problem"
echo "side_by_side: $count problems of $file; threads $threads, time $time_s s per problem," \
     "hash $hash_mb MB; tsume $tsume ($tsume_run), KomoringHeights $kh; records in $out"

tsume_args=(--threads "$threads" --time "$time_s" --hash "$hash_mb" --quick-nodes 0 --format jsonl)
for mode in "${mode_list[@]}"; do
  case "$mode" in
    first) answer_args=(--answer first) kh_level=None ;;
    exact) answer_args=() kh_level=MinLength ;;
  esac

  # tsume: records in tsume-MODE.jsonl; with --per-problem the script's wall per problem in
  # tsume-MODE.wall (id <TAB> ms).
  jsonl=$out/tsume-$mode.jsonl
  : >"$jsonl"
  : >"$out/tsume-$mode.wall"
  start=$(now_ms)
  if [[ $per_problem == 1 ]]; then
    while IFS= read -r line; do
      [[ -z $line ]] && continue
      t0=$(now_ms)
      printf '%s\n' "$line" | "$tsume" solve - "${tsume_args[@]}" "${answer_args[@]}" >>"$jsonl" 2>>"$out/tsume-$mode.err"
      printf '%s\t%s\n' "$(cut -f2 <<<"$line")" "$(($(now_ms) - t0))" >>"$out/tsume-$mode.wall"
    done <"$out/problems.tsv"
  else
    "$tsume" solve "$out/problems.tsv" "${tsume_args[@]}" "${answer_args[@]}" -o "$jsonl" 2>"$out/tsume-$mode.err"
  fi
  rc=$?
  tsume_wall=$(($(now_ms) - start))
  [[ $rc == 0 ]] || { echo "side_by_side.sh: tsume solve failed ($rc):" >&2; cat "$out/tsume-$mode.err" >&2; exit 1; }

  # KomoringHeights: usi_mate_bench.sh lines (label, id, status, length, file length, ms, moves).
  start=$(now_ms)
  bash "$root/scripts/usi_mate_bench.sh" --engine "$kh" --label "kh-$mode" --time $((time_s * 1000)) \
    --option "Threads=$threads" --option "USI_Hash=$hash_mb" --option "PostSearchLevel=$kh_level" \
    "$out/problems.tsv" >"$out/kh-$mode.tsv" 2>"$out/kh-$mode.err"
  rc=$?
  kh_wall=$(($(now_ms) - start))
  [[ $rc == 0 ]] || { echo "side_by_side.sh: the KomoringHeights run failed ($rc):" >&2; cat "$out/kh-$mode.err" >&2; exit 1; }

  # Per problem: id, published, tsume status/length/ms, kh status/length/ms (input order).
  awk -F'\t' -v OFS='\t' -v mode="$mode" -v per_problem="$per_problem" '
    function field(name,   re, s) {
      re = "\"" name "\":(\"[^\"]*\"|null|true|false|-?[0-9]+)"
      if (!match($0, re)) return ""
      s = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
      gsub(/^"|"$/, "", s)
      return s
    }
    FILENAME ~ /\.jsonl$/ {
      id = field("id"); st[id] = field("status"); ms[id] = field("time_ms")
      len = field("length")
      tl[id] = (len ~ /^[0-9]+$/) ? len : "-"
      ex[id] = field("length_exact") == "true" ? "true" : "false"
      next
    }
    FILENAME ~ /\.wall$/ { if (per_problem) ms[$1] = $2; next }
    FILENAME ~ /kh-[a-z]+\.tsv$/ { ks[$2] = $3; kl[$2] = $4; kms[$2] = $6; next }
    {
      id = $1
      print id, $2, (id in st) ? st[id] : "missing", (id in tl) ? tl[id] : "-",
            (id in ex) ? ex[id] : "false", (id in ms) ? ms[id] : 0,
            (id in ks) ? ks[id] : "missing", (id in kl) ? kl[id] : "-", (id in kms) ? kms[id] : 0
    }' "$jsonl" "$out/tsume-$mode.wall" "$out/kh-$mode.tsv" "$out/published.tsv" >"$out/$mode.body"
  { printf 'id\tpublished\ttsume_status\ttsume_length\ttsume_length_exact\ttsume_ms\tkh_status\tkh_length\tkh_ms\n'
    cat "$out/$mode.body"; } >"$out/$mode.tsv"
  rm -f "$out/$mode.body"

  if [[ $per_problem == 1 ]]; then
    tsume_how="per-problem wall of its own process"
  else
    tsume_how="sum of jsonl time_ms, problems may overlap in the batch"
  fi
  awk -F'\t' -v mode="$mode" -v tw="$tsume_wall" -v kw="$kh_wall" -v how="$tsume_how" -v limit=$((time_s * 1000)) '
    function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "-" }
    NR > 1 {
      n++; tt += $6; kt += $9; if ($6 >= limit) tl++; if ($9 >= limit) kl++
      if ($4 != "-") { tm++; if ($4 == $2) te++; if ($5 == "true") tx++ }
      if ($8 != "-") { km++; if ($8 == $2) ke++ }
      if ($4 != "-" && $8 != "-") { both++; bt += $6; bk += $9 }
    }
    END {
      printf "%s: %d problems\n", mode, n
      printf "  tsume: %d mates (%d of them with the exact length certified), %d with the published length, %d ran to the time limit; %.1f s (%s), run wall %.1f s\n",
             tm, tx, te, tl, tt / 1000, how, tw / 1000
      printf "  KH:    %d mates, %d with the published length, %d ran to the time limit; %.1f s (sum of go-to-checkmate walls), run wall %.1f s (start and USI_Hash allocation included)\n",
             km, ke, kl, kt / 1000, kw / 1000
      printf "  ratio tsume/KH: %s by per-problem sums, %s by run walls; %s on the %d problems both mated (%.1f s / %.1f s)\n",
             ratio(tt, kt), ratio(tw, kw), ratio(bt, bk), both, bt / 1000, bk / 1000
    }' "$out/$mode.tsv" | tee "$out/$mode.summary"
done
for mode in "${mode_list[@]}"; do echo "side_by_side: $mode per problem: $out/$mode.tsv"; done
