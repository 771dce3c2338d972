// Tests of solver/core/types.h: square numbering, piece encoding, promotion and dead squares.
#include "solver/core/types.h"

#include <gtest/gtest.h>

#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::square;

TEST(Squares, AreNumberedFileMajorFromOneA) {
  // types.h: 1a = 0, 1i = 8, 2a = 9, 9i = 80.
  EXPECT_EQ(index_of(square("1a")), 0);
  EXPECT_EQ(index_of(square("1i")), 8);
  EXPECT_EQ(index_of(square("2a")), 9);
  EXPECT_EQ(index_of(square("9i")), 80);
  EXPECT_EQ(file_of(square("7g")), 6);
  EXPECT_EQ(rank_of(square("7g")), 6);
}

TEST(Squares, OnlyTheBoardIsOk) {
  EXPECT_TRUE(is_ok(square_at(0)));
  EXPECT_TRUE(is_ok(square_at(80)));
  EXPECT_FALSE(is_ok(Square::None));
}

TEST(Squares, PromotionZoneIsTheThreeFarRanks) {
  for (int r = 0; r < kRankCount; ++r) {
    const Square s = make_square(4, r);
    EXPECT_EQ(in_promotion_zone(Color::Black, s), r <= 2) << r;
    EXPECT_EQ(in_promotion_zone(Color::White, s), r >= 6) << r;
  }
}

TEST(Squares, RelativeRankCountsFromTheFarRank) {
  EXPECT_EQ(relative_rank(Color::Black, 0), 0);
  EXPECT_EQ(relative_rank(Color::White, 8), 0);
  EXPECT_EQ(relative_rank(Color::White, 0), 8);
}

TEST(Colors, FlipToTheOpponent) {
  EXPECT_EQ(~Color::Black, Color::White);
  EXPECT_EQ(~Color::White, Color::Black);
}

TEST(Pieces, EncodeColorAndKind) {
  for (Color c : {Color::Black, Color::White}) {
    for (int k = 1; k < kPieceTypeCount; ++k) {
      const auto pt = static_cast<PieceType>(k);
      const Piece p = make_piece(c, pt);
      EXPECT_NE(p, Piece::None);
      EXPECT_EQ(color_of(p), c);
      EXPECT_EQ(type_of(p), pt);
      EXPECT_LT(index_of(p), kPieceCount);
    }
  }
}

TEST(Pieces, PromoteAndUnpromoteAreInverse) {
  EXPECT_EQ(promote(PieceType::Pawn), PieceType::ProPawn);
  EXPECT_EQ(promote(PieceType::Lance), PieceType::ProLance);
  EXPECT_EQ(promote(PieceType::Knight), PieceType::ProKnight);
  EXPECT_EQ(promote(PieceType::Silver), PieceType::ProSilver);
  EXPECT_EQ(promote(PieceType::Bishop), PieceType::Horse);
  EXPECT_EQ(promote(PieceType::Rook), PieceType::Dragon);
  for (int k = 1; k <= 6; ++k) {
    const auto pt = static_cast<PieceType>(k);
    EXPECT_TRUE(is_promotable(pt));
    EXPECT_TRUE(is_promoted(promote(pt)));
    EXPECT_EQ(unpromote(promote(pt)), pt);
    EXPECT_EQ(unpromote(pt), pt);
  }
  EXPECT_FALSE(is_promotable(PieceType::Gold));
  EXPECT_FALSE(is_promotable(PieceType::King));
  EXPECT_FALSE(is_promotable(PieceType::Dragon));
  EXPECT_EQ(unpromote(PieceType::Gold), PieceType::Gold);
}

TEST(Pieces, OnlyUnpromotedNonKingsAreHandKinds) {
  for (int k = 1; k <= 7; ++k) EXPECT_TRUE(is_hand_type(static_cast<PieceType>(k)));
  EXPECT_FALSE(is_hand_type(PieceType::None));
  EXPECT_FALSE(is_hand_type(PieceType::King));
  EXPECT_FALSE(is_hand_type(PieceType::ProPawn));
  EXPECT_FALSE(is_hand_type(PieceType::Dragon));
}

TEST(DeadSquares, PawnAndLanceDieOnTheLastRankKnightOnTheLastTwo) {
  EXPECT_TRUE(is_dead_square(Color::Black, PieceType::Pawn, square("5a")));
  EXPECT_FALSE(is_dead_square(Color::Black, PieceType::Pawn, square("5b")));
  EXPECT_TRUE(is_dead_square(Color::Black, PieceType::Lance, square("1a")));
  EXPECT_FALSE(is_dead_square(Color::Black, PieceType::Lance, square("1b")));
  EXPECT_TRUE(is_dead_square(Color::Black, PieceType::Knight, square("3a")));
  EXPECT_TRUE(is_dead_square(Color::Black, PieceType::Knight, square("3b")));
  EXPECT_FALSE(is_dead_square(Color::Black, PieceType::Knight, square("3c")));
  EXPECT_TRUE(is_dead_square(Color::White, PieceType::Pawn, square("5i")));
  EXPECT_FALSE(is_dead_square(Color::White, PieceType::Pawn, square("5a")));
  EXPECT_TRUE(is_dead_square(Color::White, PieceType::Lance, square("9i")));
  EXPECT_TRUE(is_dead_square(Color::White, PieceType::Knight, square("2h")));
  EXPECT_FALSE(is_dead_square(Color::White, PieceType::Knight, square("2g")));
}

TEST(DeadSquares, NeverForOtherKinds) {
  for (PieceType pt :
       {PieceType::Silver, PieceType::Gold, PieceType::Bishop, PieceType::Rook, PieceType::King,
        PieceType::ProPawn, PieceType::ProLance, PieceType::ProKnight}) {
    for (int i = 0; i < kSquareCount; ++i) {
      EXPECT_FALSE(is_dead_square(Color::Black, pt, square_at(i)));
      EXPECT_FALSE(is_dead_square(Color::White, pt, square_at(i)));
    }
  }
}

}  // namespace
}  // namespace tsume
