#include "solver/answer/solve.h"

#include <unordered_map>

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

// The main line by exact lengths, with the defender's surplus tie-break (SPEC.md section 3):
// among equally long replies the defender prefers one after which the line ends with no piece
// left in the attacker's hand, then a move (a moved interposition) over a drop. Whether a reply
// ends with surplus is read off its own main line (built by the same rules, memoised by
// position); past kMaxTieBreakLines such lines the first reply in that order is taken.
class MainLine {
public:
  MainLine(Position& pos, MateSearch& search, MateSearchOptions exact)
      : pos_(pos), search_(search), exact_(exact) {}

  // From the current position, an attacker node with exact distance `length`.
  std::vector<Move> build(Plies length) {
    std::vector<Move> line;
    Plies d = length;
    while (d > 0) {
      const std::vector<Move> candidates = candidates_at(d);
      if (candidates.empty()) break;  // only if a limit cut a search short
      Move chosen = candidates.front();
      if (candidates.size() > 1 && lines_built_ < kMaxTieBreakLines) {
        for (Move m : candidates) {
          pos_.do_move(m);
          const bool surplus = ends_with_surplus(d - 1);
          pos_.undo_move(m);
          if (!surplus) {
            chosen = m;
            break;
          }
        }
      }
      line.push_back(chosen);
      pos_.do_move(chosen);
      --d;
    }
    for (auto it = line.rbegin(); it != line.rend(); ++it) pos_.undo_move(*it);
    return line;
  }

private:
  static constexpr int kMaxTieBreakLines = 2000;

  // Does the main line from here (exact distance d) end with pieces in the attacker's hand?
  bool ends_with_surplus(Plies d) {
    const std::uint64_t key =
        pos_.key() ^ (static_cast<std::uint64_t>(d) * 0x9E37'79B9'7F4A'7C15ull);
    if (const auto it = surplus_.find(key); it != surplus_.end()) return it->second;
    ++lines_built_;
    const std::vector<Move> line = build(d);
    for (Move m : line) pos_.do_move(m);
    const bool surplus = !pos_.hand(search_.attacker()).empty();
    for (auto it = line.rbegin(); it != line.rend(); ++it) pos_.undo_move(*it);
    surplus_.emplace(key, surplus);
    return surplus;
  }

  // The moves that keep the exact distance d, in order of preference before the surplus
  // tie-break: at an attacker node the first check in generation order whose child mates in
  // d - 1; at a defender node every non-futile reply that is not mated within d - 3, moves
  // before drops; failing those, a futile drop whose own line is that long.
  std::vector<Move> candidates_at(Plies d) {
    const bool attacker_node = pos_.side_to_move() == search_.attacker();
    MoveList moves;
    if (attacker_node)
      generate_checks(pos_, moves);
    else
      generate_evasions(pos_, moves);
    std::vector<Move> moved, dropped;
    MoveList futile;
    for (Move m : moves) {
      if (!attacker_node && m.is_drop() && exact_.futility &&
          search_.futile_drop(pos_, m.to(), d) == Outcome::Proven) {
        futile.push(m);
        continue;
      }
      if (!child_fits(pos_, search_, m, d, attacker_node, false, exact_)) continue;
      (!attacker_node && m.is_drop() ? dropped : moved).push_back(m);
      if (attacker_node) break;
    }
    moved.insert(moved.end(), dropped.begin(), dropped.end());
    // When only futile drops are left and the length still goes on (their comparison positions
    // need more plies), the line shows one of them that is itself that long.
    for (std::size_t i = 0; moved.empty() && i < futile.size(); ++i)
      if (child_fits(pos_, search_, futile[i], d, attacker_node, true, exact_))
        moved.push_back(futile[i]);
    return moved;
  }

  Position& pos_;
  MateSearch& search_;
  MateSearchOptions exact_;
  std::unordered_map<std::uint64_t, bool> surplus_;
  int lines_built_ = 0;
};

// A line of the proof found, read from the table's length bounds without searching: the check
// with the shortest known mate, then the reply with the longest. A mate, not the rule-exact
// main line (given when the exact length could not be proven within the limits).
std::vector<Move> proof_line(Position& pos, MateSearch& search) {
  std::vector<Move> line;
  for (Plies d = search.lookup(pos).upper; d > 0 && d < kNoMate;) {
    const bool attacker_node = pos.side_to_move() == search.attacker();
    MoveList moves;
    if (attacker_node)
      generate_checks(pos, moves);
    else
      generate_evasions(pos, moves);
    Move chosen = Move::none();
    Plies chosen_upper = attacker_node ? kNoMate : -1;
    for (Move m : moves) {
      pos.do_move(m);
      const Plies u = search.lookup(pos).upper;
      pos.undo_move(m);
      if (u >= d) continue;  // e.g. a futile drop, counted by its comparison position
      if (attacker_node ? u < chosen_upper : u > chosen_upper) {
        chosen = m;
        chosen_upper = u;
      }
    }
    // No move with a shorter proven mate (an entry was replaced): the line stops here.
    if (chosen.is_none()) break;
    line.push_back(chosen);
    pos.do_move(chosen);
    d = chosen_upper;
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
    if (result.length_exact)
      result.pv = MainLine(pos, search.serial(), exact).build(upper);
    else
      result.pv = proof_line(pos, search.serial());
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
