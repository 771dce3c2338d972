#include "solver/search/pndn.h"

#include <gtest/gtest.h>

namespace tsume {
namespace {

TEST(PnDn, AdditionSaturatesBelowInfinity) {
  EXPECT_EQ(add_pndn(2, 3), 5u);
  EXPECT_EQ(add_pndn(kMaxFinitePnDn, 5), kMaxFinitePnDn);
  EXPECT_EQ(add_pndn(kMaxFinitePnDn - 1, 1), kMaxFinitePnDn);
}

TEST(PnDn, InfinityAbsorbs) {
  EXPECT_EQ(add_pndn(kInfinitePnDn, 0), kInfinitePnDn);
  EXPECT_EQ(add_pndn(7, kInfinitePnDn), kInfinitePnDn);
}

TEST(PnDn, ChildThresholdIsClampedAndKeepsInfinity) {
  EXPECT_EQ(child_threshold(10, 4, 3), 9u);
  EXPECT_EQ(child_threshold(3, 10, 2), 0u);  // would be negative
  EXPECT_EQ(child_threshold(kInfinitePnDn, 10, 2), kInfinitePnDn);
}

TEST(PnDn, AWeakSumIsTheLargestTermPlusOneForEachOther) {
  WeakSum none;
  EXPECT_EQ(none.value(), 0u);
  WeakSum w;
  w.add(3);
  EXPECT_EQ(w.value(), 3u);
  w.add(7);
  w.add(1);
  EXPECT_EQ(w.terms, 3u);
  EXPECT_EQ(w.value(), 9u);  // 7 + 2, where the sum is 11
  w.add(kMaxFinitePnDn);
  EXPECT_EQ(w.value(), kMaxFinitePnDn);  // saturates below infinity
  w.add(kInfinitePnDn);
  EXPECT_EQ(w.value(), kInfinitePnDn);
}

}  // namespace
}  // namespace tsume
