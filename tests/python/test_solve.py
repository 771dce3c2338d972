"""tsume.solve and tsume.Solver: answers equal to `tsume solve` and to the collections' known
lengths, the answer modes, limits, threads, bad arguments, the GIL and Ctrl-C."""

import os
import signal
import threading
import time
import unittest

import tsume
from support import cli_jsonl, read_tsv, source_path

SOLVE_SMALL = source_path("tests", "cli", "data", "solve_small.tsv")
SHO = source_path("problems", "sho.tsv")
ZUKOU = source_path("problems", "zukou.tsv")


def zukou(problem_id):
    return next(row for row in read_tsv(ZUKOU) if row[1] == problem_id)


class SolveTest(unittest.TestCase):
    def assert_same_answer(self, result, record):
        self.assertEqual(result.sfen, record["sfen"])
        self.assertEqual(result.status, record["status"])
        self.assertEqual(result.length, record["length"])
        self.assertEqual(result.exact, record["length_exact"])
        self.assertEqual(result.length_min, record["length_min"])
        self.assertEqual(" ".join(result.pv), record["pv"])
        mine = result.to_dict()
        for field in ("sfen", "status", "length", "length_exact", "length_min", "pv", "error"):
            self.assertEqual(mine[field], record[field], field)

    def test_bundled_problems_equal_the_cli_and_the_known_lengths(self):
        records = cli_jsonl("solve", SOLVE_SMALL, "--threads", "1")
        rows = read_tsv(SOLVE_SMALL)
        self.assertEqual(len(rows), len(records))
        for sfen, pid, length, _ in rows:
            with self.subTest(problem=pid):
                r = tsume.solve(tsume.Position.from_sfen(sfen))
                self.assert_same_answer(r, records[pid])
                if length == "-":
                    self.assertEqual(r.status, "no_mate")
                    self.assertIsNone(r.length)
                else:
                    self.assertEqual(r.status, "mate")
                    self.assertTrue(r.exact)
                    self.assertEqual(r.length, int(length))
                    self.assertEqual(len(r.pv_japanese), len(r.pv))
                    self.assertGreater(r.nodes, 0)
                    self.assertGreaterEqual(r.time, 0)

    def test_sho_collection_equals_the_cli_and_the_known_lengths(self):
        records = cli_jsonl("solve", SHO, "--rules", "sho", "--threads", "1")
        for sfen, pid, length, _ in read_tsv(SHO):
            with self.subTest(problem=pid):
                r = tsume.solve(sfen, rules="sho")
                self.assertEqual(r.rules, "sho")
                self.assert_same_answer(r, records[pid])
                self.assertEqual(r.length, int(length))

    def test_zukou_002_line_from_the_collection(self):
        sfen, _, length, line = zukou("zukou-002")
        r = tsume.solve(sfen, threads=2)
        self.assertEqual((r.status, r.length, r.exact), ("mate", int(length), True))
        self.assertEqual(" ".join(r.pv), line)

    def test_answer_first(self):
        sfen, pid, _, _ = zukou("zukou-002")
        record = cli_jsonl("solve", sfen, "--answer", "first", "--threads", "1")["arg1"]
        r = tsume.solve(sfen, answer="first")
        self.assertTrue(r.first)
        self.assertFalse(r.exact)
        self.assertEqual(r.status, "mate")
        self.assertGreaterEqual(r.length, 21)
        self.assertEqual(r.length, record["length"])
        self.assertEqual(" ".join(r.pv), record["pv"])

    def test_count_futile(self):
        # futile-3-not-7 of solve_small.tsv: 7 plies when the futile interposition counts
        # (tests/cli/CMakeLists.txt, solve_count_futile).
        sfen = "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1"
        self.assertEqual(tsume.solve(sfen).length, 3)
        counted = tsume.solve(sfen, count_futile=True)
        record = cli_jsonl("solve", sfen, "--count-futile", "--threads", "1")["arg1"]
        self.assertEqual(counted.length, record["length"])
        self.assertEqual(counted.length, 7)
        self.assertEqual(" ".join(counted.pv), record["pv"])

    def test_node_limit_leaves_it_unknown(self):
        sfen = zukou("zukou-001")[0]
        r = tsume.solve(sfen, nodes=2000)
        self.assertEqual(r.status, "unknown")
        self.assertIsNone(r.length)
        self.assertEqual(r.pv, [])
        self.assertGreaterEqual(r.nodes, 2000)
        self.assertLess(r.nodes, 200000)

    def test_time_limit(self):
        sfen = source_path("problems", "microcosmos.tsv")
        microcosmos = read_tsv(sfen)[0][0]
        start = time.monotonic()
        r = tsume.solve(microcosmos, time=0.3)
        self.assertEqual(r.status, "unknown")
        self.assertLess(time.monotonic() - start, 10)

    def test_threads_give_the_same_answers(self):
        solver = tsume.Solver(hash_mb=32, threads=2)
        self.assertEqual(solver.threads, 2)
        self.assertGreater(solver.hash_bytes, 0)
        for sfen, pid, _, _ in read_tsv(SOLVE_SMALL):
            with self.subTest(problem=pid):
                one = tsume.solve(sfen, threads=1)
                two = solver.solve(sfen)
                self.assertEqual((one.status, one.length, one.pv), (two.status, two.length, two.pv))
        self.assertGreaterEqual(tsume.Solver(threads=0).threads, 1)  # 0: every core

    def test_one_solver_shared_by_threads(self):
        # Calls from several threads take turns on the solver's table: every answer is the one
        # a solver of its own gives.
        solver = tsume.Solver(hash_mb=16)
        rows = [zukou("zukou-002"), zukou("zukou-005")] * 4
        answers = {}

        def work(k):
            r = solver.solve(rows[k][0])
            answers[k] = (r.length, " ".join(r.pv))

        workers = [threading.Thread(target=work, args=(k,)) for k in range(len(rows))]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        expected = [tsume.solve(r[0]) for r in rows]
        self.assertEqual([answers[k] for k in range(len(rows))],
                         [(r.length, " ".join(r.pv)) for r in expected])

    def test_bad_arguments(self):
        sfen = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
        cases = [({"answer": "best"}, "answer must be exact or first, not 'best'"),
                 ({"nodes": -1}, "nodes must be 0"),
                 ({"certify_nodes": -5}, "certify_nodes must be 0"),
                 ({"time": -1.0}, "time must be 0"),
                 ({"threads": -1}, "threads must be between 0 and 1024"),
                 ({"hash_mb": 0}, "hash_mb must be between 1 and 1048576"),
                 ({"rules": "chu"}, "rules must be shogi or sho")]
        for kwargs, message in cases:
            with self.subTest(**kwargs):
                with self.assertRaisesRegex(ValueError, message):
                    tsume.solve(sfen, **kwargs)
        with self.assertRaises(ValueError) as caught:
            tsume.solve("9/9 b - 1")
        self.assertEqual(cli_jsonl("solve", "9/9 b - 1")["arg1"]["error"],
                         "arg1: " + str(caught.exception))
        with self.assertRaises(TypeError):
            tsume.solve(42)

    def test_stop_flag(self):
        flag = tsume.StopFlag()
        flag.set()
        self.assertTrue(flag.is_set())
        r = tsume.Solver().solve(zukou("zukou-001")[0], stop=flag)
        self.assertEqual(r.status, "unknown")
        self.assertLess(r.nodes, 100000)
        flag.clear()
        self.assertFalse(flag.is_set())

    def test_the_gil_is_released_during_a_search(self):
        microcosmos = read_tsv(source_path("problems", "microcosmos.tsv"))[0][0]
        box = {}
        worker = threading.Thread(target=lambda: box.setdefault(
            "r", tsume.solve(microcosmos, time=1.0)))
        worker.start()
        counted = 0
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            counted += 1
        worker.join()
        self.assertEqual(box["r"].status, "unknown")
        # With the GIL held by the search this loop would hardly run at all.
        self.assertGreater(counted, 10000)

    def test_ctrl_c_stops_a_search(self):
        microcosmos = read_tsv(source_path("problems", "microcosmos.tsv"))[0][0]
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            tsume.solve(microcosmos, threads=2)
        timer.join()
        self.assertLess(time.monotonic() - start, 10)


if __name__ == "__main__":
    unittest.main()
