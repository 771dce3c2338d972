// Pieces in hand (持駒), packed into one 32-bit word.
//
// Each hand kind has a field wide enough for its maximum count plus one guard bit above it:
// pawn 5 bits (max 18), lance/knight/silver/gold 3 bits (max 4), bishop/rook 2 bits (max 2).
// The guard bits let "a holds at least as much of every kind as b" (hand superiority, used by
// the transposition table) be computed with one subtraction: if any field of a is smaller than
// the same field of b, the subtraction borrows into that field's guard bit.
#pragma once

#include <cstdint>

#include "solver/core/types.h"

namespace tsume {

class Hand {
public:
  constexpr Hand() = default;
  constexpr explicit Hand(std::uint32_t raw) : raw_(raw) {}

  constexpr int count(PieceType pt) const {
    return static_cast<int>((raw_ >> kShift[index_of(pt)]) & kMask[index_of(pt)]);
  }
  constexpr bool has(PieceType pt) const {
    return (raw_ & (kMask[index_of(pt)] << kShift[index_of(pt)])) != 0;
  }
  constexpr void add(PieceType pt, int n = 1) {
    raw_ += static_cast<std::uint32_t>(n) << kShift[index_of(pt)];
  }
  constexpr void remove(PieceType pt, int n = 1) {
    raw_ -= static_cast<std::uint32_t>(n) << kShift[index_of(pt)];
  }
  constexpr void set(PieceType pt, int n) {
    raw_ = (raw_ & ~(kMask[index_of(pt)] << kShift[index_of(pt)])) |
           (static_cast<std::uint32_t>(n) << kShift[index_of(pt)]);
  }
  constexpr bool empty() const { return raw_ == 0; }
  constexpr int total() const {
    int n = 0;
    for (int i = 1; i <= 7; ++i) n += count(static_cast<PieceType>(i));
    return n;
  }
  // True when this hand holds at least as many pieces of every kind as `other` (優等).
  constexpr bool covers(Hand other) const { return ((raw_ - other.raw_) & kGuardBits) == 0; }
  // True when any kind other than pawn is held (used by drop generation).
  constexpr bool has_any_except_pawn() const { return (raw_ & ~kPawnField) != 0; }

  constexpr std::uint32_t raw() const { return raw_; }
  friend constexpr bool operator==(Hand a, Hand b) { return a.raw_ == b.raw_; }

  // Every piece of a full set in hand (the largest hand of each kind).
  static constexpr Hand full() {
    Hand h;
    for (int k = 1; k <= 7; ++k) h.set(static_cast<PieceType>(k), kMaxCount[k]);
    return h;
  }
  // Largest count of each hand kind in a full set of shogi pieces.
  static constexpr int max_count(PieceType pt) { return kMaxCount[index_of(pt)]; }

private:
  //                                        -  P  L   N   S   B   R   G
  static constexpr int kShift[8] = {0, 0, 6, 10, 14, 18, 21, 24};
  static constexpr std::uint32_t kMask[8] = {0, 31, 7, 7, 7, 3, 3, 7};
  static constexpr int kMaxCount[8] = {0, 18, 4, 4, 4, 2, 2, 4};
  static constexpr std::uint32_t kGuardBits =
      (1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 20) | (1u << 23) | (1u << 27);
  static constexpr std::uint32_t kPawnField = 31u;

  std::uint32_t raw_ = 0;
};

}  // namespace tsume
