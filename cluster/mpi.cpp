// See mpi.h. The protocol: rank 0 sends a rank a chunk (tag kWork: first index, item count,
// items) or a stop (tag kStop, empty); the rank answers each chunk with its results (tag
// kResult: first index, whether the chunk is complete, result count, results), in order. Each
// rank has up to kInFlight chunks: the next one is already waiting when it finishes one, so the
// time rank 0 takes to answer never idles a rank. Sends do not block (MPI_Isend, completed
// later), so a rank busy with a chunk never holds rank 0 up. Every MPI call is made on the
// thread that called join() (MPI_THREAD_FUNNELED); rank 0's working thread runs chunks only.
// Waiting polls (MPI_Iprobe, then a sleep growing from 50 µs to 2 ms while nothing comes), so
// that waiting takes next to nothing of a core from the solver threads.
#include "cluster/mpi.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <iostream>
#include <list>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include "cluster/in_order.h"
#include "cluster/wire.h"

#ifdef TSUME_WITH_MPI
// The C interface only (the C++ bindings are deprecated and do not compile warning-free).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace tsume::cluster {

namespace {

int env_int(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return -2;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n < 0 || n > INT_MAX) return -1;
  return static_cast<int>(n);
}

}  // namespace

int launched_world_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const int n = env_int(name);
    if (n != -2) return n;
  }
  if (std::getenv("PMIX_RANK") != nullptr) return -1;
  return 0;
}

#ifndef TSUME_WITH_MPI

bool mpi_built() { return false; }

std::unique_ptr<World> World::join() {
  const int n = launched_world_size();
  if (n > 1)
    throw std::runtime_error(
        "started by an MPI launcher as one of " + std::to_string(n) +
        " processes, but this tsume was built without MPI (each process would do the whole "
        "batch); build it with Open MPI (cmake -DTSUME_WITH_MPI=ON, Debian packages "
        "openmpi-bin libopenmpi-dev) or run one process (for solve and check: one per --shard "
        "I/N)");
  return nullptr;
}

World::World(int rank, int size) : rank_(rank), size_(size) {}
World::~World() = default;
void World::stop_idle_ranks() {}
std::size_t World::distribute(const Plan&, const std::function<std::string(std::size_t)>&,
                              const RunChunk&,
                              const std::function<void(std::size_t, const std::string&)>&,
                              const std::function<bool()>&) {
  throw std::logic_error("cluster::World without MPI");
}
void World::serve(const RunChunk&) { throw std::logic_error("cluster::World without MPI"); }

#else

bool mpi_built() { return true; }

namespace {

constexpr int kWork = 1;
constexpr int kStop = 2;
constexpr int kResult = 3;

struct Message {
  int source = 0;
  int tag = 0;
  std::string bytes;
};

std::optional<Message> try_receive(int source) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<std::size_t>(count), '\0')};
  MPI_Recv(m.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
}

constexpr int kInFlight = 2;  // chunks a rank holds at once: the one it runs and the next

// A wait that grows while nothing happens: 50 µs, doubling to 2 ms; reset() after each event.
class Backoff {
public:
  std::chrono::microseconds next() {
    const auto d = delay_;
    delay_ = std::min(delay_ * 2, std::chrono::microseconds(2000));
    return d;
  }
  void reset() { delay_ = std::chrono::microseconds(50); }

private:
  std::chrono::microseconds delay_{50};
};

Message receive(int source) {
  Backoff backoff;
  for (;;) {
    if (auto m = try_receive(source)) return std::move(*m);
    std::this_thread::sleep_for(backoff.next());
  }
}

// Sends that have not completed yet, with their bytes (which must live until then).
class Sends {
public:
  Sends() = default;
  Sends(const Sends&) = delete;
  Sends& operator=(const Sends&) = delete;
  ~Sends() { wait_all(); }

