// Virtual proof numbers (Kaneko 2010): the marks workers leave on their paths, and how they
// make a child look to the mate search through the WorkerHooks interface.
#include "solver/parallel/virtual_load.h"

#include <gtest/gtest.h>

namespace tsume {
namespace {

TEST(VirtualLoad, CountsWorkersAndInflatesTheirChildren) {
  VirtualLoad load(3, 8);
  const Hand h;
  EXPECT_EQ(load.workers_in(7, h), 0u);
  load.worker(0).enter(7, h);
  load.worker(2).enter(7, h);
  EXPECT_EQ(load.workers_in(7, h), 2u);
  load.worker(2).enter(7, h);  // a second node of one path in the same slot
  EXPECT_EQ(load.workers_in(7, h), 3u);
  load.worker(2).leave(7, h);
  load.worker(0).leave(7, h);
  EXPECT_EQ(load.workers_in(7, h), 1u);
  EXPECT_EQ(load.workers_in(8, h), 0u);
  EXPECT_EQ(VirtualLoad::inflate(1, 0), 1u);
  EXPECT_GT(VirtualLoad::inflate(1, 1), 1u);
  EXPECT_GT(VirtualLoad::inflate(10, 2), VirtualLoad::inflate(10, 1));
  // A finite value stays finite: inflation never turns a node into a proven or disproven one.
  EXPECT_EQ(VirtualLoad::inflate(kMaxFinitePnDn, 3), kMaxFinitePnDn);
}

TEST(VirtualLoad, ANodeIsSharedOnlyWithASecondWorkerInside) {
  VirtualLoad load(2, 8);
  WorkerHooks& hooks = load.worker(0);
  WorkerHooks& other = load.worker(1);
  const Hand h;
  hooks.enter(7, h);
  EXPECT_FALSE(hooks.shared(7, h));  // the caller alone
  other.enter(7, h);
  EXPECT_TRUE(hooks.shared(7, h));
  EXPECT_TRUE(other.shared(7, h));
  other.leave(7, h);
  EXPECT_FALSE(hooks.shared(7, h));
  hooks.leave(7, h);
  EXPECT_FALSE(other.shared(7, h));
}

TEST(VirtualLoad, AChildLooksHalfAgainPlusOneLargerPerWorkerInside) {
  VirtualLoad load(3, 8);
  WorkerHooks& hooks = load.worker(0);
  const Hand h;
  EXPECT_EQ(hooks.seen_value(9, h, 10), 10u);  // nobody inside: the real value
  load.worker(1).enter(9, h);
  EXPECT_EQ(hooks.seen_value(9, h, 10), 16u);  // 10 + (10 / 2 + 1)
  load.worker(2).enter(9, h);
  EXPECT_EQ(hooks.seen_value(9, h, 10), 22u);
  EXPECT_EQ(hooks.seen_value(9, h, 1), 3u);  // even a child worth 1 gives way to an idle one
}

}  // namespace
}  // namespace tsume
