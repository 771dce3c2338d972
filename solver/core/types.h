// Basic value types of the 9x9 shogi core: colors, piece types, pieces, squares.
//
// Conventions (SPEC.md section 1):
// - Black (sente, 先手) moves up the board (towards rank a); White (gote, 後手) moves down.
// - Squares: file 1..9 counted right to left from Black's side, rank a..i (一..九) top down.
//   Internally file f = 0..8 stands for file 1..9 and rank r = 0..8 for rank a..i, and the
//   square index is f * 9 + r. So 1a = 0, 1i = 8, 2a = 9, 9i = 80. A file is nine adjacent
//   bits of a bitboard, which makes file masks (二歩) and lance rays cheap.
#pragma once

#include <cstdint>

namespace tsume {

enum class Color : std::uint8_t { Black = 0, White = 1 };
inline constexpr int kColorCount = 2;

constexpr Color operator~(Color c) { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index_of(Color c) { return static_cast<int>(c); }

// Piece kinds. The seven hand kinds come first (Pawn..Gold = 1..7) so that a hand can be indexed
// by them directly; a promotable kind k promotes to k + kPromotionOffset.
enum class PieceType : std::uint8_t {
  None = 0,
  Pawn = 1,
  Lance = 2,
  Knight = 3,
  Silver = 4,
  Bishop = 5,
  Rook = 6,
  Gold = 7,
  King = 8,
  ProPawn = 9,     // と
  ProLance = 10,   // 成香
  ProKnight = 11,  // 成桂
  ProSilver = 12,  // 成銀
  Horse = 13,      // 馬
  Dragon = 14,     // 龍
  // Sho shogi only (docs/sho.md): the Drunk Elephant (酔象) promotes to the Crown Prince (太子),
  // a second royal that moves like a king. Neither is ever held in hand.
  Elephant = 15,
  Prince = 16,
};
inline constexpr int kPieceTypeCount = 17;
inline constexpr int kPromotionOffset = 8;
inline constexpr int kHandTypeCount = 8;  // indices 1..7 used

constexpr int index_of(PieceType pt) { return static_cast<int>(pt); }
constexpr bool is_promotable(PieceType pt) {
  return (pt >= PieceType::Pawn && pt <= PieceType::Rook) || pt == PieceType::Elephant;
}
constexpr bool is_promoted(PieceType pt) {
  return (pt >= PieceType::ProPawn && pt <= PieceType::Dragon) || pt == PieceType::Prince;
}
constexpr PieceType promote(PieceType pt) {
  return pt == PieceType::Elephant ? PieceType::Prince
                                   : static_cast<PieceType>(index_of(pt) + kPromotionOffset);
}
// The kind a piece reverts to when captured (成駒 return to hand unpromoted).
constexpr PieceType unpromote(PieceType pt) {
  if (pt == PieceType::Prince) return PieceType::Elephant;
  return is_promoted(pt) ? static_cast<PieceType>(index_of(pt) - kPromotionOffset) : pt;
}
// Royal pieces: the side that loses them all loses the game. The king, and in sho shogi the
// Crown Prince as a second one.
constexpr bool is_royal(PieceType pt) { return pt == PieceType::King || pt == PieceType::Prince; }
constexpr bool is_hand_type(PieceType pt) { return pt >= PieceType::Pawn && pt <= PieceType::Gold; }

// A piece on the board: color in bit 5, kind in bits 0..4. Empty square = Piece::None (0).
enum class Piece : std::uint8_t { None = 0 };
inline constexpr int kPieceCount = 64;
inline constexpr int kPieceColorShift = 5;
inline constexpr int kPieceTypeMask = (1 << kPieceColorShift) - 1;

constexpr Piece make_piece(Color c, PieceType pt) {
  return static_cast<Piece>((index_of(c) << kPieceColorShift) | index_of(pt));
}
constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(static_cast<int>(p) & kPieceTypeMask);
}
constexpr Color color_of(Piece p) {
  return static_cast<Color>(static_cast<int>(p) >> kPieceColorShift);
}
constexpr int index_of(Piece p) { return static_cast<int>(p); }

// Squares 0..80 as described above; Square::None (81) means "no square".
enum class Square : std::int8_t { None = 81 };
inline constexpr int kSquareCount = 81;
inline constexpr int kFileCount = 9;
inline constexpr int kRankCount = 9;

constexpr Square make_square(int file, int rank) { return static_cast<Square>(file * 9 + rank); }
constexpr Square square_at(int index) { return static_cast<Square>(index); }
constexpr int index_of(Square s) { return static_cast<int>(s); }
constexpr int file_of(Square s) { return index_of(s) / 9; }
constexpr int rank_of(Square s) { return index_of(s) % 9; }
constexpr bool is_ok(Square s) { return index_of(s) >= 0 && index_of(s) < kSquareCount; }

// Rank as seen by color c: 0 is the far rank of c (rank a for Black, rank i for White).
constexpr int relative_rank(Color c, int rank) { return c == Color::Black ? rank : 8 - rank; }
// Promotion zone: the three far ranks of the mover.
constexpr bool in_promotion_zone(Color c, Square s) { return relative_rank(c, rank_of(s)) < 3; }

// True when a piece of kind pt of color c standing on s would have no legal move ever:
// pawn/lance on the last rank, knight on the last two (行き所のない駒).
constexpr bool is_dead_square(Color c, PieceType pt, Square s) {
  const int rr = relative_rank(c, rank_of(s));
  switch (pt) {
  case PieceType::Pawn:
  case PieceType::Lance:
    return rr == 0;
  case PieceType::Knight:
    return rr <= 1;
  default:
    return false;
  }
}

}  // namespace tsume
