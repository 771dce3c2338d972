// Board diagrams (局面図) as SVG images, for browsing problem sets: a 9x9 grid with the file
// numbers (９..１) above and the rank numerals (一..九) to the right, pieces in kanji (the side
// not at the bottom, 後手, turned 180°), promoted pieces in red, each side's hand (持駒) in a
// column beside the board (後手 on the left, 先手 on the right; 残り全部 when asked), the square
// of the last move shaded, and an optional title above. Plain SVG 1.1 text and shapes; the
// kanji need a CJK font where the image is shown (Noto Sans CJK, IPA, Hiragino, Yu Gothic).
#pragma once

#include <string>

#include "solver/core/position.h"
#include "solver/core/types.h"

namespace tsume::io {

struct SvgDiagramOptions {
  std::string title;                // written above the board when not empty
  Square last_move = Square::None;  // the destination of the last move, shaded
  bool defender_rest = false;       // write the defender's hand as 残り全部
};

std::string to_svg_diagram(const Position& pos, const SvgDiagramOptions& options = {});

}  // namespace tsume::io
