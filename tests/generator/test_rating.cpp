// The difficulty rating's features (generator/rating.h), counted by hand on short lines.
#include "generator/rating.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/io/sfen.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

using test_support::position;

using test_support::line;

// The lance runs 4i-4b without promoting: a quiet move, a non-promotion and a long slider move.
TEST(GeneratorRating, LanceRunWithoutPromotion) {
  const Position pos = position("4k4/9/9/9/9/9/9/9/5L3 b 2r2b4g4s4n3l18p 1");
  const RatingFeatures f = rating_features(pos, line(pos, {"4i4b"}), 1);
  EXPECT_EQ(f.length, 1);
  EXPECT_EQ(f.quiet_moves, 1);
  EXPECT_EQ(f.non_promotions, 1);
  EXPECT_EQ(f.long_slider_moves, 1);
  EXPECT_EQ(f.sacrifices, 0);
  EXPECT_DOUBLE_EQ(f.defender_branching, 0.0);
  EXPECT_DOUBLE_EQ(rating(f), 0.5 + 0.5 + 1.0 + 0.5);
}

// Two gold drops (tests/generator/data/head_gold.kif trimmed): after G*5c the king has three
// moves (4a 5a 6a; 4b 6b 4c 6c are covered, 5c is held by the pawn).
TEST(GeneratorRating, HeadGoldBranching) {
  const Position pos = position("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1");
  const RatingFeatures f = rating_features(pos, line(pos, {"G*5c", "5b4a", "G*4b"}), 1024);
  EXPECT_EQ(f.length, 3);
  EXPECT_DOUBLE_EQ(f.defender_branching, 3.0);
  EXPECT_EQ(f.quiet_moves + f.non_promotions + f.long_slider_moves + f.sacrifices, 0);
  EXPECT_DOUBLE_EQ(f.log2_nodes, 10.0);
  EXPECT_DOUBLE_EQ(rating(f), 1.5 + 1.0 + 2.5);
}

// A 9-ply line: the pawn dropped on 9e is taken (a sacrifice); 9a8b is the only attacker move
// that neither captures, promotes nor drops; no slider moves 3 squares or more.
TEST(GeneratorRating, SacrificeAndQuietMove) {
  const Position pos = position("1+S7/kB7/2r6/9/2+B6/9/9/9/9 b Pr4g3s4n4l17p 1");
  const RatingFeatures f = rating_features(
      pos, line(pos, {"8b9a+", "9b8c", "9a8b", "8c9d", "P*9e", "9d9e", "8b7c", "9e9f", "R*9g"}), 1);
  EXPECT_EQ(f.length, 9);
  EXPECT_EQ(f.sacrifices, 1);
  EXPECT_EQ(f.quiet_moves, 1);
  EXPECT_EQ(f.non_promotions, 0);
  EXPECT_EQ(f.long_slider_moves, 0);
}

}  // namespace
}  // namespace tsume::gen
