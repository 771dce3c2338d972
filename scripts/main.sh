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
# the TSV's third column). A node limit per problem keeps the run to a few minutes on 2 cores;
# problems whose exact length is not certified within it are reported as `unknown` with the
# length found so far. TSUME_MAIN_NODES changes the limit.
main_job() {
  local nodes="${TSUME_MAIN_NODES:-1000000}"
  echo
  echo "== tsume solve ${problems} --nodes ${nodes} (published lengths: column 3 of the file)"
  "$tsume" solve "$problems" --nodes "$nodes"
}

main_job
