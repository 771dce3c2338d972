// Tests of solver/core/movegen.h: legal moves and evasions, counted by hand on small positions,
// against SPEC.md section 5, and against the naive reference rules on random playouts.
#include "solver/core/movegen.h"

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "solver/io/sfen.h"
#include "tests/core/reference_rules.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::load;
using test::usi;

std::vector<Position> spec_roots() { return test::load_spec_positions(); }

// ---------------------------------------------------------------------------------------------
// Counts worked out by hand (the comment under each position gives the sum).

struct CountCase {
  const char* name;
  const char* sfen;
  std::size_t legal;
};
void PrintTo(const CountCase& c, std::ostream* os) { *os << c.name << ": " << c.sfen; }

class LegalMoveCount : public ::testing::TestWithParam<CountCase> {};

TEST_P(LegalMoveCount, MatchesHandCount) {
  const Position pos = load(GetParam().sfen);
  const MoveList legal = test::legal_moves(pos);
  EXPECT_EQ(legal.size(), GetParam().legal) << test::describe(test::sorted(legal));
  EXPECT_FALSE(test::has_duplicates(legal));
}

INSTANTIATE_TEST_SUITE_P(
    HandCounted, LegalMoveCount,
    ::testing::Values(
        // King 5e alone in the middle: 8 steps.
        CountCase{"LoneKingInTheMiddle", "8k/9/9/9/4K4/9/9/9/9 b - 1", 8},
        // Knight drops on ranks c..i except 9i (62) + king 9i: 8h 9h 8i (3).
        CountCase{"KnightDrops", "8k/9/9/9/9/9/9/9/K8 b N 1", 65},
        // Pawns on files 9..2 (二歩 leaves file 1: drops 1b..1i = 8) + 8 pawn pushes + 3 king
        // moves.
        CountCase{"PawnDropsOnlyOnTheFreeFile", "8k/9/9/9/9/9/PPPPPPPP1/9/K8 b P 1", 19},
        // One of each kind in hand, no board piece: P 72 + L 72 + N 63 + S/G/B/R 80 each.
        CountCase{"EveryKindOfDrop", "4k4/9/9/9/9/9/9/9/9 b RBGSNLP 1", 527},
        CountCase{"EveryKindOfDropForWhite", "9/9/9/9/9/9/9/9/4K4 w rbgsnlp 1", 527},
        // Only the forced promotions: 5b5a+, 3c3b, 3c3b+, 3c3a+, 7c6a+, 7c8a+, 1d2b+, 8e9c, 8e9c+.
        CountCase{"ForcedPromotions", "9/4P4/2N3L2/8N/1N7/9/9/9/k8 b - 1", 9},
        // Silver 2c pinned along rank c by the rook on 1c: only the king moves 9b 8b 8c 9d 8d.
        CountCase{"PinnedSilver", "8k/9/K6Sr/9/9/9/9/9/9 b - 1", 5},
        // Unpinned: king 5 + silver to 2b 1b 3b 1d 3d, each with and without promotion (10).
        CountCase{"UnpinnedSilver", "8k/9/K6S1/9/9/9/9/9/9 b - 1", 15},
        // SPEC.md section 5.
        CountCase{"SpecStartPosition",
                  "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 30},
        CountCase{"SpecMaximum593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 593},
        CountCase{"SpecMaxChecksPosition",
                  "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1", 410},
        CountCase{"SpecZukou001",
                  "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1", 164}),
    [](const ::testing::TestParamInfo<CountCase>& c) { return std::string(c.param.name); });

// ---------------------------------------------------------------------------------------------
// Promotion rules (SPEC.md section 2).

TEST(LegalMoves, ForcedPromotionGeneratesOnlyThePromotion) {
  const MoveList legal = test::legal_moves(load("9/4P4/2N3L2/8N/1N7/9/9/9/k8 b - 1"));
  for (const char* m :
       {"5b5a+", "3c3b", "3c3b+", "3c3a+", "7c6a+", "7c8a+", "1d2b+", "8e9c", "8e9c+"})
    EXPECT_TRUE(legal.contains(usi(m))) << m;
  // Pawn and lance to the last rank, knight to the last two: never unpromoted.
  for (const char* m : {"5b5a", "3c3a", "7c6a", "7c8a", "1d2b"})
    EXPECT_FALSE(legal.contains(usi(m))) << m;
}

TEST(LegalMoves, NonPromotionsAreGeneratedInTheZone) {
  // Pawn 3d, lance 1e, silver 5d, bishop 7d and rook 8f can enter the zone; the white king
  // stands out of the way on 9i.
  const MoveList legal = test::legal_moves(load("9/9/9/2B1S1P2/8L/1R7/9/9/k8 b - 1"));
  for (const char* m : {"3d3c",  "3d3c+", "1e1c",  "1e1c+", "1e1b",  "1e1b+", "1e1a+", "5d5c",
                        "5d5c+", "5d4c",  "5d4c+", "5d6c",  "5d6c+", "7d6c",  "7d6c+", "7d4a",
                        "7d4a+", "8f8a",  "8f8a+", "8f8c",  "8f8c+", "5d4e",  "7d8e"})
    EXPECT_TRUE(legal.contains(usi(m))) << m;
  // Moves that neither start nor end in the zone cannot promote; the lance cannot stop on 1a.
  for (const char* m : {"1e1a", "5d4e+", "7d8e+", "8f8g+", "1e1d+"})
    EXPECT_FALSE(legal.contains(usi(m))) << m;
}

TEST(LegalMoves, MovesOutOfTheZoneMayPromote) {
  // Silver 5b leaves the zone backwards to 4c..: 5b4c stays in the zone; bishop 2b to 6f leaves.
  const MoveList legal = test::legal_moves(load("k8/4S2B1/9/9/9/9/9/9/9 b - 1"));
  for (const char* m : {"2b6f", "2b6f+", "2b9i", "2b9i+", "5b4c", "5b4c+"})
    EXPECT_TRUE(legal.contains(usi(m))) << m;
}

// ---------------------------------------------------------------------------------------------
// 二歩 (two unpromoted pawns on a file).

std::vector<int> pawn_drop_files(const Position& pos) {
  std::vector<int> files;
  for (Move m : test::legal_moves(pos))
    if (m.is_drop() && m.dropped_type() == PieceType::Pawn) files.push_back(file_of(m.to()) + 1);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

TEST(PawnDrops, NeverOnAFileHoldingAnOwnUnpromotedPawn) {
  // Black pawns on files 9..2: pawn drops only on file 1.
  EXPECT_EQ(pawn_drop_files(load("8k/9/9/9/9/9/PPPPPPPP1/9/K8 b P 1")), std::vector<int>{1});
  // A tokin or an enemy pawn on the file does not forbid the drop; an own pawn does.
  EXPECT_EQ(pawn_drop_files(load("8k/9/9/9/+P3p4/1PPP1PPPP/9/9/K8 b P 1")),
            (std::vector<int>{5, 9}));
  // The same for White.
  EXPECT_EQ(pawn_drop_files(load("k8/9/1pppppppp/9/9/9/9/9/8K w p 1")), std::vector<int>{9});
}

// ---------------------------------------------------------------------------------------------
// Evasions.

TEST(Evasions, SpecPositionHas105) {
  const Position pos = load(test::spec::kMaxEvasions, io::DefenderHand::AsGiven, KingRule::Any);
  ASSERT_TRUE(pos.in_check());
  const MoveList evasions = test::evasion_moves(pos);
  EXPECT_EQ(evasions.size(), 105u);
  EXPECT_FALSE(test::has_duplicates(evasions));
  EXPECT_EQ(test::sorted(evasions), test::sorted(test::legal_moves(pos)));
}

TEST(Evasions, RookCheckOnAnOpenFile) {
  // Rook 5a checks the king on 5i: king to 4h 6h 4i 6i (5h stays on the file) and a gold drop on
  // 5b..5h (7): 11.
  const Position pos = load("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
  const MoveList evasions = test::evasion_moves(pos);
  EXPECT_EQ(evasions.size(), 11u) << test::describe(test::sorted(evasions));
  EXPECT_FALSE(evasions.contains(usi("5i5h")));
  EXPECT_TRUE(evasions.contains(usi("G*5h")));
  EXPECT_TRUE(evasions.contains(usi("G*5b")));
}

TEST(Evasions, DoubleCheckAllowsOnlyKingMoves) {
  // Rook 5a and bishop 1e both check the king on 5i: only 6h, 4i and 6i are safe; no drop helps.
  const Position pos = load("4r3k/9/9/9/8b/9/9/9/4K4 b G 1");
  EXPECT_EQ(pos.checkers().count(), 2);
  const auto evasions = test::sorted(test::evasion_moves(pos));
  EXPECT_EQ(evasions, test::sorted(std::vector<Move>{usi("5i6h"), usi("5i4i"), usi("5i6i")}))
      << test::describe(evasions);
}

TEST(Evasions, EqualLegalMovesWheneverInCheck) {
  std::size_t in_check = 0;
  test::PlayoutOptions options;
  options.check_bias = 0.7;
  test::random_playouts(spec_roots(), 21, 20000, options, [&](Position& pos) {
    if (!pos.in_check()) return;
    ++in_check;
    const MoveList evasions = test::evasion_moves(pos);
    ASSERT_FALSE(test::has_duplicates(evasions)) << io::to_sfen(pos);
    ASSERT_EQ(test::sorted(evasions), test::sorted(test::legal_moves(pos))) << io::to_sfen(pos);
  });
  EXPECT_GT(in_check, 3000u);
}

// king_can_step() says whether the legal moves of a side in check hold a king move, on the
// positions of random check-heavy games (both answers occur); first_king_step() gives one
// exactly then, the first of generate_evasions' moves.
TEST(Evasions, KingCanStepExactlyWhenALegalKingMoveExists) {
  std::size_t steps = 0, none = 0;
  test::PlayoutOptions options;
  options.check_bias = 0.7;
  test::random_playouts(spec_roots(), 25, 20000, options, [&](Position& pos) {
    if (!pos.in_check()) return;
    const Square ksq = pos.king_square(pos.side_to_move());
    const MoveList legal = test::legal_moves(pos);
    const bool king_move = std::any_of(legal.begin(), legal.end(),
                                       [&](Move m) { return !m.is_drop() && m.from() == ksq; });
    ASSERT_EQ(king_can_step(pos), king_move) << io::to_sfen(pos);
    const Move step = first_king_step(pos);
    ASSERT_EQ(!step.is_none(), king_move) << io::to_sfen(pos);
    if (king_move) {
      MoveList evasions;
      generate_evasions(pos, evasions);
      ASSERT_EQ(io::to_usi(evasions[0]), io::to_usi(step)) << io::to_sfen(pos);
    }
    ++(king_move ? steps : none);
  });
  EXPECT_GT(steps, 1000u);
  EXPECT_GT(none, 100u);
}

// ---------------------------------------------------------------------------------------------
// The king's flights and the checks that leave one (the leaf search's quick mate-in-one answer).

// The squares of the legal king moves of `side` (its king on the board) by the naive reference
// rules, with `side` to move.
Bitboard reference_king_steps(BoardSetup setup, Color side) {
  setup.side_to_move = side;
  Bitboard steps;
  for (Move m : test::reference::legal_moves(setup))
    if (!m.is_drop() && type_of(setup.at(m.from())) == PieceType::King) steps.set(m.to());
  return steps;
}

// Hand analysis. The White king on 1a alone, Black to move with a silver in hand: the king's
// flights are 2a, 1b and 2b; S*2b checks from 2b and covers 2a, and the king steps to 1b (or
// takes the silver). With a Black gold on 2c (covering 1b and 2b) and a rook in hand, the one
// flight is 2a: R*5a checks along rank a and covers it (no flight kept), R*1e checks down file
// 1 and leaves it, R*2a checks from the flight itself, undefended, and the king takes it.
TEST(KingFlights, ChecksByHandAnalysis) {
  const Position silver = load("8k/9/9/9/9/9/9/9/9 b S 1");
  Bitboard expected;
  for (const auto& [file, rank] : {std::pair{2, 0}, {1, 1}, {2, 1}})
    expected.set(make_square(file - 1, rank));
  const Bitboard flights = king_flights(silver, Color::White);
  EXPECT_EQ(flights, expected);
  EXPECT_TRUE(keeps_a_flight(silver, flights, usi("S*2b")));
  const Position rook = load("8k/9/7G1/9/9/9/9/9/9 b R 1");
  const Bitboard one = king_flights(rook, Color::White);
  EXPECT_EQ(one, Bitboard::square(make_square(1, 0)));
  EXPECT_FALSE(keeps_a_flight(rook, one, usi("R*5a")));
  EXPECT_TRUE(keeps_a_flight(rook, one, usi("R*1e")));
  EXPECT_TRUE(keeps_a_flight(rook, one, usi("R*2a")));
}

// On the positions of random check-heavy games, with the side to move not in check: the
// flights of the other king are its legal steps were it to move (reference rules), and a check
// said to keep one leaves that king a legal step (reference rules); most checks keep one.
TEST(KingFlights, AreTheKingsStepsAndACheckKeepsOneOnlyWhenItCanStillStep) {
  std::size_t positions = 0, checks = 0, kept = 0;
  test::PlayoutOptions options;
  options.check_bias = 0.7;
  test::random_playouts(spec_roots(), 41, 3000, options, [&](Position& pos) {
    const Color us = pos.side_to_move();
    if (pos.in_check() || pos.king_square(~us) == Square::None) return;
    ++positions;
    const BoardSetup setup = pos.setup();
    const Bitboard flights = king_flights(pos, ~us);
    ASSERT_EQ(flights, reference_king_steps(setup, ~us)) << io::to_sfen(pos);
    for (Move m : test::legal_moves(pos)) {
      if (!pos.gives_check(m)) continue;
      ++checks;
      if (!keeps_a_flight(pos, flights, m)) continue;
      ++kept;
      const BoardSetup after = test::reference::play(setup, m);
      ASSERT_FALSE(reference_king_steps(after, ~us).empty())
          << io::to_sfen(pos) << " " << io::to_usi(m) << ": no king step left";
    }
  });
  EXPECT_GT(positions, 1000u);
  EXPECT_GT(checks, 5000u);
  EXPECT_GT(kept, checks / 2);
}

// ---------------------------------------------------------------------------------------------
// The naive reference rules (the oracle of the property tests) must themselves reproduce the
// published numbers of SPEC.md section 5.

std::uint64_t reference_perft(const BoardSetup& setup, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (Move m : test::reference::legal_moves(setup))
    n += reference_perft(test::reference::play(setup, m), depth - 1);
  return n;
}

TEST(ReferenceRules, ReproduceTheSpecCounts) {
  using test::parse_setup;
  namespace ref = test::reference;
  namespace spec = test::spec;
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kStart)).size(), 30u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kMiddlegame)).size(), 207u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kMaxLegal)).size(), 593u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kEndgame91)).size(), 180u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kEndgame124)).size(), 178u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kOpenKings)).size(), 524u);
  EXPECT_EQ(ref::legal_moves(parse_setup(spec::kMaxEvasions)).size(), 105u);
  EXPECT_EQ(ref::checking_moves(parse_setup(spec::kMaxChecks)).size(), 91u);
  EXPECT_EQ(ref::checking_moves(parse_setup(spec::kPawnDropMate)).size(), 6u);
  EXPECT_EQ(ref::checking_moves(parse_setup(spec::kMiddlegame)).size(), 8u);
  EXPECT_EQ(ref::checking_moves(parse_setup(spec::kZukou001)).size(), 10u);
  EXPECT_EQ(reference_perft(parse_setup(spec::kPawnDropMate), 3), 10786u);
  EXPECT_EQ(reference_perft(parse_setup(spec::kForcedPromotion), 3), 201658u);
}

