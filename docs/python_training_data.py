#!/usr/bin/env python3
"""Makes a training set of tsume puzzles with the tsume Python module (docs/python.md).

Generates COUNT problems (training mode: game-like positions, sound or with harmless flaws),
labels each with its difficulty (the generator's 1-10 grade from solver effort, and a coarse
easy/medium/hard band), re-solves them all with solve_many as an independent check of the
length, and writes a CSV with the standard library (and a Parquet file when pandas and pyarrow
are installed).

    PYTHONPATH=build/python python3 docs/python_training_data.py --count 1000 -o puzzles.csv
"""

import argparse
import csv
import sys
import time

import tsume


def band(difficulty: int) -> str:
    return "easy" if difficulty <= 3 else "medium" if difficulty <= 6 else "hard"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="problems (default 1000)")
    parser.add_argument("--plies", default="3-9", help="lengths A-B in plies (default 3-9)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=0, help="0: every core")
    parser.add_argument("-o", "--output", default="puzzles.csv")
    args = parser.parse_args()
    low, _, high = args.plies.partition("-")
    plies = (int(low), int(high or low))

    start = time.monotonic()
    rows = []
    for g in tsume.generate(count=args.count, plies=plies, mode="training", seed=args.seed,
                            threads=args.threads):
        rows.append({"id": g.id, "sfen": g.sfen, "length": g.length, "pv": " ".join(g.pv),
                     "pv_japanese": " ".join(g.pv_japanese), "verdict": g.verdict,
                     "flaws": " ".join(f.kind for f in g.flaws), "themes": " ".join(g.themes),
                     "difficulty": g.difficulty, "band": band(g.difficulty),
                     "pieces": g.pieces, "solve_nodes": g.nodes})
        if len(rows) % 100 == 0:
            print(f"{len(rows)} problems, {time.monotonic() - start:.1f} s", file=sys.stderr)
    generated = time.monotonic() - start

    # An independent check: every problem solved again, on every core, as results complete.
    start = time.monotonic()
    for r in tsume.solve_many(((row["id"], row["sfen"]) for row in rows),
                              threads=args.threads):
        row = rows[r.index]
        if (r.status, r.length) != ("mate", row["length"]):
            print(f"{row['id']}: solve says {r.status} {r.length}, the generator "
                  f"{row['length']}", file=sys.stderr)
            return 1
    solved = time.monotonic() - start

    with open(args.output, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["id"])
        writer.writeheader()
        writer.writerows(rows)
    try:
        import pandas  # optional
        pandas.DataFrame(rows).to_parquet(args.output.rsplit(".", 1)[0] + ".parquet")
    except ImportError:
        pass
    bands = {b: sum(row["band"] == b for row in rows) for b in ("easy", "medium", "hard")}
    print(f"{len(rows)} problems to {args.output} ({bands}); generated in {generated:.1f} s, "
          f"re-solved in {solved:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
