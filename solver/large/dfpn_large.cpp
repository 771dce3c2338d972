#include "solver/large/dfpn_large.h"

#include <algorithm>
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
  for (Plies rem = length; rem > 0;) {
    R::MoveList checks;
    R::generate_checks(pos, checks);
    std::vector<R::Move> ordered(checks.begin(), checks.end());
    const R::MoveOrder order(pos, R::side_to_move(pos));
    std::stable_sort(ordered.begin(), ordered.end(),
                     [&](R::Move a, R::Move b) { return order.score(a) > order.score(b); });
    bool found = false;
    for (const R::Move m : ordered) {
      R::do_move(pos, m);
      const Outcome o = search.prove(pos, rem - 1);
      if (o == Outcome::Proven) {
        line.push_back(m.move);
        ++played;
        --rem;
        found = true;
        break;
      }
      R::undo_move(pos, m);
      if (o == Outcome::Unknown) break;
    }
    if (!found || rem == 0) break;
    R::MoveList evasions;
    R::generate_evasions(pos, evasions);
    found = false;
    for (const R::Move m : evasions) {
      R::do_move(pos, m);
      const Outcome o = rem - 3 >= 1 ? search.prove(pos, rem - 3) : Outcome::Disproven;
      if (o == Outcome::Disproven) {
        line.push_back(m.move);
        ++played;
        --rem;
        found = true;
        break;
      }
      R::undo_move(pos, m);
      if (o == Outcome::Unknown) break;
    }
    if (!found) break;
  }
  for (; played > 0; --played) pos.back();
  return line;
}

}  // namespace

MateResult solve_mate_dfpn(const Position& root, const MateLimits& limits,
                           std::size_t hash_megabytes) {
  MateResult result;
  TranspositionTable table(hash_megabytes);
  SearchLimits search_limits;
  search_limits.max_nodes = limits.max_nodes;
  search_limits.stop = limits.stop;
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
      break;
    }
    upper = std::min(search.lookup(pos).upper, upper - 2);
  }
  result.status = MateStatus::Mate;
  result.length = upper;
  if (exact) {
    SearchLimits line_limits;
    line_limits.max_nodes = limits.max_nodes;
    line_limits.stop = limits.stop;
    SearchBudget line_budget(line_limits);
    LargeMateSearch line_search(table, line_budget, attacker);
    result.pv = main_line(line_search, pos, upper);
    result.nodes = line_budget.nodes();
  }
  result.line_complete = exact && static_cast<Plies>(result.pv.size()) == upper;
  result.nodes += budget.nodes();
  return result;
}

}  // namespace tsume::large
