// What the mate search knows of one position: proof and disproof numbers (Allis 1994), the
// mate-length bounds (mate_len.h), the hands those bounds hold for (proof pieces 証明駒 and
// disproof pieces 反証駒, proof_hand.h), and the repetition a disproof may depend on.
//
// The same value is what a table probe reads (TTProbe), what a node keeps for each child, and
// what a node returns to its parent. Its states:
// - proven: pn 0, dn infinite; `upper` is the mate length found, valid for attacker hands
//   covering `proof_hand`;
// - disproven: pn infinite, dn 0; no mate in fewer than `lower` plies (kNoMate: none at all),
//   valid for attacker hands covered by `disproof_hand`; with `rep_ply` set, the disproof
//   holds only on the current path (it rests on a repetition at that ply: graph history
//   interaction, Kishimoto & Müller 2004) and is never stored;
// - open: both numbers finite and non-zero, an estimate of the work left.
// A value can carry both bounds in any state: the length budget of a question decides which
// of them settles it (a mate in 7 is a proof for a budget of 9 and a disproof for 5).
#pragma once

#include "solver/core/hand.h"
#include "solver/search/mate_len.h"
#include "solver/search/pndn.h"

namespace tsume {

// The `rep_ply` of a value that rests on no repetition.
inline constexpr int kNoRepetition = 0x7FFF'FFFF;
// The `rep_ply` of a value that rests on a position forbidden to the whole search (a
// repetition of a position before its root: MateSearchOptions::forbidden).
inline constexpr int kBeforeRoot = -1;

// A node's numbers in phi/delta form (Nagai 2002): phi is the number the node's player wants
// to reach zero (pn at attacker nodes, dn at defender nodes), delta the other one. A node's
// phi is the minimum of its children's delta, its delta the sum of their phi (a weak sum for
// the children whose subtrees overlap: select_child in dfpn_impl.h).
struct PhiDelta {
  PnDn phi;
  PnDn delta;
};

struct SearchResult {
  PnDn pn = 1;
  PnDn dn = 1;
  Plies lower = 0;        // no mate in fewer plies (for hands covered by disproof_hand)
  Plies upper = kNoMate;  // a mate in at most this many plies (for hands covering proof_hand)
  Hand proof_hand;
  Hand disproof_hand = Hand::full();  // lower 0 holds for every hand
  int rep_ply = kNoRepetition;

  static constexpr SearchResult open(PnDn pn, PnDn dn) {
    SearchResult r;
    r.pn = pn;
    r.dn = dn;
    return r;
  }
  static constexpr SearchResult proven(Plies upper, Hand proof_hand) {
    SearchResult r;
    r.mark_proven();
    r.upper = upper;
    r.proof_hand = proof_hand;
    return r;
  }
  static constexpr SearchResult disproven(Plies lower, Hand disproof_hand,
                                          int rep_ply = kNoRepetition) {
    SearchResult r;
    r.mark_disproven();
    r.lower = lower;
    r.disproof_hand = disproof_hand;
    r.rep_ply = rep_ply;
    return r;
  }
  // The open value of a node whose phi/delta are known (`attacker_node`: phi is pn).
  static constexpr SearchResult from_phi_delta(bool attacker_node, PhiDelta v) {
    return attacker_node ? open(v.phi, v.delta) : open(v.delta, v.phi);
  }

  constexpr bool is_proven() const { return pn == 0; }
  constexpr bool is_disproven() const { return dn == 0; }
  constexpr bool is_open() const { return pn != 0 && dn != 0; }
  constexpr bool rests_on_repetition() const { return rep_ply != kNoRepetition; }
  // This value in phi/delta form for the player to move at its node.
  constexpr PhiDelta phi_delta(bool attacker_node) const {
    return attacker_node ? PhiDelta{pn, dn} : PhiDelta{dn, pn};
  }

  // The numbers of a proof (or a disproof) for the current budget; the bounds stay.
  constexpr void mark_proven() {
    pn = 0;
    dn = kInfinitePnDn;
  }
  constexpr void mark_disproven() {
    pn = kInfinitePnDn;
    dn = 0;
  }
  // Takes both length bounds of `other`, with their hands.
  constexpr void copy_bounds(const SearchResult& other) {
    lower = other.lower;
    disproof_hand = other.disproof_hand;
    upper = other.upper;
    proof_hand = other.proof_hand;
  }
  // Keeps the tighter of each length bound, with the hand it holds for.
  constexpr void tighten_bounds(const SearchResult& other) {
    if (other.lower > lower) {
      lower = other.lower;
      disproof_hand = other.disproof_hand;
    }
    if (other.upper < upper) {
      upper = other.upper;
      proof_hand = other.proof_hand;
    }
  }
};

}  // namespace tsume
