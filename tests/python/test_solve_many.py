"""tsume.solve_many: every problem answered as solve answers it, ids and indices, unreadable
inputs, order, threads, an early stop."""

import os
import signal
import threading
import time
import unittest

import tsume
from support import cli_jsonl, read_tsv, source_path

SOLVE_SMALL = read_tsv(source_path("tests", "cli", "data", "solve_small.tsv"))
SHO = read_tsv(source_path("problems", "sho.tsv"))


def answer(r):
    return (r.status, r.length, r.exact, r.pv)


class SolveManyTest(unittest.TestCase):
    def test_answers_equal_solve_whatever_the_threads(self):
        expected = [answer(tsume.solve(sfen)) for sfen, _, _, _ in SOLVE_SMALL]
        items = [(pid, sfen) for sfen, pid, _, _ in SOLVE_SMALL]
        for threads in (1, 2, 0):
            with self.subTest(threads=threads):
                results = list(tsume.solve_many(iter(items), threads=threads))
                self.assertEqual(sorted(r.index for r in results), list(range(len(items))))
                for r in results:
                    self.assertEqual(r.id, items[r.index][0])
                    self.assertEqual(answer(r), expected[r.index])

    def test_zukou_with_a_node_budget_equals_the_cli(self):
        # The first 8 図巧 problems with 100,000 nodes each: mates (some with the length only
        # bounded) and unknowns, record for record as `tsume solve` on one thread answers on
        # its table of --hash (solve_many has no quick try on a small table, where entries
        # replaced change the node counts).
        zukou = read_tsv(source_path("problems", "zukou.tsv"))[:8]
        records = cli_jsonl("solve", *[sfen for sfen, _, _, _ in zukou], "--nodes", "100000",
                            "--threads", "1", "--quick-nodes", "0")
        results = list(tsume.solve_many(((f"arg{i + 1}", sfen)
                                          for i, (sfen, _, _, _) in enumerate(zukou)),
                                         nodes=100000, threads=2))
        self.assertEqual(len(results), len(zukou))
        statuses = set()
        for r in results:
            record = records[r.id]
            statuses.add((r.status, r.exact))
            self.assertEqual({k: v for k, v in r.to_dict().items() if k not in ("id", "time_ms")},
                             {k: v for k, v in record.items() if k not in ("id", "time_ms")})
        self.assertEqual(statuses, {("mate", True), ("mate", False), ("unknown", False)})

    def test_ordered_and_mixed_inputs(self):
        items = [tsume.Position.from_sfen(SOLVE_SMALL[0][0]), "not a sfen",
                 ("sho-003", tsume.Position.from_sfen(SHO[2][0], rules="sho"))]
        items += [sfen for sfen, _, _, _ in SOLVE_SMALL]
        results = list(tsume.solve_many(items, threads=2, ordered=True))
        self.assertEqual([r.index for r in results], list(range(len(items))))
        self.assertEqual(results[0].length, 1)
        bad = results[1]
        self.assertEqual(bad.status, "error")
        self.assertEqual(bad.sfen, "not a sfen")
        with self.assertRaises(ValueError) as caught:
            tsume.Position.from_sfen("not a sfen")
        self.assertEqual(bad.error, str(caught.exception))
        self.assertEqual(bad.to_dict()["error"], bad.error)
        self.assertEqual((results[2].id, results[2].length), ("sho-003", 3))
        self.assertIsNone(results[3].id)

    def test_sho_strings(self):
        results = list(tsume.solve_many([sfen for sfen, _, _, _ in SHO], rules="sho",
                                        threads=2, ordered=True))
        self.assertEqual([r.length for r in results], [int(length) for _, _, length, _ in SHO])

    def test_limits(self):
        zukou = read_tsv(source_path("problems", "zukou.tsv"))
        results = list(tsume.solve_many([sfen for sfen, _, _, _ in zukou[:4]], nodes=1000,
                                        threads=2))
        self.assertEqual(len(results), 4)
        for r in results:
            self.assertIn(r.status, ("unknown", "mate"))
            self.assertLess(r.nodes, 100000)

    def test_leaving_early_stops_the_searches(self):
        microcosmos = read_tsv(source_path("problems", "microcosmos.tsv"))[0][0]
        items = [SOLVE_SMALL[0][0]] + [microcosmos] * 4
        start = time.monotonic()
        for r in tsume.solve_many(items, threads=2, ordered=True):
            self.assertEqual(r.index, 0)
            break
        self.assertLess(time.monotonic() - start, 30)

    def test_ctrl_c_stops_the_searches(self):
        microcosmos = read_tsv(source_path("problems", "microcosmos.tsv"))[0][0]
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            list(tsume.solve_many([microcosmos] * 4, threads=2))
        timer.join()
        self.assertLess(time.monotonic() - start, 10)

    def test_bad_arguments(self):
        for kwargs in ({"threads": -1}, {"nodes": -1}, {"answer": "x"}, {"rules": "x"},
                       {"hash_mb": 0}, {"time": -1}):
            with self.subTest(**kwargs):
                with self.assertRaises(ValueError):
                    tsume.solve_many(["startpos"], **kwargs)  # raised at the call


if __name__ == "__main__":
    unittest.main()
