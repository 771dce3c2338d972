#include "solver/core/checkgen.h"

#include <array>

#include "solver/core/attacks.h"
#include "solver/core/move_emit.h"
#include "solver/core/movegen.h"

namespace tsume {
namespace {

// For each piece kind, the squares from which a piece of that kind of the side to move would
// attack the enemy king on `ksq` with the current occupancy: the king's own attack set as a
// piece of the other color (attacks are symmetric under that reversal).
//
// The current occupancy is exact for the squares a board move can check from: a slider that
// moves away from the king along a line would have been checking already, which cannot be at
// the attacker's turn, and no promotion turns a non-slider into a slider on the same line.
// Modern shogi's kinds only (sho shogi takes generate_sho_checks).
using CheckSquares = std::array<Bitboard, index_of(PieceType::Dragon) + 1>;

CheckSquares make_check_squares(Color them, Square ksq, Bitboard occ) {
  CheckSquares c{};
  for (PieceType pt : {PieceType::Pawn, PieceType::Knight, PieceType::Silver, PieceType::Gold})
    c[index_of(pt)] = step_attacks(them, pt, ksq);
  for (PieceType pt :
       {PieceType::ProPawn, PieceType::ProLance, PieceType::ProKnight, PieceType::ProSilver})
    c[index_of(pt)] = c[index_of(PieceType::Gold)];
  c[index_of(PieceType::Lance)] = lance_attacks(them, ksq, occ);
  c[index_of(PieceType::Bishop)] = bishop_attacks(ksq, occ);
  c[index_of(PieceType::Rook)] = rook_attacks(ksq, occ);
  c[index_of(PieceType::Horse)] = c[index_of(PieceType::Bishop)] | king_attacks(ksq);
  c[index_of(PieceType::Dragon)] = c[index_of(PieceType::Rook)] | king_attacks(ksq);
  return c;
}

// The squares from which a stepping piece (pawn, knight, silver, gold or a promoted minor
// piece) can reach a square checking a king on `ksq`, promoting or not: within two files and
// four ranks of it (a knight two ranks from its checking square, which is two from the king).
// A stepping piece elsewhere gives no direct check, and generate_checks skips it unless it can
// uncover one.
Bitboard stepper_check_region(Square ksq) { return box_around<2, 4>(ksq); }

// The legal moves that give check, by filtering. Used where check squares and pins do not
// describe the checks: an attacker in check (双玉, after a counter-check: its evasions), and sho
// shogi, where a second royal on either side (or an elephant that may become one) changes pins
// and checks.
void checks_among_legal_moves(const Position& pos, MoveList& list) {
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if (pos.gives_check(m)) list.push(m);
}

}  // namespace

void generate_checks(const Position& pos, MoveList& list) {
  if (pos.variant() == Variant::Sho) [[unlikely]] {
    checks_among_legal_moves(pos, list);
    return;
  }
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(them);
  if (ksq == Square::None) return;
  if (pos.in_check()) {
    checks_among_legal_moves(pos, list);
    return;
  }
  const Bitboard occ = pos.pieces();
  const Bitboard own = pos.pieces(us);
  const CheckSquares check_sq = make_check_squares(them, ksq, occ);
  const Square our_king = pos.king_square(us);
  const Bitboard pinned = pos.blockers(us, them) & own;
  // Our pieces standing alone between one of our sliders and their king: moving off that line
  // uncovers a check (開き王手).
  const Bitboard discoverers = pos.blockers(them, us) & own;

  const Bitboard sliders = pos.pieces(PieceType::Lance) | pos.pieces(PieceType::Bishop) |
                           pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Horse) |
                           pos.pieces(PieceType::Dragon);
  const Bitboard movers =
      own & ~pos.pieces(PieceType::King) & (sliders | discoverers | stepper_check_region(ksq));
  for (Square from : movers) {
    const PieceType pt = type_of(pos.piece_on(from));
    const bool promotable = detail::is_shogi_promotable(pt);
    Bitboard to_set = attacks(us, pt, from, occ) & ~own;
    if (pinned.test(from)) to_set &= line(our_king, from);
    if (discoverers.test(from)) {
      for (Square to : to_set) {
        if (!aligned(ksq, from, to)) {
          detail::emit_board_move(list, us, pt, from, to);
        } else {
          detail::emit_board_move(list, us, pt, from, to,
                                  promotable &&
                                      check_sq[index_of(detail::promote_shogi(pt))].test(to),
                                  check_sq[index_of(pt)].test(to));
        }
      }
      continue;
    }
    const Bitboard plain = check_sq[index_of(pt)];
    const Bitboard promoted =
        promotable ? check_sq[index_of(detail::promote_shogi(pt))] : Bitboard();
    for (Square to : to_set&(plain | promoted))
      detail::emit_board_move(list, us, pt, from, to, promoted.test(to), plain.test(to));
  }

  // Our king gives check only by discovery.
  if (our_king != Square::None && discoverers.test(our_king)) {
    const Bitboard occ_without = occ ^ Bitboard::square(our_king);
    for (Square to : king_attacks(our_king) & ~own)
      if (!aligned(ksq, our_king, to) && !pos.is_attacked(them, to, occ_without))
        list.push(Move::board(our_king, to, false));
  }

  // Drops onto the checking squares of each kind in hand.
  const Hand hand = pos.hand(us);
  if (hand.empty()) return;
  const Bitboard empty = ~occ;
  if (hand.has(PieceType::Pawn))
    for (Square s : detail::pawn_drop_squares(pos, empty & check_sq[index_of(PieceType::Pawn)]))
      list.push(Move::drop(PieceType::Pawn, s));
  for (PieceType pt : {PieceType::Lance, PieceType::Knight, PieceType::Silver, PieceType::Gold,
                       PieceType::Bishop, PieceType::Rook}) {
    if (!hand.has(pt)) continue;
    for (Square s : (empty & check_sq[index_of(pt)] & live_squares(us, pt)))
      list.push(Move::drop(pt, s));
  }
}

}  // namespace tsume
