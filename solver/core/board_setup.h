// A position as plain data, before validation: what the text formats (SFEN, KIF, CSA) produce
// and what Position is built from. Position::set() checks the legality rules of SPEC.md.
#pragma once

#include <array>

#include "solver/core/hand.h"
#include "solver/core/types.h"
#include "solver/core/variant.h"

namespace tsume {

struct BoardSetup {
  std::array<Piece, kSquareCount> board{};  // indexed by index_of(Square)
  std::array<Hand, kColorCount> hands{};    // indexed by index_of(Color)
  Color side_to_move = Color::Black;
  int ply = 1;                       // the move number field of SFEN
  Variant variant = Variant::Shogi;  // the rules the position is played under

  Piece& at(Square s) { return board[index_of(s)]; }
  Piece at(Square s) const { return board[index_of(s)]; }
  Hand& hand(Color c) { return hands[index_of(c)]; }
  Hand hand(Color c) const { return hands[index_of(c)]; }
  friend bool operator==(const BoardSetup&, const BoardSetup&) = default;
};

// Tsume convention (玉方持駒残り全部, SPEC.md section 1): give `defender` every piece that is on
// neither the board nor the other side's hand, kings excluded. Nothing in a game without drops
// (sho shogi), where captured pieces leave the game. Counts are clamped at zero when
// the input already has too many pieces (validation reports that separately).
void give_rest_to(BoardSetup& setup, Color defender);

}  // namespace tsume
