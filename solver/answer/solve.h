// The rule-exact answer of a tsume problem (SPEC.md section 3): is there a mate, its exact
// minimax length (attacker shortest, defender longest, futile interpositions not counted), and
// the main line.
//
// Method: df-pn proves the mate with no length budget; the proof's length is an upper bound U,
// and a line of that mate is read from the table at once (proven again from where the table has
// lost it). AnswerMode::First stops there, like other solvers' default mode. Otherwise "mate within
// U - 2 plies?" is asked with futile interpositions ignored, lowering U each time it is proven,
// until it is disproven: U is then the exact length (exact_length.h: once one such question takes
// more than 5 M nodes, it and an iterative deepening over the depths below U take turns with
// budgets that double). The main line follows exact lengths (main_line.h, shared with `tsume
// check`): at an attacker node the checks whose child mates in d - 1; at a defender node the
// non-futile evasions that do not mate within d - 3 (so exactly d - 1). SPEC.md section 3's
// tie-breaks choose among them: the attacker takes a mate whose line ends with pieces in its hand
// (surplus, 駒余り), the defender one that ends with none, then a move over a drop; then generation
// order. Whether a line ends with surplus is the game of main_line.h's ends_with_surplus, each side
// playing its tie-break.
//
// Written against the rules concept (answer_rules.h): BasicSolver<R> reaches the board only
// through R. Solver and SolveResult are the shogi ones, instantiated once in solve.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "solver/answer/answer_rules.h"
#include "solver/parallel/spare_threads.h"
#include "solver/search/dfpn.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/shogi_rules.h"
#include "solver/search/tt.h"

