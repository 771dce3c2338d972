// Mate search for the large-board games (chu, dai and tenjiku shogi): a bounded AND/OR search with
// iterative deepening, written for the large-board core (docs/large-board.md, "Checks and mate
// search"). `tsume solve --rules chu|dai` uses the 9x9 df-pn by default (dfpn_large.h); this
// search stays as `--search bounded` and as the tests' second opinion; it suits short problems.
//
// The question "mate within d plies?" (the attacker checks at every move, checks.h; the defender
// plays every legal move; mate: in check with no legal move, the two-royal convention of sho
// shogi) is answered by a depth-first search over the full tree, with a transposition table of
// bounds per position (mate within u plies; no mate within l plies). It is asked for d = 1, 3,
// 5, ... up to the limit: the first d proven is the exact minimax length (shortest attack,
// longest defence). A disproof that never met the depth bound (every defence line ends with the
// attacker out of checks) is a disproof for every length: no_mate. The main line follows exact
// lengths: at attacker nodes the first check (in search order) that mates in d - 1; at defender
// nodes the first evasion (in generation order) after which the mate takes d - 1 plies. There are
// no drops, so no interposition is futile and no hand is ever in surplus.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/large/movegen.h"

namespace tsume::large {

enum class MateStatus { Mate, NoMate, Unknown };

struct MateLimits {
  int max_plies = 15;                   // longest mate looked for
  std::uint64_t max_nodes = 5'000'000;  // positions visited, all depths together (0: none)
  // Seconds for the whole call (solve_mate, solve_mate_dfpn, check_soundness), counted from its
  // start (0: none). Looked at every 1,024 nodes; when it runs out the result is what a node
  // limit would give, with `out_of_time` set.
  double max_seconds = 0;
  // Set by another thread to stop early (the result is then Unknown, as when the nodes run
  // out). Looked at every 1,024 nodes.
  const std::atomic<bool>* stop = nullptr;
};

struct MateResult {
  MateStatus status = MateStatus::Unknown;
  int length = -1;       // exact length in plies (Mate)
  std::vector<Move> pv;  // the main line (Mate)
  // Mate: the main line reached the mate (false when the node limit stopped it part way:
  // `length` is still exact, `pv` the start of the line).
  bool line_complete = false;
  std::uint64_t nodes = 0;  // positions visited
  // Unknown with `bounded`: no mate within limits.max_plies, and a longer one not ruled out
  // (NoMate is only reported when no line was cut by the length bound).
  bool bounded = false;
  // Unknown (not `bounded`), or a mate without line_complete: the search was stopped by
  // limits.max_seconds (not by the node limit).
  bool out_of_time = false;
};

// Solves `root` with the side to move as the attacker. The defender must have a royal.
MateResult solve_mate(const Position& root, const MateLimits& limits = {});

// A 64-bit hash of the position (board, side to move, the Lion-trading capture square).
std::uint64_t position_key(const Position& pos);

}  // namespace tsume::large
