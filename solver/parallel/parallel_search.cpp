#include "solver/parallel/parallel_search.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include <oneapi/tbb/task_group.h>

namespace tsume {

ParallelMateSearch::ParallelMateSearch(TranspositionTable& table, SearchBudget& budget,
                                       Color attacker, int threads)
    : table_(table), budget_(budget), threads_(std::max(threads, 1)),
      serial_(table, budget, attacker), load_(threads_ > 1 ? 14 : 1) {
  if (threads_ > 1) arena_ = std::make_unique<tbb::task_arena>(threads_);
}

// Runs work(0) ... work(threads_ - 1) at once and waits for all of them: tasks of one task_group
// in the dedicated arena. ThreadSanitizer cannot see the synchronisation inside libtbb (the
// distribution's library is not instrumented), so a tsan build runs the same workers on plain
// threads instead; the search code and everything the workers share are the same.
template <class Work> void ParallelMateSearch::run_workers(const Work& work) {
#if defined(__SANITIZE_THREAD__)
  std::vector<std::thread> workers;
  for (int i = 0; i < threads_; ++i) workers.emplace_back([&work, i] { work(i); });
  for (std::thread& t : workers) t.join();
#else
  arena_->execute([&] {
    tbb::task_group workers;
    for (int i = 0; i < threads_; ++i) workers.run([&work, i] { work(i); });
    workers.wait();
  });
#endif
}

Outcome ParallelMateSearch::prove(Position& pos, Plies max_len, MateSearchOptions options) {
  if (threads_ == 1 || budget_.exhausted()) return serial_.prove(pos, max_len, options);

  std::atomic<bool> answered{false};
  SearchLimits worker_limits = budget_.remaining();
  worker_limits.halt = &answered;
  if (worker_limits.max_nodes)  // the node limit is shared out
    worker_limits.max_nodes = std::max<std::uint64_t>(worker_limits.max_nodes / threads_, 1);
  std::vector<Outcome> outcomes(static_cast<std::size_t>(threads_), Outcome::Unknown);
  std::vector<std::uint64_t> nodes(static_cast<std::size_t>(threads_), 0);
  const Color attacker = serial_.attacker();

  table_.set_shared(true);  // locks on while the workers run
  run_workers([&](int i) {
    const auto w = static_cast<std::size_t>(i);
    Position root = pos;
    SearchBudget budget(worker_limits);
    MateSearch search(table_, budget, attacker);
    search.set_virtual_load(&load_);
    outcomes[w] = search.prove(root, max_len, options);
    if (outcomes[w] != Outcome::Unknown) answered.store(true, std::memory_order_relaxed);
    nodes[w] = budget.nodes();
  });
  table_.set_shared(false);

  std::uint64_t total = 0;
  for (std::uint64_t n : nodes) total += n;
  budget_.charge(total);
  for (Outcome o : outcomes)
    if (o != Outcome::Unknown) return o;
  return Outcome::Unknown;
}

}  // namespace tsume
