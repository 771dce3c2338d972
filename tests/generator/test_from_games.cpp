// Training mode from games (generator/from_games.h): the game records in tests/generator/data,
// written for these tests, with the puzzles found in them by hand (the comments of each record
// give the analysis), and the lengths confirmed by the brute-force search of the tests
// (tests/core/reference_mate.h), which shares no code with the solver.
#include "generator/from_games.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/io/problem.h"
#include "solver/io/sfen.h"
#include "tests/core/reference_mate.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

using test_support::position;

io::Problem game(const std::string& file) {
  io::ReadOptions read;
  read.defender_hand = io::DefenderHand::AsGiven;
  auto g = io::read_problem_file(std::string(TSUME_GENERATOR_TEST_DATA) + "/" + file, read);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message());
  return g.ok() ? g.value() : io::Problem{};
}

GameOptions options(bool trim) {
  GameOptions o;
  o.min_plies = 3;
  o.max_plies = 9;
  o.trim = trim;
  o.threads = 2;
  return o;
}

std::string normal_sfen(const std::string& sfen) { return io::to_sfen(position(sfen)); }

int reference_length(const Position& pos, int max_plies) {
  test::reference::MateSearch ref(test::reference::FutileRule::Discount);
  return ref.mate_length(pos.setup(), max_plies).value_or(-1);
}

// head_gold.kif: Black to move, G*5c forces the king to the first rank and a second gold mates
// (3 plies); the game plays it. Positions 1 and 3 have White to move with a lone king, lance and
// pawn and no hand (no check at all); position 2 is a mate in 1, below the band.
TEST(GeneratorFromGames, KifGameGivesItsThreePlyMate) {
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(game("head_gold.kif"), "head_gold");
  ASSERT_EQ(puzzles.size(), 1U);
  const GamePuzzle& p = puzzles[0];
  EXPECT_EQ(p.problem.id, "head_gold-0");
  EXPECT_EQ(p.move, 0U);
  EXPECT_EQ(p.problem.length, 3);
  // The game position with White given every piece the diagram leaves out.
  EXPECT_EQ(io::to_sfen(p.problem.position),
            normal_sfen("l8/4k4/p8/4P4/9/9/P8/1S7/4K4 b 2G2r2b2g3s4n3l15p 1"));
  ASSERT_TRUE(p.game_move.has_value());
  EXPECT_EQ(io::to_usi(*p.game_move), "G*5c");
  EXPECT_EQ(replay_mate(p.problem.position, p.problem.pv), "");
  EXPECT_EQ(p.removed, 0);
  EXPECT_EQ(reference_length(p.problem.position, 9), 3);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.games, 1U);
  EXPECT_EQ(s.positions, 4U);
  EXPECT_EQ(s.mates, 1U);
  EXPECT_EQ(s.continuations, 0U);
}

// --trim: the lance, the pawns on file 9, the silver and Black's king play no part; the pawn on 5d
// (it holds the first gold) and both golds (one gold alone does not mate in 3) stay.
TEST(GeneratorFromGames, TrimKeepsThePiecesTheMateNeeds) {
  GameScanner scanner(options(true));
  const auto puzzles = scanner.scan(game("head_gold.kif"), "head_gold");
  ASSERT_EQ(puzzles.size(), 1U);
  const GamePuzzle& p = puzzles[0];
  EXPECT_EQ(io::to_sfen(p.problem.position),
            normal_sfen("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1"));
  EXPECT_EQ(p.removed, 5);
  EXPECT_EQ(p.problem.length, 3);
  EXPECT_EQ(p.problem.pieces, 3);  // the pawn and two golds in hand
  EXPECT_EQ(reference_length(p.problem.position, 9), 3);
}

// gold_ladder.csa: White to move first (a lone king, no check); after 5b5c Black mates in 5 up
// the file and the game plays it out: the position after move 3 (mate in 3) continues it and
// is skipped, the one after move 5 is a mate in 1, below the band.
TEST(GeneratorFromGames, CsaGameGivesOnePuzzlePerMatingSequence) {
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(game("gold_ladder.csa"), "gold_ladder");
  ASSERT_EQ(puzzles.size(), 1U);
  const GamePuzzle& p = puzzles[0];
  EXPECT_EQ(p.problem.id, "gold_ladder-1");
  EXPECT_EQ(p.move, 1U);
  EXPECT_EQ(p.problem.length, 5);
  EXPECT_EQ(io::to_sfen(p.problem.position),
            normal_sfen("9/9/4k4/9/4P4/9/9/9/4K4 b 3G2r2bg4s4n4l17p 2"));
  EXPECT_EQ(replay_mate(p.problem.position, p.problem.pv), "");
  EXPECT_EQ(reference_length(p.problem.position, 9), 5);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.positions, 7U);
  EXPECT_EQ(s.mates, 2U);
  EXPECT_EQ(s.continuations, 1U);
  EXPECT_EQ(s.puzzles, 1U);
}

