// The df-pn of solver/search (dfpn.h) on the large-board games (chu and dai shogi), through the
// rules model of rules.h: BasicMateSearch<LargeRules>, instantiated in dfpn_large.cpp apart from
// the 9x9 search (whose code and speed it leaves unchanged), and the answer of a problem from it.
//
// solve_mate_dfpn answers what solve_mate (mate.h) answers, by df-pn questions "mate within L
// plies?" on one transposition table: first L = limits.max_plies (the largest odd length within
// it); a proof's length bound U is then lowered by asking U - 2 until that is disproven, so U is
// the exact minimax length (shortest attack, longest defence; no drops, so no futile
// interposition). A disproof whose bound never met the length budget (every line ends with the
// attacker out of checks, or repeats a position of its own path, which never shortens a mate) is
// no_mate; another one is no mate within the limit. The main line is mate.h's: at attacker nodes
// the first check, in the search's move order (LargeRules::MoveOrder), that mates in d - 1; at
// defender nodes the first evasion, in generation order, that does not mate within d - 3. It is
// read with a node budget of its own, as large as the problem's. When the node limit stops the
// lowering of U, the result is a mate of length U (an upper bound) with line_complete false.
// limits.max_seconds covers the whole call (the questions and the main line); when it runs out
// the result is what a node limit would give there, with out_of_time set.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include "solver/large/mate.h"
#include "solver/large/rules.h"
#include "solver/search/dfpn.h"
#include "solver/search/limits.h"

namespace tsume {
extern template class BasicMateSearch<large::LargeRules>;
}  // namespace tsume

namespace tsume::large {

using LargeMateSearch = BasicMateSearch<LargeRules>;

// Solves `root` with the df-pn (the side to move attacks; the defender must have a royal), with
// a transposition table of `hash_megabytes`. `nodes` counts the df-pn's nodes, main line included.
MateResult solve_mate_dfpn(const Position& root, const MateLimits& limits = {},
                           std::size_t hash_megabytes = 64);

// The limits of one df-pn budget of a call that started at `start` under `limits`: `max_nodes`
// nodes, the stop flag, and what is left of limits.max_seconds (at least a nanosecond, so that
// a budget made after the time ran out stops at its first look at the clock).
SearchLimits budget_limits(const MateLimits& limits, std::uint64_t max_nodes,
                           std::chrono::steady_clock::time_point start);
// Whether a budget of that call that stopped before answering was stopped by the time limit:
// the time is up and its own node limit was not reached.
bool stopped_by_time(const MateLimits& limits, const SearchBudget& budget,
                     const SearchLimits& budget_limits,
                     std::chrono::steady_clock::time_point start);

}  // namespace tsume::large