// ---------------------------------------------------------------------------------------------
// Properties on random playouts.

TEST(LegalMoves, MatchTheNaiveReferenceRules) {
  std::vector<test::Problem> none;
  std::size_t compared = 0;
  test::random_playouts(test::property_roots(none, 1), 22, 12000, {}, [&](Position& pos) {
    ++compared;
    const std::string mismatch = test::reference_mismatch(pos);
    ASSERT_EQ(mismatch, "");
  });
  EXPECT_EQ(compared, 12000u);
}

TEST(LegalMoves, RespectTheStaticRules) {
  // No duplicates, no 二歩 drop, no dead piece, no move onto an own piece, and every promotion
  // whose unpromoted form is not dead comes with that non-promotion.
  test::random_playouts(spec_roots(), 23, 20000, {}, [&](Position& pos) {
    const Color us = pos.side_to_move();
    const MoveList legal = test::legal_moves(pos);
    ASSERT_FALSE(test::has_duplicates(legal)) << io::to_sfen(pos);
    // Only evaluated when an assertion fails.
    auto where = [&](Move m) { return test::to_text(m) + " in " + io::to_sfen(pos); };
    for (Move m : legal) {
      ASSERT_FALSE(pos.piece_on(m.to()) != Piece::None && color_of(pos.piece_on(m.to())) == us)
          << where(m);
      if (m.is_drop()) {
        ASSERT_GT(pos.hand(us).count(m.dropped_type()), 0) << where(m);
        ASSERT_FALSE(is_dead_square(us, m.dropped_type(), m.to())) << where(m);
        if (m.dropped_type() == PieceType::Pawn) {
          ASSERT_FALSE(pos.has_pawn_on_file(us, m.to())) << where(m);
        }
        continue;
      }
      ASSERT_NE(pos.piece_on(m.from()), Piece::None) << where(m);
      ASSERT_EQ(color_of(pos.piece_on(m.from())), us) << where(m);
      const PieceType pt = type_of(pos.piece_on(m.from()));
      if (m.is_promotion()) {
        ASSERT_TRUE(is_promotable(pt)) << where(m);
        ASSERT_TRUE(in_promotion_zone(us, m.from()) || in_promotion_zone(us, m.to())) << where(m);
        if (!is_dead_square(us, pt, m.to())) {
          ASSERT_TRUE(legal.contains(Move::board(m.from(), m.to(), false)))
              << "missing non-promotion of " << where(m);
        }
      } else {
        ASSERT_FALSE(is_dead_square(us, pt, m.to())) << where(m);
      }
    }
  });
}

