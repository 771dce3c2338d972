#!/usr/bin/env python3
"""Throughput of tsume.solve_many: solves the problems of TSV files (SFEN<TAB>id<TAB>length...)
with each thread count given, and prints problems per second, the speed-up over the first
count, and how many answers are not a mate or differ from the file's length (game-record
lengths can be longer than the exact one).

    PYTHONPATH=build/python python3 scripts/solve_many_bench.py \\
        ../shared/problems/practical/mate9.tsv --threads 1 2
"""

import argparse
import os
import sys
import time

import tsume


def read_tsv(paths):
    problems = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if cols[0] and not cols[0].startswith("#"):
                    known = int(cols[2]) if len(cols) > 2 and cols[2].isdigit() else None
                    problems.append((cols[1] if len(cols) > 1 else "", cols[0], known))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    parser.add_argument("--limit", type=int, default=0, help="first N problems only")
    args = parser.parse_args()
    problems = read_tsv(args.files)
    if args.limit:
        problems = problems[:args.limit]
    base = None
    for threads in args.threads:
        start = time.monotonic()
        cpu = time.process_time()
        results = list(tsume.solve_many(((pid, sfen) for pid, sfen, _ in problems),
                                        threads=threads))
        wall = time.monotonic() - start
        cpu = time.process_time() - cpu
        not_mate = sum(1 for r in results if r.status != "mate")
        other = sum(1 for r in results
                    if r.status == "mate" and problems[r.index][2] not in (None, r.length))
        rate = len(results) / wall
        base = base or rate
        print(f"threads {threads}: {len(results)} problems in {wall:.2f} s, {rate:.1f} "
              f"problems/s, x{rate / base:.2f}, CPU {cpu / wall:.2f} cores, "
              f"{sum(r.nodes for r in results)} nodes, {not_mate} not mate, {other} of another "
              f"length than the file's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
