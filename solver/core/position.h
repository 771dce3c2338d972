// The shogi position: board, hands, side to move, Zobrist keys, do/undo, check detection and the
// legality rules of SPEC.md section 2 (pins, own king safety, 二歩, dead pieces, 打ち歩詰め).
//
// The same position plays sho shogi (variant(), docs/sho.md): no drops (a captured piece leaves
// the game), the Drunk Elephant promoting to a Crown Prince, and royals counted per side. A side
// with one royal (king or prince) must keep it out of attack; a side with two is not bound by
// check; "in check" is then "a royal is attacked", which is what the attacker must keep doing.
//
// Keys: board_key() covers the board and the side to move; the hands are kept apart (hand(c))
// so that the transposition table can compare hands for superiority. key() combines both.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/bitboard.h"
#include "solver/core/board_setup.h"
#include "solver/core/hand.h"
#include "solver/core/move.h"
#include "solver/core/types.h"

namespace tsume {

// Which kings a position must have. A tsume problem needs the defender's king (the side not to
// move); move-generator tests (perft, evasion counts) also use positions without it.
enum class KingRule { DefenderKing, Any };

class Position {
public:
  Position();

  // Loads a position after checking it (missing king, too many pieces of a kind, dead pieces,
  // 二歩, side not to move in check). Returns an empty string on success, otherwise the reason
  // and the position is left unchanged.
  std::string set(const BoardSetup& setup, KingRule kings = KingRule::DefenderKing);
  // The reason `setup` is illegal, or an empty string.
  static std::string validate(const BoardSetup& setup, KingRule kings = KingRule::DefenderKing);
  BoardSetup setup() const;

  Piece piece_on(Square s) const { return board_[index_of(s)]; }
  Hand hand(Color c) const { return hands_[index_of(c)]; }
  Color side_to_move() const { return side_; }
  int ply() const { return ply_; }
  Variant variant() const { return variant_; }
  // The square of c's royal piece (Square::None if it has none). A sho side with two royals:
  // its king's square.
  Square king_square(Color c) const { return kings_[index_of(c)]; }
  // Royal pieces of c on the board: its king, and in sho shogi a Crown Prince (0, 1 or 2).
  int royal_count(Color c) const { return royals(c).count(); }
  Bitboard royals() const { return pieces(PieceType::King) | pieces(PieceType::Prince); }
  Bitboard royals(Color c) const { return royals() & pieces(c); }

  Bitboard pieces() const { return occupied_; }
  Bitboard pieces(Color c) const { return by_color_[index_of(c)]; }
  Bitboard pieces(PieceType pt) const { return by_type_[index_of(pt)]; }
  Bitboard pieces(Color c, PieceType pt) const {
    return by_color_[index_of(c)] & by_type_[index_of(pt)];
  }

  std::uint64_t board_key() const { return state().board_key; }
  std::uint64_t hand_key() const { return state().hand_key; }
  std::uint64_t key() const { return state().board_key ^ state().hand_key; }
  // What board_key() and hand(c) would be after do_move(m), without playing it (the search
  // reads a child's table entry before it decides to enter it).
  std::uint64_t board_key_after(Move m) const;
  Hand hand_after(Move m, Color c) const;

  // Pieces of the side not to move that attack the king of the side to move.
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return !state().checkers.empty(); }

  // Pieces of color `by` attacking square s, with `occ` as the occupancy.
  Bitboard attackers_to(Color by, Square s, Bitboard occ) const;
  Bitboard attackers_to(Color by, Square s) const { return attackers_to(by, s, occupied_); }
  // Same question as !attackers_to(...).empty(), answered with early exits (a square at a
  // time; the squares next to a king take attacked_among below).
  bool is_attacked(Color by, Square s, Bitboard occ) const;
  // The squares of `targets`, each next to `center` (the squares a king there may step to),
  // that pieces of `by` attack with `occ` as the occupancy. One pass over the pieces that can
  // reach them serves all the squares, where is_attacked per square would look at every kind
  // of attacker for each.
  Bitboard attacked_among(Color by, Square center, Bitboard targets, Bitboard occ) const;

  // Pieces (of either color) standing alone between a slider of color `slider_color` and the king
  // of color `king_color`. With king_color == the owner of the pieces these are pinned pieces; with
  // the other color they are discovered-check candidates.
  Bitboard blockers(Color king_color, Color slider_color) const;

  // True when the move gives check to the opponent's king (direct or discovered); in sho shogi,
  // when after it a royal of the opponent is attacked.
  bool gives_check(Move m) const;
  // Sho shogi's legality of a pseudo-legal move: after it, a side left with exactly one royal
  // may not have it attacked (with two royals, or none, every pseudo-legal move is legal).
  bool is_legal_sho(Move m) const;
  // Full legality of an arbitrary move in this position (used for input and in tests; the
  // generators produce legal moves without calling it).
  bool is_legal(Move m) const;
  // 打ち歩詰め: would dropping a pawn of the side to move on `to` checkmate the opponent's king?
  // Only meaningful when `to` is the square in front of that king.
  bool is_pawn_drop_mate(Square to) const;
  // 二歩: does the side `c` already have an unpromoted pawn on the file of s?
  bool has_pawn_on_file(Color c, Square s) const {
    return !(pieces(c, PieceType::Pawn) & file_mask(file_of(s))).empty();
  }

  void do_move(Move m);
  void undo_move(Move m);
  // Passing is never legal in shogi; used only by tests and by search heuristics.
  void do_null_move();
  void undo_null_move();

  // Number of plies played through do_move since set().
  int game_ply() const { return static_cast<int>(states_.size()) - 1; }
  // True when the current position (board, both hands, side to move) occurred earlier on the
  // path since set(), at an even ply distance.
  bool is_repetition() const;

private:
  struct State {
    std::uint64_t board_key = 0;
    std::uint64_t hand_key = 0;
    Bitboard checkers;
    Piece captured = Piece::None;
    // The side not to move is known not to be attacked (a position set() validated, or one
    // reached by a legal move): the next move can then check only with the piece it moves or by
    // opening a line through its origin (do_move finds its checkers from that alone).
    bool opponent_safe = false;
  };
  const State& state() const { return states_.back(); }
  State& state() { return states_.back(); }

  // Loads without validation (validate() uses it to test for check).
  void load(const BoardSetup& setup);
  void put_piece(Square s, Piece p);
  void remove_piece(Square s);
  // Inlined into do_move (only position.cpp calls it).
  [[gnu::always_inline]] inline Bitboard compute_checkers() const;
  // The checkers after m (just played; modern shogi) from a position whose side to move was not
  // attacked: the moved piece, and the sliders on a line through m's origin.
  [[gnu::always_inline]] inline Bitboard checkers_after(Move m) const;
  // The sliders (lances, bishops, rooks, horses, dragons) of `by` that attack s.
  [[gnu::always_inline]] inline Bitboard slider_attackers_to(Color by, Square s,
                                                             Bitboard occ) const;
  bool gives_check_sho(Move m) const;
  void update_sho_royals();
  Bitboard sho_checkers() const;

  std::array<Piece, kSquareCount> board_{};
  std::array<Hand, kColorCount> hands_{};
  std::array<Bitboard, kColorCount> by_color_{};
  std::array<Bitboard, kPieceTypeCount> by_type_{};
  Bitboard occupied_;
  std::array<Square, kColorCount> kings_{Square::None, Square::None};
  Color side_ = Color::Black;
  Variant variant_ = Variant::Shogi;
  int ply_ = 1;
  std::vector<State> states_;
};

}  // namespace tsume
