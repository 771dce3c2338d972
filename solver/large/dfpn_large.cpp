#include "solver/large/dfpn_large.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "solver/search/children_impl.h"
#include "solver/search/dfpn_impl.h"
#include "solver/search/node_outcome_impl.h"

namespace tsume {

template class BasicMateSearch<large::LargeRules>;

}  // namespace tsume

namespace tsume::large {
namespace {

using R = LargeRules;

// The main line of a mate in exactly `length` plies from `pos` (see the header), read with
// `search`; stops early when its budget runs out.
std::vector<Move> main_line(LargeMateSearch& search, R::Position& pos, Plies length) {
  std::vector<Move> line;
  int played = 0;
  // Plays the first of `moves` whose position answers `want` to "mate within `within`?" (none
  // below one ply: Disproven); false when none does or a question is left open.
  const auto play_first = [&](const auto& moves, Plies within, Outcome want) {
    for (const R::Move m : moves) {
      R::do_move(pos, m);
      const Outcome o = within >= 0 ? search.prove(pos, within) : Outcome::Disproven;
      if (o == want) {
        line.push_back(m.move);
        ++played;
        return true;
      }
      R::undo_move(pos, m);
      if (o == Outcome::Unknown) return false;
    }
    return false;
  };
  for (Plies rem = length; rem > 0; rem -= 2) {
    R::MoveList checks;
    R::generate_checks(pos, checks);
    std::vector<R::Move> ordered(checks.begin(), checks.end());
    const R::MoveOrder order(pos, R::side_to_move(pos));
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](R::Move a, R::Move b) { return order.score(a) > order.score(b); });
    if (!play_first(ordered, rem - 1, Outcome::Proven) || rem == 1) break;
    R::MoveList evasions;
    R::generate_evasions(pos, evasions);
    // The longest defence, with rem - 1 plies left: its position is not mated within rem - 4
    // (nothing is mated within fewer than one ply).
    if (!play_first(evasions, rem - 4 >= 1 ? rem - 4 : -1, Outcome::Disproven)) break;
  }
  for (; played > 0; --played) pos.back();
  return line;
}

}  // namespace

SearchLimits budget_limits(const MateLimits& limits, std::uint64_t max_nodes,
                           std::chrono::steady_clock::time_point start) {
  SearchLimits l;
  l.max_nodes = max_nodes;
  l.stop = limits.stop;
  if (limits.max_seconds > 0) {
    const double used =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    l.max_seconds = std::max(limits.max_seconds - used, 1e-9);
  }
  return l;
}

bool stopped_by_time(const MateLimits& limits, const SearchBudget& budget,
                     const SearchLimits& budget_limits,
                     std::chrono::steady_clock::time_point start) {
  if (limits.max_seconds <= 0) return false;
  if (budget_limits.max_nodes != 0 && budget.nodes() >= budget_limits.max_nodes) return false;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
         limits.max_seconds;
}

MateResult solve_mate_dfpn(const Position& root, const MateLimits& limits,
                           std::size_t hash_megabytes) {
  const auto start = std::chrono::steady_clock::now();
  MateResult result;
  TranspositionTable table(hash_megabytes);
  const SearchLimits search_limits = budget_limits(limits, limits.max_nodes, start);
  SearchBudget budget(search_limits);
  R::Position pos(root);
  const Color attacker = R::side_to_move(pos);
  LargeMateSearch search(table, budget, attacker);
  const Plies max_len = limits.max_plies % 2 == 1 ? limits.max_plies : limits.max_plies - 1;
  Outcome o = max_len >= 1 ? search.prove(pos, max_len) : Outcome::Disproven;
  if (o != Outcome::Proven) {
    if (o == Outcome::Disproven) {
      if (search.lookup(pos).lower >= kNoMate)
        result.status = MateStatus::NoMate;
      else
        result.bounded = true;
    } else {
      result.out_of_time = stopped_by_time(limits, budget, search_limits, start);
    }
    result.nodes = budget.nodes();
    return result;
  }
  // Lower the proof's bound until "mate within U - 2?" is disproven.
  Plies upper = std::min(search.lookup(pos).upper, max_len);
  bool exact = true;
  while (upper >= 3) {
    o = search.prove(pos, upper - 2);
    if (o == Outcome::Disproven) break;
    if (o == Outcome::Unknown) {
      exact = false;
      result.out_of_time = stopped_by_time(limits, budget, search_limits, start);
      break;
    }
    upper = std::min(search.lookup(pos).upper, upper - 2);
  }
  result.status = MateStatus::Mate;
  result.length = upper;
  if (exact) {
    const SearchLimits line_limits = budget_limits(limits, limits.max_nodes, start);
    SearchBudget line_budget(line_limits);
    LargeMateSearch line_search(table, line_budget, attacker);
    result.pv = main_line(line_search, pos, upper);
    result.nodes = line_budget.nodes();
    if (static_cast<Plies>(result.pv.size()) != upper)
      result.out_of_time = stopped_by_time(limits, line_budget, line_limits, start);
  }
  result.line_complete = exact && static_cast<Plies>(result.pv.size()) == upper;
  result.nodes += budget.nodes();
  return result;
}

}  // namespace tsume::large
