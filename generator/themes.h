// Themes of a problem read off its main line, and a difficulty grade from solver effort.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::gen {

// The themes of the main line `pv` from `start`, in this order when present:
// - "sacrifice" (捨て駒): an attacker move (drop or board move) to a square where the defender's
//   reply captures the piece;
// - "non_promotion" (不成): an attacker move that could promote and does not;
// - "pawn_drop_mate_avoidance" (打歩詰回避): at an attacker node of the line the attacker holds a
//   pawn and P* in front of the king would mate, which the rules forbid (打ち歩詰め);
// - "promotion" (成): an attacker move that promotes;
// - "drop_mate": the last move is a drop.
// Precondition: `pv` is legal from `start`.
std::vector<std::string> line_themes(const Position& start, const std::vector<Move>& pv);

// 1..10 from the nodes the solver needed (roughly log2(nodes) / 2, clamped): a comparable
// measure of solver effort, not a human rating.
int difficulty_grade(std::uint64_t nodes);

// Replays `pv` from `start` with the core rules: every move legal, attacker moves check, the
// final position is checkmate (defender in check with no legal move). Returns an empty string
// when it holds, otherwise the reason.
std::string replay_mate(const Position& start, const std::vector<Move>& pv);

}  // namespace tsume::gen
