// Attack sets of every piece kind, and line geometry (between, line) on the 9x9 board.
//
// Step pieces read precomputed tables; sliders (lance, bishop, rook and the sliding part of
// horse and dragon) walk a precomputed ray to its first blocker, found with one bit scan:
// rays pointing to higher square indices take the lowest blocker, the others the highest.
#pragma once

#include <array>

#include "solver/core/bitboard.h"
#include "solver/core/types.h"

namespace tsume {

namespace detail {
// The eight directions as (file step, rank step); file +1 is towards file 9, rank +1 towards
// rank i. Indices 0..3 are orthogonal, 4..7 diagonal.
// Opposite directions are stored in pairs (d ^ 1 is the opposite of d).
enum Direction : int { kUp, kDown, kLeft, kRight, kUpLeft, kDownRight, kUpRight, kDownLeft };
inline constexpr int kDirectionCount = 8;

struct AttackTables {
  // step[color][piece type][square]; sliders hold their empty-board attacks.
  std::array<std::array<std::array<Bitboard, kSquareCount>, kPieceTypeCount>, kColorCount> step;
  std::array<std::array<Bitboard, kSquareCount>, kDirectionCount> ray;   // excludes the origin
  std::array<std::array<Bitboard, kSquareCount>, kSquareCount> between;  // strictly between
  std::array<std::array<Bitboard, kSquareCount>, kSquareCount> line;     // whole line, or empty
};
extern const AttackTables kAttackTables;

// True when the ray index grows square indices (so the nearest blocker is the lowest bit).
constexpr bool is_increasing(int dir) {
  return dir == kDown || dir == kLeft || dir == kDownLeft || dir == kUpLeft;
}

inline Bitboard ray_attacks(int dir, Square s, Bitboard occ) {
  const Bitboard ray = kAttackTables.ray[dir][index_of(s)];
  const Bitboard blockers = ray & occ;
  if (blockers.empty()) return ray;
  const Square b = is_increasing(dir) ? blockers.lsb() : blockers.msb();
  return ray ^ kAttackTables.ray[dir][index_of(b)];
}
}  // namespace detail

// Attacks of a non-sliding piece (or the empty-board attacks of a slider).
inline Bitboard step_attacks(Color c, PieceType pt, Square s) {
  return detail::kAttackTables.step[index_of(c)][index_of(pt)][index_of(s)];
}
inline Bitboard king_attacks(Square s) { return step_attacks(Color::Black, PieceType::King, s); }
inline Bitboard lance_attacks(Color c, Square s, Bitboard occ) {
  return detail::ray_attacks(c == Color::Black ? detail::kUp : detail::kDown, s, occ);
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  using namespace detail;
  return ray_attacks(kUpLeft, s, occ) | ray_attacks(kUpRight, s, occ) |
         ray_attacks(kDownLeft, s, occ) | ray_attacks(kDownRight, s, occ);
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  using namespace detail;
  return ray_attacks(kUp, s, occ) | ray_attacks(kDown, s, occ) | ray_attacks(kLeft, s, occ) |
         ray_attacks(kRight, s, occ);
}

// Squares attacked by a piece of kind pt and color c standing on s, given the occupancy.
inline Bitboard attacks(Color c, PieceType pt, Square s, Bitboard occ) {
  switch (pt) {
  case PieceType::Lance:
    return lance_attacks(c, s, occ);
  case PieceType::Bishop:
    return bishop_attacks(s, occ);
  case PieceType::Rook:
    return rook_attacks(s, occ);
  case PieceType::Horse:
    return bishop_attacks(s, occ) | king_attacks(s);
  case PieceType::Dragon:
    return rook_attacks(s, occ) | king_attacks(s);
  default:
    return step_attacks(c, pt, s);
  }
}

// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
inline Bitboard between(Square a, Square b) {
  return detail::kAttackTables.between[index_of(a)][index_of(b)];
}
// The whole line through a and b (both included) when aligned; else empty.
inline Bitboard line(Square a, Square b) {
  return detail::kAttackTables.line[index_of(a)][index_of(b)];
}
inline bool aligned(Square a, Square b, Square c) { return line(a, b).test(c); }

namespace detail {
template <int Files, int Ranks>
inline constexpr std::array<Bitboard, kSquareCount> kBoxes = [] {
  std::array<Bitboard, kSquareCount> boxes{};
  const auto distance = [](int a, int b) { return a > b ? a - b : b - a; };
  for (int c = 0; c < kSquareCount; ++c)
    for (int s = 0; s < kSquareCount; ++s)
      if (distance(file_of(square_at(c)), file_of(square_at(s))) <= Files &&
          distance(rank_of(square_at(c)), rank_of(square_at(s))) <= Ranks)
        boxes[static_cast<std::size_t>(c)].set(square_at(s));
  return boxes;
}();
}  // namespace detail

// The squares within `Files` files and `Ranks` ranks of s, s included: where a stepping piece
// must stand to reach a square near s (a knight jumps two ranks and one file).
template <int Files, int Ranks> Bitboard box_around(Square s) {
  return detail::kBoxes<Files, Ranks>[index_of(s)];
}

}  // namespace tsume
