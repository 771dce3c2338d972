// Batches over the processes of an MPI job (mpirun, mpiexec, srun): rank 0 hands the items out
// in chunks, two to a rank at a time (the one it runs and the next) and another each time it
// brings back the results of one, and passes the results on in input order as soon as all
// earlier ones are in. Items and results
// are byte strings (cluster/wire.h); what they mean is the caller's.
//
// Without MPI (the binary built with TSUME_WITH_MPI off) the same functions exist: a process
// that no launcher started runs as before, and one started among several processes is refused,
// since each would run the whole batch.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tsume::cluster {

// Whether this binary was built with MPI.
bool mpi_built();

// How many processes an MPI launcher started this one among, read from the environment it
// sets (Open MPI: OMPI_COMM_WORLD_SIZE; MPICH, Intel MPI, srun --mpi=pmi2: PMI_SIZE): 0 when no
// launcher started it, -1 when one did but does not say how many (srun --mpi=pmix: PMIX_RANK).
int launched_world_size();

// Runs one chunk: results[k] is the result of items[k]. Returns false when it stopped early
// (interrupted); `results` then holds the results of the first items only.
using RunChunk =
    std::function<bool(const std::vector<std::string>& items, std::vector<std::string>& results)>;

struct Plan {
  std::size_t count = 0;   // items 0 .. count - 1
  std::size_t chunk = 1;   // items per chunk (at least 1)
  bool root_works = true;  // rank 0 also runs chunks, on a thread of its own
};

class World {
public:
  // The MPI job this process belongs to, when a launcher started more than one process (MPI is
  // initialized then); nullptr for a single process, which then runs without MPI. Throws
  // std::runtime_error when several processes were started but the binary has no MPI.
  static std::unique_ptr<World> join();
  // Rank 0 first tells the ranks that got no stop yet to stop (waiting for the chunks they
  // have); then MPI is finalized.
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Rank 0: runs items 0 .. plan.count - 1 on the ranks. item(i) gives the bytes of item i; it is
  // called on this thread or, with plan.root_works, on rank 0's working thread (never both at
  // once). emit(i, result) is called on this thread, in input order, as soon as results 0 .. i
  // are in. Once stop() is true no chunk is handed out any more; the chunks out are awaited.
  // Returns the number of results emitted (plan.count when nothing stopped the run). An
  // exception of run() on rank 0 is thrown here once the ranks are idle; a rank whose run()
  // throws aborts the job (MPI_Abort), as a rank that dies does.
  std::size_t distribute(const Plan& plan, const std::function<std::string(std::size_t)>& item,
                         const RunChunk& run,
                         const std::function<void(std::size_t, const std::string&)>& emit,
                         const std::function<bool()>& stop);
  // The other ranks: run the chunks that rank 0 sends until it says stop.
  void serve(const RunChunk& run);

private:
  World(int rank, int size);
  void stop_idle_ranks();

  int rank_ = 0;
  int size_ = 1;
  std::vector<char> stopped_;  // rank 0: the ranks told to stop
};

}  // namespace tsume::cluster
