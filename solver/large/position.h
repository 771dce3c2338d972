// A position of a large-board game (chu, dai and tenjiku shogi; boards up to 16x16): a padded
// mailbox of piece codes, the side to move, the Lion-trading state, and the rule switches it is
// played under. Text form: lishogi's chu SFEN (docs/large-board.md, "Position text").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "solver/large/game.h"

namespace tsume::large {

enum class Side : std::uint8_t { Black = 0, White = 1 };
constexpr Side opposite(Side s) { return s == Side::Black ? Side::White : Side::Black; }

// Geometry of the padded mailbox: two guard rows and files around the largest board, so that a
// step or a two-square leap from any square lands in the array.
inline constexpr int kPad = 2;
inline constexpr int kStride = kMaxSide + 2 * kPad;
inline constexpr int kCells = kStride * kStride;
using Square = std::int16_t;
inline constexpr Square kNoSquare = -1;

// (x, y): x = column from the left of the diagram (file `files - x`), y = row from the top
// (rank letter 'a' + y). Black moves up the diagram.
constexpr Square make_square(int x, int y) {
  return static_cast<Square>((y + kPad) * kStride + x + kPad);
}
constexpr int square_x(Square s) { return s % kStride - kPad; }
constexpr int square_y(Square s) { return s / kStride - kPad; }

// Cell contents: 0 empty, kOffBoard a guard cell, else 1 + 2 * kind + side.
using Cell = std::uint8_t;
inline constexpr Cell kEmpty = 0;
inline constexpr Cell kOffBoard = 0xff;
constexpr Cell make_cell(int kind, Side side) {
  return static_cast<Cell>(1 + 2 * kind + static_cast<int>(side));
}
constexpr bool is_piece(Cell c) { return c != kEmpty && c != kOffBoard; }
constexpr int cell_kind(Cell c) { return (c - 1) / 2; }
constexpr Side cell_side(Cell c) { return static_cast<Side>((c - 1) % 2); }

// Disputed points, as switches (docs/large-board.md, "Rule switches").
enum class RoyalRule : std::uint8_t {
  // The sho convention of this program (docs/sho.md): a move is illegal when, after it, the
  // mover has exactly one royal and that royal is attacked. The tsume default.
  PseudoRoyal,
  // No check rule: any move is legal, a royal may be left attacked and captured (lishogi's chu:
  // a side loses when its last royal is taken). Its move counts are lishogi's.
  Capture,
};
enum class LionRule : std::uint8_t {
  Lishogi,  // the Lion-trading restrictions as lishogi plays them (the default)
  None,     // no restriction: Lions capture and are captured like any piece
};
// Tenjiku: what a range-jumping general may capture when it jumps (it may jump only over pieces
// of lower rank in every case).
enum class JumpRule : std::uint8_t {
  Any,      // any enemy piece, royals included (HaChu, the Jocly-style model; the default)
  NoRoyal,  // any enemy piece but a King or Crown Prince (Wikipedia, The Chess Variant Pages)
  Lower,    // only a piece of lower rank than the jumper (the TSA rules, Werner's default)
};
// Chu and dai: when a piece that can promote may do so (a promotion is always optional, every
// piece promotes at most once, Lion-like pieces never).
enum class PromotionRule : std::uint8_t {
  // lishogi's rule (the default): on a move that enters the zone from outside, on a capture with
  // its start or its end in the zone, and for a piece that could not move again on its last
  // rank(s) (the stuck-piece second chance).
  Lishogi,
  // On any move that starts or ends in the zone, capture or not (modern shogi's trigger; the
  // Middle Shogi Manual's and the English Wikipedia's rules once a deferring piece has regained
  // the right to promote, which the position does not record).
  Zone,
};
struct Rules {
  RoyalRule royal = RoyalRule::PseudoRoyal;
  LionRule lion = LionRule::Lishogi;
  JumpRule jump = JumpRule::Any;  // tenjiku only
  // Tenjiku: a piece that ends its move next to an enemy Fire Demon is burnt (an enemy Fire
  // Demon so placed burns nothing itself).
  bool passive_burn = true;
  // Tenjiku: the Fire Demon slides along the diagonals and the vertical line (a Flying Ox, BvR)
  // instead of the diagonals and the sideways line (a Free Boar, BsR; the default).
  bool fire_demon_vertical = false;
  PromotionRule promotion = PromotionRule::Lishogi;
  // A piece that could not move again where its move ends must promote there: the move without
  // the promotion is illegal (HaChu, Jocly; VARIANTS.md). The stuck pieces are those the game's
  // table marks: Pawn and Lance on the last rank, in dai also the Stone and Iron Generals, in
  // tenjiku the Iron General, and in both the Knight on its last two ranks. Off by default:
  // lishogi lets such a piece stay unpromoted, a dead piece.
  bool forced_promotion = false;
  // Tenjiku's other disputed pieces, each in its second reading (docs/large-board.md): the Lion
  // Hawk as a Bishop with a two-step area move (BZ2, no Lion power) instead of Bishop and Lion;
  // the Free Eagle as a Free King with the orthogonal jump to the second square (QD) instead of
  // the jumps in all eight directions and the Lion's power on the diagonals; the Heavenly
  // Tetrarchs as a Chariot Soldier (BvRsR2, HaChu) instead of the ski slides and igui.
  bool lion_hawk_area = false;
  bool free_eagle_orthogonal = false;
  bool tetrarchs_chariot = false;
  // Does the switch of `reading` select the second reading?
  bool reads(Reading reading) const {
    switch (reading) {
    case Reading::FireDemonVertical:
      return fire_demon_vertical;
    case Reading::LionHawkArea:
      return lion_hawk_area;
    case Reading::FreeEagleOrthogonal:
      return free_eagle_orthogonal;
    case Reading::TetrarchsChariot:
      return tetrarchs_chariot;
    case Reading::None:
      break;
    }
    return false;
  }
  friend bool operator==(const Rules&, const Rules&) = default;
};
// The defaults of a game: chu the Lion-trading rule, dai and tenjiku none (it is attested for chu
// only; HaChu applies it in chu only).
constexpr Rules default_rules(Game game) {
  return Rules{RoyalRule::PseudoRoyal, game == Game::Chu ? LionRule::Lishogi : LionRule::None};
}

class Position {
public:
  // An empty board of `game` (Black to move).
  explicit Position(Game game = Game::Chu, Rules rules = {});

