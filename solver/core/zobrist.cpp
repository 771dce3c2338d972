#include "solver/core/zobrist.h"

namespace tsume::zobrist {
namespace {

// SplitMix64: a fixed, well-mixed sequence, so keys (and node-count signatures) are identical
// across runs and platforms.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Keys are drawn in a fixed order: first the pieces of kinds 0..15 of both colors, then the
// hands and the side, then the kinds added after them (the crown prince). Adding kinds at the
// end keeps the keys of the others, and so the node signatures of modern shogi searches.
constexpr Keys make_keys() {
  Keys k{};
  std::uint64_t state = 0x7473756D65ull;  // "tsume"
  constexpr int kFirstKinds = 16;
  for (int c = 0; c < kColorCount; ++c)
    for (int t = 0; t < kFirstKinds; ++t)
      for (auto& v : k.piece_square[index_of(make_piece(Color{static_cast<std::uint8_t>(c)},
                                                        PieceType{static_cast<std::uint8_t>(t)}))])
        v = splitmix64(state);
  for (auto& row : k.hand)
    for (auto& v : row) v = splitmix64(state);
  k.white_to_move = splitmix64(state);
  for (int c = 0; c < kColorCount; ++c)
    for (int t = kFirstKinds; t < kPieceTypeCount; ++t)
      for (auto& v : k.piece_square[index_of(make_piece(Color{static_cast<std::uint8_t>(c)},
                                                        PieceType{static_cast<std::uint8_t>(t)}))])
        v = splitmix64(state);
  return k;
}

}  // namespace

constinit const Keys kKeys = make_keys();

}  // namespace tsume::zobrist
