// An independent, deliberately naive implementation of the move rules of SPEC.md section 2, used
// only as a test oracle for the fast generators: it works on BoardSetup (an array of pieces),
// walks every piece's steps and rays square by square, plays every candidate move on a copy and
// asks "is my king attacked?", and decides 打ち歩詰め by trying every reply. It shares no code
// with solver/core beyond the value types.
//
// Sho shogi (setup.variant == Variant::Sho, SPEC.md section 7): the Drunk Elephant steps like a
// king except straight back and may promote to the Crown Prince, which steps like a king and is
// royal; captured pieces leave the game and nothing is ever dropped. Royals follow the
// pseudo-royal convention: a move is illegal only when afterwards the mover has exactly one
// royal (king or prince) and it is attacked; a side with two royals is not bound by check.
#pragma once

#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::test::reference {

// True when a royal of color c (its king; in sho shogi its king or its prince) stands on the board
// and a piece of the other color attacks it.
bool in_check(const BoardSetup& setup, Color c);
// The position after move m (assumed pseudo-legal), the other side to move.
BoardSetup play(const BoardSetup& setup, Move m);
// Every legal move of the side to move, non-promotions included, 打ち歩詰め drops excluded.
std::vector<Move> legal_moves(const BoardSetup& setup);
// The legal moves after which a royal of the opponent is attacked.
std::vector<Move> checking_moves(const BoardSetup& setup);

}  // namespace tsume::test::reference
