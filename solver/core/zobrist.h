// Zobrist keys. The board key is an XOR of (piece, square) keys plus the side-to-move key; the
// hand key is a SUM of per-piece keys, so that adding or removing one piece in hand is a single
// addition or subtraction and the key stays independent of the order the pieces arrived in.
#pragma once

#include <array>
#include <cstdint>

#include "solver/core/types.h"

namespace tsume::zobrist {

struct Keys {
  std::array<std::array<std::uint64_t, kSquareCount>, kPieceCount> piece_square;
  std::array<std::array<std::uint64_t, kHandTypeCount>, kColorCount> hand;
  std::uint64_t white_to_move;
};
extern const Keys kKeys;

inline std::uint64_t piece_square(Piece p, Square s) {
  return kKeys.piece_square[index_of(p)][index_of(s)];
}
inline std::uint64_t hand_piece(Color c, PieceType pt) {
  return kKeys.hand[index_of(c)][index_of(pt)];
}
inline std::uint64_t side(Color c) { return c == Color::White ? kKeys.white_to_move : 0; }

}  // namespace tsume::zobrist
