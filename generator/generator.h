// The seeded composer loop of `tsume generate` (docs/generate.md).
//
// Candidate i of a run is built from its own random stream (seed, i) (rng.h): a random placement
// near the defender's king, then up to `steps` hill-climbing steps, each a local mutation kept
// when the position still mates, no shorter than before and within the band. A position whose
// exact length is in the band is minimised (composition mode: every piece whose removal keeps a
// mate of the same length is removed) and handed to the certified checker (check.h). Every
// search has a node budget and no time limit, so a candidate's outcome depends only on (seed, i).
//
// Candidates are evaluated in batches, in parallel on the threads of a batch::Pool (the caller's,
// or one of `threads` workers made for the run); the
// accepted problems of a batch are deduplicated (dedup.h) and emitted in candidate order, and the
// run stops after `count` problems. The output is therefore the same for every thread count;
// `max_seconds` only stops the run between batches (the output is then a prefix of the full one).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generator/dedup.h"
#include "solver/answer/check.h"
#include "solver/answer/solve.h"
#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/variant.h"
#include "solver/search/tt.h"

namespace tsume::batch {
class Pool;
}

namespace tsume::gen {

enum class Mode {
  Composition,  // SOUND only, with the unnecessary-piece test: no unnecessary piece, no surplus
  Training,     // more pieces (game-like); SOUND or SOUND_WITH_FLAWS whose flaws leave every
                // attacker move but the last unique (accepted flaws are listed in the record)
};

struct GenerateOptions {
  Mode mode = Mode::Composition;
  int min_plies = 3, max_plies = 9;  // odd lengths in [min_plies, max_plies]
  // The rules of the problems. Sho shogi (docs/sho.md) has no drops: its candidates are
  // board-only (candidate.h) and the checker's piece test takes a piece out of the game.
  Variant variant = Variant::Shogi;
  std::uint64_t seed = 1;
  int threads = 1;
  // The threads to run on (batch/pool.h); none: a pool of `threads` workers made for the run.
  batch::Pool* pool = nullptr;
  std::size_t count = 10;
  std::uint64_t max_candidates = 0;   // 0: no limit (counted from first_candidate)
  std::uint64_t first_candidate = 0;  // the index of the run's first candidate
  // A resumed run: the keys of the problems its output already holds, seen before the first
  // candidate (duplicates of them are skipped as in the run that wrote them).
  std::vector<DedupKeys> written;
  // At most this many problems written per idea (dedup.h idea_key: the ending); 0: no limit.
  // The reverse method abandons a chain whose problem finds its idea full.
  std::size_t per_idea = 0;
  double max_seconds = 0;  // 0: no limit; checked between batches only
  std::size_t batch = 0;   // candidates per batch; 0: 8 per thread (at least 8)
  // Per-candidate budgets (nodes, never time: they keep the output deterministic).
  int steps = 20;                           // random draws and mutations per candidate
  int max_checks = 4;                       // check_problem calls per candidate
  std::uint64_t quick_nodes = 4'000;        // the filter ("mate within B?"), then the solver
  std::uint64_t check_nodes = 250'000;      // check_problem, whole problem
  std::uint64_t check_step_nodes = 30'000;  // check_problem, per alternative or piece
  // A first check_problem with small budgets rejects most cooked problems cheaply; only what it
  // does not reject gets the full budgets.
  std::uint64_t quick_check_nodes = 50'000;
  std::uint64_t quick_check_step_nodes = 2'000;
  std::size_t hash_megabytes = 4;           // per solver table; a check has twice this
  const std::atomic<bool>* stop = nullptr;  // interrupt (output then ends early)
};

struct Generated {
  std::uint64_t candidate = 0;  // the candidate index within the run
  std::string id;               // "g<seed>-<candidate>"
  BoardSetup setup;
  Position position;
  Plies length = 0;
  std::vector<Move> pv;  // the checker's main line
  Verdict verdict = Verdict::Unknown;
  std::vector<Finding> flaws;  // accepted flaws (training mode)
  std::vector<std::string> themes;
  int difficulty = 1;
  std::uint64_t solve_nodes = 0;  // nodes of a plain solve of the final problem
  std::uint64_t check_nodes = 0;
  int pieces = 0;  // board pieces (kings excluded) plus attacker hand pieces
};

// What a candidate cost; summed over a run.
struct GenerateStats {
  std::uint64_t candidates = 0;
  std::uint64_t solves = 0;
  std::uint64_t in_band = 0;       // positions whose exact length was in the band
  std::uint64_t checks = 0;        // full check_problem calls
  std::uint64_t quick_checks = 0;  // check_problem calls with the small budgets
  std::uint64_t solve_nodes = 0, check_nodes = 0;
  std::uint64_t accepted = 0;  // accepted before deduplication
  std::uint64_t duplicates = 0;
  std::uint64_t idea_full = 0;  // not written: `per_idea` problems of their idea were
  std::uint64_t emitted = 0;
  double seconds = 0;
  GenerateStats& operator+=(const GenerateStats& o);  // the counters (not the seconds)
};
// The counters of `s` (all but the seconds), in a fixed order (sums, checkpoints).
template <typename S> auto counters(S& s) {
  return std::array{&s.candidates,   &s.solves,      &s.in_band,     &s.checks,
                    &s.quick_checks, &s.solve_nodes, &s.check_nodes, &s.accepted,
                    &s.duplicates,   &s.idea_full,   &s.emitted};
}

// What one worker reuses from candidate to candidate: the solver and the table of the bounded
// filter (both cleared before each position, so no result depends on earlier work).
struct Workspace {
  explicit Workspace(std::size_t hash_megabytes) : solver(hash_megabytes), filter(1) {}
  Solver solver;
  TranspositionTable filter;
};

// The two searches both methods accept candidates with (generator.cpp, reverse.cpp):
// "Mate within `max_len` plies?" by a bounded search on `filter` (cleared first; futile
// interpositions not counted) of at most `nodes` nodes; the nodes spent are added to *spent.
bool mates_within(TranspositionTable& filter, Position& pos, Plies max_len, std::uint64_t nodes,
                  const std::atomic<bool>* stop, std::uint64_t* spent = nullptr);
// check_problem with the small budgets of `o` first (they reject most cooked problems cheaply)
// and, when they leave the verdict open or sound, again with the full budgets.
// `pieces`: with the unnecessary-piece test.
struct StagedCheck {
  CheckResult result;       // the last check's
  bool full = false;        // the full-budget check ran
  std::uint64_t nodes = 0;  // of both checks
};
StagedCheck check_staged(const Position& pos, const GenerateOptions& o, bool pieces);

// Evaluates candidate `index` (serial; the result depends only on the options' seed, budgets,
// band and mode and on `index`).
std::optional<Generated> evaluate_candidate(const GenerateOptions& options, std::uint64_t index,
                                            Workspace& workspace, GenerateStats& stats);

using EmitFn = std::function<void(const Generated&)>;
using ProgressFn = std::function<void(const GenerateStats&)>;

// Runs the loop described above; `emit` gets each problem as found, in output order, `progress`
// the totals after each batch. Returns the totals.
GenerateStats generate(const GenerateOptions& options, const EmitFn& emit,
                       const ProgressFn& progress = {});

const char* to_string(Mode m);

}  // namespace tsume::gen
