#!/usr/bin/env bash
# Agreement of the difficulty rating of `tsume generate` (generator/rating.h) with the graded
# practical sets: every k-th problem of ../shared/problems/practical/mate{3,5,7,9,11}.tsv (200 of
# each by default), rated by `tsume generate --rate` (each solved for its exact length and main
# line within --check-nodes), then Spearman's rank correlation of the rating with the set's level
# (3, 5, 7, 9, 11 plies), overall and without the length term, and, inside each level, of the
# rating without its solver-effort term with the solver effort. Then a classical collection
# (--classical FILE, default problems/zukou.tsv; its third column the published length, its
# order the book's): the problems rated within --classical-nodes, Spearman's rank correlation of
# the rating with the published length and with the book's order, the quartiles of the rating,
# and how many rate above every practical problem of the sample. Run by hand: the practical
# sets are not part of the repository (never run by the test suite).
#
#   bash scripts/rating_correlation.sh [--per-set N] [--threads T] [--nodes N]
#        [--classical FILE | --classical none] [--classical-nodes N] [SETS_DIR]
#
# Writes $OUT_DIR/ratings.jsonl and classical.jsonl (default
# ${TSUME_BUILD_DIR:-build}/rating_correlation/).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TSUME_BUILD_DIR:-build}
[[ $build == /* ]] || build=$root/$build
out_dir=${OUT_DIR:-$build/rating_correlation}
tsume=$build/cli/tsume

per_set=200
threads=2
nodes=2M
sets=$root/../shared/problems/practical
classical=$root/problems/zukou.tsv
classical_nodes=20M
while [[ $# -gt 0 ]]; do
  case "$1" in
    --per-set) per_set=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --classical) classical=$2; shift 2 ;;
    --classical-nodes) classical_nodes=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -e/p' "${BASH_SOURCE[0]}" | sed '$d'; exit 0 ;;
    *) sets=$1; shift ;;
  esac
done
[[ -x $tsume ]] || { echo "rating_correlation.sh: build $tsume first" >&2; exit 2; }
[[ -d $sets ]] || { echo "rating_correlation.sh: no practical sets in $sets" >&2; exit 2; }
[[ $classical == none || -f $classical ]] ||
  { echo "rating_correlation.sh: no classical collection $classical" >&2; exit 2; }
mkdir -p "$out_dir"

: >"$out_dir/sample.tsv"
for level in 3 5 7 9 11; do
  file=$sets/mate$level.tsv
  total=$(wc -l <"$file")
  step=$(( total / per_set > 0 ? total / per_set : 1 ))
  # Every step-th line; the id gets the level so that the records say where they come from.
  awk -F'\t' -v step="$step" -v n="$per_set" -v level="$level" \
    '(NR - 1) % step == 0 && taken < n { taken++; print $1 "\tL" level ":" $2 "\t" $3 "\t" $4 }' \
    "$file" >>"$out_dir/sample.tsv"
done
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$root" rev-parse --short HEAD)," \
  "$(wc -l <"$out_dir/sample.tsv") problems, threads $threads, --check-nodes $nodes"
start=$(date +%s)
"$tsume" generate --rate "$out_dir/sample.tsv" --threads "$threads" --check-nodes "$nodes" \
  -o "$out_dir/ratings.jsonl"
echo "# rated in $(( $(date +%s) - start )) s"
: >"$out_dir/classical.jsonl"
if [[ $classical != none ]]; then
  start=$(date +%s)
  "$tsume" generate --rate "$classical" --threads "$threads" --check-nodes "$classical_nodes" \
    -o "$out_dir/classical.jsonl"
  echo "# $(basename "$classical"): rated in $(( $(date +%s) - start )) s," \
    "--check-nodes $classical_nodes"
fi

python3 - "$out_dir/ratings.jsonl" "$out_dir/classical.jsonl" "$classical" <<'PY'
import json, math, sys

def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r

def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    vy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (vx * vy) if vx and vy else float("nan")

def read_rated(path):
    """The records of `tsume generate --rate` with a rating, and the number of error records."""
    records = [json.loads(line) for line in open(path)]
    return [r for r in records if "error" not in r], sum("error" in r for r in records)

rows = []
practical, errors = read_rated(sys.argv[1])
for r in practical:
    level = int(r["id"].split(":")[0][1:])
    f = r["features"]
    rows.append((level, r["rating"], r["rating"] - 0.5 * f["length"],
                 r["rating"] - 0.25 * f["log2_nodes"], f["log2_nodes"], r["length"]))
print(f"problems rated: {len(rows)} ({errors} without an exact length within the budget)")
lv = [r[0] for r in rows]
print(f"Spearman(rating, level)                  = {spearman([r[1] for r in rows], lv):.3f}")
print(f"Spearman(rating without length, level)   = {spearman([r[2] for r in rows], lv):.3f}")
print(f"Spearman(our exact length, level)        = {spearman([r[5] for r in rows], lv):.3f}")
print(f"share with our length == level           = {sum(r[5] == r[0] for r in rows) / len(rows):.3f}")
print("inside each level: n, mean rating, Spearman(rating without effort, log2 nodes)")
for level in sorted(set(lv)):
    band = [r for r in rows if r[0] == level]
    rho = spearman([r[3] for r in band], [r[4] for r in band])
    mean = sum(r[1] for r in band) / len(band)
    print(f"  {level:2d} plies: {len(band):4d}  {mean:6.2f}  {rho:.3f}")

# The classical collection: published length (third column) and the book's order (line order).
if sys.argv[3] != "none":
    book = {}
    for line in open(sys.argv[3]):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 3 and not line.startswith("#"):
            book[fields[1]] = (int(fields[2]), len(book) + 1)  # published length, order
    classical, missing = read_rated(sys.argv[2])
    rated = [(r["rating"],) + book[r["id"]] for r in classical]
    print(f"classical: {len(rated)} rated ({missing} without an exact length within the budget)")
    if len(rated) > 1:
        rating, published, order = zip(*rated)
        ratings = sorted(rating)
        q = lambda p: ratings[min(len(ratings) - 1, int(p * len(ratings)))]
        top = max(r[1] for r in rows)
        print(f"  Spearman(rating, published length)   = {spearman(rating, published):.3f}")
        print(f"  Spearman(rating, order in the book)  = {spearman(rating, order):.3f}")
        print(f"  Spearman(published length, order)    = {spearman(published, order):.3f}")
        print(f"  rating quartiles {q(0.25):.2f} {q(0.5):.2f} {q(0.75):.2f} "
              f"(min {ratings[0]:.2f}, max {ratings[-1]:.2f})")
        print(f"  above every practical problem of the sample ({top:.2f}): "
              f"{sum(r > top for r in rating)} of {len(rated)}")
PY
