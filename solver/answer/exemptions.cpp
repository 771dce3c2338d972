#include "solver/answer/exemptions.h"

#include "solver/core/attacks.h"

namespace tsume {

Move mirror(Move m) {
  if (m.is_drop()) return Move::drop(m.dropped_type(), mirror(m.to()));
  return Move::board(mirror(m.from()), mirror(m.to()), m.is_promotion());
}

bool is_mirror_symmetric(const Position& pos) {
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    if (pos.piece_on(s) != pos.piece_on(mirror(s))) return false;
  }
  return true;
}

bool differs_only_in_promotion(Move a, Move b) {
  return !a.is_drop() && !b.is_drop() && a.from() == b.from() && a.to() == b.to() &&
         a.is_promotion() != b.is_promotion();
}

bool differs_only_in_drop_distance(const Position& pos, Move a, Move b) {
  if (!a.is_drop() || !b.is_drop() || a.dropped_type() != b.dropped_type() || a.to() == b.to())
    return false;
  const Square king = pos.king_square(~pos.side_to_move());
  if (king == Square::None) return false;
  // One ray from the king: the nearer square lies strictly between the king and the farther.
  return between(king, a.to()).test(b.to()) || between(king, b.to()).test(a.to());
}

bool differs_only_in_dropped_piece(Move a, Move b) {
  return a.is_drop() && b.is_drop() && a.to() == b.to() && a.dropped_type() != b.dropped_type();
}

}  // namespace tsume
