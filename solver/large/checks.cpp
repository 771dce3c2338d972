#include "solver/large/checks.h"

#include <cstdlib>

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

// The opponent's royals of a position, and whether one of them is attacked already (possible
// when it has two: a side with two royals may leave one attacked).
struct Targets {
  std::vector<Square> royals;
  bool attacked_before = false;
};

Targets targets_of(const Position& pos) {
  Targets t;
  const Side mover = pos.side_to_move();
  t.royals = royal_squares(pos, opposite(mover));
  for (const Square r : t.royals) t.attacked_before = t.attacked_before || attacked(pos, r, mover);
  return t;
}

// After a move that emptied `s`, does a piece of `mover` attack the royal on `r` along the line
// from r through s? Only a slide can be opened this way: the first piece met from r towards s
// is the one whose attack may be new.
bool discovers(const Position& next, Square r, Square s, Side mover) {
  if (next.at(s) != kEmpty) return false;
  const int dx = square_x(s) - square_x(r);
  const int dy = square_y(s) - square_y(r);
  if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) return false;
  const int step = (dy > 0 ? 1 : dy < 0 ? -1 : 0) * kStride + (dx > 0 ? 1 : dx < 0 ? -1 : 0);
  Square q = static_cast<Square>(r + step);
  while (next.at(q) == kEmpty) q = static_cast<Square>(q + step);
  const Cell c = next.at(q);
  return is_piece(c) && cell_side(c) == mover && piece_attacks(next, q, r);
}

// Is a royal of the opponent of `pos`'s mover attacked after `move`? A royal taken by the move
// (on `to`, or on `mid` of a two-leg move) is gone. When no royal was attacked before the move,
// an attack after it comes from the moved piece on `to` or through a square the move emptied
// (`from`, `mid`): nothing else changed on the board but `to`, which can only block. Otherwise
// the full attack test decides.
bool checks_after(const Position& pos, const Move& move, const Targets& t) {
  const Side mover = pos.side_to_move();
  const Position next = after(pos, move);
  if (pos.game() == Game::Tenjiku) {
    // Tenjiku: the full attack test on every royal still standing. A move changes more than
    // `to` and the squares it emptied (burning removes the pieces next to where it ends, or the
    // mover itself), a range jump attacks over pieces, an area move around them: the targeted
    // test below would miss those. A royal burnt or taken by the move is gone.
    for (const Square r : t.royals)
      if (next.at(r) == pos.at(r) && attacked(next, r, mover)) return true;
    return false;
  }
  for (const Square r : t.royals) {
    if ((r == move.to && move.to != move.from) || r == move.mid) continue;
    if (t.attacked_before) {
      if (attacked(next, r, mover)) return true;
      continue;
    }
    if (piece_attacks(next, move.to, r) || discovers(next, r, move.from, mover) ||
        (move.mid != kNoSquare && discovers(next, r, move.mid, mover)))
      return true;
  }
  return false;
}

}  // namespace

bool gives_check(const Position& pos, const Move& move) {
  return checks_after(pos, move, targets_of(pos));
}

std::vector<Move> generate_checks(const Position& pos) {
  const Targets t = targets_of(pos);
  std::vector<Move> out;
  if (t.royals.empty()) return out;
  for (const Move& m : legal_moves(pos))
    if (checks_after(pos, m, t)) out.push_back(m);
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
