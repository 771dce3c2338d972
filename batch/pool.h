// The worker threads of a batch and its interruption. One Pool (a oneTBB task arena) owns the
// threads of a batch: the commands that run problems side by side (`tsume solve`, `check`,
// `generate`) take their threads from it, and a search that takes in spare threads as helpers
// (solver/parallel) runs its helpers as tasks of the same arena.
#pragma once

#include <atomic>
#include <csignal>
#include <cstddef>
#include <functional>

#include <oneapi/tbb/task_arena.h>

namespace tsume::batch {

// Set by SIGINT/SIGTERM while an InterruptGuard lives; the searches poll it through
// SearchLimits::stop and the runner stops handing out records.
extern std::atomic<bool> g_interrupted;
extern "C" void on_interrupt(int);

// Installs on_interrupt for SIGINT and SIGTERM for its lifetime (and clears g_interrupted).
class InterruptGuard {
public:
  InterruptGuard() {
    g_interrupted.store(false);
    old_int_ = std::signal(SIGINT, on_interrupt);
    old_term_ = std::signal(SIGTERM, on_interrupt);
  }
  ~InterruptGuard() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
  void (*old_int_)(int) = SIG_DFL;
  void (*old_term_)(int) = SIG_DFL;
};

class Pool {
public:
  // `threads` worker threads (at least 1); the calling thread is one of them.
  explicit Pool(int threads);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  int threads() const { return threads_; }

  // Runs work(i) for every i in [0, count), up to threads() at once, each started in index order
  // (i is started once 0..i-1 have been), and returns when all have returned. Work that should
  // stop early (interrupted) returns at once. An exception of work() is thrown here once the
  // others have returned; the indices not started yet are then skipped.
  void each(std::size_t count, const std::function<void(std::size_t)>& work);

  // Runs loop(k) for k in [0, loops) at once, each on a thread of the pool, and returns when
  // all have returned (exceptions as in each()). With more loops than threads, the extra loops
  // run as threads become free.
  void loops(std::size_t loops, const std::function<void(std::size_t)>& loop);

private:
  int threads_;
  tbb::task_arena arena_;
};

}  // namespace tsume::batch
