#include "solver/large/checks.h"

namespace tsume::large {

namespace {

// The squares of `side`'s royals (at most a few).
std::vector<Square> royal_squares(const Position& pos, Side side) {
  std::vector<Square> out;
  const GameTable& t = pos.table();
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = pos.at(s);
      if (is_piece(c) && cell_side(c) == side && t.kinds[cell_kind(c)].royal) out.push_back(s);
    }
  }
  return out;
}

// Is a royal of the opponent of `pos`'s mover attacked after `move`? `royals` are the opponent's
// royals before the move; one taken by the move (on `to`, or on `mid` of a two-leg move) is gone.
bool checks_after(const Position& pos, const Move& move, const std::vector<Square>& royals) {
  const Side mover = pos.side_to_move();
  const Position next = after(pos, move);
  for (const Square r : royals) {
    if ((r == move.to && move.to != move.from) || r == move.mid) continue;
    if (attacked(next, r, mover)) return true;
  }
  return false;
}

}  // namespace

bool gives_check(const Position& pos, const Move& move) {
  return checks_after(pos, move, royal_squares(pos, opposite(pos.side_to_move())));
}

std::vector<Move> generate_checks(const Position& pos) {
  const auto royals = royal_squares(pos, opposite(pos.side_to_move()));
  std::vector<Move> out;
  if (royals.empty()) return out;
  for (const Move& m : legal_moves(pos))
    if (checks_after(pos, m, royals)) out.push_back(m);
  return out;
}

std::vector<Move> generate_evasions(const Position& pos) { return legal_moves(pos); }

bool has_legal_move(const Position& pos) {
  std::vector<Move> pseudo;
  generate_pseudo_legal(pos, pseudo);
  if (pos.rules().royal == RoyalRule::Capture) return !pseudo.empty();
  for (const Move& m : pseudo)
    if (is_legal(pos, m)) return true;
  return false;
}

bool is_mated(const Position& pos) {
  return in_check(pos, pos.side_to_move()) && !has_legal_move(pos);
}

}  // namespace tsume::large
