// The parallel mate search: N workers on oneTBB run the serial df-pn (search/dfpn.h) from the
// same root on one shared transposition table, steered apart by virtual proof numbers
// (parallel/virtual_load.h, Kaneko 2010). The first worker to answer the question stops the
// others. Each worker has its own position, path, child arrays and node budget (passed
// explicitly); they share only the table (locked per bucket) and the virtual-load marks.
//
// Why this scheme: the table already makes every result of one worker available to the others
// (with hand superiority), so workers that look at different children of the nodes near the
// root share their proofs and disproofs instead of duplicating them; this is what the virtual
// proof numbers buy over plain lazy SMP (identical workers racing down the same path). Job
// splitting (Pawlewicz & Hayward) scales further on many cores but needs a master and a job
// queue; we keep the simpler scheme until measurements on 16 cores ask for more.
//
// In a batch (cli/solve.cpp) the workers can be elastic instead: the question's owner searches
// alone on the calling thread and takes in helpers while it runs, one for each thread of the
// batch that has become spare (SpareThreads), as tasks of the calling arena. A helper joins the
// question under way (a fresh worker from the same root, on the same table), so the threads of
// finished problems go to the problems still open instead of idling.
//
// Answers do not depend on the number of workers: a proof or a disproof is a fact about the
// position, and the answer module only reads facts. Only the node count and the time differ.
//
// Like the search, the driver is written against the rules concept (search/rules.h): it only
// copies the root position and runs BasicMateSearch<R> on it. ParallelMateSearch is the one
// for shogi, instantiated once in parallel_search.cpp.
#pragma once

#include <memory>

#include <oneapi/tbb/task_arena.h>

#include "solver/parallel/spare_threads.h"
#include "solver/parallel/virtual_load.h"
#include "solver/search/dfpn.h"
#include "solver/search/limits.h"
#include "solver/search/rules.h"
#include "solver/search/shogi_rules.h"
#include "solver/search/tt.h"

namespace tsume {

template <MateRules R> class BasicParallelSearch : public BasicMateProver<R> {
public:
  using Position = typename R::Position;

  // `threads` workers (1: the serial search, run on the calling thread). Without `spare` they
  // run in a dedicated arena of `threads` threads; with it, the calling thread searches and
  // takes in up to threads - 1 helpers, each when `spare` has a thread to lend.
  BasicParallelSearch(TranspositionTable& table, SearchBudget& budget, Color attacker, int threads,
                      SpareThreads* spare = nullptr);

  // Is there a mate within `max_len` plies? As MateSearch::prove; the nodes of all workers are
  // charged to the budget given at construction.
  Outcome prove(Position& pos, Plies max_len, MateSearchOptions options = {}) override;

  // The serial search on the same table and budget, for the small searches of the answer
  // module (main line, futile interpositions).
  BasicMateSearch<R>& serial() { return serial_; }
  TTProbe lookup(const Position& pos) const { return serial_.lookup(pos); }
  Color attacker() const { return serial_.attacker(); }
  int threads() const { return threads_; }
  // Helpers taken in from the spare threads so far, over all questions (with `spare`).
  int helpers_taken() const { return helpers_taken_; }

private:
  template <class Work> void run_workers(const Work& work);
  Outcome prove_with_helpers(Position& pos, Plies max_len, MateSearchOptions options);

  TranspositionTable& table_;
  SearchBudget& budget_;
  int threads_;
  SpareThreads* spare_;
  int helpers_taken_ = 0;
  BasicMateSearch<R> serial_;
  std::unique_ptr<tbb::task_arena> arena_;  // only with more than one worker
  VirtualLoad load_;
};

extern template class BasicParallelSearch<ShogiRules>;
using ParallelMateSearch = BasicParallelSearch<ShogiRules>;

}  // namespace tsume
