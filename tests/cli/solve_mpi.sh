#!/usr/bin/env bash
# The MPI mode of `tsume solve`, `tsume check` and `tsume generate` (docs/cluster.md): under
# mpirun, the records of the single-process run, and after a killed rank, --resume completes the
# output.
#
#   solve_mpi.sh TSUME MPIEXEC PROBLEMS.tsv CHECK_PROBLEMS.tsv records|kill|generate [FOLDER]
#     (MPIEXEC: the MPI launcher CMake found, or 'none' when tsume was built without MPI, which
#      skips the test with exit status 77)
#
# records: solves the first 30 problems of PROBLEMS.tsv with a fixed node limit on one thread as
#   the reference (jsonl and text), then under `mpirun -np 1` and `mpirun --oversubscribe -np 3`
#   (one thread per rank, one record per chunk; then 4 records per chunk with an error record),
#   and checks the first 6 problems and CHECK_PROBLEMS.tsv the same way with `tsume check`, and
#   solves FOLDER (KIF, KI2 and CSA files, which rank 0 reads and sends as text): every output
#   must equal the reference apart from times.
# kill: starts `mpirun -np 3` on the first 30 problems of PROBLEMS.tsv, kills one rank (a
#   worker, then in a second run rank 0) with SIGKILL once some records are written, and checks
#   that the job ends, that what was written is a prefix of the reference's records and that
#   `--resume` under mpirun then gives the reference, every record once.
# generate: `tsume generate --seed 7` on one thread as the reference, then under mpirun with 1
#   rank, 3 ranks of one thread (3 candidates per chunk) and 2 ranks of two threads: the same
#   problems, byte for byte (and with 3 ranks the same summary apart from the time); the
#   reference cut after its first record and inside a record, then resumed with --resume under
#   3 ranks, is the reference again.
set -uo pipefail

tsume=$1
mpiexec=$2
problems=$3
check_problems=$4
mode=$5
folder=${6:-}
if [[ $mpiexec == none ]]; then
  echo "SKIPPED: tsume was built without MPI"
  exit 77
