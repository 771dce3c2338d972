// The rule-exact main line (SPEC.md section 3) with its tie-breaks, read from exact mate
// lengths in a transposition table:
// - attacker node with exact distance d: the checks whose child mates within d - 1;
// - defender node: the evasions, futile interpositions (無駄合) aside, whose child mates within
//   d - 1 but not within d - 3 (the longest defences);
// - ties: the defender prefers a line that ends with no surplus (駒余り) for the attacker, then a
//   moved interposition over a drop; the attacker prefers a mate that ends with surplus. Which
//   line ends with surplus is a small game over the equal-length subtree (ends_with_surplus).
// The same walk records equal-length variations without surplus (変同) at main-line defender
// nodes: they come out of the tie-break for free.
//
// Every query runs in the caller's mate search, whose budget bounds it; a result that a limit
// cut short is Tri::Unknown, never a guess. Both commands read the line from here: `tsume check`
// (with the composer's line preferred, every equal defence classified) and Solver::solve (with
// the attacker's tie-break, LineChoice).
//
// Written against the rules concept (answer_rules.h) and instantiated for ShogiRules in
// main_line.cpp; the names without "Basic" are the shogi ones.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "solver/answer/answer_rules.h"
#include "solver/answer/finding.h"
#include "solver/search/dfpn.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/shogi_rules.h"

namespace tsume {

static_assert(AnswerRules<ShogiRules>);

enum class Tri { No, Yes, Unknown };

// The options every exact-length query uses: futile interpositions not counted.
inline constexpr MateSearchOptions kExact{.futility = true};

// Checks of the attacker node `pos` (exact distance d) that keep the exact distance: their
// child mates within d - 1 plies. Returns Unknown when a query did not finish. `options` is
// the rule the exact lengths are counted by (kExact: futile interpositions not counted).
template <AnswerRules R>
Tri shortest_checks(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                    typename R::MoveList& out, MateSearchOptions options = kExact);

// Evasions of the defender node `pos` (exact distance d) whose child is mated in exactly d - 1
// plies. Futile drops are left out (listed apart); when only futile drops are left, those that
// are themselves that long are the answer. Without options.futility every drop is an ordinary
// evasion.
template <AnswerRules R> struct BasicDefences {
  typename R::MoveList longest;
  typename R::MoveList futile;  // futile drops not mated within d - 3 (the others are not tested)
  Plies child_length = 0;       // the exact distance after a move of `longest`: d - 1, or d + 1
                                // when only futile drops are left and their comparison position
                                // gives the node its length (the drop and capture not counted)
  bool unknown = false;         // some evasion could not be classified
};
using Defences = BasicDefences<ShogiRules>;
template <AnswerRules R>
BasicDefences<R> longest_defences(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                                  MateSearchOptions options = kExact);

// The game "does the line end with attacker pieces in hand?" over the exact-length subtree of
// `pos` (exact distance d): the attacker picks Yes if it can, the defender No. Memoised; at most
// `max_calls` positions are visited, then the answer is Unknown. `options`: the rule of the
// exact lengths, for every query of the game and of follow_main_line.
struct SurplusGame {
  std::unordered_map<std::uint64_t, Tri> memo;
  std::uint64_t calls = 0;
  std::uint64_t max_calls = 200'000;
  MateSearchOptions options = kExact;
};
template <AnswerRules R>
Tri ends_with_surplus(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                      SurplusGame& game);

template <AnswerRules R> struct BasicMainLine {
  using Move = typename R::Move;
  std::vector<Move> moves;
  bool complete = false;  // the walk reached the mate (distance 0); futile drops and
                          // their captures make the line longer than the length
  std::vector<BasicFinding<Move>> flaws;      // EqualVariation and NonLimitation (interposing
                                              // piece)
  std::vector<BasicFinding<Move>> undecided;  // tie-breaks or variations that a limit left open
  int open_tie = -1;  // first ply where the rules left several defences equal (-1: none)
};
using MainLine = BasicMainLine<ShogiRules>;

// What follow_main_line decides beyond the exact lengths.
struct LineChoice {
  // At an attacker node with several checks of the exact length, take one whose line ends with
  // surplus (SPEC.md section 3; the first such in generation order, else the first). Costs a
  // query for every check of every attacker node. Off (`tsume check`): the first check of the
  // exact length; two of them are a cook or an exemption, which the cook search reports.
  bool attacker_tie_break = false;
  // Classify every equal-length defence of a main-line defender node: the 変同 and
  // non-limitation findings and open_tie. Off (solve, which needs only the line): the defences
  // are classified in the tie-break's order and only up to the first that nothing can beat (the
  // same move), and any tie-break value that a limit left open is reported as undecided
  // (blocking).
  bool variations = true;
};

// One budgeted search: a SearchBudget and the mate search that counts against it.
template <AnswerRules R> struct BasicBudgetedSearch {
  SearchBudget budget;
  BasicMateSearch<R> search;
  BasicBudgetedSearch(TranspositionTable& table, const SearchLimits& limits, Color attacker)
      : budget(limits), search(table, budget, attacker) {}
  virtual ~BasicBudgetedSearch() = default;  // solve's steps add a parallel prover
};
using BudgetedSearch = BasicBudgetedSearch<ShogiRules>;

// How the walk gets a fresh budget for each node and hands it back (to count its nodes).
template <AnswerRules R> struct BasicSearchSteps {
  std::function<std::unique_ptr<BasicBudgetedSearch<R>>()> make;
  std::function<void(const BasicBudgetedSearch<R>&)> done;
};
using SearchSteps = BasicSearchSteps<ShogiRules>;

// The main line of `root` (an attacker node with exact distance `length`), each node with its
// own budget from `steps`. Where the rules leave several moves equal, the move of `preferred`
// (the composer's line) is taken while the line has followed it so far; otherwise the first in
// generation order. At attacker nodes without choice.attacker_tie_break the first check of the
// exact length is taken (the given one first). At a node whose moves could not all be
// classified within the budget, the given or first move of the exact length is taken and the
// node is reported as undecided. With choice.variations off, the line is the rule-exact main
// line when it is complete and `undecided` is empty.
template <AnswerRules R>
BasicMainLine<R> follow_main_line(const typename R::Position& root, Plies length, SurplusGame& game,
                                  const std::vector<typename R::Move>& preferred,
                                  const BasicSearchSteps<R>& steps, LineChoice choice = {});

extern template Tri shortest_checks<ShogiRules>(MateSearch&, Position&, Plies, MoveList&,
                                                MateSearchOptions);
extern template Defences longest_defences<ShogiRules>(MateSearch&, Position&, Plies,
                                                      MateSearchOptions);
extern template Tri ends_with_surplus<ShogiRules>(MateSearch&, Position&, Plies, SurplusGame&);
extern template MainLine follow_main_line<ShogiRules>(const Position&, Plies, SurplusGame&,
                                                      const std::vector<Move>&, const SearchSteps&,
                                                      LineChoice);

}  // namespace tsume
