// 81-square bitboards in one unsigned 128-bit integer; bit i is square i (see types.h).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "solver/core/types.h"

namespace tsume {

__extension__ typedef unsigned __int128 u128;  // GCC/Clang extension

namespace detail {
// The bit of each square index (a load instead of a variable 128-bit shift).
inline constexpr std::array<u128, 128> kSquareBits = [] {
  std::array<u128, 128> bits{};
  for (int i = 0; i < 128; ++i) bits[static_cast<std::size_t>(i)] = u128{1} << i;
  return bits;
}();
constexpr u128 square_bit(Square s) { return kSquareBits[static_cast<std::size_t>(index_of(s))]; }
}  // namespace detail

class Bitboard {
public:
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(u128 v) : v_(v) {}
  static constexpr Bitboard square(Square s) { return Bitboard(detail::square_bit(s)); }
  static constexpr Bitboard all() { return Bitboard((u128{1} << kSquareCount) - 1); }

  constexpr u128 value() const { return v_; }
  constexpr explicit operator bool() const { return v_ != 0; }
  constexpr bool empty() const { return v_ == 0; }
  constexpr bool test(Square s) const { return (v_ & detail::square_bit(s)) != 0; }
  constexpr void set(Square s) { v_ |= detail::square_bit(s); }
  constexpr void clear(Square s) { v_ &= ~detail::square_bit(s); }
  constexpr void toggle(Square s) { v_ ^= detail::square_bit(s); }

  constexpr std::uint64_t low() const { return static_cast<std::uint64_t>(v_); }
  constexpr std::uint64_t high() const { return static_cast<std::uint64_t>(v_ >> 64); }

  constexpr int count() const { return std::popcount(low()) + std::popcount(high()); }
  constexpr bool more_than_one() const { return (v_ & (v_ - 1)) != 0; }
  // Lowest / highest set square; undefined on an empty board.
  constexpr Square lsb() const { return lowest(low(), high()); }
  constexpr Square msb() const {
    return high() ? square_at(127 - std::countl_zero(high()))
                  : square_at(63 - std::countl_zero(low()));
  }
  constexpr Square pop_lsb() {
    const Square s = lsb();
    v_ &= v_ - 1;
    return s;
  }

  friend constexpr Bitboard operator&(Bitboard a, Bitboard b) { return Bitboard(a.v_ & b.v_); }
  friend constexpr Bitboard operator|(Bitboard a, Bitboard b) { return Bitboard(a.v_ | b.v_); }
  friend constexpr Bitboard operator^(Bitboard a, Bitboard b) { return Bitboard(a.v_ ^ b.v_); }
  constexpr Bitboard operator~() const { return Bitboard(~v_ & all().v_); }
  constexpr Bitboard& operator&=(Bitboard b) {
    v_ &= b.v_;
    return *this;
  }
  constexpr Bitboard& operator|=(Bitboard b) {
    v_ |= b.v_;
    return *this;
  }
  constexpr Bitboard& operator^=(Bitboard b) {
    v_ ^= b.v_;
    return *this;
  }
  friend constexpr bool operator==(Bitboard a, Bitboard b) { return a.v_ == b.v_; }

  // Iteration over set squares: for (Square s : bb) ...
  // The two 64-bit halves apart: the lowest bit is cleared in the half that holds it.
  class Iterator {
  public:
    constexpr explicit Iterator(u128 v)
        : low_(static_cast<std::uint64_t>(v)), high_(static_cast<std::uint64_t>(v >> 64)) {}
    constexpr Square operator*() const { return lowest(low_, high_); }
    constexpr Iterator& operator++() {
      if (low_)
        low_ &= low_ - 1;
      else
        high_ &= high_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const {
      return low_ != o.low_ || high_ != o.high_;
    }

  private:
    std::uint64_t low_, high_;
  };
  constexpr Iterator begin() const { return Iterator(v_); }
  constexpr Iterator end() const { return Iterator(0); }

private:
  // The lowest set square of the halves `low` and `high` (not both empty).
  static constexpr Square lowest(std::uint64_t low, std::uint64_t high) {
    return low ? square_at(std::countr_zero(low)) : square_at(64 + std::countr_zero(high));
  }

  u128 v_ = 0;
};

constexpr Bitboard file_mask(int file) { return Bitboard(u128{0x1FF} << (file * 9)); }
// Rank 0 (一) on every file; a rank is this shifted (computed once, at compile time).
inline constexpr u128 kFirstRankBits = [] {
  u128 v = 0;
  for (int f = 0; f < kFileCount; ++f) v |= u128{1} << (f * 9);
  return v;
}();
constexpr Bitboard rank_mask(int rank) { return Bitboard(kFirstRankBits << rank); }
// The three far ranks of color c (敵陣).
constexpr Bitboard promotion_zone(Color c) {
  return c == Color::Black ? rank_mask(0) | rank_mask(1) | rank_mask(2)
                           : rank_mask(6) | rank_mask(7) | rank_mask(8);
}
// Squares where a piece of kind pt (of color c) may stand: not the dead squares of types.h.
constexpr Bitboard live_squares(Color c, PieceType pt) {
  Bitboard b = Bitboard::all();
  const int last = c == Color::Black ? 0 : 8;
  const int second = c == Color::Black ? 1 : 7;
  if (pt == PieceType::Pawn || pt == PieceType::Lance) b = b & ~rank_mask(last);
  if (pt == PieceType::Knight) b = b & ~(rank_mask(last) | rank_mask(second));
  return b;
}

}  // namespace tsume