// head_gold_missed.kif: Black first plays a pawn move on file 9 (the mate in 3 is still there
// two plies later, not two plies shorter): the mate is found again, a second puzzle.
TEST(GeneratorFromGames, MissedMateIsFoundAgain) {
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(game("head_gold_missed.kif"), "missed");
  ASSERT_EQ(puzzles.size(), 2U);
  EXPECT_EQ(puzzles[0].move, 0U);
  EXPECT_EQ(puzzles[1].move, 2U);
  EXPECT_EQ(puzzles[0].problem.length, 3);
  EXPECT_EQ(puzzles[1].problem.length, 3);
  EXPECT_EQ(io::to_usi(*puzzles[0].game_move), "9g9f");
  EXPECT_EQ(io::to_usi(*puzzles[1].game_move), "G*5c");
  EXPECT_EQ(scanner.stats().continuations, 0U);
}

// The same game in KI2 notation gives the same puzzle.
TEST(GeneratorFromGames, Ki2GameGivesTheSamePuzzle) {
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(game("gold_ladder.ki2"), "gold_ladder");
  ASSERT_EQ(puzzles.size(), 1U);
  EXPECT_EQ(puzzles[0].move, 1U);
  EXPECT_EQ(puzzles[0].problem.length, 5);
  EXPECT_EQ(io::to_sfen(puzzles[0].problem.position),
            normal_sfen("9/9/4k4/9/4P4/9/9/9/4K4 b 3G2r2bg4s4n4l17p 2"));
  EXPECT_EQ(scanner.stats().positions, 7U);
  EXPECT_EQ(scanner.stats().continuations, 1U);
}

// gold_ladder_variation.kif: no mate on the main line; the variation from move 2 (the king steps
// to 5c) gives a mate in 5 at the position after its move 2, played out: the position after
// move 4 continues it (skipped), the one after move 6 is a mate in 1, below the band.
TEST(GeneratorFromGames, VariationsAreSearchedAfterTheMainLine) {
  GameScanner scanner(options(false));
  const io::Problem g = game("gold_ladder_variation.kif");
  ASSERT_EQ(g.moves.size(), 2U);
  ASSERT_EQ(g.variations.size(), 1U);
  const auto puzzles = scanner.scan(g, "ladder");
  ASSERT_EQ(puzzles.size(), 1U);
  const GamePuzzle& p = puzzles[0];
  EXPECT_EQ(p.problem.id, "ladder-v1-2");
  EXPECT_EQ(p.move, 2U);
  EXPECT_EQ(p.variation, 1U);
  EXPECT_EQ(p.variation_move, 2U);
  ASSERT_TRUE(p.game_move.has_value());
  EXPECT_EQ(io::to_usi(*p.game_move), "G*5d");
  EXPECT_EQ(p.problem.length, 5);
  EXPECT_EQ(io::to_sfen(p.problem.position),
            normal_sfen("l8/9/p3k4/9/4P4/P8/9/9/4K4 b 3G2r2bg4s4n3l15p 3"));
  EXPECT_EQ(replay_mate(p.problem.position, p.problem.pv), "");
  EXPECT_EQ(reference_length(p.problem.position, 9), 5);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.positions, 9U);  // 3 on the main line, 6 after the variation's moves
  EXPECT_EQ(s.mates, 2U);
  EXPECT_EQ(s.continuations, 1U);
  EXPECT_EQ(s.puzzles, 1U);
}

