// Perft against SPEC.md section 5, every value up to about 30 million nodes (the deeper ones are
// in test_perft_slow.cpp, label `slow`).
#include <gtest/gtest.h>

#include "solver/core/perft.h"
#include "tests/core/perft_cases.h"
#include "tests/core/test_support.h"

namespace tsume::test {
namespace {

TEST_P(Perft, MatchesThePublishedTable) {
  Position pos = load(GetParam().sfen);
  const std::string before = io::to_sfen(pos);
  EXPECT_EQ(perft(pos, GetParam().depth), GetParam().nodes);
  EXPECT_EQ(io::to_sfen(pos), before) << "perft must leave the position as it found it";
}

INSTANTIATE_TEST_SUITE_P(
    Spec, Perft,
    ::testing::Values(PerftCase{"Start", spec::kStart, 1, 30},
                      PerftCase{"Start", spec::kStart, 2, 900},
                      PerftCase{"Start", spec::kStart, 3, 25470},
                      PerftCase{"Start", spec::kStart, 4, 719731},
                      PerftCase{"Start", spec::kStart, 5, 19861490},
                      PerftCase{"Middlegame", spec::kMiddlegame, 1, 207},
                      PerftCase{"Middlegame", spec::kMiddlegame, 2, 28684},
                      PerftCase{"Middlegame", spec::kMiddlegame, 3, 4809015},
                      PerftCase{"MaxLegal", spec::kMaxLegal, 1, 593},
                      PerftCase{"MaxLegal", spec::kMaxLegal, 2, 105677},
                      PerftCase{"PawnDropMate", spec::kPawnDropMate, 1, 85},
                      PerftCase{"PawnDropMate", spec::kPawnDropMate, 2, 639},
                      PerftCase{"PawnDropMate", spec::kPawnDropMate, 3, 10786},
                      PerftCase{"PawnDropMate", spec::kPawnDropMate, 4, 167089},
                      PerftCase{"ForcedPromotion", spec::kForcedPromotion, 1, 76},
                      PerftCase{"ForcedPromotion", spec::kForcedPromotion, 2, 2606},
                      PerftCase{"ForcedPromotion", spec::kForcedPromotion, 3, 201658},
                      PerftCase{"ForcedPromotion", spec::kForcedPromotion, 4, 6768869},
                      PerftCase{"Endgame91", spec::kEndgame91, 1, 180},
                      PerftCase{"Endgame91", spec::kEndgame91, 2, 15217},
                      PerftCase{"Endgame91", spec::kEndgame91, 3, 2067680},
                      PerftCase{"Endgame124", spec::kEndgame124, 1, 178},
                      PerftCase{"Endgame124", spec::kEndgame124, 2, 18041},
                      PerftCase{"Endgame124", spec::kEndgame124, 3, 2552846},
                      PerftCase{"OpenKings", spec::kOpenKings, 1, 524},
                      PerftCase{"OpenKings", spec::kOpenKings, 2, 248257}),
    perft_case_name);

TEST(PerftBasics, DepthZeroCountsTheRootOnly) {
  Position pos = load(spec::kStart);
  EXPECT_EQ(perft(pos, 0), 1u);
}

TEST(PerftBasics, DivideSumsToPerftOverTheLegalMoves) {
  Position pos = load(spec::kPawnDropMate);
  const auto divide = perft_divide(pos, 3);
  EXPECT_EQ(divide.size(), 85u);
  std::uint64_t sum = 0;
  std::vector<Move> moves;
  for (const auto& [move, nodes] : divide) {
    sum += nodes;
    moves.push_back(move);
  }
  EXPECT_EQ(sum, 10786u);
  EXPECT_EQ(sorted(moves), sorted(legal_moves(pos)));
}

}  // namespace
}  // namespace tsume::test
