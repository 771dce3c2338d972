// The rules a mate search needs, as a concept: what solver/search asks of a game, so that the
// same df-pn runs on 9x9 shogi today (ShogiRules, shogi_rules.h) and on other rule sets later
// (DESIGN.md, "more rule sets under the same search").
//
// A model is a type with static functions (no state; all of them inline, so the search pays
// nothing for the indirection) and these associated types: Position (a mutable position with
// do/undo), Move (a small value), MoveList (a fixed-capacity list of moves) and MoveOrder (the
// tie-break score of a node's moves, built once per node). Sides are Color; the attacker's hand
// is the table's Hand (a game without drops keeps it empty); squares are the board's Square,
// which the futility record indexes.
//
// - Keys: the board part of a position's key (with the side to move) and the full key (board
//   and both hands) for repetitions; the attacker's hand is the other part of a table key.
// - Moves: do/undo, a null move (for the comparison positions of futility), check generation
//   at attacker nodes (every legal check) and evasion generation at defender nodes (every legal
//   evasion), in-check, the terminal rule (is the defender mated, given its evasions?), and
//   move text (USI) for reports and tests.
// - Interpositions: the drop square of a move (none for a board move), and the comparison
//   moves of a drop interposition (futility.h).
// - Hands: proof and disproof hands of a node from its children (proof_hand.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>

#include "solver/core/hand.h"
#include "solver/core/types.h"

namespace tsume {

// What the legal evasions of a side in check are made of: none (mated), at least one board
// move (a king move, a capture or a moved interposition), or drop interpositions only.
enum class EvasionKind { None, BoardMove, DropsOnly };

template <class R>
concept MateRules = requires(typename R::Position& pos, const typename R::Position& cpos,
                             typename R::Move m, typename R::MoveList& moves,
                             const typename R::MoveList& cmoves, Color side, Square s, Hand h) {
  // keys and hands
  { R::board_key(cpos) } -> std::same_as<std::uint64_t>;
  { R::full_key(cpos) } -> std::same_as<std::uint64_t>;
  { R::hand(cpos, side) } -> std::same_as<Hand>;
  { R::side_to_move(cpos) } -> std::same_as<Color>;
  // the same after a move, without playing it
  { R::board_key_after(cpos, m) } -> std::same_as<std::uint64_t>;
  { R::hand_after(cpos, m, side) } -> std::same_as<Hand>;
  // moves
  R::do_move(pos, m);
  R::undo_move(pos, m);
  R::do_null_move(pos);
  R::undo_null_move(pos);
  R::generate_checks(cpos, moves);
  R::generate_evasions(cpos, moves);
  { R::in_check(cpos) } -> std::same_as<bool>;
  { R::is_mated(cpos, cmoves) } -> std::same_as<bool>;
  { R::move_text(m) } -> std::same_as<std::string>;
  { R::is_drop(m) } -> std::same_as<bool>;
  { R::drop_square(m) } -> std::same_as<Square>;
  // futile interpositions: the comparison moves of a drop on s, iterable as moves
  {R::comparison_moves(cpos, side, s)};
  // proof and disproof hands
  { R::proof_hand_before_move(cpos, m, h) } -> std::same_as<Hand>;
  { R::proof_hand_at_defender(cpos, side, h) } -> std::same_as<Hand>;
  { R::disproof_hand_before_move(cpos, m, h) } -> std::same_as<Hand>;
  { R::disproof_hand_at_attacker(cpos, side, h) } -> std::same_as<Hand>;
  { R::disproof_hand_at_defender(cpos, side, m, h) } -> std::same_as<Hand>;
  // move ordering
  requires std::constructible_from<typename R::MoveOrder, const typename R::Position&, Color>;
  { std::declval<const typename R::MoveOrder&>().score(m) } -> std::same_as<int>;
};

}  // namespace tsume
