"""tsume.generate: the problems of `tsume generate` for the same seed, whatever the threads,
each re-solved to its length; early close, bad arguments and Ctrl-C."""

import json
import os
import signal
import threading
import time
import unittest

import tsume
from support import CLI, cli


def cli_generate(*args):
    done = cli("generate", *args, "--format", "jsonl")
    if done.returncode != 0:
        raise AssertionError(f"{CLI} generate {args}: {done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


class GenerateTest(unittest.TestCase):
    def test_equals_the_cli_whatever_the_threads(self):
        # The CLI on one thread, the module on two: the output depends only on the seed.
        expected = cli_generate("--count", "3", "--plies", "3-5", "--mode", "training",
                                "--seed", "7", "--threads", "1")
        self.assertEqual(len(expected), 3)
        got = list(tsume.generate(count=3, plies=(3, 5), mode="training", seed=7, threads=2))
        self.assertEqual(
            [(g.id, g.sfen, g.length, " ".join(g.pv), g.verdict, g.difficulty, g.themes,
              g.candidate, g.pieces, g.nodes, g.mode, g.seed) for g in got],
            [(e["id"], e["sfen"], e["length"], e["pv"], e["verdict"], e["difficulty"],
              e["themes"], e["candidate"], e["pieces"], e["nodes"], e["mode"], e["seed"])
             for e in expected])
        self.assertEqual([[(f.kind, f.ply, f.move, f.alternative) for f in g.flaws]
                          for g in got],
                         [[(f["kind"], f["ply"], f["move"], f["alternative"])
                           for f in e["flaws"]] for e in expected])
        for g in got:  # each solves to its length
            with self.subTest(problem=g.id):
                self.assertIn(g.verdict, ("SOUND", "SOUND_WITH_FLAWS"))
                self.assertEqual(g.position.sfen(), g.sfen)
                self.assertTrue(1 <= g.difficulty <= 10)
                self.assertEqual(len(g.pv_japanese), len(g.pv))
                r = tsume.solve(g.position)
                self.assertEqual((r.status, r.length, r.exact), ("mate", g.length, True))

    def test_reverse_method_equals_the_cli(self):
        # Seed chains lengthening 3-5-ply seeds to 7 plies, every extension written.
        expected = cli_generate("--method", "reverse", "--count", "3", "--plies", "7",
                                "--seed-plies", "3-5", "--chains", "4", "--all-extensions",
                                "--seed", "1", "--threads", "1")
        self.assertEqual(len(expected), 3)
        got = list(tsume.generate(method="reverse", count=3, plies=7, seed_plies=(3, 5), chains=4,
                                  all_extensions=True, seed=1, threads=2))
        self.assertEqual([(g.id, g.sfen, g.length, " ".join(g.pv), g.verdict) for g in got],
                         [(e["id"], e["sfen"], e["length"], e["pv"], e["verdict"])
                          for e in expected])
        for g in got:
            with self.subTest(problem=g.id):
                self.assertEqual(tsume.check(g.position).verdict, "SOUND")
        # At most one problem per idea (`--per-idea 1`): the same problems as the CLI, each
        # ending once.
        expected = cli_generate("--method", "reverse", "--count", "4", "--plies", "7",
                                "--seed-plies", "3-5", "--all-extensions", "--per-idea", "1",
                                "--seed", "1")
        self.assertEqual(len(expected), 4)
        self.assertEqual(len({e["idea"] for e in expected}), 4)
        got = list(tsume.generate(method="reverse", count=4, plies=7, seed_plies=(3, 5),
                                  all_extensions=True, per_idea=1, seed=1))
        self.assertEqual([(g.id, g.sfen) for g in got], [(e["id"], e["sfen"]) for e in expected])
        with self.assertRaisesRegex(ValueError, "compositions only"):
            tsume.generate(method="reverse", mode="training")
        with self.assertRaisesRegex(ValueError, "method must be random or reverse"):
            tsume.generate(method="backwards")

    def test_compositions_are_sound(self):
        got = list(tsume.generate(count=2, plies=3, seed=3))
        self.assertEqual(len(got), 2)
        for g in got:
            with self.subTest(problem=g.id):
                self.assertEqual((g.length, g.verdict, g.mode), (3, "SOUND", "composition"))
                self.assertEqual(tsume.check(g.position).verdict, "SOUND")

    def test_sho(self):
        got = list(tsume.generate(count=1, plies=(3, 5), rules="sho", seed=2))
        expected = cli_generate("--count", "1", "--plies", "3-5", "--rules", "sho", "--seed", "2")
        self.assertEqual([(g.sfen, g.rules) for g in got], [(e["sfen"], e["rules"])
                                                            for e in expected])
        for g in got:
            self.assertEqual(tsume.solve(g.position).length, g.length)

    def test_close_stops_a_long_run(self):
        start = time.monotonic()
        with tsume.generate(count=100000, plies=3, threads=2) as problems:
            first = next(problems)
        self.assertTrue(first.id.startswith("g1-"))
        self.assertLess(time.monotonic() - start, 60)
        problems.close()  # twice is harmless
        with self.assertRaises(StopIteration):
            next(problems)

    def test_bad_arguments(self):
        cases = [({"plies": 4}, "plies: mate lengths are odd"),
                 ({"plies": (7, 3)}, "1 <= A <= B <= 255"),
                 ({"plies": (0, 3)}, "1 <= A <= B <= 255"),
                 ({"mode": "fun"}, "mode must be composition or training"),
                 ({"count": 0}, "count must be at least 1"),
                 ({"rules": "chess"}, "rules must be shogi or sho"),
                 ({"threads": -2}, "threads must be between")]
        for kwargs, message in cases:
            with self.subTest(**kwargs):
                with self.assertRaisesRegex(ValueError, message):
                    tsume.generate(**kwargs)

    def test_ctrl_c_stops_the_iteration(self):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        problems = tsume.generate(count=100000, plies=(15, 21), seed=5)
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            for _ in problems:
                pass
        timer.join()
        problems.close()
        self.assertLess(time.monotonic() - start, 30)


if __name__ == "__main__":
    unittest.main()
