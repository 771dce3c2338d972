#include "solver/search/node_outcome.h"

#include <algorithm>
#include <cassert>

#include "solver/search/proof_hand.h"

namespace tsume {
namespace {

constexpr Plies plus_one(Plies p) { return p >= kNoMate ? kNoMate : p + 1; }

SearchResult proven_attacker_node(const Position& pos, const std::vector<Child>& children) {
  const Child* win = nullptr;
  for (const Child& c : children)
    if (c.is_proven() && (!win || c.upper < win->upper)) win = &c;
  return SearchResult::proven(plus_one(win->upper),
                              proof_hand_before_move(pos, win->move, win->proof_hand));
}

SearchResult proven_defender_node(const Position& pos, Color attacker,
                                  const std::vector<Child>& children) {
  Plies longest = 0;
  Hand merged;
  for (const Child& c : children) {
    merged = hand_max(merged, c.proof_hand);
    longest = std::max(longest, c.futile ? c.upper : plus_one(c.upper));
  }
  return SearchResult::proven(longest, proof_hand_at_defender(pos, attacker, merged));
}

SearchResult disproven_attacker_node(const Position& pos, Color attacker,
                                     const std::vector<Child>& children) {
  Plies shortest = kNoMate;
  Hand widest = Hand::full();
  int rep_ply = kNoRepetition;
  for (const Child& c : children) {
    shortest = std::min(shortest, c.lower);
    rep_ply = std::min(rep_ply, c.rep_ply);
    widest = hand_min(widest, disproof_hand_before_move(pos, c.move, c.disproof_hand));
  }
  return SearchResult::disproven(plus_one(shortest),
                                 disproof_hand_at_attacker(pos, attacker, widest), rep_ply);
}

// The refutation a disproven defender node reports (see the header).
const Child& refutation_of(const std::vector<Child>& children) {
  const Child* refutation = nullptr;
  for (const Child& c : children) {
    if (!c.is_disproven()) continue;
    if (!refutation || (!c.rests_on_repetition() && refutation->rests_on_repetition()) ||
        (c.rep_ply == refutation->rep_ply && c.lower > refutation->lower))
      refutation = &c;
  }
  return *refutation;
}

SearchResult disproven_defender_node(const Position& pos, Color attacker,
                                     const std::vector<Child>& children,
                                     const FutilityCache* futility) {
  const Child& refutation = refutation_of(children);
  SearchResult r = SearchResult::disproven(
      plus_one(refutation.lower),
      disproof_hand_at_defender(pos, attacker, refutation.move, refutation.disproof_hand),
      refutation.rep_ply);
  if (futility && refutation.move.is_drop()) {
    // A drop refutes a longer budget too unless its comparison position mates within it.
    // The comparison position was judged with this hand only.
    r.disproof_hand = pos.hand(attacker);
    const Square s = refutation.move.to();
    if (futility->tested(s))
      r.lower = std::min<Plies>(r.lower, futility->comparison_lower(s));
    else
      r.lower = 0;  // not judged: no bound to keep
  }
  return r;
}

}  // namespace

SearchResult proven_outcome(const Position& pos, Color attacker,
                            const std::vector<Child>& children) {
  return pos.side_to_move() == attacker ? proven_attacker_node(pos, children)
                                        : proven_defender_node(pos, attacker, children);
}

SearchResult disproven_outcome(const Position& pos, Color attacker,
                               const std::vector<Child>& children, Plies rem,
                               const FutilityCache* futility) {
  SearchResult r = pos.side_to_move() == attacker
                       ? disproven_attacker_node(pos, attacker, children)
                       : disproven_defender_node(pos, attacker, children, futility);
  // Whatever the refutation's own bound, the node is disproven for `rem` plies. The bound
  // above can fall short of that when a drop refuted the node, as its comparison position is
  // only judged for `rem`; without this a disproof would be reported with no bound at all.
  r.lower = std::max(r.lower, plus_one(rem));
  return r;
}

SearchResult store_outcome(TranspositionTable& table, std::uint64_t key, Hand hand, int ply,
                           SearchResult r, std::uint32_t work, bool cut) {
  if (r.is_proven()) {
    table.store_proof(key, r.proof_hand, r.upper, work);
  } else if (r.is_disproven()) {
    if (r.rep_ply >= ply) {  // independent of the path above this node
      r.rep_ply = kNoRepetition;
      assert(r.disproof_hand.covers(hand));
      if (!cut) table.store_disproof(key, r.disproof_hand, r.lower, work);
    }
  } else if (!cut) {
    table.store_estimate(key, hand, r.pn, r.dn, work);
  }
  return r;
}

}  // namespace tsume
