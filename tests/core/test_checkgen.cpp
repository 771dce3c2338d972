// Tests of solver/core/checkgen.h: the dedicated check generator must produce exactly the legal
// moves that give check. Counts come from SPEC.md section 5 and from hand analysis; the set
// equality with {legal moves that check} is tested on more than 100,000 positions from random
// playouts and from the main lines of 将棋図巧 (problems/zukou.tsv).
#include "solver/core/checkgen.h"

#include <iostream>
#include <ostream>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::load;
using test::usi;

const std::string kZukouPath = std::string(TSUME_PROBLEMS_DIR) + "/zukou.tsv";

const std::vector<test::Problem>& zukou() {
  static const std::vector<test::Problem> problems = test::read_problems(kZukouPath);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Counts.

struct CheckCountCase {
  const char* name;
  const char* sfen;
  std::size_t checks;
};
void PrintTo(const CheckCountCase& c, std::ostream* os) { *os << c.name << ": " << c.sfen; }

class CheckCount : public ::testing::TestWithParam<CheckCountCase> {};

TEST_P(CheckCount, MatchesTheExpectedNumber) {
  Position pos = load(GetParam().sfen);
  const MoveList checks = test::check_moves(pos);
  EXPECT_EQ(checks.size(), GetParam().checks) << test::describe(test::sorted(checks));
  EXPECT_FALSE(test::has_duplicates(checks));
  EXPECT_EQ(test::sorted(checks), test::legal_checks_by_playing(pos));
}

INSTANTIATE_TEST_SUITE_P(
    Spec, CheckCount,
    ::testing::Values(
        CheckCountCase{"MaxChecks91",
                       "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1", 91},
        CheckCountCase{"PawnDropMate6", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", 6},
        CheckCountCase{"MiddlegameWhite8",
                       "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 8},
        CheckCountCase{"Zukou001_10",
                       "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1", 10}),
    [](const ::testing::TestParamInfo<CheckCountCase>& c) { return std::string(c.param.name); });

INSTANTIATE_TEST_SUITE_P(
    HandCounted, CheckCount,
    ::testing::Values(
        // One of each kind in hand against the king on 5a: R 16 (rank a 8, file 5 8), B 8,
        // G 5 (4a 6a 4b 5b 6b), S 3 (4b 5b 6b), N 2 (4c 6c), L 8 (5b..5i), P 1 (5b; the king may
        // take it, so it is no pawn-drop mate): 43.
        CheckCountCase{"EveryKindOfDrop", "4k4/9/9/9/9/9/9/9/9 b RBGSNLP 1", 43},
        CheckCountCase{"EveryKindOfDropForWhite", "9/9/9/9/9/9/9/9/4K4 w rbgsnlp 1", 43},
        // The silver on 5e screens the lance on 5i: its four diagonal moves discover check.
        CheckCountCase{"DiscoveredBySilver", "4k4/9/9/9/4S4/9/9/9/4L4 b - 1", 4},
        // Knight 5c must promote on 4a/6a; both give double check (promoted knight + lance).
        CheckCountCase{"DoubleCheckByForcedPromotion", "4k4/9/4N4/9/9/9/9/9/4L4 b - 1", 2},
        // Pawn 4c: only 4c4b+ checks (a tokin attacks 5a diagonally, a pawn does not).
        CheckCountCase{"OnlyThePromotionChecks", "4k4/9/5P3/9/9/9/9/9/9 b - 1", 1},
        // The black king on 5e screens the rook on 5i: six king moves off the file discover check.
        CheckCountCase{"DiscoveredByTheKing", "4k4/9/9/9/4K4/9/9/9/4R4 b - 1", 6},
        // Silver 2c pinned along rank c: its checks 2b/1b (with or without promotion) are illegal.
        CheckCountCase{"PinnedCheckerCannotCheck", "8k/9/K6Sr/9/9/9/9/9/9 b - 1", 0},
        CheckCountCase{"UnpinnedCheckerChecks", "8k/9/K6S1/9/9/9/9/9/9 b - 1", 4},
        // White attacking: the same discovered check by the king, colours exchanged.
        CheckCountCase{"DiscoveredByTheKingForWhite", "4r4/9/9/9/4k4/9/9/9/4K4 w - 1", 6}),
    [](const ::testing::TestParamInfo<CheckCountCase>& c) { return std::string(c.param.name); });

TEST(Checks, NamedMovesOfTheHandCountedPositions) {
  EXPECT_EQ(test::sorted(test::check_moves(load("4k4/9/9/9/4S4/9/9/9/4L4 b - 1"))),
            test::sorted(std::vector<Move>{usi("5e4d"), usi("5e6d"), usi("5e4f"), usi("5e6f")}));
  EXPECT_EQ(test::sorted(test::check_moves(load("4k4/9/4N4/9/9/9/9/9/4L4 b - 1"))),
            test::sorted(std::vector<Move>{usi("5c4a+"), usi("5c6a+")}));
  EXPECT_EQ(test::sorted(test::check_moves(load("8k/9/K6S1/9/9/9/9/9/9 b - 1"))),
            test::sorted(std::vector<Move>{usi("2c2b"), usi("2c2b+"), usi("2c1b"), usi("2c1b+")}));
}

TEST(Checks, NonPromotingChecksAreGenerated) {
  // Bishop 1e to 3c (into the zone) checks the king on 1a along the 3c-2b-1a diagonal, as a
  // bishop or as a horse; no other bishop move reaches that diagonal.
  EXPECT_EQ(test::sorted(test::check_moves(load("8k/9/9/9/8B/9/9/9/9 b - 1"))),
            test::sorted(std::vector<Move>{usi("1e3c"), usi("1e3c+")}));
}

// ---------------------------------------------------------------------------------------------
// Set equality on many positions.

TEST(Checks, EqualTheLegalChecksOnMoreThan100000Positions) {
  std::size_t compared = 0, failures = 0, in_check = 0, with_checks = 0, white = 0, both_kings = 0;
  auto compare = [&](Position& pos) {
    ++compared;
    in_check += pos.in_check();
    white += pos.side_to_move() == Color::White;
    both_kings += pos.king_square(Color::Black) != Square::None &&
                  pos.king_square(Color::White) != Square::None;
    const std::string mismatch = test::check_generator_mismatch(pos);
    if (!mismatch.empty() && ++failures <= 10) ADD_FAILURE() << mismatch;
    with_checks += !test::check_moves(pos).empty();
  };
  // The 将棋図巧 main lines, every position along them.
  for (const test::Problem& p : zukou())
    for (Position& pos : test::main_line_positions(p)) compare(pos);
  const std::size_t from_main_lines = compared;
  // Random playouts from the start position, SPEC.md positions and the problems (as given, with
  // colours exchanged, and with an attacker king added), half the moves chosen among checks.
  const auto roots = test::property_roots(zukou(), 31);
  test::PlayoutOptions options;
  options.max_plies = 40;
  options.check_bias = 0.6;
  test::random_playouts(roots, 32, 100000, options, compare);
  std::cout << "[ checkgen ] compared " << compared << " positions (" << from_main_lines
            << " on zukou main lines, " << roots.size() << " playout roots), " << in_check
            << " in check, " << with_checks << " with at least one check, " << white
            << " with White to move, " << both_kings << " with both kings (双玉)\n";
  EXPECT_EQ(failures, 0u);
  EXPECT_GE(compared, 100000u);
  EXPECT_GT(in_check, 20000u);
  EXPECT_GT(white, 30000u);
  EXPECT_GT(both_kings, 20000u);
}

// do_move finds the checkers of the side to move from the move alone (the moved piece and a line
// opened through its origin) when the side to move was not attacked before it; after a null
// move it computes them in full. Both must equal every attacker of the king found from scratch,
// on playouts (two-king positions and discovered checks among them) and after a null move from
// each position followed by every legal move.
TEST(Checks, CheckersAfterAMoveEqualEveryAttackerOfTheKing) {
  std::size_t compared = 0, checked = 0, failures = 0;
  const auto expect_checkers = [&](const Position& pos, const char* after) {
    ++compared;
    const Square king = pos.king_square(pos.side_to_move());
    const Bitboard all = king == Square::None
                             ? Bitboard()
                             : pos.attackers_to(~pos.side_to_move(), king, pos.pieces());
    checked += !all.empty();
    if (pos.checkers() != all && ++failures <= 10)
      ADD_FAILURE() << "checkers after " << after << " differ at " << io::to_sfen(pos);
  };
  test::PlayoutOptions options;
  options.check_bias = 0.6;
  test::random_playouts(test::property_roots(zukou(), 37), 38, 4000, options, [&](Position& pos) {
    expect_checkers(pos, "a move");
    pos.do_null_move();
    expect_checkers(pos, "a null move");
    for (Move m : test::legal_moves(pos)) {
      pos.do_move(m);
      expect_checkers(pos, "a null move and a move");
      pos.undo_move(m);
    }
    pos.undo_null_move();
  });
  EXPECT_EQ(failures, 0u) << "of " << compared;
  EXPECT_GT(checked, 1000u);
}

TEST(Checks, MatchTheNaiveReferenceRules) {
  std::size_t compared = 0, failures = 0;
  auto compare = [&](Position& pos) {
    ++compared;
    const std::string mismatch = test::reference_mismatch(pos);
    if (!mismatch.empty() && ++failures <= 10) ADD_FAILURE() << mismatch;
  };
  for (const test::Problem& p : zukou())
    for (Position& pos : test::main_line_positions(p)) compare(pos);
  test::PlayoutOptions options;
  options.check_bias = 0.6;
  test::random_playouts(test::property_roots(zukou(), 33), 34, 12000, options, compare);
  EXPECT_EQ(failures, 0u) << "of " << compared;
}

TEST(Checks, AreSymmetricUnderColourFlipAndMirror) {
  test::PlayoutOptions options;
  options.check_bias = 0.6;
  test::random_playouts(test::property_roots(zukou(), 35), 36, 10000, options, [&](Position& pos) {
    std::vector<Move> flipped_expected, mirrored_expected;
    for (Move m : test::check_moves(pos)) {
      flipped_expected.push_back(test::flip_colors(m));
      mirrored_expected.push_back(test::mirror_files(m));
    }
    Position flipped, mirrored;
    ASSERT_EQ(flipped.set(test::flip_colors(pos.setup()), KingRule::Any), "");
    ASSERT_EQ(mirrored.set(test::mirror_files(pos.setup()), KingRule::Any), "");
    ASSERT_EQ(test::sorted(test::check_moves(flipped)), test::sorted(flipped_expected))
        << io::to_sfen(pos);
    ASSERT_EQ(test::sorted(test::check_moves(mirrored)), test::sorted(mirrored_expected))
        << io::to_sfen(pos);
  });
}

// ---------------------------------------------------------------------------------------------
// The published 将棋図巧 solutions: every attacker move is a generated check, every defender
// move a generated evasion, and the final position is mate except where the collection says the
// line ends with only futile interpositions left (026, 073, 093).

TEST(Checks, ZukouMainLinesAreChecksAndEvasions) {
  const std::set<std::string> ends_with_futile_interpositions{"zukou-026", "zukou-073",
                                                              "zukou-093"};
  ASSERT_EQ(zukou().size(), 100u);
  for (const test::Problem& p : zukou()) {
    std::string error;
    const auto line = test::main_line_positions(p, &error);
    ASSERT_EQ(error, "") << p.id;
    ASSERT_EQ(line.size(), p.main_line.size() + 1) << p.id;
    for (std::size_t ply = 0; ply < p.main_line.size(); ++ply) {
      const Position& pos = line[ply];
      const Move m = usi(p.main_line[ply]);
      if (ply % 2 == 0) {
        ASSERT_TRUE(test::check_moves(pos).contains(m))
            << p.id << " ply " << ply + 1 << " " << p.main_line[ply];
      } else {
        ASSERT_TRUE(pos.in_check()) << p.id << " ply " << ply + 1;
        ASSERT_TRUE(test::evasion_moves(pos).contains(m))
            << p.id << " ply " << ply + 1 << " " << p.main_line[ply];
      }
    }
    const Position& last = line.back();
    EXPECT_TRUE(last.in_check()) << p.id;
    if (!ends_with_futile_interpositions.count(p.id)) {
      EXPECT_TRUE(test::legal_moves(last).empty()) << p.id << " does not end in mate";
    }
  }
}

}  // namespace
}  // namespace tsume
