"""tsume.Position: readers, SFEN, legal moves, checks, moves and errors."""

import unittest

import tsume
from support import cli, cli_jsonl, source_path

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
PAWN_DROP_MATE = "7lk/9/8S/9/9/9/9/7L1/8K b P 1"


class PositionTest(unittest.TestCase):
    def test_from_sfen_gives_the_defender_the_rest(self):
        # SPEC.md section 1: an empty defender hand means all remaining pieces.
        p = tsume.Position.from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1")
        self.assertEqual(p.sfen(), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
        self.assertEqual(p.side_to_move, "black")
        self.assertEqual(p.rules, "shogi")
        self.assertFalse(p.in_check())

    def test_hand_as_given(self):
        p = tsume.Position.from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1", hand_as_given=True)
        self.assertEqual(p.sfen(), "4k4/9/4P4/9/9/9/9/9/9 b G 1")

    def test_startpos_has_30_legal_moves(self):
        p = tsume.Position.from_sfen("startpos")
        self.assertEqual(p.sfen(), START)
        moves = p.legal_moves()
        self.assertEqual(len(moves), 30)  # perft(1), SPEC.md section 5
        self.assertIn("7g7f", moves)
        self.assertEqual(moves, sorted(moves))

    def test_checks_equal_the_cli(self):
        p = tsume.Position.from_sfen(PAWN_DROP_MATE, hand_as_given=True)
        lines = cli("checks", "--sfen", PAWN_DROP_MATE).stdout.splitlines()
        self.assertEqual(lines[-1], f"count {len(lines) - 1}")
        self.assertEqual(p.checks(), lines[:-1])
        self.assertNotIn("P*1b", p.checks())  # the pawn-drop mate is not a legal check
        self.assertTrue(set(p.checks()) <= set(p.legal_moves()))

    def test_play(self):
        p = tsume.Position.from_sfen("startpos").play("7g7f")
        self.assertEqual(p.side_to_move, "white")
        self.assertEqual(
            p.sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
        with self.assertRaises(ValueError):
            p.play("7g7f")  # no piece there any more

    def test_japanese_equals_the_cli_text(self):
        sfen = "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1"
        text = cli("solve", sfen).stdout.splitlines()
        main = next(line for line in text if line.startswith("main "))[len("main "):]
        usi = next(line for line in text if line.startswith("usi "))[len("usi "):].split()
        p = tsume.Position.from_sfen(sfen)
        self.assertEqual(" ".join(p.japanese(usi)), main)
        with self.assertRaisesRegex(ValueError, "move 1 'P\\*5e'"):
            p.japanese(["P*5e"])

    def test_equality_and_hash(self):
        a = tsume.Position.from_sfen("startpos")
        b = tsume.Position.from_sfen(START)
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertNotEqual(a, a.play("7g7f"))
        self.assertNotEqual(a, START)  # a Position is not its SFEN string
        self.assertIn("Position('", repr(a))

    def test_bad_sfen_raises_value_error_with_the_cli_message(self):
        # The phrases are those of tests/io/test_bad_input.cpp.
        for bad, phrase in (("4k4/9/P9/9/9/9/9/9/4K4 b - 1", "rank 3 has 10 squares"),
                            ("4k4/9/9/9/9/9/9/9/4K3x b - 1",
                             "unknown piece letter 'x' in rank 9"),
                            ("4k4/9/9/9/9/9/9/9/4K4 x - 1",
                             "side to move must be 'b' or 'w', not 'x'"),
                            ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "hand has 19 P (at most 18)"),
                            ("4k4/9/9/9/4P4/4P4/9/9/8K b P 1", "nifu")):
            with self.subTest(sfen=bad):
                with self.assertRaises(ValueError) as caught:
                    tsume.Position.from_sfen(bad)
                message = str(caught.exception)
                self.assertIn(phrase, message)
                record = cli_jsonl("solve", bad)["arg1"]
                self.assertEqual(record["status"], "error")
                self.assertEqual(record["error"], "arg1: " + message)

    def test_kif_csa_and_files_equal_the_cli(self):
        for name in ("pinned_interposer.kif", "pinned_interposer.csa", "kakugawari.kif",
                     "kakugawari.ki2", "discovered_check.sjis.kif", "nimaiochi.csa"):
            with self.subTest(file=name):
                path = source_path("tests", "io", "data", name)
                expected = next(iter(cli_jsonl("solve", path, "--nodes", "1").values()))["sfen"]
                self.assertEqual(tsume.Position.from_file(path).sfen(), expected)
                with open(path, "rb") as f:
                    data = f.read()
                reader = tsume.Position.from_csa if name.endswith(".csa") else \
                    tsume.Position.from_kif
                self.assertEqual(reader(data).sfen(), expected)
                if not name.endswith(".sjis.kif"):
                    self.assertEqual(reader(data.decode("utf-8")).sfen(), expected)

    def test_bad_records_raise_value_error(self):
        with self.assertRaisesRegex(ValueError, "no-such-file"):
            tsume.Position.from_file("no-such-file.kif")
        with self.assertRaisesRegex(ValueError, "^1: no position"):
            tsume.Position.from_csa("'only a comment\n")
        with open(source_path("tests", "io", "data", "pinned_interposer.kif"),
                  encoding="utf-8") as f:
            kif = f.read()
        bad = kif.replace(" ・", " 猫", 1)
        self.assertNotEqual(bad, kif)
        with self.assertRaisesRegex(ValueError, "unknown kanji '猫' in board row"):
            tsume.Position.from_kif(bad)
        with self.assertRaises(TypeError):
            tsume.Position.from_kif(42)

    def test_sho_rules(self):
        sfen = "9/9/6E1k/6N2/8S/9/9/9/4K4 b - 1"  # problems/sho.tsv, sho-001
        with self.assertRaises(ValueError):
            tsume.Position.from_sfen(sfen)  # no drunk elephant in shogi
        p = tsume.Position.from_sfen(sfen, rules="sho")
        self.assertEqual(p.rules, "sho")
        self.assertIn("3c2b+", p.checks())
        with self.assertRaisesRegex(ValueError, "rules must be shogi or sho, not 'chess'"):
            tsume.Position.from_sfen(sfen, rules="chess")


if __name__ == "__main__":
    unittest.main()
