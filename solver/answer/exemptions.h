// The conventional exemptions from a cook that are decided by the moves alone (docs/check.md):
// mirror images in a symmetric position (鏡像) and non-limitation (非限定: the same move up to
// promotion, drop distance or interposing piece). Pure functions of the position and moves.
#pragma once

#include "solver/answer/answer_rules.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/types.h"

namespace tsume {

// The square reflected left-right (file 1 <-> file 9, rank kept).
constexpr Square mirror(Square s) { return make_square(kFileCount - 1 - file_of(s), rank_of(s)); }
// The move reflected left-right.
Move mirror(Move m);

// True when the board is its own left-right mirror image (hands need no reflection).
bool is_mirror_symmetric(const Position& pos);

// The same board move with and without promotion (成・不成非限定).
bool differs_only_in_promotion(Move a, Move b);

// Drops of the same kind on one ray from the defender's king, at different distances
// (打ち場所非限定). `pos` is the position both moves are made from.
bool differs_only_in_drop_distance(const Position& pos, Move a, Move b);

// Drops of different kinds on the same square (合駒非限定, an interposition by another piece):
// two different drops on one square differ only in the piece. Over the rules R (the main line,
// main_line.h); the plain one is shogi's.
template <AnswerRules R>
bool differs_only_in_dropped_piece(typename R::Move a, typename R::Move b) {
  return R::is_drop(a) && R::is_drop(b) && R::drop_square(a) == R::drop_square(b) && !(a == b);
}
bool differs_only_in_dropped_piece(Move a, Move b);

}  // namespace tsume