  void send(int dest, int tag, std::string bytes) {
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
      throw std::runtime_error("cluster: a message of more than 2 GiB");
    pending_.push_back({std::move(bytes), MPI_REQUEST_NULL});
    Pending& p = pending_.back();
    MPI_Isend(p.bytes.data(), static_cast<int>(p.bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD,
              &p.request);
  }
  // Forgets the sends that have completed (and lets MPI progress the others).
  void poll() {
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done != 0 ? pending_.erase(it) : std::next(it);
    }
  }
  void wait_all() {
    for (Pending& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    pending_.clear();
  }
  bool pending() const { return !pending_.empty(); }

private:
  struct Pending {
    std::string bytes;
    MPI_Request request;
  };
  std::list<Pending> pending_;  // a list: the bytes of a pending send must not move
};

std::string pack(std::size_t first, std::optional<bool> complete,
                 const std::vector<std::string>& strings) {
  WireWriter w;
  w.u64(first);
  if (complete) w.u64(*complete ? 1 : 0);
  w.u64(strings.size());
  for (const std::string& s : strings) w.str(s);
  return std::move(w).bytes();
}

std::vector<std::string> unpack_strings(WireReader& r) {
  std::vector<std::string> out(r.u64());
  for (std::string& s : out) s = r.str();
  return out;
}

}  // namespace

std::unique_ptr<World> World::join() {
  const int launched = launched_world_size();
  if (launched == 0 || launched == 1) return nullptr;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) {
    MPI_Finalize();
    return nullptr;
  }
  return std::unique_ptr<World>(new World(rank, size));
}

World::World(int rank, int size)
    : rank_(rank), size_(size), stopped_(static_cast<std::size_t>(size), 0) {}

void World::stop_idle_ranks() {
  if (rank_ != 0) return;
  Sends sends;
  for (int r = 1; r < size_; ++r)
    if (stopped_[static_cast<std::size_t>(r)] == 0) {
      sends.send(r, kStop, {});
      stopped_[static_cast<std::size_t>(r)] = 1;
    }
}

World::~World() {
  try {
    stop_idle_ranks();
  } catch (...) {
  }
  MPI_Finalize();
}

