#!/usr/bin/env bash
# Opt-in: `tsume check` over a problem collection, with a table of verdicts and where the nodes
# went.
#
#   bash scripts/check_corpus.sh [--nodes N] [--step-nodes N] [--hash MB] [--realistic]
#                                [--resume] [FILE.tsv ...]
#
# Default file: problems/zukou.tsv (将棋図巧, given lines in the 4th column). Default limits:
# --nodes 8000000 per problem, --step-nodes 1000000 per alternative (node limits only, so the
# verdicts do not depend on the machine). Each file is checked with --format jsonl into
# $OUT_DIR/<name>.jsonl (default ${TSUME_BUILD_DIR:-build}/check_corpus/); --resume continues an
# interrupted run there. Prints one line per problem (id, verdict, length, cooks, flaws,
# undecided tests, unnecessary pieces, seconds, nodes per phase: length/line/cooks/pieces), then
# the count per verdict and the summed time per phase. Needs python3 for the table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/check_corpus}

nodes=8000000
step_nodes=1000000
options=()
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --step-nodes) step_nodes=$2; shift 2 ;;
    --hash) options+=(--hash "$2"); shift 2 ;;
    --realistic | --resume) options+=("$1"); shift ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "check_corpus: unknown option '$1'" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || files=("$root/problems/zukou.tsv")
for f in "${files[@]}"; do
  [[ -f $f ]] || { echo "check_corpus: no file '$f'" >&2; exit 2; }
done

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target tsume -j "${JOBS:-2}" >/dev/null
tsume=$build/cli/tsume
mkdir -p "$out_dir"

for f in "${files[@]}"; do
  name=$(basename "$f" .tsv)
  out=$out_dir/$name.jsonl
  "$tsume" check "$f" --format jsonl -o "$out" --nodes "$nodes" --step-nodes "$step_nodes" \
    ${options[@]+"${options[@]}"} || true
  echo "== $name ($out)"
  python3 - "$out" <<'PY'
import json, sys, collections
verdicts = collections.Counter()
phases = collections.Counter()
total_ms = 0
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    verdicts[r["verdict"]] += 1
    if "phase_nodes" not in r:
        print(f'{r["id"]:<12} {r["verdict"]:<18} {r.get("error", "")}')
        continue
    p = r["phase_nodes"]
    phases.update(p)
    total_ms += r["time_ms"]
    flaws = ",".join(sorted({f["kind"] for f in r["flaws"]})) or "-"
    print(f'{r["id"]:<12} {r["verdict"]:<18} {str(r["length"]):>4} cooks={len(r["cooks"])} '
          f'undecided={len(r["undecided"]) + len(r["pieces_undecided"])} '
          f'unnecessary={len(r["unnecessary"])} {r["time_ms"] / 1000:7.1f}s '
          f'nodes={p["length"]}/{p["line"]}/{p["cooks"]}/{p["pieces"]} flaws={flaws}')
print("verdicts:", ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())))
all_nodes = sum(phases.values()) or 1
print(f"time {total_ms / 1000:.1f}s; nodes by phase: " +
      ", ".join(f"{k} {phases[k]} ({100 * phases[k] / all_nodes:.0f}%)"
                for k in ("length", "line", "cooks", "pieces")))
PY
done
