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

# Until `tsume solve` exists: a perft of the initial position and the check generator on the
# first problem of the bundled collection. When the solver lands, main_job becomes
#   "$tsume" solve "$problems"
main_job() {
  echo
  echo "== perft: initial position, depth 4 (SPEC.md section 5: 719731)"
  "$tsume" perft --sfen startpos --depth 4

  local sfen id length line
  IFS=$'\t' read -r sfen id length line <"$problems"
  echo
  echo "== checks: ${id} from ${problems} (${length} plies; main line starts ${line%% *})"
  echo "sfen ${sfen}"
  "$tsume" checks --sfen "$sfen"
}

main_job