namespace tsume {

enum class SolveStatus { Mate, NoMate, Unknown };

struct Certificate;  // certificate.h

template <AnswerRules R> struct BasicSolveResult {
  SolveStatus status = SolveStatus::Unknown;
  Plies length = -1;  // exact mate length in plies (when status is Mate and length_exact)
  // True when the exact length and its main line were both established. False when a limit
  // stopped the length minimisation or the main line (an incomplete line, or a tie-break left
  // open): `length` is then an upper bound (a mate in that many plies exists).
  bool length_exact = false;
  // With AnswerMode::Exact and status Mate: no mate is shorter than this many plies. It equals
  // `length` once the length search has settled the length, even where a limit then left the
  // main line unfinished (length_exact false); below it where a limit stopped the length search
  // (the lengths not yet excluded). -1 otherwise.
  Plies length_min = -1;
  // The main line when length_exact; otherwise a line of the mate found (the main line followed
  // so far when it reached the mate, else a line of the proof read from the table, possibly
  // cut short), which need not be the rule-exact main line.
  std::vector<typename R::Move> pv;
  std::uint64_t nodes = 0;
  std::uint64_t proof_nodes = 0;  // nodes of the first proof (before length minimisation)
  double seconds = 0;
  // With SolveOptions::certificate, for a mate: the proof certificate of `length`
  // (certificate.h), or null with the reason in certificate_error. Its nodes and time are
  // counted in `nodes` and `seconds`, and apart in certificate_nodes and certificate_seconds.
  std::shared_ptr<const Certificate> certificate;
  std::string certificate_error;
  // With SolveOptions::exactness_certificate, an exact length L >= 3 and its certificate: the
  // dual certificate of "no mate within L - 2" (what makes L exact), or null with the reason.
  std::shared_ptr<const Certificate> exactness_certificate;
  std::string exactness_error;
  std::uint64_t certificate_nodes = 0;
  double certificate_seconds = 0;
};
using SolveResult = BasicSolveResult<ShogiRules>;

enum class AnswerMode {
  // The first mate proven, with a line of it: `length` is an upper bound (length_exact false).
  First,
  // The rule-exact answer: the exact length certified and the main line.
  Exact,
};

// One question of the answer as it is answered, for logs (`tsume solve --verbose`): the first
// mate ("mate at all?", `within` kUnboundedPlies) and each question "mate within `within`
// plies?" of the length search (exact_length.h).
struct LengthQuestionEvent {
  Plies within = kUnboundedPlies;
  Outcome outcome = Outcome::Unknown;  // Unknown: stopped by its cap or the problem's limits
  std::uint64_t cap = 0;               // the question's node cap (0: the problem's limits only)
  std::uint64_t nodes = 0;             // this question's
  std::uint64_t total_nodes = 0;       // the problem's so far
  double seconds = 0;                  // the problem's so far
  Plies upper = kNoMate;               // the shortest mate known after it
};

// The main line of an exact answer once it is read (`tsume solve --verbose`): its plies (those
// found, when a limit stopped it), whether it reached the mate, and its nodes.
struct MainLineEvent {
  std::size_t plies = 0;
  bool complete = false;
  std::uint64_t nodes = 0;        // the main line's
  std::uint64_t total_nodes = 0;  // the problem's so far
  double seconds = 0;             // the problem's so far
};

struct SolveOptions {
  // Futile interpositions (無駄合) are not counted (the tsume convention, SPEC.md section 3).
  // Off: every interposition counts, as in game-style mate problems.
  bool exclude_futile = true;
  AnswerMode answer = AnswerMode::Exact;
  // Exact mode: nodes for the certification (the length search and the main line) after the
  // first mate, on top of what the first mate took (0: only the problem's limits). A problem's
  // first mate is then searched with its whole budget, and the certification stops early.
  std::uint64_t certify_nodes = 0;
  // After a mate: write its proof certificate (certificate.h, docs/certificate.md), read from
  // the table with a budget of the problem's limits of its own. Shogi only.
  bool certificate = false;
  // With `certificate`, for an exact length L >= 3: also the dual certificate of no mate within
  // L - 2, which makes the length exact (BasicSolveResult::exactness_certificate).
  bool exactness_certificate = false;
  // Its format: version 4 (children that need no more than "not mated within 1" left implicit,
  // for the verifier to derive) or, when false, version 1.
  bool exactness_implicit = true;
  // With `exactness_implicit`: format version 5 (positions not mated at all written once, as
  // nodes of no mate at all, for every distance they are needed at); false: version 4.
  bool exactness_unbounded_nodes = true;
  // The memory, in bytes, that the writer may take for a problem's certificates (their graphs
  // and indexes, apart from the table; 0: no limit). A certificate that would need more is not
  // written (BasicSolveResult::certificate_error says so); the answer stays the same.
  std::uint64_t certificate_memory = 0;
  // Called after the first mate's proof and after each question of the length search, on the
  // thread that solves the problem.
  std::function<void(const LengthQuestionEvent&)> on_length_question{};
  // Called once the main line of an exact length is read, on the same thread.
  std::function<void(const MainLineEvent&)> on_main_line{};
};

template <AnswerRules R> class BasicSolver {
public:
  // `threads` workers search each question together (1: the serial search). The answer does
  // not depend on it, only the time.
  explicit BasicSolver(std::size_t hash_megabytes = 64, int threads = 1);
  void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
  int threads() const { return threads_; }
  // Batches (cli/solve.cpp): the search runs on the calling thread and takes in up to
  // threads - 1 helpers from `spare` while it runs, as tasks of the calling arena
  // (ParallelMateSearch), instead of a dedicated arena of `threads`. Null: dedicated.
  void set_spare_threads(SpareThreads* spare) { spare_ = spare; }
  void set_hash_size(std::size_t megabytes) { table_.resize(megabytes); }
  // Maps the table's memory now (TranspositionTable::fault_in).
  void fault_in_table() { table_.fault_in(); }
  std::size_t hash_bytes() const { return table_.bytes(); }
  // Called on the solving thread as soon as the first mate is proven and its line read (status
  // Mate, length an upper bound, pv that line), before the exact answer is looked for: a GUI
  // can show it while the certification runs.
  void on_first_mate(std::function<void(const BasicSolveResult<R>&)> f) {
    on_first_ = std::move(f);
  }
  // Called on the solving thread each time the length search proves a mate shorter than any
  // shown before (the first mate's included) and the table gives a line of it with no search
  // (as many plies as its length or more: futile interpositions are not counted): status Mate,
  // length that mate's (an upper bound), pv that line. The exact answer is still looked for.
  void on_shorter_mate(std::function<void(const BasicSolveResult<R>&)> f) {
    on_shorter_ = std::move(f);
  }

  // Solves `root` (the attacker is the side to move). The table is cleared first, so the
  // result never depends on earlier problems.
  BasicSolveResult<R> solve(const typename R::Position& root, const SearchLimits& limits,
                            SolveOptions options = {});

private:
  TranspositionTable table_;
  int threads_ = 1;
  SpareThreads* spare_ = nullptr;
  std::function<void(const BasicSolveResult<R>&)> on_first_;
  std::function<void(const BasicSolveResult<R>&)> on_shorter_;
};

extern template class BasicSolver<ShogiRules>;
using Solver = BasicSolver<ShogiRules>;

const char* to_string(SolveStatus s);

// What stopped a search that did not give the answer asked for (status unknown, or a mate whose
// exact length was asked for and not certified): "nodes" (limits.max_nodes), "time"
// (limits.max_seconds) or else "certify-nodes" (options.certify_nodes); "" when it finished.
template <AnswerRules R>
std::string_view unfinished_limit(const BasicSolveResult<R>& r, const SearchLimits& limits,
                                  const SolveOptions& options) {
  const bool finished =
      r.status == SolveStatus::NoMate ||
      (r.status == SolveStatus::Mate && (r.length_exact || options.answer == AnswerMode::First));
  if (finished) return {};
  if (limits.max_nodes != 0 && r.nodes >= limits.max_nodes) return "nodes";
  if (limits.max_seconds > 0 && r.seconds >= limits.max_seconds) return "time";
  return "certify-nodes";
}

}  // namespace tsume
