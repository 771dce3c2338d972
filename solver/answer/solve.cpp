#include "solver/answer/solve.h"

#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/parallel/parallel_search.h"
#include "solver/search/dfpn.h"

namespace tsume {
namespace {

// Follows exact lengths from the root (an attacker node with exact distance `length`).
// True when the child after `m` has exact distance d - 1: mated within d - 1 plies (attacker
// nodes need only that) and, at defender nodes, not within d - 3.
bool child_fits(Position& pos, MateSearch& search, Move m, Plies d, bool attacker_node,
                bool check_upper, MateSearchOptions exact) {
  pos.do_move(m);
  bool fits = true;
  if (attacker_node || check_upper) fits = search.prove(pos, d - 1, exact) == Outcome::Proven;
  if (fits && !attacker_node && d >= 3)
    fits = search.prove(pos, d - 3, exact) == Outcome::Disproven;
  pos.undo_move(m);
  return fits;
}

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
    Move drop = Move::none();
    MoveList futile;
    for (Move m : moves) {
      if (!attacker_node && m.is_drop() && exact.futility &&
          search.futile_drop(pos, m.to(), d) == Outcome::Proven) {
        futile.push(m);
        continue;
      }
      if (!child_fits(pos, search, m, d, attacker_node, false, exact)) continue;
      // A moved interposition or other move is preferred over a drop (SPEC.md section 3).
      if (!attacker_node && m.is_drop()) {
        if (drop.is_none()) drop = m;
        continue;
      }
      chosen = m;
      break;
    }
    if (chosen.is_none()) chosen = drop;
    // When only futile drops are left and the length still goes on (their comparison positions
    // need more plies), the line shows one of them that is itself that long.
    for (std::size_t i = 0; chosen.is_none() && i < futile.size(); ++i)
      if (child_fits(pos, search, futile[i], d, attacker_node, true, exact)) chosen = futile[i];
    if (chosen.is_none()) break;  // only if a limit cut a search short
    line.push_back(chosen);
    pos.do_move(chosen);
    --d;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) pos.undo_move(*it);
  return line;
}

}  // namespace

Solver::Solver(std::size_t hash_megabytes, int threads) : table_(hash_megabytes) {
  set_threads(threads);
}

SolveResult Solver::solve(const Position& root, const SearchLimits& limits, SolveOptions options) {
  const MateSearchOptions exact{.futility = options.exclude_futile};
  table_.clear();
  SearchBudget budget(limits);
  Position pos = root;
  ParallelMateSearch search(table_, budget, pos.side_to_move(), threads_);
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
    if (result.length_exact) result.pv = main_line(pos, search.serial(), upper, exact);
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
