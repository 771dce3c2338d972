// Board diagrams of the large-board games (chu 12x12, dai 15x15, tenjiku 16x16) as SVG images:
// a grid of the game's size with the file numbers (files..1) above and the rank letters (a..)
// on the right, each piece a pentagon pointing towards the opponent (White's shaded blue) with
// its SFEN token upright in it (White's in lower case), promoted pieces with their '+' and in
// red, thicker lines at the promotion zones, the last move's squares shaded, an optional title
// above and the game and side to move below. Plain SVG 1.1 text and shapes, Latin letters only (no
// CJK font needed). docs/large-board.md, "Diagrams".
#pragma once

#include <string>
#include <vector>

#include "solver/large/position.h"

namespace tsume::large {

struct SvgDiagramOptions {
  std::string title;              // written above the board when not empty
  std::vector<Square> last_move;  // the squares of the last move (from, mid, to), shaded
};

std::string to_svg_diagram(const Position& pos, const SvgDiagramOptions& options = {});

}  // namespace tsume::large