// A variation's first two positions look back into the main line: gold_ladder.csa's mate in 5
// after move 1, with a variation from move 3 where the king steps to 4b instead of 5b (the mate
// in 5's other defence, then G*4c, 4b3a, G*3b). The position after move 3 of the variation is a
// mate in 3 that continues the main line's mate in 5 of two plies earlier: skipped, no puzzle.
TEST(GeneratorFromGames, VariationContinuesTheMainLinesMate) {
  io::Problem g = game("gold_ladder.csa");
  ASSERT_EQ(g.moves.size(), 6U);
  Position branch;
  branch.set(g.setup, KingRule::Any);
  for (std::size_t i = 0; i < 2; ++i) branch.do_move(g.moves[i]);
  g.variations.push_back({3, test_support::line(branch, {"5c4b", "G*4c", "4b3a", "G*3b"})});
  ASSERT_EQ(g.variations.back().moves.size(), 4U);
  Position after1;
  after1.set(game_position(g, 1), KingRule::Any);
  EXPECT_EQ(reference_length(after1, 9), 5);
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(g, "gold_ladder");
  ASSERT_EQ(puzzles.size(), 1U);  // the main line's, as without the variation
  EXPECT_EQ(puzzles[0].move, 1U);
  EXPECT_EQ(puzzles[0].variation, 0U);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.positions, 7U + 4U);
  EXPECT_EQ(s.mates, 3U);          // the main line's 5 and 3, the variation's 3
  EXPECT_EQ(s.continuations, 2U);  // the main line's after move 3, the variation's after move 3
}

// A variation of a variation looks back through its parent into the main line: gold_ladder.csa
// with a variation A from move 2 and a variation B off A from move 3, both replaying the main
// line's moves (G*5d 5c5b, then 5c5b G*5c). The positions after move 3 of A and of B are the
// main line's mate in 3, each continuing the mate in 5 of the main line's position after move 1.
TEST(GeneratorFromGames, NestedVariationLooksBackThroughItsParent) {
  io::Problem g = game("gold_ladder.csa");
  ASSERT_EQ(g.moves.size(), 6U);
  g.variations.push_back({2, {g.moves[1], g.moves[2]}, 0});
  g.variations.push_back({3, {g.moves[2], g.moves[3]}, 1});
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(g, "gold_ladder");
  ASSERT_EQ(puzzles.size(), 1U);
  EXPECT_EQ(puzzles[0].move, 1U);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.positions, 7U + 2U + 2U);
  EXPECT_EQ(s.mates, 4U);
  EXPECT_EQ(s.continuations, 3U);
}

// The same game twice in one run: its puzzle is written once.
TEST(GeneratorFromGames, SamePositionInAnotherGameIsADuplicate) {
  GameScanner scanner(options(false));
  EXPECT_EQ(scanner.scan(game("head_gold.kif"), "a").size(), 1U);
  EXPECT_EQ(scanner.scan(game("head_gold.kif"), "b").size(), 0U);
  EXPECT_EQ(scanner.stats().duplicates, 1U);
}

// The band bounds the lengths: with 5-9 the 3-ply mate of head_gold is not a puzzle.
TEST(GeneratorFromGames, BandExcludesShorterMates) {
  GameOptions o = options(false);
  o.min_plies = 5;
  GameScanner scanner(o);
  EXPECT_TRUE(scanner.scan(game("head_gold.kif"), "head_gold").empty());
  EXPECT_EQ(scanner.stats().mates, 0U);
}

// A damaged record (a drop of a piece Black does not hold) is a read error naming the move.
TEST(GeneratorFromGames, DamagedRecordIsAnError) {
  io::ReadOptions read;
  read.defender_hand = io::DefenderHand::AsGiven;
  const auto g =
      io::read_problem_file(std::string(TSUME_GENERATOR_TEST_DATA) + "/bad_drop.kif", read);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message().find("move 1"), std::string::npos) << g.error().message();
}

std::vector<io::RecordPart> records(const std::string& file) {
  io::ReadOptions read;
  read.defender_hand = io::DefenderHand::AsGiven;
  return io::read_game_records_file(std::string(TSUME_GENERATOR_TEST_DATA) + "/" + file, read);
}

