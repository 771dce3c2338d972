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
// The first of generate_evasions' moves when it is a king step (the side to move in check: its
// king steps come first, in this order); else Move::none(), as in sho shogi, whose evasions come
// in the order of its pieces.
Move first_king_step(const Position& pos);
// The squares the king of `side` could step to if it were its move: next to it, not holding a
// piece of its own, not attacked by the other side once the king has left its square (the
// squares of king_can_step). Empty without that king, and in sho shogi (not computed there).
Bitboard king_flights(const Position& pos, Color side);
// Whether, after the move `m` of the side to move, the other side's king can still step to one
// of `flights` (its king_flights): a square not attacked by the moved piece (promoted or not)
// from its destination, and not on a line through m's origin that holds a slider of the mover
// (a line the move may open). Only ever true when the king can step there (a mate test's quick
// answer for most checks: they leave the king a flight); it may be false for a move after which
// the king still can.
bool keeps_a_flight(const Position& pos, Bitboard flights, Move m);

}  // namespace tsume
