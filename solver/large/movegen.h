// Moves of the large-board games: generation from the piece tables (game.h), the Lion-trading
// restrictions, promotion, tenjiku's range jumps, area moves and burning, attack detection,
// copy-make and perft (docs/large-board.md).
//
// Move counting follows lishogi: a move is a path. A one-leg move is (from, to); a Lion-like
// two-leg move is (from, mid, to) with mid one step from `from` and `to` one step from mid, and
// every such path is a move of its own, even when another path or a direct leap reaches the same
// square (a lone Lion in the open has 24 + 8 * 8 = 88 moves). `to == from` is igui (mid held an
// opponent's piece, now captured) or a pass (mid was empty). Where promotion is allowed, the
// promoting and the non-promoting move are two moves.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver/large/position.h"

namespace tsume::large {

struct Move {
  Square from = kNoSquare;
  Square mid = kNoSquare;  // the first leg's square of a two-leg move; kNoSquare otherwise
  Square to = kNoSquare;
  bool promote = false;
  friend bool operator==(const Move&, const Move&) = default;
};

// lishogi's USI text: "7g7f", "8h7g7f" (two legs), "+" after a promotion.
std::string move_text(const Position& pos, const Move& move);

// Every move of the side to move allowed by the piece tables and the Lion-trading rule, before
// the royal rule (appended to `out`).
void generate_pseudo_legal(const Position& pos, std::vector<Move>& out);
// The legal moves: the pseudo-legal ones that the position's RoyalRule allows.
std::vector<Move> legal_moves(const Position& pos);
bool is_legal(const Position& pos, const Move& move);

// The position after `move` (a pseudo-legal move of the side to move).
Position after(const Position& pos, const Move& move);

// Does a piece of `by` attack `target` (could capture a piece standing there, the Lion-trading
// rule aside; in tenjiku also by a range jump, an area move, or burning)?
bool attacked(const Position& pos, Square target, Side by);
// Does the piece on `from` attack `target` (the same geometry as `attacked`)? False for an empty
// `from`.
bool piece_attacks(const Position& pos, Square from, Square target);
int royal_count(const Position& pos, Side side);
// At least one royal of `side` is attacked.
bool in_check(const Position& pos, Side side);

std::uint64_t perft(const Position& pos, int depth);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace tsume::large
