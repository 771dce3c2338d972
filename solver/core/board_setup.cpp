#include "solver/core/board_setup.h"

namespace tsume {

void give_rest_to(BoardSetup& setup, Color defender) {
  if (!has_drops(setup.variant)) return;  // sho shogi: captured pieces leave the game
  std::array<int, kHandTypeCount> used{};
  for (Piece p : setup.board) {
    if (p == Piece::None) continue;
    const PieceType base = unpromote(type_of(p));
    if (is_hand_type(base)) ++used[index_of(base)];
  }
  for (int c = 0; c < kColorCount; ++c) {
    if (c == index_of(defender)) continue;
    for (int k = 1; k <= 7; ++k) used[k] += setup.hands[c].count(static_cast<PieceType>(k));
  }
  Hand rest;
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    const int n = Hand::max_count(pt) - used[k];
    rest.set(pt, n > 0 ? n : 0);
  }
  setup.hand(defender) = rest;
}

}  // namespace tsume
