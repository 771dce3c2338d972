#!/usr/bin/env bash
# The README's second command and the CI job (.ci/run): sets up, builds and runs the tests.
#   bash scripts/test.sh              default suite (tests labelled `slow` are left out)
#   TSUME_SLOW=1 bash scripts/test.sh everything, the slow perft depths included
#   bash scripts/test.sh -R cli       extra arguments go to ctest
# Exits non-zero when the build or any test fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
readonly build_dir="${TSUME_BUILD_DIR:-build}"

labels=(-LE slow)
if [[ "${TSUME_SLOW:-0}" == 1 ]]; then
  labels=()
fi
echo "test: ctest in ${build_dir}/ ${labels[*]:-(all labels)}"
ctest --test-dir "${build_dir}" --output-on-failure -j2 --no-tests=error "${labels[@]}" "$@"
