"""Shared helpers of the Python module tests: where the sources and the `tsume` binary are
(TSUME_SOURCE_DIR, TSUME_CLI, set by tests/python/CMakeLists.txt), bundled problem files, and
the command line's JSON Lines answers to compare with."""

import json
import os
import subprocess
from typing import Dict, List, Tuple

SOURCE_DIR = os.environ.get("TSUME_SOURCE_DIR",
                            os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("TSUME_CLI", os.path.join(SOURCE_DIR, "build", "cli", "tsume"))


def source_path(*parts: str) -> str:
    return os.path.join(SOURCE_DIR, *parts)


def read_tsv(path: str) -> List[Tuple[str, str, str, str]]:
    """(sfen, id, length, line) of each problem line of a bundled TSV ('' when a column is
    absent)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t") + ["", "", ""]
            rows.append((cols[0], cols[1], cols[2], cols[3]))
    return rows


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CLI, *args], capture_output=True, text=True, check=False)


def cli_jsonl(*args: str) -> Dict[str, dict]:
    """Runs the CLI with --format jsonl and returns its records by id (exit status 1, no record
    readable, is allowed: the records say why)."""
    done = cli(*args, "--format", "jsonl")
    if done.returncode not in (0, 1) or not done.stdout:
        raise AssertionError(f"tsume {' '.join(args)}: exit {done.returncode}: {done.stderr}")
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return {r["id"]: r for r in records}
