// Repetitions on the search path (千日手), looked for from the question's base up.
#include "solver/search/search_path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tsume {
namespace {

TEST(SearchPath, APositionTwoOrFourPliesBackIsARepetition) {
  SearchPath path;
  for (int ply = 0; ply < 5; ++ply) path.set(ply, 100 + ply);
  EXPECT_EQ(path.repeated_ply(102, 4), 2);
  EXPECT_EQ(path.repeated_ply(100, 4), 0);
  EXPECT_EQ(path.repeated_ply(100, 6), 0);
}

TEST(SearchPath, OnlyPositionsWithTheSameSideToMoveRepeat) {
  SearchPath path;
  for (int ply = 0; ply < 5; ++ply) path.set(ply, 100 + ply);
  EXPECT_EQ(path.repeated_ply(101, 4), -1);  // odd distance: the other side was to move
  EXPECT_EQ(path.repeated_ply(104, 4), -1);  // the node itself is no repetition
  EXPECT_EQ(path.repeated_ply(999, 4), -1);
}

TEST(SearchPath, TheNearestRepetitionIsReported) {
  SearchPath path;
  const std::uint64_t keys[] = {7, 1, 7, 2, 7};
  for (int ply = 0; ply < 5; ++ply) path.set(ply, keys[ply]);
  EXPECT_EQ(path.repeated_ply(7, 6), 4);
}

TEST(SearchPath, ASeparateQuestionSeesNoRepetitionBelowItsBase) {
  SearchPath path;
  for (int ply = 0; ply < 6; ++ply) path.set(ply, 100 + ply % 2);
  const int saved = path.start_question(3);
  EXPECT_EQ(path.base(), 3);
  EXPECT_EQ(path.repeated_ply(100, 6), 4);
  EXPECT_EQ(path.repeated_ply(101, 5), 3);
  EXPECT_EQ(path.repeated_ply(100, 4), -1);  // ply 2 lies below the question
  path.end_question(saved);
  EXPECT_EQ(path.repeated_ply(100, 4), 2);
}

TEST(SearchPath, APlyRecordedAgainForgetsTheOldPosition) {
  SearchPath path;
  path.set(0, 5);
  path.set(1, 6);
  path.set(2, 7);
  path.set(0, 8);
  EXPECT_EQ(path.repeated_ply(5, 2), -1);
  EXPECT_EQ(path.repeated_ply(8, 2), 0);
}

// As the search asks: each position set, then looked for. Keys that share the filter's bits
// (the top twelve) and keys that do not, on a path of a thousand plies with a question's base.
TEST(SearchPath, TheFilterAnswersAsTheScanOfThePathDoes) {
  SearchPath path;
  std::vector<std::uint64_t> keys;
  std::uint64_t x = 88172645463325252ull;
  const auto next = [&] {  // xorshift64
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  int repetitions = 0, last = -1;
  for (int step = 0; step < 20000; ++step) {
    // One ply deeper, or back to a ply on the path (a new child there), as the search goes.
    const int ply = step < 1000 || next() % 4 != 0
                        ? std::min(last + 1, 1500)
                        : static_cast<int>(next() % static_cast<std::uint64_t>(last + 1));
    last = ply;
    std::uint64_t key = next();
    if (next() % 4 == 0) key = (key & 0x000F'FFFF'FFFF'FFFFull) | (0xABCull << 52);  // one slot
    if (ply >= 2 && next() % 3 == 0)
      key = keys[static_cast<std::size_t>(ply - 2 - 2 * static_cast<int>(next() % (ply / 2)))];
    keys.resize(static_cast<std::size_t>(ply) + 1);
    keys[static_cast<std::size_t>(ply)] = key;
    path.set(ply, key);
    const int saved = step % 5 == 0 ? path.start_question(ply / 2) : path.base();
    int expected = -1;
    for (int i = ply - 2; i >= path.base(); i -= 2)
      if (keys[static_cast<std::size_t>(i)] == key) {
        expected = i;
        break;
      }
    repetitions += expected >= 0;
    ASSERT_EQ(path.repeated_ply(key, ply), expected) << "step " << step << ", ply " << ply;
    path.end_question(saved);
  }
  EXPECT_GT(repetitions, 1000);
}

}  // namespace
}  // namespace tsume
