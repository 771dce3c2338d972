#include "solver/answer/solve.h"

#include <memory>
#include <type_traits>

#include "solver/answer/certificate.h"
#include "solver/answer/exact_length.h"
#include "solver/answer/main_line.h"
#include "solver/parallel/parallel_search.h"
#include "solver/search/dfpn.h"

namespace tsume {
namespace {

// The longest line read: far beyond any problem's length, it only stops a cycle of table
// bounds (entries replaced and proven again by other paths) from running on.
constexpr std::size_t kMaxLinePlies = 100'000;

// A line of the mate proven at `pos`, read from the table's length bounds: the check with the
// shortest known mate, then the reply with the longest, each step to a child with a shorter
// bound. A mate, not the rule-exact main line. Where the children's entries have been replaced
// (a long proof in a small table), they are proven again (unbounded, on `prove`): at an attacker
// node until one check is, at a defender node every reply; if none then has a shorter bound,
// the best proven child is taken all the same. Empty when a limit stopped a re-proof before the
// line reached the mate.
template <AnswerRules R, class Prove>
std::vector<typename R::Move> mate_line(typename R::Position& pos, BasicMateSearch<R>& search,
                                        const Prove& prove) {
  using Move = typename R::Move;
  std::vector<Move> line;
  const auto upper_of = [&](Move m) {
    R::do_move(pos, m);
    const Plies u = search.lookup(pos).upper;
    R::undo_move(pos, m);
    return u;
  };
  Plies d = search.lookup(pos).upper;
  if (d >= kNoMate && prove(pos) == Outcome::Proven) d = search.lookup(pos).upper;
  bool complete = false;
  while (d < kNoMate && line.size() < kMaxLinePlies) {
    if (d == 0) {
      complete = true;
      break;
    }
    const bool attacker_node = R::side_to_move(pos) == search.attacker();
    typename R::MoveList moves;
    if (attacker_node)
      R::generate_checks(pos, moves);
    else
      R::generate_evasions(pos, moves);
    // The child to follow: below `limit` (d: a shorter bound; kNoMate: any proven child).
    const auto choose = [&](Plies limit, Plies& chosen_upper) {
      Move chosen = R::no_move();
      chosen_upper = attacker_node ? kNoMate : -1;
      for (Move m : moves) {
        const Plies u = upper_of(m);
        if (u >= limit) continue;  // e.g. a futile drop, counted by its comparison position
        if (attacker_node ? u < chosen_upper : u > chosen_upper) {
          chosen = m;
          chosen_upper = u;
        }
      }
      return chosen;
    };
    Plies next = kNoMate;
    Move chosen = choose(d, next);
    if (chosen == R::no_move()) {
      bool stopped = false;
      for (Move m : moves) {
        if (upper_of(m) < kNoMate) continue;
        R::do_move(pos, m);
        const Outcome o = prove(pos);
        R::undo_move(pos, m);
        if (o == Outcome::Unknown) {
          stopped = true;
          break;
        }
        if (attacker_node && o == Outcome::Proven) break;
      }
      if (stopped) break;
      chosen = choose(d, next);
      if (chosen == R::no_move()) chosen = choose(kNoMate, next);
      if (chosen == R::no_move()) break;
    }
    line.push_back(chosen);
    R::do_move(pos, chosen);
    d = next;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) R::undo_move(pos, *it);
  if (!complete) line.clear();
  return line;
}

// A main-line step whose searches run on the solver's threads (the walk's own lookups and
// futility tests stay serial): the main line is about a tenth of a hard problem's nodes, too
// much to leave to one thread. With one thread a step is a plain BudgetedSearch.
template <AnswerRules R> struct ParallelStep : BasicBudgetedSearch<R> {
  BasicParallelSearch<R> parallel;
  ParallelStep(TranspositionTable& table, const SearchLimits& limits, Color attacker, int threads,
               SpareThreads* spare)
      : BasicBudgetedSearch<R>(table, limits, attacker),
        parallel(table, this->budget, attacker, threads, spare) {
    this->search.set_prover(&parallel);
  }
};

}  // namespace

template <AnswerRules R>
BasicSolver<R>::BasicSolver(std::size_t hash_megabytes, int threads) : table_(hash_megabytes) {
  set_threads(threads);
}

template <AnswerRules R>
BasicSolveResult<R> BasicSolver<R>::solve(const typename R::Position& root,
                                          const SearchLimits& limits, SolveOptions options) {
  const MateSearchOptions exact{.futility = options.exclude_futile};
  table_.clear();
  SearchBudget budget(limits);
  typename R::Position pos = root;
  BasicParallelSearch<R> search(table_, budget, R::side_to_move(pos), threads_, spare_);
  BasicSolveResult<R> result;
  const Outcome exists = search.prove(pos, kUnboundedPlies);
  result.proof_nodes = budget.nodes();
  const Plies first_upper = exists == Outcome::Proven ? search.lookup(pos).upper : kNoMate;
  if (options.on_length_question)
    options.on_length_question({.outcome = exists,
                                .nodes = budget.nodes(),
                                .total_nodes = budget.nodes(),
                                .seconds = budget.seconds(),
                                .upper = first_upper});
  if (exists == Outcome::Proven) {
    result.status = SolveStatus::Mate;
    result.length = first_upper;
    // The line of the mate found, read while the proof is all in the table.
    const auto reprove = [&](typename R::Position& p) { return search.prove(p, kUnboundedPlies); };
    std::vector<typename R::Move> first_line = mate_line<R>(pos, search.serial(), reprove);
    result.pv = first_line;
    result.nodes = budget.nodes();
    result.seconds = budget.seconds();
    if (on_first_) on_first_(result);
    if (options.answer == AnswerMode::First) return result;
    // Each question of the length search and each main-line node gets a search of its own on
    // the shared table, with what is left of the budget (capped where the schedule says).
    const Color attacker = R::side_to_move(pos);
    const std::uint64_t certify_end =
        options.certify_nodes ? budget.nodes() + options.certify_nodes : 0;
    const auto spent = [&] {
      return budget.exhausted() || (certify_end && budget.nodes() >= certify_end);
    };
    const auto make_step = [&](std::uint64_t cap) -> std::unique_ptr<BasicBudgetedSearch<R>> {
      SearchLimits left = budget.remaining();
      if (certify_end) {
        const std::uint64_t rest = certify_end > budget.nodes() ? certify_end - budget.nodes() : 1;
        cap = cap ? std::min(cap, rest) : rest;
      }
      if (cap) left.max_nodes = left.max_nodes ? std::min(left.max_nodes, cap) : cap;
      if (threads_ <= 1) return std::make_unique<BasicBudgetedSearch<R>>(table_, left, attacker);
      return std::make_unique<ParallelStep<R>>(table_, left, attacker, threads_, spare_);
    };
    // A line of the shortest mate proven (`prove` for the entries the table has replaced): none
    // when it has fewer plies than that mate's length (it then follows a defender reply shorter
    // than the longest, the table no longer holding the longer ones).
    const auto shortest_mate_line = [&](const auto& prove) {
      std::vector<typename R::Move> line = mate_line<R>(pos, search.serial(), prove);
      if (static_cast<Plies>(line.size()) < search.lookup(pos).upper) line.clear();
      return line;
    };
    const auto table_only = [](typename R::Position&) { return Outcome::Unknown; };
    // The line of the shortest mate known: the first mate's, then that of each shorter mate the
    // length search proves, where the table gives one at once (shown through `on_shorter_mate`).
    std::vector<typename R::Move> best_line = first_line;
    Plies best_upper = first_upper;
    const auto note_shorter_mate = [&] {
      const Plies upper = search.lookup(pos).upper;
      if (upper >= best_upper) return;
      std::vector<typename R::Move> line = shortest_mate_line(table_only);
      if (line.empty()) return;
      best_upper = upper;
      best_line = std::move(line);
      if (!on_shorter_) return;
      BasicSolveResult<R> shorter = result;
      shorter.length = upper;
      shorter.pv = best_line;
      shorter.nodes = budget.nodes();
      shorter.seconds = budget.seconds();
      on_shorter_(shorter);
    };
    const LengthQuestions ask{[&](Plies d, std::uint64_t cap) {
                                const auto s = make_step(cap);
                                const Outcome o = s->search.prove(pos, d, exact);
                                budget.charge(s->budget.nodes());
                                if (o == Outcome::Proven) note_shorter_mate();
                                if (options.on_length_question)
                                  options.on_length_question({.within = d,
                                                              .outcome = o,
                                                              .cap = cap,
                                                              .nodes = s->budget.nodes(),
                                                              .total_nodes = budget.nodes(),
                                                              .seconds = budget.seconds(),
                                                              .upper = search.lookup(pos).upper});
                                return o;
                              },
                              [&] { return search.lookup(pos).upper; }, spent,
                              [&] { return budget.nodes(); }};
    const ExactLength len = minimise_length(search.lookup(pos).upper, ask);
    const Plies upper = len.upper;
    result.length_exact = len.exact();
    result.length = upper;
    result.length_min = len.lower;
    // Without the exact answer: the line of the shortest mate known, read again from the table
    // (proven again where entries were replaced, while the budget lasts) when the last questions
    // proved a shorter mate than the lines noted so far.
    const auto best_known_line = [&] {
      const std::vector<typename R::Move> line =
          spent() ? shortest_mate_line(table_only) : shortest_mate_line(reprove);
      return !line.empty() && line.size() < best_line.size() ? line : best_line;
    };
    if (result.length_exact) {
      // The main line (main_line.h, as `tsume check`), each node on what is left of the budget.
      const std::uint64_t line_start = budget.nodes();
      SurplusGame game;
      game.options = exact;
      const BasicSearchSteps<R> steps{
          [&] { return make_step(0); },
          [&](const BasicBudgetedSearch<R>& s) { budget.charge(s.budget.nodes()); }};
      BasicMainLine<R> line = follow_main_line<R>(
          pos, upper, game, {}, steps, LineChoice{.attacker_tie_break = true, .variations = false});
      if (options.on_main_line)
        options.on_main_line({.plies = line.moves.size(),
                              .complete = line.complete,
                              .nodes = budget.nodes() - line_start,
                              .total_nodes = budget.nodes(),
                              .seconds = budget.seconds()});
      // A line that a limit left incomplete or undecided is not the answer: the length is
      // reported as an upper bound, with a line of the mate when one is known.
      result.length_exact = line.complete && line.undecided.empty();
      if (line.complete)
        result.pv = std::move(line.moves);
      else
        result.pv = best_known_line();
    } else {
      result.pv = best_known_line();
    }
  } else if (exists == Outcome::Disproven) {
    result.status = SolveStatus::NoMate;
  }
  result.nodes = budget.nodes();
  result.seconds = budget.seconds();
  if (!options.certificate || result.status == SolveStatus::Unknown) return result;
  if constexpr (std::is_same_v<R, ShogiRules>) {
    // A certificate's search work is counted in the answer's and apart.
    const auto take = [&](CertificateBuild& built, std::shared_ptr<const Certificate>& to,
                          std::string& error) {
      result.certificate_nodes += built.nodes;
      result.certificate_seconds += built.seconds;
      result.nodes += built.nodes;
      result.seconds += built.seconds;
      if (built.ok)
        to = std::make_shared<const Certificate>(std::move(built.certificate));
      else
        error = built.error;
      return built.ok;
    };
    // The writer's memory limit holds for the certificates of the problem together.
    SearchLimits writing = limits;
    writing.max_memory_bytes = options.certificate_memory;
    if (result.status == SolveStatus::NoMate) {
      // The disproof: no mate at any length (a graph that may go round; certificate.h).
      CertificateBuild built = build_no_mate_certificate(table_, writing, pos, kNoMate, exact);
      take(built, result.certificate, result.certificate_error);
      return result;
    }
    // The proof of the length found (exact or a bound), read from the table the answer left.
    CertificateBuild built =
        build_certificate(table_, writing, pos, result.length, exact, result.length_exact);
    if (take(built, result.certificate, result.certificate_error) &&
        options.exactness_certificate && result.length_exact && result.length >= 3) {
      writing.charge_memory(result.certificate->bytes());
      CertificateBuild dual =
          build_no_mate_certificate(table_, writing, pos, result.length - 2, exact,
                                    options.exactness_implicit, options.exactness_unbounded_nodes);
      take(dual, result.exactness_certificate, result.exactness_error);
    }
  } else {
    result.certificate_error = "certificates are written for shogi and sho shogi only";
  }
  return result;
}

template class BasicSolver<ShogiRules>;

const char* to_string(SolveStatus s) {
  switch (s) {
  case SolveStatus::Mate:
    return "mate";
  case SolveStatus::NoMate:
    return "no_mate";
  case SolveStatus::Unknown:
    break;
  }
  return "unknown";
}

}  // namespace tsume
