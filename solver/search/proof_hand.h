// Proof pieces (証明駒): the smallest attacker hand for which a proof still holds, so that the
// proof covers every position that differs only by a larger attacker hand (Nagai 2002; Seo).
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

}  // namespace tsume
