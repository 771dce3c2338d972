// The board diagram (局面図, BOD) and the hands (持駒) of KIF/KI2 files:
//
//     後手の持駒：飛二　角　歩十八
//       ９ ８ ７ ６ ５ ４ ３ ２ １
//     +---------------------------+
//     |v香v桂 ・ ・ ・ ・ ・ ・ ・|一
//     ...
//     +---------------------------+
//     先手の持駒：なし
//
// Each square is two characters: ' ' (Black, 先手) or 'v' (White, 後手), then a piece kanji or ・.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "solver/core/board_setup.h"
#include "solver/core/hand.h"

namespace tsume::io {

// "+---------------------------+" (any number of '-').
bool is_diagram_border(std::string_view line);
// The file labels above the board: full-width digits and spaces, "  ９ ８ ７ ６ ５ ４ ３ ２ １".
bool is_file_label_line(std::string_view line);

// Reads one row "|v香v桂 ・ ... |一" into rank `rank` (0 = 一) of `setup`. Returns the reason on
// error (wrong number of squares, unknown kanji, a label that is not the expected rank).
std::string parse_diagram_row(std::string_view line, int rank, BoardSetup& setup);

// Reads the text after `持駒：`: pieces with optional kanji counts ("飛二　角　歩十八"), "なし"
// for none, "残り全部" for all remaining pieces (then `rest` is set and `hand` left empty).
std::string parse_kif_hand(std::string_view text, Hand& hand, bool& rest);

// The start position of a 手合割 (handicap) name such as 平手 or 香落ち, as SFEN.
std::optional<std::string_view> handicap_sfen(std::string_view name);

}  // namespace tsume::io
