#include "solver/parallel/parallel_search.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

namespace tsume {
namespace {

// Helpers of one question: tasks of the calling arena, picked up by its free threads. In a
// ThreadSanitizer build (libtbb is not instrumented, see run_workers) plain threads instead.
class Helpers {
public:
  template <class F> void run(F&& f) {
#if defined(__SANITIZE_THREAD__)
    threads_.emplace_back(std::forward<F>(f));
#else
    group_.run(std::forward<F>(f));
#endif
  }
  void wait() {
#if defined(__SANITIZE_THREAD__)
    for (std::thread& t : threads_) t.join();
    threads_.clear();
#else
    group_.wait();
#endif
  }

private:
#if defined(__SANITIZE_THREAD__)
  std::vector<std::thread> threads_;
#else
  tbb::task_group group_;
#endif
};

class PollFn final : public SearchPoll {
public:
  explicit PollFn(std::function<void()> f) : f_(std::move(f)) {}
  void poll() override { f_(); }

private:
  std::function<void()> f_;
};

}  // namespace

template <MateRules R>
BasicParallelSearch<R>::BasicParallelSearch(TranspositionTable& table, SearchBudget& budget,
                                            Color attacker, int threads, SpareThreads* spare)
    : table_(table), budget_(budget), threads_(std::max(threads, 1)), spare_(spare),
      serial_(table, budget, attacker), load_(threads_, threads_ > 1 ? 14 : 1) {
  if (threads_ > 1 && !spare_) arena_ = std::make_unique<tbb::task_arena>(threads_);
}

// Runs work(0) ... work(threads_ - 1) at once and waits for all of them: tasks of one task_group
// in the dedicated arena. ThreadSanitizer cannot see the synchronisation inside libtbb (the
// distribution's library is not instrumented), so a tsan build runs the same workers on plain
// threads instead; the search code and everything the workers share are the same.
template <MateRules R>
template <class Work>
void BasicParallelSearch<R>::run_workers(const Work& work) {
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

template <MateRules R>
Outcome BasicParallelSearch<R>::prove(Position& pos, Plies max_len, MateSearchOptions options) {
  if (threads_ == 1 || budget_.exhausted()) return serial_.prove(pos, max_len, options);
  if (spare_) return prove_with_helpers(pos, max_len, options);

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
    BasicMateSearch<R> search(table_, budget, attacker);
    search.set_worker_hooks(&load_.worker(w));
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

// The elastic question: the calling thread (the owner) searches, and every 1,024 nodes, between
// two nodes, takes in a helper when a thread is spare. The table is switched to shared there,
// before the first helper starts: at that moment the owner has no table access in flight, and
// the helper's task starts after the switch. The workers share the node limit (a pool); the
// first answer stops them all, and the owner's end ends the question.
template <MateRules R>
Outcome BasicParallelSearch<R>::prove_with_helpers(Position& pos, Plies max_len,
                                                   MateSearchOptions options) {
  const Position root = pos;
  const Color attacker = serial_.attacker();
  const auto n = static_cast<std::size_t>(threads_);
  std::atomic<bool> answered{false};
  std::atomic<std::uint64_t> pooled{0};
  SearchLimits limits = budget_.remaining();
  limits.halt = &answered;
  limits.pool = &pooled;
  limits.pool_max_nodes = limits.max_nodes;
  limits.max_nodes = 0;
  limits.poll = nullptr;
  const auto start = std::chrono::steady_clock::now();
  std::vector<Outcome> outcomes(n, Outcome::Unknown);
  std::vector<std::uint64_t> nodes(n, 0);
  const auto work = [&](std::size_t i, const SearchLimits& l) {
    Position p = root;
    SearchBudget budget(l);
    BasicMateSearch<R> search(table_, budget, attacker);
    search.set_worker_hooks(&load_.worker(i));
    outcomes[i] = search.prove(p, max_len, options);
    if (outcomes[i] != Outcome::Unknown) answered.store(true, std::memory_order_relaxed);
    nodes[i] = budget.nodes();
  };

  Helpers helpers;
  std::size_t joined = 0;
  bool shared = false;
  PollFn take_in([&] {
    if (joined + 1 >= n || answered.load(std::memory_order_relaxed) || !spare_->take()) return;
    if (!shared) {
      table_.set_shared(true);
      shared = true;
    }
    const std::size_t k = ++joined;
    ++helpers_taken_;
    const SearchLimits l = limits.after(
        0, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    helpers.run([&, k, l] {
      if (!answered.load(std::memory_order_relaxed)) work(k, l);
      spare_->give();
    });
  });
  tbb::this_task_arena::isolate([&] {  // the owner's wait runs only its own helpers
    SearchLimits own = limits;
    own.poll = &take_in;
    work(0, own);
    answered.store(true, std::memory_order_relaxed);  // the question is over
    helpers.wait();
  });
  if (shared) table_.set_shared(false);

  std::uint64_t total = 0;
  for (std::uint64_t x : nodes) total += x;
  budget_.charge(total);
  for (Outcome o : outcomes)
    if (o != Outcome::Unknown) return o;
  return Outcome::Unknown;
}

template class BasicParallelSearch<ShogiRules>;

}  // namespace tsume