// two_records.csa: two records separated by '/'. The first is a mate in 3 at the start (G*2c,
// then a gold below the king on the first rank), the second a mate in 5 (golds up file 4); both
// are played out, so the second's position after move 2 (a mate in 3) continues its mate and
// the positions after the last attacker moves are mates in 1, below the band.
TEST(GeneratorFromGames, EveryRecordOfACsaFileIsAGame) {
  const auto parts = records("two_records.csa");
  ASSERT_EQ(parts.size(), 2U);
  for (const io::RecordPart& part : parts) {
    ASSERT_TRUE(part.problem.has_value());
    EXPECT_FALSE(part.error.has_value()) << part.error->message();
  }
  EXPECT_EQ(parts[0].problem->moves.size(), 3U);
  EXPECT_EQ(parts[1].problem->moves.size(), 5U);
  EXPECT_EQ(parts[0].problem->title, "tsume tests 1");
  EXPECT_EQ(parts[1].problem->title, "tsume tests 2");
  GameScanner scanner(options(false));
  const auto first = scanner.scan(*parts[0].problem, "two_records-1");
  const auto second = scanner.scan(*parts[1].problem, "two_records-2");
  ASSERT_EQ(first.size(), 1U);
  ASSERT_EQ(second.size(), 1U);
  EXPECT_EQ(first[0].problem.id, "two_records-1-0");
  EXPECT_EQ(first[0].problem.length, 3);
  EXPECT_EQ(io::to_sfen(first[0].problem.position),
            normal_sfen("9/7k1/9/7P1/9/9/9/9/4K4 b 2G2r2b2g4s4n4l17p 1"));
  EXPECT_EQ(reference_length(first[0].problem.position, 9), 3);
  EXPECT_EQ(second[0].problem.id, "two_records-2-0");
  EXPECT_EQ(second[0].problem.length, 5);
  EXPECT_EQ(io::to_sfen(second[0].problem.position),
            normal_sfen("9/9/5k3/9/5P3/9/9/9/4K4 b 3G2r2bg4s4n4l17p 1"));
  EXPECT_EQ(reference_length(second[0].problem.position, 9), 5);
  const GameStats& s = scanner.stats();
  EXPECT_EQ(s.games, 2U);
  EXPECT_EQ(s.positions, 10U);  // 4 + 6
  EXPECT_EQ(s.mates, 3U);       // 3 plies in the first; 5 and 3 plies in the second
  EXPECT_EQ(s.continuations, 1U);
  // The solver's reader still takes a CSA file's first record.
  const io::Problem one = game("two_records.csa");
  EXPECT_EQ(one.moves.size(), 3U);
}

// illegal_king.kif: a mate in 3 at the start (G*2c, then a gold below the king), then an illegal
// move 2 (the king takes the gold held by the pawn): the start and the position after move 1
// are searched, the mate is found, and the error is kept.
TEST(GeneratorFromGames, PositionsBeforeADamageAreSearched) {
  const auto parts = records("illegal_king.kif");
  ASSERT_EQ(parts.size(), 1U);
  ASSERT_TRUE(parts[0].problem.has_value());
  ASSERT_TRUE(parts[0].error.has_value());
  EXPECT_NE(parts[0].error->message().find("move 2"), std::string::npos)
      << parts[0].error->message();
  EXPECT_NE(parts[0].error->message().find("illegal"), std::string::npos)
      << parts[0].error->message();
  ASSERT_EQ(parts[0].problem->moves.size(), 1U);
  EXPECT_EQ(io::to_usi(parts[0].problem->moves[0]), "G*2c");
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(*parts[0].problem, "illegal_king");
  ASSERT_EQ(puzzles.size(), 1U);
  EXPECT_EQ(puzzles[0].problem.id, "illegal_king-0");
  EXPECT_EQ(puzzles[0].problem.length, 3);
  EXPECT_EQ(io::to_sfen(puzzles[0].problem.position),
            normal_sfen("9/7k1/p8/7P1/9/9/9/9/4K4 b 2G2r2b2g4s4n4l16p 1"));
  EXPECT_EQ(reference_length(puzzles[0].problem.position, 9), 3);
  EXPECT_EQ(scanner.stats().positions, 2U);
}

// bad_drop.kif: the damage is move 1, so only the start is searched: its mate in 3 is found.
TEST(GeneratorFromGames, DamageAtMoveOneKeepsTheStart) {
  const auto parts = records("bad_drop.kif");
  ASSERT_EQ(parts.size(), 1U);
  ASSERT_TRUE(parts[0].problem.has_value());
  ASSERT_TRUE(parts[0].error.has_value());
  EXPECT_NE(parts[0].error->message().find("move 1"), std::string::npos);
  EXPECT_TRUE(parts[0].problem->moves.empty());
  GameScanner scanner(options(false));
  const auto puzzles = scanner.scan(*parts[0].problem, "bad_drop");
  ASSERT_EQ(puzzles.size(), 1U);
  EXPECT_EQ(puzzles[0].problem.length, 3);
  EXPECT_EQ(scanner.stats().positions, 1U);
}

// A record whose position cannot be built gives the error alone.
TEST(GeneratorFromGames, RecordWithoutAPositionIsAnErrorAlone) {
  const auto parts = io::read_game_records("V2.2\nP1 *  *\n+\n", "broken.csa");
  ASSERT_EQ(parts.size(), 1U);
  EXPECT_FALSE(parts[0].problem.has_value());
  ASSERT_TRUE(parts[0].error.has_value());
}

}  // namespace
}  // namespace tsume::gen
