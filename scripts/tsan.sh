#!/usr/bin/env bash
# Builds the ThreadSanitizer preset (build-tsan/) and runs the concurrent code under it: the USI
# engine's scripted session (a reader and a search thread, commands queued during searches), the
# parallel search's and table's unit tests, the batch runner's (its pool, in-order writer and
# interruption), and `tsume generate` on two threads of the run's pool (random and reverse
# methods). Exits non-zero on any report or failure.
#
#   bash scripts/tsan.sh
#
# Opt-in (several minutes on 2 cores); run it after changing cli/usi.cpp, solver/parallel, batch/,
# generator/ or the transposition table.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cmake --preset tsan >/dev/null
cmake --build build-tsan --parallel 2 --target tsume tsume_parallel_tests tsume_search_tests \
  tsume_batch_tests
# halt_on_error: the first report fails the run. allocator_may_return_null: the session asks for
# a table too large to allocate and expects calloc to fail, not the sanitizer to abort.
export TSAN_OPTIONS="halt_on_error=1 allocator_may_return_null=1 ${TSAN_OPTIONS:-}"
echo "tsan: USI session"
USI_TIMEOUT_SCALE=10 bash tests/cli/usi_session.sh build-tsan/cli/tsume
echo "tsan: parallel, search and batch tests"
build-tsan/tests/parallel/tsume_parallel_tests --gtest_brief=1
build-tsan/tests/search/tsume_search_tests --gtest_brief=1
build-tsan/tests/batch/tsume_batch_tests --gtest_brief=1
echo "tsan: generate on two threads"
build-tsan/cli/tsume generate --count 2 --plies 3-5 --max-candidates 32 --threads 2 >/dev/null
build-tsan/cli/tsume generate --method reverse --count 1 --plies 7 --seed-plies 5 --threads 2 \
  --time 60 >/dev/null
echo "tsan: no report"
