#!/usr/bin/env bash
# The README's first command: sets up and builds (scripts/setup.sh), then runs the main job on
# the bundled default. With arguments it runs `tsume` with them instead:
#   bash scripts/main.sh                                  the main job below
#   bash scripts/main.sh perft --sfen startpos --depth 5  any tsume command
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh
readonly tsume="${TSUME_BUILD_DIR:-build}/cli/tsume"
readonly problems="problems/zukou.tsv"

if [[ $# -gt 0 ]]; then
  exec "$tsume" "$@"
fi

# The main job: solve the bundled 図巧 collection (100 classical problems, published lengths in
# the TSV's third column). Each problem's first mate is searched for up to TSUME_MAIN_TIME seconds
# (default 300: the hardest first mate, 第8番, takes about two minutes on 2 cores); then its exact
# length and main line are certified with at most TSUME_MAIN_CERTIFY nodes (default 1,000,000).
# Every answer gives a mate and its line; the ones whose length was not certified within that
# budget say "length at most N".
main_job() {
  local seconds="${TSUME_MAIN_TIME:-300}"
  local certify="${TSUME_MAIN_CERTIFY:-1000000}"
  echo
  echo "== tsume solve ${problems} --time ${seconds} --certify-nodes ${certify} (published lengths: column 3 of the file)"
  "$tsume" solve "$problems" --time "$seconds" --certify-nodes "$certify"
}

main_job
