// The threads of a batch that have no problem of their own (cli/solve.cpp's hard pass): once
// every problem has an owner, the threads whose problems are done are lent to the searches
// still running, which take them in as helpers of the question under way
// (BasicParallelSearch). This class only counts them; the threads are the batch arena's, and a
// helper is a task of that arena that a free thread picks up.
#pragma once

#include <atomic>

namespace tsume {

class SpareThreads {
public:
  explicit SpareThreads(int spare = 0) : spare_(spare) {}

  // Takes one spare thread if there is one.
  bool take() {
    int n = spare_.load(std::memory_order_relaxed);
    while (n > 0)
      if (spare_.compare_exchange_weak(n, n - 1, std::memory_order_acq_rel)) return true;
    return false;
  }
  // A thread becomes spare: a helper that has finished, or an owner with no problem left.
  void give() { spare_.fetch_add(1, std::memory_order_acq_rel); }
  int available() const { return spare_.load(std::memory_order_relaxed); }

private:
  std::atomic<int> spare_;
};

}  // namespace tsume
