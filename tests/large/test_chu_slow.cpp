// Depth 4 from the chu start position against the slow reference (about a minute): opt-in with
// `ctest -L slow`.
#include <gtest/gtest.h>

#include "solver/large/movegen.h"
#include "tests/large/reference_chu.h"

namespace tsume::large {
namespace {

TEST(ChuReferenceSlow, PerftFromTheStartAtDepth4) {
  const Position pos = parse_sfen("startpos");
  EXPECT_EQ(perft(pos, 4),
            test::chu_reference::perft(test::chu_reference::read_sfen(to_sfen(pos)), 4));
}

}  // namespace
}  // namespace tsume::large
