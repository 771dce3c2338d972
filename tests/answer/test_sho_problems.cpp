// Sho shogi (小将棋) in solver/answer: the soundness checker on sho positions, whose rules differ
// from modern shogi in ways the checker must respect (no hands: a piece taken off the board in
// the unnecessary-piece test leaves the game).
#include <gtest/gtest.h>

#include <string>

#include "solver/answer/check.h"
#include "solver/io/sfen.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

Position sho_position(const std::string& sfen) {
  auto pos = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::DefenderKing,
                               Variant::Sho);
  if (!pos) throw test::TestInputError("bad sho SFEN '" + sfen + "': " + pos.error().message());
  return std::move(pos.value());
}

// The unnecessary-piece test in sho: a piece taken off leaves the game (there is no hand to put
// it in). A sound 3-ply problem (9e9a; the elephant promotes, the only defence; the gold on 2h
// takes the new prince while the dragon attacks the king: sho-005 of problems/sho.tsv) with an
// idle Black pawn added on 9g: the pawn is unnecessary, every other piece is needed.
TEST(ShoCheck, APieceTakenOffLeavesTheGame) {
  CheckOptions o;
  o.limits.max_nodes = 5'000'000;
  o.step_nodes = 200'000;
  o.hash_megabytes = 8;
  const CheckResult r = check_problem(sho_position("8k/9/7Gp/9/+R8/8e/P8/7G1/4K4 b - 1"), o);
  EXPECT_EQ(r.verdict, Verdict::UnnecessaryPiece) << r.reason;
  int unnecessary = 0;
  for (const PieceTest& t : r.pieces) {
    if (t.result != PieceTest::Result::Unnecessary) continue;
    ++unnecessary;
    EXPECT_EQ(t.square, test::square("9g"));
  }
  EXPECT_EQ(unnecessary, 1);
}

}  // namespace
}  // namespace tsume
