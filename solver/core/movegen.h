// Legal move generation (SPEC.md section 2). Every generator appends exactly the legal moves of
// its kind: non-promotions are included wherever they are legal (a pawn, lance or knight that
// would be dead must promote), drops respect 二歩 and dead squares, pawn drops that checkmate
// (打ち歩詰め) are left out, and no move leaves the mover's own king in check.
#pragma once

#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume {

// All legal moves of the side to move (the evasions when it is in check).
void generate_legal(const Position& pos, MoveList& list);
// All legal moves of a side in check: king moves, captures of the checker, interpositions by
// moving or dropping a piece. Precondition: pos.in_check() (otherwise nothing is generated).
// In sho shogi, every legal move of a side in check (a side with two royals may leave one
// attacked).
void generate_evasions(const Position& pos, MoveList& list);
// Whether the king of the side to move can step to a square the opponent does not attack: one
// of the king moves generate_evasions() gives a side in check (in sho shogi too, where every
// legal move is one), found without the list.
bool king_can_step(const Position& pos);

}  // namespace tsume
