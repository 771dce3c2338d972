// Perft from the chu (depth 4) and dai (depth 3) start positions against the slow reference
// (about a minute each in Release), and the mate search against the reference's brute force on
// random attacks within 5 plies, the bounded search and the df-pn (tens of seconds): opt-in with
// `ctest -L slow`.
#include <gtest/gtest.h>

#include "solver/large/movegen.h"
#include "tests/large/random_attacks.h"
#include "tests/large/reference_chu.h"

namespace tsume::large {
namespace {

TEST(ChuReferenceSlow, PerftFromTheStartAtDepth4) {
  const Position pos = parse_sfen("startpos");
  EXPECT_EQ(perft(pos, 4),
            test::chu_reference::perft(test::chu_reference::read_sfen(to_sfen(pos)), 4));
}

TEST(DaiReferenceSlow, PerftFromTheStartAtDepth3) {
  const Position pos = parse_sfen("startpos", Game::Dai, default_rules(Game::Dai));
  EXPECT_EQ(perft(pos, 3),
            test::chu_reference::perft(test::chu_reference::read_sfen(to_sfen(pos)), 3));
}

TEST(LargeMateSlow, RandomAttacksAgreeWithTheBruteForceReferenceWithin5) {
  EXPECT_GT(random_attacks::expect_agree(1203u, 80, 5, solve_mate), 10);
}

TEST(LargeMateSlow, DfpnAgreesWithTheBruteForceReferenceWithin5) {
  EXPECT_GT(random_attacks::expect_agree(
                1203u, 80, 5,
                [](const Position& p, const MateLimits& l) { return solve_mate_dfpn(p, l, 4); }),
            10);
}

}  // namespace
}  // namespace tsume::large
