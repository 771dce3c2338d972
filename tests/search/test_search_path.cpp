// Repetitions on the search path (千日手), looked for from the question's base up.
#include "solver/search/search_path.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace tsume
