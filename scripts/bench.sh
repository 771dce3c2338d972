#!/usr/bin/env bash
# Builds the Release benchmark program and prints its table (nodes and positions per second).
#   scripts/bench.sh [google-benchmark options...]   e.g. --benchmark_filter=Perft
# BUILD_DIR (default build/, the release preset) and JOBS (default 2) may be set in the environment.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTSUME_BUILD_BENCH=ON >/dev/null
cmake --build "$build" --target tsume_bench -j "${JOBS:-2}"
exec "$build/bench/tsume_bench" --benchmark_counters_tabular=true "$@"
