// Tests of solver/core/attacks.h: attack sets counted by hand on a 9x9 board, and line geometry.
#include "solver/core/attacks.h"

#include <initializer_list>
#include <string_view>

#include <gtest/gtest.h>

#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::square;

Bitboard squares(std::initializer_list<std::string_view> names) {
  Bitboard b;
  for (std::string_view n : names) b.set(square(n));
  return b;
}

TEST(StepAttacks, BlackPiecesOnFiveE) {
  const Square s = square("5e");
  EXPECT_EQ(step_attacks(Color::Black, PieceType::Pawn, s), squares({"5d"}));
  EXPECT_EQ(step_attacks(Color::Black, PieceType::Knight, s), squares({"4c", "6c"}));
  EXPECT_EQ(step_attacks(Color::Black, PieceType::Silver, s),
            squares({"4d", "5d", "6d", "4f", "6f"}));
  EXPECT_EQ(step_attacks(Color::Black, PieceType::Gold, s),
            squares({"4d", "5d", "6d", "4e", "6e", "5f"}));
  EXPECT_EQ(step_attacks(Color::Black, PieceType::ProSilver, s),
            step_attacks(Color::Black, PieceType::Gold, s));
  EXPECT_EQ(king_attacks(s).count(), 8);
}

TEST(StepAttacks, WhitePiecesMoveDownTheBoard) {
  const Square s = square("5e");
  EXPECT_EQ(step_attacks(Color::White, PieceType::Pawn, s), squares({"5f"}));
  EXPECT_EQ(step_attacks(Color::White, PieceType::Knight, s), squares({"4g", "6g"}));
  EXPECT_EQ(step_attacks(Color::White, PieceType::Silver, s),
            squares({"4f", "5f", "6f", "4d", "6d"}));
  EXPECT_EQ(step_attacks(Color::White, PieceType::Gold, s),
            squares({"4f", "5f", "6f", "4e", "6e", "5d"}));
}

TEST(StepAttacks, StopAtTheEdge) {
  EXPECT_EQ(king_attacks(square("1a")), squares({"2a", "1b", "2b"}));
  EXPECT_EQ(step_attacks(Color::Black, PieceType::Knight, square("1c")), squares({"2a"}));
  EXPECT_TRUE(step_attacks(Color::Black, PieceType::Knight, square("5b")).empty());
  EXPECT_TRUE(step_attacks(Color::Black, PieceType::Pawn, square("5a")).empty());
}

TEST(SliderAttacks, OnAnEmptyBoard) {
  const Bitboard none;
  EXPECT_EQ(rook_attacks(square("5e"), none).count(), 16);
  EXPECT_EQ(bishop_attacks(square("5e"), none).count(), 16);
  EXPECT_EQ(bishop_attacks(square("1a"), none).count(), 8);
  EXPECT_EQ(attacks(Color::Black, PieceType::Horse, square("5e"), none).count(), 20);
  EXPECT_EQ(attacks(Color::Black, PieceType::Dragon, square("5e"), none).count(), 20);
  EXPECT_EQ(lance_attacks(Color::Black, square("5e"), none), squares({"5d", "5c", "5b", "5a"}));
  EXPECT_EQ(lance_attacks(Color::White, square("5e"), none), squares({"5f", "5g", "5h", "5i"}));
}

TEST(SliderAttacks, StopOnTheFirstBlockerIncludingIt) {
  const Bitboard occ = squares({"5c", "7e", "3g", "5h"});
  EXPECT_EQ(rook_attacks(square("5e"), occ),
            squares({"5d", "5c", "6e", "7e", "4e", "3e", "2e", "1e", "5f", "5g", "5h"}));
  EXPECT_EQ(bishop_attacks(square("5e"), occ), squares({"4d", "3c", "2b", "1a", "6d", "7c", "8b",
                                                        "9a", "4f", "3g", "6f", "7g", "8h", "9i"}));
  EXPECT_EQ(lance_attacks(Color::Black, square("5e"), occ), squares({"5d", "5c"}));
  EXPECT_EQ(lance_attacks(Color::White, square("5e"), occ), squares({"5f", "5g", "5h"}));
}

TEST(Lines, BetweenIsStrictlyInside) {
  EXPECT_EQ(between(square("1a"), square("1i")).count(), 7);
  EXPECT_EQ(between(square("1a"), square("9i")).count(), 7);
  EXPECT_EQ(between(square("5e"), square("5d")).count(), 0);
  EXPECT_EQ(between(square("5e"), square("3d")).count(), 0);  // not aligned
  EXPECT_EQ(between(square("2b"), square("5e")), squares({"3c", "4d"}));
}

TEST(Lines, LineSpansTheBoard) {
  EXPECT_EQ(line(square("5e"), square("5d")), file_mask(4));
  EXPECT_EQ(line(square("5e"), square("7e")), rank_mask(4));
  EXPECT_EQ(line(square("1a"), square("2b")).count(), 9);
  EXPECT_TRUE(line(square("5e"), square("4c")).empty());
  EXPECT_TRUE(aligned(square("1a"), square("5e"), square("9i")));
  EXPECT_FALSE(aligned(square("1a"), square("5e"), square("9h")));
}

}  // namespace
}  // namespace tsume
