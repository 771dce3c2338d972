// A move in 16 bits: destination (bits 0..6), origin (bits 7..13), promotion flag (bit 14).
// A drop stores 81 + hand kind (Pawn = 1 .. Gold = 7) in the origin field, i.e. 82..88.
// Move::none() (all zero) is never a real move because a board move has origin != destination.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "solver/core/types.h"

namespace tsume {

class Move {
public:
  constexpr Move() = default;
  static constexpr Move none() { return Move(); }
  static constexpr Move board(Square from, Square to, bool promote) {
    return Move(static_cast<std::uint16_t>(index_of(to) | (index_of(from) << 7) |
                                           (promote ? kPromoteBit : 0)));
  }
  static constexpr Move drop(PieceType pt, Square to) {
    return Move(static_cast<std::uint16_t>(index_of(to) | ((kSquareCount + index_of(pt)) << 7)));
  }
  static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

  constexpr Square to() const { return square_at(raw_ & 127); }
  constexpr Square from() const { return square_at((raw_ >> 7) & 127); }  // only for board moves
  constexpr bool is_drop() const { return ((raw_ >> 7) & 127) > kSquareCount; }
  constexpr PieceType dropped_type() const {
    return static_cast<PieceType>(((raw_ >> 7) & 127) - kSquareCount);
  }
  constexpr bool is_promotion() const { return (raw_ & kPromoteBit) != 0; }
  constexpr bool is_none() const { return raw_ == 0; }
  constexpr std::uint16_t raw() const { return raw_; }

  friend constexpr bool operator==(Move a, Move b) { return a.raw_ == b.raw_; }
  friend constexpr bool operator<(Move a, Move b) { return a.raw_ < b.raw_; }

private:
  constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
  static constexpr std::uint16_t kPromoteBit = 1u << 14;
  std::uint16_t raw_ = 0;
};

// Fixed-capacity move list; 593 is the largest number of legal moves in any shogi position
// (SPEC.md section 5), so no generator can overflow it.
class MoveList {
public:
  static constexpr std::size_t kCapacity = 600;

  MoveList() {}  // the moves are left unset: a list is made at every node, and filled as used
  MoveList(const MoveList& o) : size_(o.size_) { std::copy(o.begin(), o.end(), storage_.moves); }
  MoveList& operator=(const MoveList& o) {
    size_ = o.size_;
    std::copy(o.begin(), o.end(), storage_.moves);
    return *this;
  }

  void push(Move m) { storage_.moves[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move operator[](std::size_t i) const { return storage_.moves[i]; }
  Move& operator[](std::size_t i) { return storage_.moves[i]; }
  const Move* begin() const { return storage_.moves; }
  const Move* end() const { return storage_.moves + size_; }
  Move* begin() { return storage_.moves; }
  Move* end() { return storage_.moves + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  void resize(std::size_t n) { size_ = n; }

private:
  // A union member is not constructed: the 600 moves are not zeroed with each list (Move's
  // default value), which cost some 3 % of a search.
  union Storage {
    Storage() {}
    Move moves[kCapacity];
  };
  Storage storage_;
  std::size_t size_ = 0;
};

}  // namespace tsume
