"""tsume.puzzles_from_games: the puzzles of `tsume generate --from-games` on the game records
of tests/generator/data (written for the tests, each with its hand analysis), the same records
in the same order whatever the threads; damaged records, the count, paths, bad arguments."""

import json
import pathlib
import unittest

import tsume
from support import CLI, cli, source_path

DATA = source_path("tests", "generator", "data")
GAMES = [f"{DATA}/head_gold.kif", f"{DATA}/gold_ladder.csa", f"{DATA}/gold_ladder_variation.kif",
         f"{DATA}/two_records.csa", f"{DATA}/bad_drop.kif"]


def cli_games(*args):
    done = cli("generate", "--from-games", *args, "--format", "jsonl")
    if done.returncode != 0:
        raise AssertionError(f"{CLI} generate --from-games {args}: {done.stderr}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def fields(q):
    if q.error is not None:
        return (q.id, q.source, q.error)
    return (q.id, q.sfen, q.length, " ".join(q.pv), q.verdict, q.cooks, q.difficulty, q.themes,
            q.source, q.move, q.variation, q.variation_move, q.game_move or "", q.trimmed,
            q.pieces, q.nodes)


def cli_fields(e):
    if "error" in e:
        return (e["id"], e["source"], e["error"])
    return (e["id"], e["sfen"], e["length"], e["pv"], e["verdict"], e["cooks"], e["difficulty"],
            e["themes"], e["source"], e["move"], e["variation"], e["variation_move"],
            e["game_move"], e["trimmed"], e["pieces"], e["nodes"])


class GamesTest(unittest.TestCase):
    def test_equals_the_cli_whatever_the_threads(self):
        expected = cli_games(*GAMES, "--threads", "1")
        for threads in (1, 2):
            with self.subTest(threads=threads):
                got = tsume.puzzles_from_games(GAMES, threads=threads)
                self.assertEqual([fields(q) for q in got], [cli_fields(e) for e in expected])
        # By hand (the records' comments): head_gold's 3-ply mate at the start, gold_ladder's
        # 5-ply mate after move 1, the variation's 5-ply mate, the two records' mates, then
        # bad_drop's error (its start is head_gold's, a duplicate).
        got = tsume.puzzles_from_games(GAMES)
        self.assertEqual([(q.id, q.length) for q in got if q.error is None],
                         [("head_gold-0", 3), ("gold_ladder-1", 5),
                          ("gold_ladder_variation-v1-2", 5), ("two_records-1-0", 3),
                          ("two_records-2-0", 5)])
        last = got[-1]
        self.assertEqual((last.id, last.position), ("bad_drop", None))
        self.assertIn("move 1", last.error)
        for q in got[:-1]:  # each solves to its length from its position
            with self.subTest(puzzle=q.id):
                self.assertEqual(q.position.sfen(), q.sfen)
                self.assertEqual(len(q.pv_japanese), len(q.pv))
                r = tsume.solve(q.position)
                self.assertEqual((r.status, r.length, r.exact), ("mate", q.length, True))
        variation = got[2]
        self.assertEqual((variation.move, variation.variation, variation.variation_move,
                          variation.game_move), (2, 1, 2, "G*5d"))

    def test_trim_and_count(self):
        got = tsume.puzzles_from_games(pathlib.Path(DATA, "head_gold.kif"), trim=True)
        self.assertEqual([(q.sfen, q.trimmed) for q in got],
                         [("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1", 5)])
        self.assertEqual(len(tsume.puzzles_from_games(GAMES, count=2)), 2)
        # No mate of 7-9 plies: bad_drop's error record alone.
        self.assertEqual([(q.id, q.error is None) for q in
                          tsume.puzzles_from_games(GAMES, plies=(7, 9))], [("bad_drop", False)])

    def test_missing_file_is_an_error_record(self):
        got = tsume.puzzles_from_games([f"{DATA}/no_such_game.kif", f"{DATA}/head_gold.kif"])
        self.assertEqual(len(got), 2)
        self.assertIsNotNone(got[0].error)
        self.assertIn("no_such_game.kif", got[0].error)
        self.assertEqual(got[1].id, "head_gold-0")

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "mate_nodes"):
            tsume.puzzles_from_games(GAMES, mate_nodes=0)
        with self.assertRaisesRegex(ValueError, "plies"):
            tsume.puzzles_from_games(GAMES, plies=(9, 3))
        with self.assertRaises(TypeError):
            tsume.puzzles_from_games(GAMES, 9)


if __name__ == "__main__":
    unittest.main()
