// The threads of a batch (pool.h).
#include "batch/pool.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <oneapi/tbb/task_group.h>

namespace tsume::batch {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) { g_interrupted.store(true, std::memory_order_relaxed); }

Pool::Pool(int threads) : threads_(std::max(threads, 1)), arena_(threads_) {}

// The loops are tasks of one task_group in the pool's arena. ThreadSanitizer cannot see the
// synchronisation inside libtbb (the distribution's library is not instrumented), so a tsan
// build runs each loop on a plain thread instead (as solver/parallel does for its workers);
// what the loops share is the same.
void Pool::loops(std::size_t loops, const std::function<void(std::size_t)>& loop) {
  if (loops == 0) return;
#if defined(__SANITIZE_THREAD__)
  std::exception_ptr error;
  std::mutex mutex;
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < loops; ++k)
    threads.emplace_back([&, k] {
      try {
        loop(k);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
      }
    });
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
#else
  arena_.execute([&] {
    tbb::task_group group;
    for (std::size_t k = 0; k < loops; ++k) group.run([&loop, k] { loop(k); });
    group.wait();  // rethrows the first exception of a loop
  });
#endif
}

void Pool::each(std::size_t count, const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  const std::size_t workers = std::min(count, static_cast<std::size_t>(threads_));
  loops(workers, [&](std::size_t) {
    for (std::size_t i; !failed.load() && (i = next.fetch_add(1)) < count;) {
      try {
        work(i);
      } catch (...) {
        failed.store(true);  // the other loops start nothing more
        throw;
      }
    }
  });
}

}  // namespace tsume::batch