  const GameTable& table() const { return *table_; }
  Game game() const { return table_->game; }
  const Rules& rules() const { return rules_; }
  Side side_to_move() const { return side_; }
  // The square where a non-Lion just captured a Lion (the Lion-trading "counter-strike" state),
  // or kNoSquare.
  Square last_lion_capture() const { return last_lion_capture_; }
  int move_number() const { return move_number_; }

  Cell at(Square s) const { return cells_[s]; }
  bool on_board(Square s) const { return cells_[s] != kOffBoard; }
  void put(Square s, Cell c) { cells_[s] = c; }
  void set_side_to_move(Side s) { side_ = s; }
  void set_last_lion_capture(Square s) { last_lion_capture_ = s; }
  void set_move_number(int n) { move_number_ = n; }

  // Is the square inside `side`'s promotion zone (the last `zone` ranks before the opponent)?
  bool in_zone(Side side, Square s) const;
  // Is the square on one of `side`'s last `n` ranks?
  bool in_last_ranks(Side side, Square s, int n) const;

  friend bool operator==(const Position&, const Position&) = default;

private:
  const GameTable* table_;
  Rules rules_;
  std::array<Cell, kCells> cells_{};
  Side side_ = Side::Black;
  Square last_lion_capture_ = kNoSquare;
  int move_number_ = 1;
};

// Square names as lishogi writes them: file number (files..1 from the left) then rank letter
// ('a' at the top): "7g", "12l". parse_square returns kNoSquare for a bad name.
std::string square_name(const Position& pos, Square s);
Square parse_square(const Position& pos, std::string_view name);

// lishogi chu SFEN: "<board> <b|w> <- | lion-capture square> [<move number>]"; "startpos" is the
// game's start position. Throws std::invalid_argument with the reason on a bad text.
Position parse_sfen(std::string_view sfen, Game game = Game::Chu,
                    Rules rules = default_rules(Game::Chu));
std::string to_sfen(const Position& pos);

// A text diagram: one row per rank, Black's pieces upper case, White's lower case, '.' empty.
std::string diagram(const Position& pos);

}  // namespace tsume::large
