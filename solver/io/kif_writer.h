// Writing Japanese move notation (棋譜の表記) and KIF records: the inverse of kif_notation.h and
// kif.h. Moves are written the JSA way for KI2 (`▲２三銀成`, `△同　玉`, `▲５八金左上`,
// `▲３二金打`) and the KIF way with the origin (`２三銀成(32)`, `３二金打`).
//
// KI2 words (JSA 棋譜の表記方法), computed against generate_legal():
// - Several pieces of the mover's kind can go to the square: first a word of motion, 上 (forward),
//   引 (back) or 寄 (sideways), when it alone singles the piece out; else the relative position,
//   右 or 左 (for golds, silvers and promoted minor pieces the side of the origin seen from the
//   destination, 直 for a straight advance; for the other kinds the candidate standing furthest
//   to that side, and never 直); else both, position first (`金左上`).
// - 打 only when a board piece of the same kind could also move to the square.
// - 成 for a promotion; 不成 only when the same move could have promoted and did not.
// The reader (resolve_japanese_move) reads back exactly the move that was written.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/types.h"
#include "solver/io/parse_error.h"
#include "solver/io/problem.h"

namespace tsume::io {

// "２三" for 2c: full-width file digit and kanji rank.
std::string japanese_square(Square s);

// The move in KI2 notation with the mover's mark: `▲２三銀成`, `△同　玉`. `previous_to` is the
// destination of the previous move (Square::None at the start) for 同. Precondition: `m` is legal
// in `pos`.
std::string to_japanese(const Position& pos, Move m, Square previous_to);

// The move in KIF notation, without mark or number: `２三銀成(32)`, `同　玉(12)`, `３二金打`.
// Precondition: `m` is legal in `pos`.
std::string to_kif_move(const Position& pos, Move m, Square previous_to);

// The moves played from `start` as KI2 words separated by a space: "▲２三銀成 △同　玉 ...".
// The error names the 1-based index of the first illegal move.
Expected<std::string> to_japanese_line(const Position& start, std::span<const Move> moves);

// A KIF move list, one line per move: `   1 ２三銀成(32)`, then `terminator` as the next numbered
// line when it is not empty (`   2 詰み`). The error names the first illegal move.
Expected<std::string> to_kif_moves(const Position& start, std::span<const Move> moves,
                                   std::string_view terminator = {});

// The board diagram (BOD) of a position, readable by read_kif:
//   後手の持駒：飛二　角　歩十八      (or なし; 残り全部 when `defender_rest`)
//     ９ ８ ７ ６ ５ ４ ３ ２ １
//   +---------------------------+
//   |v香v桂 ・ ・ ・ ・ ・ ・ ・|一
//   ...
//   +---------------------------+
//   先手の持駒：なし
//   後手番                         (only when White is to move)
//   手数＝0
// With `defender_rest` the hand of the side not to move is written 残り全部; use it only when
// that hand is exactly the rest (otherwise the reader gives a different hand).
std::string to_kif_diagram(const Position& pos, bool defender_rest = false);

// What goes around the moves of a KIF or KI2 record.
struct KifRecordInfo {
  std::string title;                                         // 表題; omitted when empty
  std::vector<std::pair<std::string, std::string>> headers;  // `key：value` lines after 表題
  std::vector<std::string> comments;                         // `*` lines before the moves
  // Ends the moves when not empty: a numbered line (`  70 詰み`) and `まで69手で詰み`.
  std::string terminator = "詰み";
  // Written after the main line as `変化：N手` blocks, depth first and the latest branch first
  // (the order in which Kifu for Windows writes a tree; a variation may branch off another,
  // Variation::parent); in KIF a move that has a variation is marked with a trailing '+'.
  std::vector<Variation> variations;  // problem.h
};

// A whole KIF record: headers, the diagram of `start` (残り全部 when the defender's hand is exactly
// the pieces left over), the comments, the move list, the terminator and the variations.
// read_kif reads it back to the same position and main line. The error names the first illegal
// move (and its variation).
Expected<std::string> to_kif_record(const Position& start, std::span<const Move> moves,
                                    const KifRecordInfo& info = {});

// The same record in KI2: the moves in KI2 words (`▲２三銀成 △同　玉`), six to a line, no move
// numbers; variations as `変化：N手` blocks of KI2 words.
Expected<std::string> to_ki2_record(const Position& start, std::span<const Move> moves,
                                    const KifRecordInfo& info = {});

}  // namespace tsume::io
