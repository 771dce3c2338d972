#include "solver/search/node_outcome_impl.h"

namespace tsume {

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

template SearchResult proven_outcome<ShogiRules>(const Position&, Color, const std::vector<Child>&);
template SearchResult disproven_outcome<ShogiRules>(const Position&, Color,
                                                    const std::vector<Child>&, Plies,
                                                    const FutilityCache*);

}  // namespace tsume
