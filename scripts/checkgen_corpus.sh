#!/usr/bin/env bash
# Opt-in: the check-generator set test on every position of the problem sets outside the
# repository (default ../shared/problems: unit_mates.tsv, zukou.tsv, practical/*.tsv) plus random
# playouts from them. Prints how many positions were compared; exits non-zero on a mismatch.
#   scripts/checkgen_corpus.sh [PROBLEMS_DIR] [tsume_checkgen_corpus options...]
# BUILD_DIR (default build/, the release preset) and JOBS (default 2) may be set in the environment.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$root/../shared/problems
if [[ $# -gt 0 && $1 != -* ]]; then
  dir=$1
  shift
fi
build=${BUILD_DIR:-$root/build}
if [[ ! -d $dir ]]; then
  echo "checkgen_corpus: no problem directory '$dir'" >&2
  exit 2
fi
shopt -s nullglob
files=("$dir"/*.tsv "$dir"/practical/*.tsv)
if [[ ${#files[@]} -eq 0 ]]; then
  echo "checkgen_corpus: no .tsv files under '$dir'" >&2
  exit 2
fi
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTSUME_BUILD_TESTS=ON >/dev/null
cmake --build "$build" --target tsume_checkgen_corpus -j "${JOBS:-2}"
exec "$build/tests/core/tsume_checkgen_corpus" "$@" "${files[@]}"
