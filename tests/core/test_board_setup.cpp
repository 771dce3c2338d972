// Tests of solver/core/board_setup.h: the defender-hand convention (玉方持駒残り全部).
#include "solver/core/board_setup.h"

#include <gtest/gtest.h>

#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::square;

TEST(GiveRestTo, TwoBareKingsGiveTheDefenderEveryOtherPiece) {
  BoardSetup s;
  s.at(square("5a")) = make_piece(Color::White, PieceType::King);
  s.at(square("5i")) = make_piece(Color::Black, PieceType::King);
  give_rest_to(s, Color::White);
  const Hand h = s.hand(Color::White);
  EXPECT_EQ(h.count(PieceType::Pawn), 18);
  EXPECT_EQ(h.count(PieceType::Lance), 4);
  EXPECT_EQ(h.count(PieceType::Knight), 4);
  EXPECT_EQ(h.count(PieceType::Silver), 4);
  EXPECT_EQ(h.count(PieceType::Gold), 4);
  EXPECT_EQ(h.count(PieceType::Bishop), 2);
  EXPECT_EQ(h.count(PieceType::Rook), 2);
  EXPECT_TRUE(s.hand(Color::Black).empty());
}

TEST(GiveRestTo, CountsPromotedPiecesAndTheAttackerHand) {
  BoardSetup s;
  s.at(square("1a")) = make_piece(Color::White, PieceType::King);
  s.at(square("2c")) = make_piece(Color::Black, PieceType::Dragon);   // a rook
  s.at(square("3c")) = make_piece(Color::Black, PieceType::ProPawn);  // a pawn
  s.at(square("4c")) = make_piece(Color::White, PieceType::Pawn);     // the defender's own pawn
  s.hand(Color::Black).add(PieceType::Gold, 2);
  s.hand(Color::Black).add(PieceType::Pawn);
  s.hand(Color::White).add(PieceType::Rook);  // replaced, not added to
  give_rest_to(s, Color::White);
  const Hand h = s.hand(Color::White);
  EXPECT_EQ(h.count(PieceType::Rook), 1);
  EXPECT_EQ(h.count(PieceType::Pawn), 15);
  EXPECT_EQ(h.count(PieceType::Gold), 2);
  EXPECT_EQ(h.count(PieceType::Bishop), 2);
  EXPECT_EQ(h.count(PieceType::Silver), 4);
}

TEST(GiveRestTo, ClampsAtZeroWhenTooManyPiecesAreUsed) {
  BoardSetup s;
  s.at(square("1a")) = make_piece(Color::White, PieceType::King);
  s.hand(Color::Black).add(PieceType::Rook, 3);
  give_rest_to(s, Color::White);
  EXPECT_EQ(s.hand(Color::White).count(PieceType::Rook), 0);
}

TEST(GiveRestTo, WorksForABlackDefender) {
  BoardSetup s;
  s.at(square("5i")) = make_piece(Color::Black, PieceType::King);
  s.hand(Color::White).add(PieceType::Bishop, 2);
  s.side_to_move = Color::White;
  give_rest_to(s, Color::Black);
  EXPECT_EQ(s.hand(Color::Black).count(PieceType::Bishop), 0);
  EXPECT_EQ(s.hand(Color::Black).count(PieceType::Rook), 2);
  EXPECT_EQ(s.hand(Color::White).count(PieceType::Bishop), 2);
}

}  // namespace
}  // namespace tsume
