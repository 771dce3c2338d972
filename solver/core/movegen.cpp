#include "solver/core/movegen.h"

#include "solver/core/attacks.h"
#include "solver/core/move_emit.h"

namespace tsume {
namespace {

// Board moves of the non-king pieces on `movers` onto `targets`, pinned pieces kept on their
// pin line, in square order of the pieces.
void emit_piece_moves(const Position& pos, MoveList& list, Bitboard targets, Bitboard movers) {
  if (movers.empty()) return;
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard pinned = pos.blockers(us, ~us) & pos.pieces(us);
  const Bitboard occ = pos.pieces();
  for (Square from : movers) {
    const PieceType pt = type_of(pos.piece_on(from));
    Bitboard to_set = attacks(us, pt, from, occ) & targets;
    if (pinned.test(from)) to_set &= line(ksq, from);
    for (Square to : to_set) detail::emit_board_move(list, us, pt, from, to);
  }
}

// The squares the king of `us` can step to: next to it, not its own piece's, not attacked once
// the king has left its square (all of them at once: attacked_among answers for every square).
Bitboard king_steps(const Position& pos, Color us) {
  const Square ksq = pos.king_square(us);
  if (ksq == Square::None) return Bitboard();
  const Bitboard targets = king_attacks(ksq) & ~pos.pieces(us);
  if (targets.empty()) return targets;
  return targets & ~pos.attacked_among(~us, ksq, targets, pos.pieces() ^ Bitboard::square(ksq));
}

void emit_king_moves(const Position& pos, MoveList& list) {
  const Square ksq = pos.king_square(pos.side_to_move());
  for (Square to : king_steps(pos, pos.side_to_move())) list.push(Move::board(ksq, to, false));
}

// Sho shogi: every board move of every piece (royals too) onto a square not held by the mover,
// with its promotion variants, kept when it leaves no lone royal attacked. Captures leave the
// game, so there are no drops. Sho is not the hot path: one plain rule instead of pins and
// evasions, which the second royal and the elephant's promotion to it would complicate.
void generate_sho(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), occ = pos.pieces();
  for (Square from : own) {
    const PieceType pt = type_of(pos.piece_on(from));
    for (Square to : attacks(us, pt, from, occ) & ~own) {
      const Move promotion = Move::board(from, to, true), plain = Move::board(from, to, false);
      if (is_promotable(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to)) &&
          pos.is_legal_sho(promotion))
        list.push(promotion);
      if (!is_dead_square(us, pt, to) && pos.is_legal_sho(plain)) list.push(plain);
    }
  }
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  if (pos.variant() == Variant::Sho) [[unlikely]] {
    generate_sho(pos, list);
    return;
  }
  if (pos.in_check()) {
    generate_evasions(pos, list);
    return;
  }
  const Color us = pos.side_to_move();
  emit_piece_moves(pos, list, ~pos.pieces(us), pos.pieces(us) & ~pos.pieces(PieceType::King));
  emit_king_moves(pos, list);
  detail::emit_drops(pos, list, ~pos.pieces());
}

bool king_can_step(const Position& pos) { return !king_steps(pos, pos.side_to_move()).empty(); }

Move first_king_step(const Position& pos) {
  if (pos.variant() == Variant::Sho || !pos.in_check()) return Move::none();
  const Bitboard steps = king_steps(pos, pos.side_to_move());
  return steps.empty() ? Move::none()
                       : Move::board(pos.king_square(pos.side_to_move()), steps.lsb(), false);
}

Bitboard king_flights(const Position& pos, Color side) {
  return pos.variant() == Variant::Sho ? Bitboard() : king_steps(pos, side);
}

bool keeps_a_flight(const Position& pos, Bitboard flights, Move m) {
  const Color us = pos.side_to_move();
  const Square to = m.to();
  // The squares the moved piece attacks from `to`, through the king's square (the king steps
  // away from it): the occupancy after the move, without the king.
  Bitboard occ = pos.pieces() ^ Bitboard::square(pos.king_square(~us));
  PieceType pt;
  if (m.is_drop()) {
    pt = m.dropped_type();
  } else {
    pt = type_of(pos.piece_on(m.from()));
    if (m.is_promotion()) pt = promote(pt);
    occ ^= Bitboard::square(m.from());
  }
  occ.set(to);
  // The moved piece on a flight is taken by the king: nothing defended `to` before the move, and
  // only a line opened through the origin (below) can defend it after.
  const Bitboard left = flights & ~attacks(us, pt, to, occ);
  if (left.empty() || m.is_drop()) return !left.empty();
  // A board move may open a line through its origin: a flight on such a line with a slider of
  // the mover on it counts as covered.
  const Bitboard sliders =
      pos.pieces(us) &
      (pos.pieces(PieceType::Lance) | pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Rook) |
       pos.pieces(PieceType::Horse) | pos.pieces(PieceType::Dragon));
  for (Square f : left)
    if ((line(m.from(), f) & sliders).empty()) return true;
  return false;
}

void generate_evasions(const Position& pos, MoveList& list) {
  if (pos.variant() == Variant::Sho) [[unlikely]] {  // every legal move of a side in check
    if (pos.in_check()) generate_sho(pos, list);
    return;
  }
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  if (checkers.empty()) return;  // not in check: no evasion to generate
  emit_king_moves(pos, list);
  if (checkers.more_than_one()) return;  // double check: only the king can move
  const Square checker = checkers.lsb();
  const Bitboard gap = between(ksq, checker);
  // Capture the checker or interpose (移動合): only the pieces that reach one of those squares
  // (in shogi a piece moves to the squares it attacks) are looked at.
  const Bitboard targets = gap | checkers;
  Bitboard movers;
  for (Square t : targets) movers |= pos.attackers_to(us, t, pos.pieces());
  emit_piece_moves(pos, list, targets, movers & ~pos.pieces(PieceType::King));
  detail::emit_drops(pos, list, gap);  // drop interpositions (合駒)
}

}  // namespace tsume