std::size_t World::distribute(const Plan& plan, const std::function<std::string(std::size_t)>& item,
                              const RunChunk& run,
                              const std::function<void(std::size_t, const std::string&)>& emit,
                              const std::function<bool()>& stop) {
  const std::size_t chunk = std::max<std::size_t>(plan.chunk, 1);
  std::mutex mutex;  // guards next, halted, local_results, local_done, local_error
  std::condition_variable wake;
  std::size_t next = 0;
  bool halted = false;  // no more chunks are handed out
  struct Done {
    std::size_t first;
    bool complete;
    std::vector<std::string> results;
  };
  std::deque<Done> local_results;
  bool local_done = !plan.root_works;
  std::exception_ptr error;  // of emit, item or the working thread

  // The next chunk's first index and items, or nothing.
  const auto take = [&](std::vector<std::string>& items) -> std::optional<std::size_t> {
    std::size_t first = 0, end = 0;
    {
      const std::lock_guard lock(mutex);
      if (halted || next >= plan.count) return std::nullopt;
      first = next;
      end = std::min(plan.count, next + chunk);
      next = end;
      items.clear();
      for (std::size_t i = first; i < end; ++i) items.push_back(item(i));
    }
    return first;
  };

  std::thread worker;
  if (plan.root_works)
    worker = std::thread([&] {
      std::vector<std::string> items;
      try {
        while (auto first = take(items)) {
          std::vector<std::string> results;
          const bool complete = run(items, results);
          const std::lock_guard lock(mutex);
          local_results.push_back({*first, complete, std::move(results)});
          wake.notify_one();
          if (!complete) break;
        }
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        halted = true;
      }
      const std::lock_guard lock(mutex);
      local_done = true;
      wake.notify_one();
    });

  InOrder<std::string> in_order;
  const auto accept = [&](std::size_t first, bool complete, std::vector<std::string>& results) {
    if (!complete) {
      const std::lock_guard lock(mutex);
      halted = true;
    }
    for (std::size_t k = 0; k < results.size(); ++k) {
      try {
        in_order.put(first + k, std::move(results[k]), [&](std::size_t i, const std::string& r) {
          bool skip = false;
          {
            const std::lock_guard lock(mutex);
            skip = error != nullptr;
          }
          if (!skip) emit(i, r);
        });
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        halted = true;
      }
    }
  };
  Sends sends;
  std::vector<int> in_flight(static_cast<std::size_t>(size_), 0);  // chunks each rank holds
  int busy = 0;                                                    // their sum
  // Tops rank r up to kInFlight chunks; once there is none left for it and it holds none, tells
  // it to stop.
  const auto feed = [&](int r) {
    int& held = in_flight[static_cast<std::size_t>(r)];
    while (held < kInFlight) {
      std::vector<std::string> items;
      std::optional<std::size_t> first;
      try {
        first = take(items);
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        halted = true;
      }
      if (!first) break;
      sends.send(r, kWork, pack(*first, std::nullopt, items));
      ++held;
      ++busy;
    }
    if (held == 0 && stopped_[static_cast<std::size_t>(r)] == 0) {
      sends.send(r, kStop, {});
      stopped_[static_cast<std::size_t>(r)] = 1;
    }
  };

  for (int r = 1; r < size_; ++r) feed(r);
  Backoff backoff;
  for (;;) {
    bool progress = false;
    sends.poll();
    if (busy > 0) {
      if (auto m = try_receive(MPI_ANY_SOURCE)) {
        progress = true;
        if (m->tag != kResult)
          throw std::runtime_error("cluster: rank 0 got an unexpected message");
        WireReader r(m->bytes);
        const std::size_t first = r.u64();
        const bool complete = r.u64() != 0;
        std::vector<std::string> results = unpack_strings(r);
        accept(first, complete, results);
        --in_flight[static_cast<std::size_t>(m->source)];
        --busy;
        feed(m->source);
      }
    }
    std::deque<Done> local;
    bool finished = false;
    {
      std::unique_lock lock(mutex);
      if (progress || !local_results.empty()) {
        backoff.reset();
      } else if (!(busy == 0 && local_done)) {
        wake.wait_for(lock, busy > 0 ? backoff.next() : std::chrono::microseconds(100'000));
      }
      local.swap(local_results);
      finished = local_done;
    }
    for (Done& d : local) accept(d.first, d.complete, d.results);
    if (busy == 0 && finished && local.empty()) break;
    bool halt = false;
    try {
      halt = stop();
    } catch (...) {
      halt = true;
    }
    if (halt) {
      const std::lock_guard lock(mutex);
      halted = true;
    }
  }
  if (worker.joinable()) worker.join();
  sends.wait_all();
  if (error) std::rethrow_exception(error);
  return in_order.next();
}

void World::serve(const RunChunk& run) {
  Sends sends;
  for (;;) {
    Message m = receive(0);
    if (m.tag == kStop) return;
    try {
      WireReader r(m.bytes);
      const std::size_t first = r.u64();
      const std::vector<std::string> items = unpack_strings(r);
      std::vector<std::string> results;
      const bool complete = run(items, results);
      sends.poll();
      sends.send(0, kResult, pack(first, complete, results));
      // A small message is sent at once; a large one needs this rank's MPI calls until rank 0
      // takes it (a few ms at most), or it would wait until the next chunk is done.
      for (int k = 0; k < 100 && sends.pending(); ++k) {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
        sends.poll();
      }
    } catch (const std::exception& e) {
      std::cerr << "tsume: rank " << rank_ << ": " << e.what() << '\n';
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
}

#endif

}  // namespace tsume::cluster
