// The shogi model of the mate search's rules: move text, the comparison moves of futility and
// the move order, on positions analysed by hand.
#include "solver/search/shogi_rules.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/io/sfen.h"

namespace tsume {
namespace {

Position position(const char* sfen) { return test::position_as_given(sfen); }

using test::sq;

Move usi(const Position& pos, const char* text) {
  auto m = io::parse_usi_move(text, pos);
  EXPECT_TRUE(m.ok()) << text;
  return m.ok() ? m.value() : Move::none();
}

// The lance on 1i checks the king on 1a down file 1 (see test_futility.cpp).
constexpr const char* kLanceCheck = "7lk/7p1/7G1/9/9/9/9/9/8L w p 1";

std::vector<std::string> texts(const ShogiRules::ComparisonMoves& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(ShogiRules::move_text(m));
  return out;
}

TEST(ShogiRules, MoveTextIsUsi) {
  EXPECT_EQ(ShogiRules::move_text(Move::drop(PieceType::Gold, sq(5, 'b'))), "G*5b");
  EXPECT_EQ(ShogiRules::move_text(Move::drop(PieceType::Pawn, sq(1, 'e'))), "P*1e");
  EXPECT_EQ(ShogiRules::move_text(Move::board(sq(7, 'g'), sq(7, 'f'), false)), "7g7f");
  EXPECT_EQ(ShogiRules::move_text(Move::board(sq(2, 'd'), sq(2, 'c'), true)), "2d2c+");
}

TEST(ShogiRules, TheDefenderWithNoEvasionIsMated) {
  // G*5b on the head of the king, guarded by the pawn on 5c.
  Position pos = position("4k4/9/4P4/9/9/9/9/9/9 b G 1");
  const Move m = usi(pos, "G*5b");
  ShogiRules::do_move(pos, m);
  MoveList evasions;
  ShogiRules::generate_evasions(pos, evasions);
  EXPECT_TRUE(ShogiRules::in_check(pos));
  EXPECT_TRUE(ShogiRules::is_mated(pos, evasions));
  ShogiRules::undo_move(pos, m);
  EXPECT_FALSE(ShogiRules::in_check(pos));
}

TEST(ShogiRules, OnlyADropHasADropSquare) {
  EXPECT_EQ(ShogiRules::drop_square(Move::drop(PieceType::Pawn, sq(1, 'e'))), sq(1, 'e'));
  EXPECT_EQ(ShogiRules::drop_square(Move::board(sq(7, 'g'), sq(7, 'f'), false)), Square::None);
}

TEST(ComparisonMoves, TheCheckerMovesOntoTheDropSquare) {
  const Position pos = position(kLanceCheck);
  EXPECT_EQ(texts(ShogiRules::comparison_moves(pos, Color::Black, sq(1, 'e'))),
            std::vector<std::string>{"1i1e"});
}

TEST(ComparisonMoves, InThePromotionZoneBothCapturesCount) {
  const Position pos = position(kLanceCheck);
  EXPECT_EQ(texts(ShogiRules::comparison_moves(pos, Color::Black, sq(1, 'c'))),
            (std::vector<std::string>{"1i1c", "1i1c+"}));
}

TEST(ComparisonMoves, ASquareOffTheCheckLineHasNone) {
  const Position pos = position(kLanceCheck);
  EXPECT_TRUE(ShogiRules::comparison_moves(pos, Color::Black, sq(2, 'e')).empty());
  EXPECT_TRUE(ShogiRules::comparison_moves(pos, Color::Black, sq(1, 'i')).empty());
}

TEST(ComparisonMoves, ADefenderNotInCheckHasNone) {
  const Position pos = position("7lk/7p1/7G1/9/9/9/9/9/7L1 w p 1");
  EXPECT_TRUE(ShogiRules::comparison_moves(pos, Color::Black, sq(1, 'e')).empty());
}

TEST(MoveOrder, AtAttackerNodesCapturesThenPromotionsThenTheRest) {
  // Black: dragon on 5e, pawn on 4c, a gold in hand; White: king on 5a, gold on 5b. Every
  // check below lands next to the king.
  const Position pos = position("4k4/4g4/5P3/9/4+R4/9/9/9/9 b G 1");
  const ShogiRules::MoveOrder order(pos, Color::Black);
  const int capture = order.score(usi(pos, "5e5b"));
  const int promotion = order.score(usi(pos, "4c4b+"));
  const int drop = order.score(usi(pos, "G*4a"));
  EXPECT_GT(capture, promotion);
  EXPECT_GT(promotion, drop);
  EXPECT_EQ(drop, order.score(usi(pos, "G*6a")));
}

TEST(MoveOrder, AtDefenderNodesKingMovesThenCapturesThenMovedThenDrops) {
  // White king on 1a checked by the rook on 1i (test_children.cpp).
  const Position pos = position("8k/9/9/9/7s1/9/9/7g1/8R w gs 1");
  const ShogiRules::MoveOrder order(pos, Color::Black);
  const int king = order.score(usi(pos, "1a2b"));
  const int capture = order.score(usi(pos, "2h1i"));
  const int moved = order.score(usi(pos, "2e1f"));
  const int drop = order.score(usi(pos, "G*1e"));
  EXPECT_GT(king, capture);
  EXPECT_GT(capture, moved);
  EXPECT_GT(moved, drop);
}

}  // namespace
}  // namespace tsume
