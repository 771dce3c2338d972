// Tests of solver/core/bitboard.h: set operations, bit scans across the 64-bit halves, masks.
#include "solver/core/bitboard.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::square;

TEST(Bitboard, SetTestClearToggleOneSquare) {
  Bitboard b;
  EXPECT_TRUE(b.empty());
  b.set(square("5e"));
  EXPECT_TRUE(b.test(square("5e")));
  EXPECT_FALSE(b.test(square("5d")));
  EXPECT_EQ(b.count(), 1);
  b.toggle(square("9i"));
  EXPECT_EQ(b.count(), 2);
  b.clear(square("5e"));
  EXPECT_EQ(b, Bitboard::square(square("9i")));
  b.toggle(square("9i"));
  EXPECT_TRUE(b.empty());
  EXPECT_FALSE(static_cast<bool>(b));
}

TEST(Bitboard, AllHoldsExactlyTheEightyOneSquares) {
  EXPECT_EQ(Bitboard::all().count(), 81);
  EXPECT_EQ((~Bitboard()).count(), 81);
  EXPECT_TRUE((~Bitboard::all()).empty());
}

TEST(Bitboard, ScansWorkAcrossTheTwoHalves) {
  // Squares 63 and 64 sit on both sides of the 64-bit boundary.
  for (int i : {0, 1, 63, 64, 65, 80}) {
    const Bitboard b = Bitboard::square(square_at(i));
    EXPECT_EQ(index_of(b.lsb()), i);
    EXPECT_EQ(index_of(b.msb()), i);
  }
  Bitboard b = Bitboard::square(square_at(3)) | Bitboard::square(square_at(63)) |
               Bitboard::square(square_at(64)) | Bitboard::square(square_at(80));
  EXPECT_EQ(index_of(b.lsb()), 3);
  EXPECT_EQ(index_of(b.msb()), 80);
  EXPECT_EQ(index_of(b.pop_lsb()), 3);
  EXPECT_EQ(index_of(b.pop_lsb()), 63);
  EXPECT_EQ(index_of(b.pop_lsb()), 64);
  EXPECT_EQ(index_of(b.pop_lsb()), 80);
  EXPECT_TRUE(b.empty());
}

TEST(Bitboard, IteratesSquaresInIncreasingOrder) {
  const Bitboard b = Bitboard::square(square_at(70)) | Bitboard::square(square_at(2)) |
                     Bitboard::square(square_at(64)) | Bitboard::square(square_at(63));
  std::vector<int> seen;
  for (Square s : b) seen.push_back(index_of(s));
  EXPECT_EQ(seen, (std::vector<int>{2, 63, 64, 70}));
}

// On random sets of squares (some in one 64-bit half only, some empty), iteration gives the set
// bits of the raw value in increasing order, and test, set and clear of every square agree with
// the raw value shifted (the reference here).
TEST(Bitboard, IterationAndSquareBitsMatchTheRawValue) {
  std::mt19937_64 rng(81);
  const u128 all = Bitboard::all().value();
  for (int trial = 0; trial < 2000; ++trial) {
    u128 v = ((u128{rng()} << 64) | rng()) & all;
    if (trial % 4 == 1) v &= ~u128{0} >> 64;     // the low half only
    if (trial % 4 == 2) v &= ~(~u128{0} >> 64);  // the high half only
    if (trial % 50 == 3) v = 0;
    const Bitboard b(v);
    std::vector<int> expected, seen;
    for (int i = 0; i < kSquareCount; ++i)
      if ((v >> i) & 1) expected.push_back(i);
    for (Square s : b) seen.push_back(index_of(s));
    ASSERT_EQ(seen, expected);
    for (int i = 0; i < kSquareCount; ++i) {
      const Square s = square_at(i);
      ASSERT_EQ(b.test(s), ((v >> i) & 1) != 0);
      Bitboard c = b;
      c.set(s);
      ASSERT_EQ(c.value(), v | (u128{1} << i));
      c.clear(s);
      ASSERT_EQ(c.value(), v & ~(u128{1} << i));
    }
  }
}

TEST(Bitboard, MoreThanOne) {
  EXPECT_FALSE(Bitboard().more_than_one());
  EXPECT_FALSE(Bitboard::square(square_at(64)).more_than_one());
  EXPECT_TRUE((Bitboard::square(square_at(0)) | Bitboard::square(square_at(80))).more_than_one());
}

TEST(Bitboard, SetOperations) {
  const Bitboard a = Bitboard::square(square("1a")) | Bitboard::square(square("5e"));
  const Bitboard b = Bitboard::square(square("5e")) | Bitboard::square(square("9i"));
  EXPECT_EQ((a & b), Bitboard::square(square("5e")));
  EXPECT_EQ((a | b).count(), 3);
  EXPECT_EQ((a ^ b).count(), 2);
  Bitboard c = a;
  c &= ~b;
  EXPECT_EQ(c, Bitboard::square(square("1a")));
}

TEST(Masks, FileMaskIsOneFile) {
  const Bitboard f1 = file_mask(0);
  EXPECT_EQ(f1.count(), 9);
  for (int r = 0; r < 9; ++r) EXPECT_TRUE(f1.test(make_square(0, r)));
  EXPECT_FALSE(f1.test(square("2a")));
  EXPECT_TRUE(file_mask(8).test(square("9i")));
  EXPECT_EQ(file_mask(8).count(), 9);
}

TEST(Masks, RankMaskIsOneRank) {
  const Bitboard ra = rank_mask(0);
  EXPECT_EQ(ra.count(), 9);
  for (int f = 0; f < 9; ++f) EXPECT_TRUE(ra.test(make_square(f, 0)));
  EXPECT_FALSE(ra.test(square("1b")));
}

TEST(Masks, PromotionZonesAreThreeRanksEach) {
  EXPECT_EQ(promotion_zone(Color::Black).count(), 27);
  EXPECT_EQ(promotion_zone(Color::White).count(), 27);
  EXPECT_TRUE(promotion_zone(Color::Black).test(square("9c")));
  EXPECT_FALSE(promotion_zone(Color::Black).test(square("9d")));
  EXPECT_TRUE(promotion_zone(Color::White).test(square("1g")));
  EXPECT_FALSE(promotion_zone(Color::White).test(square("1f")));
}

TEST(Masks, LiveSquaresExcludeDeadSquares) {
  EXPECT_EQ(live_squares(Color::Black, PieceType::Pawn).count(), 72);
  EXPECT_EQ(live_squares(Color::Black, PieceType::Lance).count(), 72);
  EXPECT_EQ(live_squares(Color::Black, PieceType::Knight).count(), 63);
  EXPECT_EQ(live_squares(Color::Black, PieceType::Gold).count(), 81);
  EXPECT_FALSE(live_squares(Color::Black, PieceType::Pawn).test(square("5a")));
  EXPECT_FALSE(live_squares(Color::White, PieceType::Pawn).test(square("5i")));
  EXPECT_FALSE(live_squares(Color::White, PieceType::Knight).test(square("5h")));
  EXPECT_TRUE(live_squares(Color::White, PieceType::Knight).test(square("5a")));
}

}  // namespace
}  // namespace tsume
