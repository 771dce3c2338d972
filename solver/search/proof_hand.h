// Proof pieces (証明駒) and disproof pieces (反証駒) (Nagai 2002; Seo).
//
// A proof found with attacker hand h usually needs only part of h: the proof pieces are the
// smallest hand for which it still holds, so it covers every position that differs only by a
// larger attacker hand. A disproof is widened the other way: the disproof pieces are the largest
// hand for which it still holds, so it covers every position with a smaller attacker hand.
// The defender holds the rest of the pieces, so a larger attacker hand is a smaller defender
// hand; the rules below keep track of both sides.
#pragma once

#include "solver/core/attacks.h"
#include "solver/core/hand.h"
#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume {

// Per-kind maximum of two hands.
constexpr Hand hand_max(Hand a, Hand b) {
  Hand h;
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    h.set(pt, a.count(pt) > b.count(pt) ? a.count(pt) : b.count(pt));
  }
  return h;
}

// Per-kind minimum of two hands.
constexpr Hand hand_min(Hand a, Hand b) {
  Hand h;
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    h.set(pt, a.count(pt) < b.count(pt) ? a.count(pt) : b.count(pt));
  }
  return h;
}

// Attacker node proven by `m` whose child needs `child_proof`: a dropped piece must be held,
// a captured piece need not be (the capture supplies it). `pos` is the position before m.
inline Hand proof_hand_before_move(const Position& pos, Move m, Hand child_proof) {
  Hand h = child_proof;
  if (m.is_drop()) {
    h.add(m.dropped_type());
  } else if (const Piece captured = pos.piece_on(m.to()); captured != Piece::None) {
    const PieceType k = unpromote(type_of(captured));
    if (h.count(k) > 0) h.remove(k);
  }
  return h;
}

// Defender node proven with all its evasions needing at most `merged` (their maximum): pieces
// the defender does not hold could not be dropped as interpositions; with a smaller attacker
// hand the defender would hold them, so the attacker must keep all of those kinds it has.
inline Hand proof_hand_at_defender(const Position& pos, Color attacker, Hand merged) {
  const Color defender = ~attacker;
  const Square ksq = pos.king_square(defender);
  const Bitboard checkers = pos.checkers();
  if (ksq == Square::None || checkers.empty() || checkers.more_than_one()) return merged;
  if (between(ksq, checkers.lsb()).empty()) return merged;  // contact check: no interposition
  const Hand ours = pos.hand(attacker), theirs = pos.hand(defender);
  Hand h = merged;
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    if (theirs.count(pt) == 0) h.set(pt, ours.count(pt));
  }
  return h;
}

// Disproof pieces of an attacker node from one disproven child (the move `m` from `pos`, whose
// result holds for attacker hands up to `child_disproof`): the hand before the move that leads
// to a covered hand after it. A drop used one more piece; a capture brings one in.
inline Hand disproof_hand_before_move(const Position& pos, Move m, Hand child_disproof) {
  Hand h = child_disproof;
  if (m.is_drop()) {
    const PieceType k = m.dropped_type();
    if (h.count(k) < Hand::max_count(k)) h.add(k);
  } else if (const Piece captured = pos.piece_on(m.to()); captured != Piece::None) {
    const PieceType k = unpromote(type_of(captured));
    if (h.count(k) > 0) h.remove(k);  // never 0 for a covered child hand: the capture adds one
  }
  return h;
}

// Disproof pieces of an attacker node whose checks all fail, from `merged` (the minimum over
// the checks of disproof_hand_before_move). A kind the attacker does not hold gives no drop
// now; with one in hand new drop checks would appear, so the disproof holds only for none of
// it. A kind already held gives the same drops whatever the count. (With no check at all,
// `merged` is Hand::full().)
inline Hand disproof_hand_at_attacker(const Position& pos, Color attacker, Hand merged) {
  const Hand ours = pos.hand(attacker);
  Hand h = merged;
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    if (ours.count(pt) == 0) h.set(pt, 0);
  }
  return h;
}

// Disproof pieces of a defender node refuted by the evasion `m` whose child holds up to
// `child_disproof` (the defender's moves do not change the attacker's hand). A drop needs the
// defender to keep one piece of its kind: the attacker may hold at most all the others.
inline Hand disproof_hand_at_defender(const Position& pos, Color attacker, Move m,
                                      Hand child_disproof) {
  Hand h = child_disproof;
  if (m.is_drop()) {
    const PieceType k = m.dropped_type();
    const int most = pos.hand(attacker).count(k) + pos.hand(~attacker).count(k) - 1;
    if (h.count(k) > most) h.set(k, most);
  }
  return h;
}

}  // namespace tsume
