// A per-thread memo of recently generated move lists, keyed by the position's full key.
//
// df-pn generates the moves of one position many times: once when it is valued as a new child
// (children.h: its evasions or checks give its initial numbers and the 1-ply mate test), again
// whenever its parent is expanded anew while the child is still unknown to the table, and again
// each time the search enters the node itself. Generation is a pure function of the position, so
// the lists are remembered: a direct-mapped array of 64-byte entries (the key, the length and up
// to 27 moves of 16 bits, fewer for wider moves; longer lists are not kept), one array per thread,
// so workers never share an entry and no lock is taken. A hit copies the list back, in the
// generator's order; the search sees exactly what generation would have given, node for node.
//
// A rules model that uses it (ShogiRules) keys it by whatever decides generation: the full key
// of the position (board, side to move and both hands), the game and the kind of list. Like the
// transposition table, the memo trusts 64-bit keys.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tsume {

template <class Move, class MoveList> class MoveListCache {
public:
  static constexpr std::size_t kEntries = 4096;  // 256 KB, in the core's L2 cache
  // What fits in one cache line beside the key and the length (27 shogi moves).
  static constexpr std::size_t kMaxMoves = (64 - sizeof(std::uint64_t) - 2) / sizeof(Move);

  // Copies the list of `key` into `moves` and returns true when it is remembered.
  bool find(std::uint64_t key, MoveList& moves) const {
    const Entry& e = entries_[index(key)];
    if (e.key != key || e.size == kEmpty) return false;
    moves.resize(e.size);
    std::copy_n(e.moves.begin(), e.size, moves.begin());
    return true;
  }

  // Remembers `moves` as the list of `key` (a list longer than an entry holds is not kept).
  void remember(std::uint64_t key, const MoveList& moves) {
    if (moves.size() > kMaxMoves) return;
    Entry& e = entries_[index(key)];
    e.key = key;
    e.size = static_cast<std::uint16_t>(moves.size());
    std::copy(moves.begin(), moves.end(), e.moves.begin());
  }

  // The cache of the calling thread.
  static MoveListCache& of_this_thread() {
    thread_local std::unique_ptr<MoveListCache> cache = std::make_unique<MoveListCache>();
    return *cache;
  }

private:
  static constexpr std::uint16_t kEmpty = 0xFFFF;
  struct alignas(64) Entry {
    std::uint64_t key = 0;
    std::uint16_t size = kEmpty;
    std::array<Move, kMaxMoves> moves;
  };
  static_assert(sizeof(Entry) == 64, "an entry is one cache line");

  static std::size_t index(std::uint64_t key) { return (key >> 40) & (kEntries - 1); }

  std::array<Entry, kEntries> entries_{};
};

}  // namespace tsume
