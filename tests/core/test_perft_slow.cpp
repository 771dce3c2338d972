// Perft against SPEC.md section 5, the values above about 30 million nodes. Label `slow`:
// run with `ctest -L slow` (about 1.5 billion nodes in all).
#include <gtest/gtest.h>

#include "solver/core/perft.h"
#include "tests/core/perft_cases.h"
#include "tests/core/test_support.h"

namespace tsume::test {
namespace {

TEST_P(Perft, MatchesThePublishedTable) {
  Position pos = load(GetParam().sfen);
  EXPECT_EQ(perft(pos, GetParam().depth), GetParam().nodes);
}

INSTANTIATE_TEST_SUITE_P(SpecDeep, Perft,
                         ::testing::Values(PerftCase{"Start", spec::kStart, 6, 547581517},
                                           PerftCase{"Middlegame", spec::kMiddlegame, 4, 516925165},
                                           PerftCase{"Endgame91", spec::kEndgame91, 4, 129175973},
                                           PerftCase{"Endgame124", spec::kEndgame124, 4, 207741677},
                                           PerftCase{"OpenKings", spec::kOpenKings, 3, 112911856}),
                         perft_case_name);

}  // namespace
}  // namespace tsume::test
