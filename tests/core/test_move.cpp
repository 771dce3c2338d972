// Tests of solver/core/move.h: the 16-bit move encoding and the fixed-capacity move list.
#include "solver/core/move.h"

#include <set>

#include <gtest/gtest.h>

#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::square;

TEST(Move, BoardMoveKeepsItsFields) {
  for (int from = 0; from < kSquareCount; ++from) {
    for (int to = 0; to < kSquareCount; ++to) {
      if (from == to) continue;
      for (bool promote : {false, true}) {
        const Move m = Move::board(square_at(from), square_at(to), promote);
        ASSERT_FALSE(m.is_none());
        ASSERT_FALSE(m.is_drop());
        ASSERT_EQ(index_of(m.from()), from);
        ASSERT_EQ(index_of(m.to()), to);
        ASSERT_EQ(m.is_promotion(), promote);
        ASSERT_EQ(Move::from_raw(m.raw()), m);
      }
    }
  }
}

TEST(Move, DropKeepsItsKindAndSquare) {
  for (int k = 1; k <= 7; ++k) {
    for (int to = 0; to < kSquareCount; ++to) {
      const Move m = Move::drop(static_cast<PieceType>(k), square_at(to));
      ASSERT_TRUE(m.is_drop());
      ASSERT_FALSE(m.is_promotion());
      ASSERT_EQ(m.dropped_type(), static_cast<PieceType>(k));
      ASSERT_EQ(index_of(m.to()), to);
    }
  }
}

TEST(Move, AllMovesHaveDistinctCodes) {
  std::set<std::uint16_t> codes;
  std::size_t n = 0;
  for (int to = 0; to < kSquareCount; ++to) {
    for (int k = 1; k <= 7; ++k, ++n)
      codes.insert(Move::drop(static_cast<PieceType>(k), square_at(to)).raw());
    for (int from = 0; from < kSquareCount; ++from) {
      if (from == to) continue;
      codes.insert(Move::board(square_at(from), square_at(to), false).raw());
      codes.insert(Move::board(square_at(from), square_at(to), true).raw());
      n += 2;
    }
  }
  EXPECT_EQ(codes.size(), n);
  EXPECT_EQ(codes.count(Move::none().raw()), 0u);
}

TEST(Move, NoneIsDistinguished) {
  EXPECT_TRUE(Move::none().is_none());
  EXPECT_TRUE(Move().is_none());
  EXPECT_EQ(Move(), Move::none());
}

TEST(MoveList, HoldsTheLargestLegalMoveCount) {
  // 593 legal moves is the shogi maximum (SPEC.md section 5).
  EXPECT_GE(MoveList::kCapacity, 593u);
  MoveList list;
  for (std::size_t i = 0; i < 593; ++i)
    list.push(Move::drop(PieceType::Gold, square_at(static_cast<int>(i % 81))));
  EXPECT_EQ(list.size(), 593u);
}

TEST(MoveList, PushContainsClear) {
  MoveList list;
  EXPECT_TRUE(list.empty());
  const Move a = test::usi("7g7f");
  const Move b = test::usi("P*5e");
  list.push(a);
  list.push(b);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_TRUE(list.contains(a));
  EXPECT_TRUE(list.contains(b));
  EXPECT_FALSE(list.contains(test::usi("7g7f+")));
  EXPECT_EQ(list[1], b);
  list.resize(1);
  EXPECT_FALSE(list.contains(b));
  list.clear();
  EXPECT_TRUE(list.empty());
}

TEST(UsiHelper, ReadsTheThreeShapes) {
  EXPECT_EQ(test::usi("7g7f"), Move::board(square("7g"), square("7f"), false));
  EXPECT_EQ(test::usi("8h2b+"), Move::board(square("8h"), square("2b"), true));
  EXPECT_EQ(test::usi("P*5e"), Move::drop(PieceType::Pawn, square("5e")));
  EXPECT_EQ(test::to_text(test::usi("8h2b+")), "8h2b+");
  EXPECT_EQ(test::to_text(test::usi("G*1a")), "G*1a");
}

}  // namespace
}  // namespace tsume
