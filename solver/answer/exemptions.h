// The conventional exemptions from a cook that are decided by the moves alone (docs/check.md):
// mirror images in a symmetric position (鏡像) and non-limitation (非限定: the same move up to
// promotion, drop distance or interposing piece). Pure functions of the position and moves,
// written against the rules concept (check_rules.h: mirror geometry and move shapes); the
// plain functions are shogi's.
#pragma once

#include "solver/answer/answer_rules.h"
#include "solver/answer/check_rules.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/types.h"
#include "solver/search/shogi_rules.h"

namespace tsume {

// The same board move with and without promotion (成・不成非限定).
template <CheckRules R> bool differs_only_in_promotion(typename R::Move a, typename R::Move b) {
  return !R::is_drop(a) && !R::is_drop(b) && !(a == b) &&
         R::without_promotion(a) == R::without_promotion(b);
}

// Drops of the same kind on one ray from the defender's king, at different distances
// (打ち場所非限定). `pos` is the position both moves are made from.
template <CheckRules R>
bool differs_only_in_drop_distance(const typename R::Position& pos, typename R::Move a,
                                   typename R::Move b) {
  if (!R::is_drop(a) || !R::is_drop(b) || R::dropped_kind(a) != R::dropped_kind(b) ||
      R::drop_square(a) == R::drop_square(b))
    return false;
  return R::on_one_ray_from_king(pos, R::drop_square(a), R::drop_square(b));
}

// Drops of different kinds on the same square (合駒非限定, an interposition by another piece):
// two different drops on one square differ only in the piece.
template <AnswerRules R>
bool differs_only_in_dropped_piece(typename R::Move a, typename R::Move b) {
  return R::is_drop(a) && R::is_drop(b) && R::drop_square(a) == R::drop_square(b) && !(a == b);
}

// Shogi's: the square and the move reflected left-right (file 1 <-> file 9, rank kept), the
// board's symmetry, and the tests above.
constexpr Square mirror(Square s) { return ShogiRules::mirror(s); }
inline Move mirror(Move m) { return ShogiRules::mirror(m); }
inline bool is_mirror_symmetric(const Position& pos) {
  return ShogiRules::is_mirror_symmetric(pos);
}
inline bool differs_only_in_promotion(Move a, Move b) {
  return differs_only_in_promotion<ShogiRules>(a, b);
}
inline bool differs_only_in_drop_distance(const Position& pos, Move a, Move b) {
  return differs_only_in_drop_distance<ShogiRules>(pos, a, b);
}
inline bool differs_only_in_dropped_piece(Move a, Move b) {
  return differs_only_in_dropped_piece<ShogiRules>(a, b);
}

static_assert(CheckRules<ShogiRules>);

}  // namespace tsume
