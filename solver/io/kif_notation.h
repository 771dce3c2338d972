// Japanese move notation (棋譜の表記) of KIF and KI2: `２三銀成`, `同　歩`, `３二金打`, the KIF
// origin `(32)`, and the KI2 words that tell apart pieces of one kind that reach the same square
// (JSA notation rules): 上 (moves forward), 引 (moves back), 寄 (moves sideways), 直 (moves
// straight forward), 右 / 左, 打 (drop), 成 / 不成. Right and left are the mover's own: for a
// gold, silver or promoted minor piece they say on which side of the destination the origin
// lies; for the other pieces, which of the candidates stands further to that side.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/types.h"

namespace tsume::io {

// Piece kanji as written in moves and board diagrams: 歩 香 桂 銀 金 角 飛 玉 王 と 杏 圭 全 馬 龍
// 竜 (杏 圭 全 are the one-character forms of 成香 成桂 成銀 used in diagrams), and sho shogi's
// 象 (酔象, drunk elephant) and 太 (太子, crown prince).
std::optional<PieceType> piece_from_kanji(char32_t cp);
// 1..9 for the kanji numerals 一..九, 0 otherwise.
int kanji_digit(char32_t cp);
// 1..9 for the digits 1..9 in ASCII or full width (１..９), 0 otherwise.
int arabic_digit(char32_t cp);

struct JapaneseMove {
  enum class Horizontal : std::uint8_t { Any, Right, Left };
  enum class Vertical : std::uint8_t { Any, Up, Down, Sideways, Straight };
  enum class Promotion : std::uint8_t { Unsaid, Promote, Decline };

  bool same_square = false;  // 同: the destination of the previous move
  Square to = Square::None;
  PieceType piece = PieceType::None;  // the kind before the move (成銀 = ProSilver)
  Horizontal horizontal = Horizontal::Any;
  Vertical vertical = Vertical::Any;
  Promotion promotion = Promotion::Unsaid;
  bool drop = false;           // 打
  Square from = Square::None;  // KIF's origin in parentheses, when given
};

// Shared by the reader and the writer (kif_writer.h) of Japanese notation:
// the KI2 word for a vertical direction (上 引 寄 直; empty for Any),
std::string_view vertical_word(JapaneseMove::Vertical v);
// whether 右/左 compare origin and destination for this kind (golds, silvers, promoted minors),
bool is_step_mover(PieceType pt);
// and the kind of the piece that makes `m` in `pos` (the dropped kind for a drop).
PieceType kind_of(const Position& pos, Move m);

// Parses the move written at the start of `text`. On success returns an empty string and sets
// `used` to the number of bytes read; otherwise returns the reason.
std::string parse_japanese_move(std::string_view text, JapaneseMove& move, std::size_t& used);

// Finds the move of `pos` that `move` describes. `previous_to` is the destination of the last
// move (Square::None at the start) for 同. With a KIF origin the move is built directly; without
// one it is resolved among generate_legal() by kind, destination, drop, promotion and the KI2
// words. When no legal move fits but exactly one piece could make the move, that move is
// returned so that the caller's explain_illegal() can name the rule it breaks.
std::string resolve_japanese_move(const JapaneseMove& move, const Position& pos, Square previous_to,
                                  Move& out);

}  // namespace tsume::io
