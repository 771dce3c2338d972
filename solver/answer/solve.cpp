#include "solver/answer/solve.h"

#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/search/dfpn.h"

namespace tsume {
namespace {

// Follows exact lengths from the root (an attacker node with exact distance `length`).
std::vector<Move> main_line(Position& pos, MateSearch& search, Plies length,
                            MateSearchOptions exact) {
  std::vector<Move> line;
  Plies d = length;
  while (d > 0) {
    const bool attacker_node = pos.side_to_move() == search.attacker();
    MoveList moves;
    if (attacker_node)
      generate_checks(pos, moves);
    else
      generate_evasions(pos, moves);
    Move chosen = Move::none();
    Move fallback_drop = Move::none();
    for (Move m : moves) {
      if (!attacker_node && m.is_drop() && exact.futility &&
          search.futile_drop(pos, m.to(), d) == Outcome::Proven)
        continue;
      pos.do_move(m);
      bool fits;
      if (attacker_node) {
        fits = search.prove(pos, d - 1, exact) == Outcome::Proven;
      } else {
        fits = d < 3 || search.prove(pos, d - 3, exact) == Outcome::Disproven;
      }
      pos.undo_move(m);
      if (!fits) continue;
      // A moved interposition or other move is preferred over a drop (SPEC.md section 3).
      if (!attacker_node && m.is_drop()) {
        if (fallback_drop.is_none()) fallback_drop = m;
        continue;
      }
      chosen = m;
      break;
    }
    if (chosen.is_none()) chosen = fallback_drop;
    if (chosen.is_none()) break;  // only if a limit cut a search short
    line.push_back(chosen);
    pos.do_move(chosen);
    --d;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) pos.undo_move(*it);
  return line;
}

}  // namespace

Solver::Solver(std::size_t hash_megabytes) : table_(hash_megabytes) {}

SolveResult Solver::solve(const Position& root, const SearchLimits& limits, SolveOptions options) {
  const MateSearchOptions exact{.futility = options.exclude_futile};
  table_.clear();
  SearchBudget budget(limits);
  Position pos = root;
  MateSearch search(table_, budget, pos.side_to_move());
  SolveResult result;
  const Outcome exists = search.prove(pos, kUnboundedPlies);
  result.proof_nodes = budget.nodes();
  if (exists == Outcome::Proven) {
    result.status = SolveStatus::Mate;
    Plies upper = search.lookup(pos).upper;
    result.length_exact = true;
    while (upper >= 3) {
      const Outcome shorter = search.prove(pos, upper - 2, exact);
      if (shorter == Outcome::Proven) {
        upper = std::min<Plies>(search.lookup(pos).upper, upper - 2);
      } else {
        result.length_exact = shorter == Outcome::Disproven;
        break;
      }
    }
    result.length = upper;
    if (result.length_exact) result.pv = main_line(pos, search, upper, exact);
  } else if (exists == Outcome::Disproven) {
    result.status = SolveStatus::NoMate;
  }
  result.nodes = budget.nodes();
  result.seconds = budget.seconds();
  return result;
}

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
