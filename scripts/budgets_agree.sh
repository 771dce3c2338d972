#!/usr/bin/env bash
# Opt-in check: what `tsume solve` and `tsume check` answer under small budgets is what they
# answer without them, or says that a budget ran out.
#
#   bash scripts/budgets_agree.sh solve|check [--hash "1 16"] [--nodes "2k 50k 1M"]
#                                 [--steps "1000 30000"] [--reference "ARGS"] FILE.tsv...
#
# Each file is first run with the reference budget (--reference, default: none for solve,
# `--nodes 0 --step-nodes 100000000 --hash 2048` for check), then once for every combination of
# --hash, --nodes and (check only) --steps (`--step-nodes`); solve also with `--answer first`
# and with `--certify-nodes 5000`. Every record is compared with the reference record of its
# problem:
# - solve: a mate with a certified length must have the reference's length and main line; a
#   mate whose length is a bound must not be shorter than the reference's length; otherwise
#   the status must be the reference's or `unknown` (a limit);
# - check: the verdict must be the reference's or UNKNOWN; or, where the reference is higher in
#   the precedence list (docs/check.md, "Precedence"), a certain defect whose reason says that a
#   test that could give the reference's verdict did not finish (SURPLUS, UNNECESSARY_PIECE or
#   LONGER_VARIATION with a cook test open or its cook tests along a given line only, for a
#   problem that is COOKED without limits;
#   LONGER_VARIATION with a piece test open, for one that is UNNECESSARY_PIECE).
# Any other record is a disagreement, printed, and makes the script exit 1. Records of the
# reference that are themselves limited (solve: not a certified answer; check: UNKNOWN) are
# skipped. The budgets are node counts, so a run gives the same records on any machine. The
# binary is $TSUME, else $TSUME_BUILD_DIR/cli/tsume (default build/).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
tsume=${TSUME:-$build/cli/tsume}  # TSUME: the binary itself, if given
[[ -x $tsume ]] || { echo "budgets_agree.sh: $tsume not built (bash scripts/setup.sh)" >&2; exit 1; }

usage() { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; }
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
mode=$1
shift
case "$mode" in
  solve) reference="" ;;
  check) reference="--nodes 0 --step-nodes 100000000 --hash 2048" ;;
  -h | --help) usage; exit 0 ;;
  *) usage >&2; exit 2 ;;
esac
hashes="1 16"
nodes="2k 50k 1M"
steps="1000 30000"
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --hash) hashes=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --reference) reference=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
[[ ${#files[@]} -gt 0 ]] || { usage >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compare MODE REFERENCE.jsonl RUN.jsonl LABEL: one line of counts; disagreements to stderr.
compare() {
  python3 - "$@" <<'EOF'
import json, sys

mode, ref_path, run_path, label = sys.argv[1:5]
ref = {}
for line in open(ref_path, encoding="utf-8"):
    d = json.loads(line)
    ref[d["id"]] = d
# The precedence list of docs/check.md and the note that each open test adds to a defect.
rank = {"NO_MATE": 0, "COOKED": 1, "SURPLUS": 2, "UNNECESSARY_PIECE": 3, "LONGER_VARIATION": 4}
notes_for = {"COOKED": ("a test that could reveal a cook did not finish",
                        "the cook tests followed the given line only"),
             "UNNECESSARY_PIECE": ("an unnecessary-piece test did not finish",)}
counts = {"same": 0, "bound": 0, "unknown": 0, "defect, more open": 0, "skipped": 0, "DISAGREE": 0}
for line in open(run_path, encoding="utf-8"):
    d = json.loads(line)
    r = ref.get(d["id"])
    if mode == "solve":
        if r is None or r["status"] == "unknown" or (r["status"] == "mate" and not r["length_exact"]):
            kind = "skipped"
        elif d["status"] == "mate" and d["length_exact"]:
            same = r["status"] == "mate" and d["length"] == r["length"] and d["pv"] == r["pv"]
            kind = "same" if same else "DISAGREE"
        elif d["status"] == "mate":
            ok = r["status"] == "mate" and d["length"] is not None and d["length"] >= r["length"]
            kind = "bound" if ok else "DISAGREE"
        elif d["status"] == "unknown":
            kind = "unknown"
        else:
            kind = "same" if d["status"] == r["status"] else "DISAGREE"
    else:
        v = d["verdict"]
        if r is None or r["verdict"] in ("UNKNOWN", "ERROR"):
            kind = "skipped"
        elif v == r["verdict"]:
            kind = "same"
        elif v == "UNKNOWN":
            kind = "unknown"
        elif (v in ("SURPLUS", "UNNECESSARY_PIECE", "LONGER_VARIATION")
              and rank.get(r["verdict"], 99) < rank[v]
              and any(n in (d.get("reason") or "") for n in notes_for.get(r["verdict"], ()))):
            kind = "defect, more open"
        else:
            kind = "DISAGREE"
    counts[kind] += 1
    if kind == "DISAGREE":
        got = d["verdict"] if mode == "check" else f'{d["status"]} {d.get("length")}'
        want = r["verdict"] if mode == "check" else f'{r["status"]} {r.get("length")}'
        print(f"  {label}: {d['id']}: {got} (reason: {d.get('reason')}), without limits {want}",
              file=sys.stderr)
print(" ".join(f"{k} {v}," for k, v in counts.items()).rstrip(","))
sys.exit(1 if counts["DISAGREE"] else 0)
EOF
}

status=0
for file in "${files[@]}"; do
  name=$(basename "$file" .tsv)
  ref=$tmp/$name.reference.jsonl
  # shellcheck disable=SC2086 # the reference and the budgets are lists of words
  "$tsume" "$mode" "$file" --threads 1 --format jsonl $reference >"$ref" 2>/dev/null || true
  echo "$name: $(wc -l <"$ref") records, reference: tsume $mode ${reference:-(no limits)}"
  runs=()
  for h in $hashes; do
    for n in $nodes; do
      if [[ $mode == solve ]]; then
        for extra in "" "--answer first" "--certify-nodes 5000"; do
          runs+=("--hash $h --nodes $n${extra:+ $extra}")
        done
      else
        for s in $steps; do runs+=("--hash $h --nodes $n --step-nodes $s"); done
      fi
    done
  done
  for args in "${runs[@]}"; do
    out=$tmp/run.jsonl
    # shellcheck disable=SC2086
    "$tsume" "$mode" "$file" --threads 1 --format jsonl $args >"$out" 2>/dev/null || true
    if line=$(compare "$mode" "$ref" "$out" "$args"); then
      printf '  %-50s %s\n' "$args" "$line"
    else
      printf '  %-50s %s\n' "$args" "$line"
      status=1
    fi
  done
done
exit $status
