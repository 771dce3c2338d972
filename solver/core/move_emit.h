// Helpers shared by the move generators (internal to solver/core).
#pragma once

#include "solver/core/bitboard.h"
#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::detail {

// is_promotable() and promote() for modern shogi's kinds, which the fast generators (all but
// sho's) only see: one range test and one addition, without the elephant's special case.
constexpr bool is_shogi_promotable(PieceType pt) {
  return pt >= PieceType::Pawn && pt <= PieceType::Rook;
}
constexpr PieceType promote_shogi(PieceType pt) {
  return static_cast<PieceType>(index_of(pt) + kPromotionOffset);
}

// Appends the legal promotion variants of a board move of a `pt` of color `us`: the promotion
// when the move starts or ends in the zone, the non-promotion unless the piece would be dead.
// `want_promo` / `want_plain` filter the variants (used by the check generator).
inline void emit_board_move(MoveList& list, Color us, PieceType pt, Square from, Square to,
                            bool want_promo = true, bool want_plain = true) {
  if (is_shogi_promotable(pt) && want_promo &&
      (in_promotion_zone(us, from) || in_promotion_zone(us, to)))
    list.push(Move::board(from, to, true));
  if (want_plain && !is_dead_square(us, pt, to)) list.push(Move::board(from, to, false));
}

// Squares where a pawn of the side to move may be dropped: empty, not on the last rank, not on
// a file that already holds one of its unpromoted pawns (二歩), and not a pawn-drop mate.
inline Bitboard pawn_drop_squares(const Position& pos, Bitboard empty) {
  const Color us = pos.side_to_move();
  Bitboard b = empty & live_squares(us, PieceType::Pawn);
  for (Square p : pos.pieces(us, PieceType::Pawn)) b &= ~file_mask(file_of(p));
  const Square ksq = pos.king_square(~us);
  if (ksq != Square::None) {
    const int r = rank_of(ksq) + (us == Color::Black ? 1 : -1);
    if (r >= 0 && r < kRankCount) {
      const Square front = make_square(file_of(ksq), r);
      if (b.test(front) && pos.is_pawn_drop_mate(front)) b.clear(front);
    }
  }
  return b;
}

// Appends every legal drop of the side to move onto `targets` (a set of empty squares).
inline void emit_drops(const Position& pos, MoveList& list, Bitboard targets) {
  const Color us = pos.side_to_move();
  const Hand hand = pos.hand(us);
  if (hand.empty() || targets.empty()) return;
  if (hand.has(PieceType::Pawn))
    for (Square s : pawn_drop_squares(pos, targets)) list.push(Move::drop(PieceType::Pawn, s));
  for (PieceType pt : {PieceType::Lance, PieceType::Knight, PieceType::Silver, PieceType::Gold,
                       PieceType::Bishop, PieceType::Rook}) {
    if (!hand.has(pt)) continue;
    for (Square s : (targets & live_squares(us, pt))) list.push(Move::drop(pt, s));
  }
}

}  // namespace tsume::detail
