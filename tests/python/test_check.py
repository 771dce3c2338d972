"""tsume.check: verdicts and evidence equal to `tsume check` on the bundled set, the intended
line, bad input."""

import os
import signal
import threading
import time
import unittest

import tsume
from support import cli_jsonl, read_tsv, source_path

CHECK_SMALL = source_path("tests", "cli", "data", "check_small.tsv")

# The verdicts by hand (tests/answer/test_check.cpp gives the reasoning).
EXPECTED = {"sound-1": "SOUND", "sound-3": "SOUND", "cooked-1": "COOKED",
            "cooked-3-move-1": "COOKED", "surplus-1": "SURPLUS",
            "idle-pawn": "UNNECESSARY_PIECE", "no-mate": "NO_MATE"}


def finding_fields(f):
    return {"kind": f.kind, "ply": f.ply, "move": f.move, "alternative": f.alternative,
            "length": f.length, "nodes": f.nodes, "note": f.note}


def record_finding_fields(f):
    return {k: f[k] for k in ("kind", "ply", "move", "alternative", "length", "nodes", "note")}


class CheckTest(unittest.TestCase):
    def test_bundled_set_equals_the_cli(self):
        records = cli_jsonl("check", CHECK_SMALL)
        for sfen, pid, _, line in read_tsv(CHECK_SMALL):
            with self.subTest(problem=pid):
                intended = line.split() if line else None
                r = tsume.check(sfen, intended=intended)
                record = records[pid]
                self.assertEqual(r.sfen, record["sfen"])
                self.assertEqual(r.verdict, record["verdict"])
                self.assertEqual(r.reason, record["reason"])
                self.assertEqual(r.length, record["length"])
                self.assertEqual(" ".join(r.pv), record["pv"])
                for name in ("cooks", "flaws", "undecided"):
                    self.assertEqual([finding_fields(f) for f in getattr(r, name)],
                                     [record_finding_fields(f) for f in record[name]], name)
                for name in ("unnecessary", "pieces_undecided", "pieces_necessary"):
                    self.assertEqual([(t.piece, t.square, t.result) for t in getattr(r, name)],
                                     [(t["piece"], t["square"], t["result"])
                                      for t in record[name]], name)
                self.assertEqual((r.alternatives, r.disproved, r.nodes),
                                 (record["alternatives"], record["disproved"], record["nodes"]))
                if pid in EXPECTED:
                    self.assertEqual(r.verdict, EXPECTED[pid])

    def test_evidence(self):
        cooked = tsume.check("k8/9/K8/9/9/9/9/9/9 b G 1")
        self.assertEqual(cooked.verdict, "COOKED")
        self.assertGreaterEqual(len(cooked.cooks), 1)
        self.assertTrue(all(c.alternative for c in cooked.cooks))
        idle = tsume.check("4k4/9/4P4/9/9/9/9/9/8P b G 1")
        self.assertEqual(idle.verdict, "UNNECESSARY_PIECE")
        self.assertIn(("P", "1i"), [(t.piece, t.square) for t in idle.unnecessary])
        sound = tsume.check("4k4/9/4P4/9/9/9/9/9/9 b G 1")
        self.assertEqual((sound.verdict, sound.length, sound.pv), ("SOUND", 1, ["G*5b"]))
        self.assertEqual(sound.pv_japanese, ["▲５二金"])  # KI2: 打 only when a move could go there
        self.assertIsNone(sound.intended_is_main)

    def test_intended_line(self):
        sfen = "k2G5/9/K8/9/N8/9/9/9/9 b - 1"
        main = tsume.check(sfen, intended=["9e8c", "9a8a", "6a7a"])
        self.assertIs(main.intended_is_main, True)
        other = tsume.check(sfen, intended=["6a7a"])
        self.assertIs(other.intended_is_main, False)
        self.assertEqual(other.intended_diverges_at, 0)
        with self.assertRaisesRegex(ValueError, "move 1 '5e5d'"):
            tsume.check(sfen, intended=["5e5d"])

    def test_intended_line_from_a_record(self):
        path = source_path("tests", "io", "data", "pinned_interposer.kif")
        problem = tsume.read_problem(path)
        self.assertEqual(problem.format, "KIF")
        self.assertEqual(problem.moves, ["1i5e"])  # the record's one move, ▲５五角
        self.assertEqual(problem.position, tsume.Position.from_file(path))
        record = next(iter(cli_jsonl("check", path).values()))
        r = tsume.check(problem.position, intended=problem.moves)
        self.assertEqual((r.verdict, r.intended_is_main), (record["verdict"],
                                                           record["intended"]["is_main"]))
        self.assertIs(r.intended_is_main, True)
        with self.assertRaisesRegex(ValueError, "no-such-file"):
            tsume.read_problem("no-such-file.csa")

    def test_limits_and_bad_arguments(self):
        zukou = read_tsv(source_path("problems", "zukou.tsv"))[0][0]
        r = tsume.check(zukou, nodes=5000, step_nodes=1000, pieces=False)
        self.assertEqual(r.verdict, "UNKNOWN")
        for kwargs in ({"step_nodes": -1}, {"hash_mb": 0}, {"rules": "x"}, {"nodes": -2}):
            with self.subTest(**kwargs):
                with self.assertRaises(ValueError):
                    tsume.check("4k4/9/4P4/9/9/9/9/9/9 b G 1", **kwargs)
        with self.assertRaises(ValueError):
            tsume.check("4k4/9/4P4 b G 1")

    def test_ctrl_c_stops_a_check(self):
        zukou = read_tsv(source_path("problems", "zukou.tsv"))[0][0]
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            tsume.check(zukou)
        timer.join()
        self.assertLess(time.monotonic() - start, 10)


if __name__ == "__main__":
    unittest.main()
