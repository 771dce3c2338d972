#include <atomic>
#include <cstddef>
#include <mutex>
#include <set>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "batch/pool.h"

namespace tsume::batch {
namespace {

TEST(Pool, EachRunsEveryIndexOnce) {
  Pool pool(4);
  std::vector<std::atomic<int>> runs(100);
  pool.each(runs.size(), [&](std::size_t i) { runs[i].fetch_add(1); });
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

TEST(Pool, EachStartsIndicesInOrder) {
  // Each index is started after every smaller one: the starts, recorded as they happen, are
  // 0, 1, 2, ... whatever the threads do.
  Pool pool(3);
  std::mutex mutex;
  std::vector<std::size_t> started;
  pool.each(50, [&](std::size_t i) {
    const std::lock_guard lock(mutex);
    started.push_back(i);
  });
  ASSERT_EQ(started.size(), 50u);
  // Starts are taken from a counter in order; the lock may be taken out of order by at most
  // the other threads' indices, so the set is complete and each index is near its place.
  EXPECT_EQ(std::set<std::size_t>(started.begin(), started.end()).size(), 50u);
  for (std::size_t k = 0; k < started.size(); ++k)
    EXPECT_LT(started[k], k + static_cast<std::size_t>(pool.threads()));
}

TEST(Pool, OneThreadRunsInOrderOnTheCaller) {
  Pool pool(1);
  std::vector<std::size_t> order;
  pool.each(10, [&](std::size_t i) { order.push_back(i); });  // one thread: no lock needed
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(Pool, AnExceptionReachesTheCallerAndStopsTheRest) {
  Pool pool(1);
  std::size_t ran = 0;
  EXPECT_THROW(pool.each(10,
                         [&](std::size_t i) {
                           ++ran;
                           if (i == 3) throw std::runtime_error("out of memory");
                         }),
               std::runtime_error);
  EXPECT_EQ(ran, 4u);
}

TEST(Pool, LoopsRunEachLoopOnce) {
  Pool pool(2);
  std::vector<std::atomic<int>> runs(5);  // more loops than threads: they wait for a thread
  pool.loops(runs.size(), [&](std::size_t k) { runs[k].fetch_add(1); });
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

TEST(Pool, ZeroCountsDoNothing) {
  Pool pool(0);  // at least one thread
  EXPECT_EQ(pool.threads(), 1);
  pool.each(0, [](std::size_t) { FAIL(); });
  pool.loops(0, [](std::size_t) { FAIL(); });
}

}  // namespace
}  // namespace tsume::batch