TEST(LegalMoves, AreSymmetricUnderColourFlipAndMirror) {
  test::random_playouts(spec_roots(), 24, 5000, {}, [&](Position& pos) {
    const auto legal = test::sorted(test::legal_moves(pos));
    std::vector<Move> flipped_expected, mirrored_expected;
    for (Move m : legal) {
      flipped_expected.push_back(test::flip_colors(m));
      mirrored_expected.push_back(test::mirror_files(m));
    }
    Position flipped, mirrored;
    ASSERT_EQ(flipped.set(test::flip_colors(pos.setup()), KingRule::Any), "");
    ASSERT_EQ(mirrored.set(test::mirror_files(pos.setup()), KingRule::Any), "");
    ASSERT_EQ(test::sorted(test::legal_moves(flipped)), test::sorted(flipped_expected))
        << io::to_sfen(pos);
    ASSERT_EQ(test::sorted(test::legal_moves(mirrored)), test::sorted(mirrored_expected))
        << io::to_sfen(pos);
  });
}

}  // namespace
}  // namespace tsume

namespace tsume {
namespace {

TEST(Evasions, NothingIsGeneratedWhenNotInCheck) {
  Position pos;
  BoardSetup setup;
  setup.at(make_square(4, 0)) = make_piece(Color::White, PieceType::King);
  setup.at(make_square(4, 8)) = make_piece(Color::Black, PieceType::King);
  setup.hand(Color::Black).add(PieceType::Gold);
  setup.side_to_move = Color::White;
  ASSERT_EQ(pos.set(setup), "");
  ASSERT_FALSE(pos.in_check());
  MoveList list;
  generate_evasions(pos, list);
  EXPECT_TRUE(list.empty());
}

}  // namespace
}  // namespace tsume
