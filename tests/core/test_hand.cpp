// Tests of solver/core/hand.h: per-kind counts in one word and hand superiority (優等).
#include "solver/core/hand.h"

#include <array>
#include <random>

#include <gtest/gtest.h>

namespace tsume {
namespace {

constexpr std::array<PieceType, 7> kKinds{PieceType::Pawn,   PieceType::Lance,  PieceType::Knight,
                                          PieceType::Silver, PieceType::Bishop, PieceType::Rook,
                                          PieceType::Gold};

TEST(Hand, StartsEmpty) {
  const Hand h;
  EXPECT_TRUE(h.empty());
  EXPECT_EQ(h.total(), 0);
  for (PieceType pt : kKinds) EXPECT_EQ(h.count(pt), 0);
}

TEST(Hand, MaximumCountsAreThoseOfAFullSet) {
  EXPECT_EQ(Hand::max_count(PieceType::Pawn), 18);
  EXPECT_EQ(Hand::max_count(PieceType::Lance), 4);
  EXPECT_EQ(Hand::max_count(PieceType::Knight), 4);
  EXPECT_EQ(Hand::max_count(PieceType::Silver), 4);
  EXPECT_EQ(Hand::max_count(PieceType::Gold), 4);
  EXPECT_EQ(Hand::max_count(PieceType::Bishop), 2);
  EXPECT_EQ(Hand::max_count(PieceType::Rook), 2);
}

TEST(Hand, EveryKindHoldsItsMaximumWithoutDisturbingTheOthers) {
  Hand h;
  for (PieceType pt : kKinds) h.add(pt, Hand::max_count(pt));
  for (PieceType pt : kKinds) EXPECT_EQ(h.count(pt), Hand::max_count(pt));
  EXPECT_EQ(h.total(), 40 - 2);  // every piece but the kings
  for (PieceType pt : kKinds) {
    Hand one = h;
    one.remove(pt);
    for (PieceType other : kKinds)
      EXPECT_EQ(one.count(other), Hand::max_count(other) - (other == pt ? 1 : 0));
  }
}

TEST(Hand, SetReplacesOneCount) {
  Hand h;
  h.add(PieceType::Gold, 2);
  h.add(PieceType::Pawn, 5);
  h.set(PieceType::Pawn, 17);
  EXPECT_EQ(h.count(PieceType::Pawn), 17);
  EXPECT_EQ(h.count(PieceType::Gold), 2);
  h.set(PieceType::Gold, 0);
  EXPECT_FALSE(h.has(PieceType::Gold));
  EXPECT_TRUE(h.has(PieceType::Pawn));
}

TEST(Hand, HasAnyExceptPawn) {
  Hand h;
  h.add(PieceType::Pawn, 18);
  EXPECT_FALSE(h.has_any_except_pawn());
  h.add(PieceType::Lance);
  EXPECT_TRUE(h.has_any_except_pawn());
}

TEST(Hand, CoversMeansAtLeastAsManyOfEveryKind) {
  Hand small, big;
  small.add(PieceType::Gold);
  small.add(PieceType::Pawn, 2);
  big = small;
  EXPECT_TRUE(big.covers(small));
  big.add(PieceType::Rook);
  EXPECT_TRUE(big.covers(small));
  EXPECT_FALSE(small.covers(big));
  // More pawns but fewer golds covers nothing.
  Hand mixed;
  mixed.add(PieceType::Pawn, 10);
  EXPECT_FALSE(mixed.covers(small));
  EXPECT_FALSE(small.covers(mixed));
  EXPECT_TRUE(small.covers(Hand()));
}

TEST(Hand, CoversAgreesWithCountingKindByKind) {
  std::mt19937_64 rng(20240601);
  for (int i = 0; i < 20000; ++i) {
    Hand a, b;
    for (PieceType pt : kKinds) {
      std::uniform_int_distribution<int> n(0, Hand::max_count(pt));
      a.add(pt, n(rng));
      b.add(pt, n(rng));
    }
    bool expected = true;
    for (PieceType pt : kKinds) expected = expected && a.count(pt) >= b.count(pt);
    ASSERT_EQ(a.covers(b), expected) << a.raw() << " " << b.raw();
  }
}

}  // namespace
}  // namespace tsume
