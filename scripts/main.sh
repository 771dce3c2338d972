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
# the TSV's third column). Each problem's first mate is searched with at most TSUME_MAIN_NODES
# nodes (default 300M; the hardest first mate, 第8番, takes some 70-100 M, about two minutes on
# 2 cores; a node budget, unlike a time limit, gives the same answers on a slower or busier
# machine); then its exact length and main line are certified with at most TSUME_MAIN_CERTIFY
# nodes (default 1M). Every answer gives a mate and its line; the ones whose length was not
# certified within that budget say "length at most N".
main_job() {
  local nodes="${TSUME_MAIN_NODES:-300M}"
  local certify="${TSUME_MAIN_CERTIFY:-1M}"
  echo
  echo "== tsume solve ${problems} --nodes ${nodes} --certify-nodes ${certify} (published lengths: column 3 of the file)"
  "$tsume" solve "$problems" --nodes "$nodes" --certify-nodes "$certify"
}

main_job
