// What a searched node returns to its parent and writes to the table, once its children's
// values decide it (proven or disproven) or the search leaves it open.
//
// Proven (the attacker mates within the budget):
// - attacker node: by the proven check with the shortest mate, one ply more; its proof hand
//   (証明駒) is the check's, with a dropped piece added back (proof_hand_before_move);
// - defender node: by its longest proven evasion, one ply more (a futile interposition (無駄合)
//   counts by its comparison position's length, not one more); the proof hand covers every
//   evasion's, plus what the defender could otherwise interpose (R::proof_hand_at_defender).
// Disproven (no mate within the budget):
// - attacker node: no check mates in fewer plies than the shortest child bound, one more; the
//   disproof hand (反証駒) is covered by every check's (R::disproof_hand_at_attacker); it rests on
//   the earliest repetition any check rests on;
// - defender node: by one refuting evasion, preferring one that rests on no repetition, then
//   the one with the longer bound; with futility on, a drop refutation holds only for the hand
//   and the bound its comparison position was judged with (none when not judged).
// Either way a disproven node holds for this budget, so its bound is at least `rem` + 1 (a
// mate within fewer plies is a mate within more).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/search/children.h"
#include "solver/search/futility.h"
#include "solver/search/rules.h"
#include "solver/search/search_result.h"
#include "solver/search/tt.h"

namespace tsume {

// The value of a proven node (`children` all valued; at least one proven at attacker nodes,
// all proven at defender nodes).
template <MateRules R>
SearchResult proven_outcome(const typename R::Position& pos, Color attacker,
                            const std::vector<BasicChild<R>>& children);
// The value of a node disproven within `rem` plies (one refuted child at defender nodes, all
// at attacker nodes). `futility`: the node's drop records when futility is on, else null.
template <MateRules R>
SearchResult disproven_outcome(const typename R::Position& pos, Color attacker,
                               const std::vector<BasicChild<R>>& children, Plies rem,
                               const FutilityCache* futility);

// Writes the outcome `r` of the node (key, hand) at `ply` to the table, `work` nodes having
// been spent below it, and returns the value its parent sees. Proofs are always stored (a
// proof is a proof however the search was cut short). A disproof resting on a repetition at
// this ply or above no longer rests on the path (the repetition lies inside the subtree) and
// is stored; one resting on a repetition below is returned unstored. Disproofs and open
// estimates of a search cut short (`cut`) are not stored: a cut child may have looked
// refuted or harder than it is.
SearchResult store_outcome(TranspositionTable& table, std::uint64_t key, Hand hand, int ply,
                           SearchResult r, std::uint32_t work, bool cut);

}  // namespace tsume
