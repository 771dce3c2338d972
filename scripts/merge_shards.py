#!/usr/bin/env python3
"""Joins the outputs of `tsume solve|check --shard I/N` into one output in input order.

    merge_shards.py --format jsonl|text|kif [--input FILE]... [-o OUT] SHARD_0 ... SHARD_N-1

The shard outputs are given in shard order (the output of --shard 0/N first). `tsume` gives
record k of its inputs (counted from 0) to shard k mod N and writes each shard in input order, so
the records of the shards taken in turn (0, 1, ..., N-1, 0, 1, ...) are the records of the whole
batch in input order.

With --input (the SFEN/TSV/JSON Lines files the batch read, in the same order) the records are
instead put in the order of the input's ids, and every id of the input that no shard holds is
reported as missing, every record beyond the input's count of its id as duplicated. Inputs are
read as `tsume` reads line files: blank and '#' lines skipped, the id is the TSV's second column
or a JSON record's "id", else '<file>:<record number>'. Without --input only the counts are
checked (shard I of a batch of T records holds ceil((T - I) / N) of them): shards that lack only
their last records can look complete, so give --input to be sure nothing is missing.

Records: jsonl, one line each; text, a block from 'id <id>' to an empty line (the summary lines
of the shards are left out); kif, a block from '表題：<id>' to an empty line. A cut last record (an
interrupted run) is reported and left out; `--resume` on that shard completes it.

Writes the merged records to OUT (default: standard output) and what it found to stderr. Exit
status: 0 when every record is there exactly once, 1 when some are missing, duplicated or cut (the
records found are still written), 2 on usage errors or unreadable files. Python standard
library only.
"""

import argparse
import json
import os
import sys
from collections import defaultdict, deque

LINE_FILE_EXTENSIONS = {".tsv", ".sfen", ".txt", ".usi", ".jsonl"}
BLANKS = " \t\r\u3000"


def fail(message):
    print(f"merge_shards: {message}", file=sys.stderr)
    sys.exit(2)


def read_text(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        fail(f"cannot read '{path}': {e.strerror}")
    text = data.decode("utf-8", errors="surrogateescape")
    return text[1:] if text.startswith("\ufeff") else text


def input_ids(path):
    """The ids of a SFEN/TSV/JSON Lines file, as `tsume` gives them (cli/inputs.cpp)."""
    if os.path.splitext(path)[1].lower() not in LINE_FILE_EXTENSIONS:
        fail(f"--input '{path}': only line files (.tsv .sfen .txt .usi .jsonl) are read")
    ids = []
    number = 0
    for line in read_text(path).split("\n"):
        t = line.strip(BLANKS)
        if not t or t.startswith("#"):
            continue
        number += 1
        default = f"{path}:{number}"
        if t.startswith("{"):
            try:
                ids.append(str(json.loads(t).get("id", default)))
            except (ValueError, AttributeError):
                ids.append(default)
            continue
        columns = t.split("\t")
        ident = columns[1].strip(BLANKS) if len(columns) > 1 else ""
        ids.append(ident or default)
    return ids


def jsonl_records(path, text, problems):
    records = []
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if number == len(lines):  # after the last line break: empty, or a cut record
            if line:
                problems.append(f"{path}: the last record is cut (line {number}); left out")
            break
        try:
            ident = json.loads(line)["id"]
        except (ValueError, KeyError, TypeError):
            fail(f"{path}: line {number} is not a jsonl record of tsume")
        records.append((ident, line + "\n"))
    return records


def block_records(path, text, prefix, problems):
    records = []
    ident, block = None, []
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        last = number == len(lines)  # after the last line break
        if ident is None:
            if last and not line:
                break
            if line.startswith(prefix):
                ident, block = line[len(prefix):], [line]
            elif prefix == "id " and line.startswith("summary: "):
                continue  # the summary of a text output
            else:
                fail(f"{path}: line {number} does not start a record ('{prefix}<id>')")
        else:
            block.append(line)
            if not line and not last:
                records.append((ident, "\n".join(block) + "\n"))
                ident = None
        if last and ident is not None:
            problems.append(f"{path}: the last record ('{ident}') is cut; left out")
    return records


def shard_records(path, fmt, problems):
    text = read_text(path)
    if fmt == "jsonl":
        return jsonl_records(path, text, problems)
    return block_records(path, text, "id " if fmt == "text" else "表題：", problems)


def main():
    parser = argparse.ArgumentParser(
        description="Joins the outputs of tsume solve/check --shard I/N in input order.")
    parser.add_argument("--format", required=True, choices=["jsonl", "text", "kif"])
    parser.add_argument("--input", action="append", default=[], metavar="FILE",
                        help="an input of the batch (SFEN/TSV/JSON Lines), in order; repeat")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here, not to stdout")
    parser.add_argument("shards", nargs="+", metavar="SHARD", help="outputs of shards 0..N-1")
    args = parser.parse_args()

    problems = []
    shards = [shard_records(p, args.format, problems) for p in args.shards]
    merged = []
    if args.input:
        expected = [i for path in args.input for i in input_ids(path)]
        found = defaultdict(deque)
        for records in shards:
            for ident, text in records:
                found[ident].append(text)
        count = defaultdict(int)
        missing = []
        for ident in expected:
            count[ident] += 1
            if found[ident]:
                merged.append(found[ident].popleft())
            else:
                missing.append(ident)
        extra = sorted(i for i, q in found.items() if q)
        duplicated = [i for i in extra if count[i] > 0]
        unknown = [i for i in extra if count[i] == 0]
        if missing:
            problems.append(f"{len(missing)} missing: {' '.join(missing[:20])}")
        if duplicated:
            problems.append(f"{len(duplicated)} duplicated: {' '.join(duplicated[:20])}")
        if unknown:
            problems.append(f"{len(unknown)} not in the input: {' '.join(unknown[:20])}")
    else:
        n = len(shards)
        total = sum(len(r) for r in shards)
        for i, records in enumerate(shards):
            want = (total - i + n - 1) // n if total > i else 0
            if len(records) != want:
                problems.append(f"{args.shards[i]}: {len(records)} records, expected {want} of "
                                f"{total} in {n} shards (give --input to merge by id)")
        if not problems:
            for k in range(total):
                merged.append(shards[k % n][k // n][1])
        seen = defaultdict(int)
        for records in shards:
            for ident, _ in records:
                seen[ident] += 1
        duplicated = sorted(i for i, c in seen.items() if c > 1)
        if duplicated:
            problems.append(f"{len(duplicated)} ids more than once: {' '.join(duplicated[:20])}")

    out = sys.stdout
    if args.output:
        out = open(args.output, "w", encoding="utf-8", errors="surrogateescape", newline="")
    elif hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="surrogateescape", newline="")
    out.write("".join(merged))
    if out is not sys.stdout:
        out.close()
    for p in problems:
        print(f"merge_shards: {p}", file=sys.stderr)
    print(f"merge_shards: {len(merged)} records from {len(shards)} shards"
          + ("" if not problems else "; incomplete"), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
