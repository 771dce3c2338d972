// The check generator: exactly the legal moves that give check (王手), direct, discovered or
// both, by board move (with and without promotion) or by drop. It is the hot path of the
// attacker (OR) nodes of the mate search, so it builds the checking moves directly from the
// squares that attack the enemy king instead of filtering all legal moves.
#pragma once

#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume {

void generate_checks(const Position& pos, MoveList& list);

}  // namespace tsume