fi
# mpirun refuses root unless told; these are harmless for other users.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# No network probing in a test: the ranks run on this machine.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAILED ($mode): $*"
  for f in "$tmp"/*; do
    echo "--- $f"
    head -c 4000 "$f"
  done
  exit 1
}

strip_times() {
  grep -v '^summary: ' "$1" |
    sed -E 's/"time_ms":[0-9]+/"time_ms":T/; s/^time [0-9.]+ s$/time T/'
}
same() {  # same REFERENCE OTHER WHAT
  diff <(strip_times "$1") <(strip_times "$2") >"$tmp/diff" || fail "$3 differs from the single-process run"
  rm -f "$tmp/diff"
}
mpi() {  # mpi NP tsume arguments...
  local np=$1
  shift
  timeout 120 "$mpiexec" --oversubscribe -np "$np" "$tsume" "$@"
}

# A node limit makes every answer independent of timing; one thread per problem makes the node
# counts equal too.
head -30 "$problems" >"$tmp/problems.tsv"
solve_args=(solve "$tmp/problems.tsv" --threads 1 --nodes 10000)

case "$mode" in
  records)
    for format in jsonl text; do
      "$tsume" "${solve_args[@]}" --format "$format" -o "$tmp/reference.$format" 2>/dev/null ||
        fail "the reference run ($format) failed"
      n=$(grep -cE '^(\{"id"|id )' "$tmp/reference.$format")
      [[ $n -ge 20 ]] || fail "the reference ($format) has $n records, expected at least 20"
      for np in 1 3; do
        mpi "$np" "${solve_args[@]}" --format "$format" -o "$tmp/np$np.$format" \
          2>"$tmp/np$np.$format.err" || fail "mpirun -np $np ($format) failed"
        same "$tmp/reference.$format" "$tmp/np$np.$format" "solve -np $np ($format)"
        grep -q "^summary: $n problems" "$tmp/np$np.$format.err" ||
          fail "mpirun -np $np ($format): no summary of $n problems from rank 0 alone"
        [[ $(grep -c '^summary: ' "$tmp/np$np.$format.err") -eq 1 ]] ||
          fail "mpirun -np $np ($format): more than one summary"
      done
    done
    # Chunks of several records, a record that is an error, standard output.
    printf 'not a sfen\tbroken\n' | cat - "$tmp/problems.tsv" >"$tmp/with_error.tsv"
    "$tsume" solve "$tmp/with_error.tsv" --threads 1 --nodes 10000 --format jsonl \
      >"$tmp/reference_error.jsonl" 2>/dev/null || fail "the reference run with an error record failed"
    grep -q '"id":"broken",.*"status":"error"' "$tmp/reference_error.jsonl" ||
      fail "no error record in the reference"
    mpi 3 solve "$tmp/with_error.tsv" --threads 1 --nodes 10000 --format jsonl --chunk 4 \
      >"$tmp/np3_error.jsonl" 2>/dev/null || fail "mpirun -np 3 --chunk 4 failed"
    same "$tmp/reference_error.jsonl" "$tmp/np3_error.jsonl" "solve -np 3 --chunk 4 to stdout"
    # A folder of KIF, KI2 and CSA files.
    if [[ -n $folder ]]; then
      "$tsume" solve "$folder" --threads 1 --nodes 10000 --format jsonl \
        >"$tmp/folder_reference.jsonl" 2>/dev/null || fail "the reference run on $folder failed"
      n=$(grep -c '"status":"mate"' "$tmp/folder_reference.jsonl")
      [[ $n -ge 3 ]] || fail "the reference on $folder has $n mates, expected at least 3"
      mpi 3 solve "$folder" --threads 1 --nodes 10000 --format jsonl >"$tmp/folder_np3.jsonl" \
        2>/dev/null || fail "mpirun -np 3 on $folder failed"
      same "$tmp/folder_reference.jsonl" "$tmp/folder_np3.jsonl" "solve -np 3 on $folder"
    fi
    # check: the first 6 problems and the small check collection.
    head -6 "$problems" >"$tmp/check_problems.tsv"
    cat "$check_problems" >>"$tmp/check_problems.tsv"
    check_args=(check "$tmp/check_problems.tsv" --threads 1 --step-nodes 5000 --nodes 50000
                --format jsonl)
    "$tsume" "${check_args[@]}" -o "$tmp/check_reference.jsonl" 2>/dev/null ||
      fail "the check reference run failed"
    for np in 1 3; do
      mpi "$np" "${check_args[@]}" -o "$tmp/check_np$np.jsonl" 2>/dev/null ||
        fail "mpirun -np $np check failed"
      same "$tmp/check_reference.jsonl" "$tmp/check_np$np.jsonl" "check -np $np"
    done
    ;;
  kill)
    # Enough work for a few seconds: a kill lands in the middle of the run.
    head -30 "$problems" >"$tmp/problems.tsv"
    solve_args=(solve "$tmp/problems.tsv" --threads 1 --nodes 50000 --format jsonl)
    "$tsume" "${solve_args[@]}" -o "$tmp/reference.jsonl" 2>/dev/null ||
      fail "the reference run failed"
    total=$(wc -l <"$tmp/reference.jsonl")
    for victim in 1 0; do
      out=$tmp/killed_rank$victim.jsonl
      # The ranks inherit this marker, by which they are found below.
      marker="$tmp/rank$victim"
      TSUME_TEST_JOB=$marker mpi 3 "${solve_args[@]}" -o "$out" 2>"$out.err" &
      launcher=$!
      # Find the rank as soon as it runs, wait for 3 records, then kill it.
      pid=""
      for _ in $(seq 300); do
        # Shell builtins only: a command per process would make the scan outlast the whole job
        # on a loaded machine.
        for proc in /proc/[0-9]*; do
          mapfile -d '' -t env 2>/dev/null <"$proc/environ" || continue
          found_marker=0 found_rank=0
          for var in "${env[@]}"; do
            [[ $var == "TSUME_TEST_JOB=$marker" ]] && found_marker=1
            [[ $var == "OMPI_COMM_WORLD_RANK=$victim" ]] && found_rank=1
          done
          if ((found_marker && found_rank)); then
            pid=${proc#/proc/}
          fi
        done
        [[ -n $pid ]] && break
        sleep 0.1
      done
      for _ in $(seq 600); do
        [[ -f $out && $(wc -l <"$out") -ge 3 ]] && break
        sleep 0.05
      done
      [[ -n $pid ]] || { kill "$launcher"; fail "rank $victim of the job not found"; }
      kill -KILL "$pid"
      wait "$launcher"
      status=$?
      [[ $status -ne 0 ]] || fail "the job ended with status 0 after rank $victim was killed"
      [[ $status -ne 124 ]] || fail "the job hung after rank $victim was killed (stopped by timeout)"
      done_before=$(grep -cE '\}$' "$out")
      [[ $done_before -lt $total ]] ||
        fail "rank $victim was killed after the last record; the test needs more work"
      # What was written: complete records, a prefix of the reference (in input order).
      head -n "$done_before" "$tmp/reference.jsonl" >"$tmp/prefix.jsonl"
      same "$tmp/prefix.jsonl" <(grep -E '\}$' "$out") "the output of the killed job"
      mpi 3 "${solve_args[@]}" -o "$out" --resume 2>"$out.resume.err" ||
        fail "mpirun --resume after killing rank $victim failed"
      same "$tmp/reference.jsonl" "$out" "the output resumed after killing rank $victim"
      skipped=$(grep -oE '[0-9]+ skipped' "$out.resume.err" | grep -oE '[0-9]+')
      [[ ${skipped:-0} -ge 3 ]] || fail "the resumed run skipped ${skipped:-0} records, expected at least 3"
      echo "rank $victim killed after $done_before of $total records; resumed skipping $skipped"
    done
    ;;
  generate)
    # The same seed, the same problems, whatever the number of ranks and threads.
    gen_args=(generate --count 4 --plies 1-3 --seed 7 --format jsonl)
    "$tsume" "${gen_args[@]}" --threads 1 -o "$tmp/generate_reference.jsonl" \
      2>"$tmp/generate_reference.err" || fail "the generate reference run failed"
    n=$(grep -c '"seed":7' "$tmp/generate_reference.jsonl")
    [[ $n -eq 4 ]] || fail "the generate reference has $n problems, expected 4"
    mpi 1 "${gen_args[@]}" --threads 1 -o "$tmp/generate_np1.jsonl" 2>/dev/null ||
      fail "mpirun -np 1 generate failed"
    cmp -s "$tmp/generate_reference.jsonl" "$tmp/generate_np1.jsonl" ||
      fail "generate -np 1 differs from the single-process run"
    mpi 3 "${gen_args[@]}" --threads 1 --chunk 3 -o "$tmp/generate_np3.jsonl" \
      2>"$tmp/generate_np3.err" || fail "mpirun -np 3 generate failed"
    cmp -s "$tmp/generate_reference.jsonl" "$tmp/generate_np3.jsonl" ||
      fail "generate -np 3 --chunk 3 differs from the single-process run"
    # The summary counts the same candidates, checks and nodes.
    summary() { grep '^tsume generate: ' "$1" | sed -E 's/ in [0-9.]+ s.*//'; }
    [[ -n $(summary "$tmp/generate_reference.err") ]] || fail "no generate summary"
    [[ $(summary "$tmp/generate_reference.err") == "$(summary "$tmp/generate_np3.err")" ]] ||
      fail "generate -np 3: the summary differs from the single-process run's"
    mpi 2 "${gen_args[@]}" --threads 2 -o "$tmp/generate_np2t2.jsonl" 2>/dev/null ||
      fail "mpirun -np 2 generate --threads 2 failed"
    cmp -s "$tmp/generate_reference.jsonl" "$tmp/generate_np2t2.jsonl" ||
      fail "generate -np 2 --threads 2 differs from the single-process run"
    # --resume under mpirun: a file cut after its first record and in the middle of a record.
    size=$(wc -c <"$tmp/generate_reference.jsonl")
    for cut in $(($(head -n 1 "$tmp/generate_reference.jsonl" | wc -c))) $((size * 2 / 3)); do
      head -c "$cut" "$tmp/generate_reference.jsonl" >"$tmp/generate_resumed.jsonl"
      mpi 3 "${gen_args[@]}" --threads 1 --chunk 3 -o "$tmp/generate_resumed.jsonl" --resume \
        2>/dev/null || fail "mpirun -np 3 generate --resume failed"
      cmp -s "$tmp/generate_reference.jsonl" "$tmp/generate_resumed.jsonl" ||
        fail "generate -np 3 --resume (cut at $cut) differs from the single-process run"
    done
    ;;
  *)
    echo "solve_mpi.sh: unknown mode '$mode'" >&2
    exit 64
    ;;
esac
echo "OK ($mode)"
