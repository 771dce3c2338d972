// The template definitions of node_outcome.h, for the translation units that instantiate them:
// node_outcome.cpp for the 9x9 rules (ShogiRules), solver/large/dfpn_large.cpp for the large
// boards. Include it from a .cpp only.
#pragma once

#include "solver/search/node_outcome.h"

#include <algorithm>
#include <cassert>

namespace tsume {
namespace {

template <MateRules R>
SearchResult proven_attacker_node(const typename R::Position& pos,
                                  const std::vector<BasicChild<R>>& children) {
  const BasicChild<R>* win = nullptr;
  for (const BasicChild<R>& c : children)
    if (c.is_proven() && (!win || c.upper < win->upper)) win = &c;
  return SearchResult::proven(plus_one(win->upper),
                              R::proof_hand_before_move(pos, win->move, win->proof_hand));
}

template <MateRules R>
SearchResult proven_defender_node(const typename R::Position& pos, Color attacker,
                                  const std::vector<BasicChild<R>>& children) {
  Plies longest = 0;
  Hand merged;
  for (const BasicChild<R>& c : children) {
    merged = hand_max(merged, c.proof_hand);
    longest = std::max(longest, c.futile ? c.upper : plus_one(c.upper));
  }
  return SearchResult::proven(longest, R::proof_hand_at_defender(pos, attacker, merged));
}

template <MateRules R>
SearchResult disproven_attacker_node(const typename R::Position& pos, Color attacker,
                                     const std::vector<BasicChild<R>>& children) {
  Plies shortest = kNoMate;
  Hand widest = Hand::full();
  int rep_ply = kNoRepetition;
  for (const BasicChild<R>& c : children) {
    shortest = std::min(shortest, c.lower);
    rep_ply = std::min(rep_ply, c.rep_ply);
    widest = hand_min(widest, R::disproof_hand_before_move(pos, c.move, c.disproof_hand));
  }
  return SearchResult::disproven(plus_one(shortest),
                                 R::disproof_hand_at_attacker(pos, attacker, widest), rep_ply);
}

// The refutation a disproven defender node reports (see the header).
template <MateRules R>
const BasicChild<R>& refutation_of(const std::vector<BasicChild<R>>& children) {
  const BasicChild<R>* refutation = nullptr;
  for (const BasicChild<R>& c : children) {
    if (!c.is_disproven()) continue;
    if (!refutation || (!c.rests_on_repetition() && refutation->rests_on_repetition()) ||
        (c.rep_ply == refutation->rep_ply && c.lower > refutation->lower))
      refutation = &c;
  }
  return *refutation;
}

template <MateRules R>
SearchResult disproven_defender_node(const typename R::Position& pos, Color attacker,
                                     const std::vector<BasicChild<R>>& children,
                                     const FutilityCache* futility) {
  const BasicChild<R>& refutation = refutation_of(children);
  SearchResult r = SearchResult::disproven(
      plus_one(refutation.lower),
      R::disproof_hand_at_defender(pos, attacker, refutation.move, refutation.disproof_hand),
      refutation.rep_ply);
  if (futility && R::is_drop(refutation.move)) {
    // A drop refutes a longer budget too unless its comparison position mates within it.
    // The comparison position was judged with this hand only.
    r.disproof_hand = R::hand(pos, attacker);
    const Square s = R::drop_square(refutation.move);
    if (futility->tested(s))
      r.lower = std::min<Plies>(r.lower, futility->comparison_lower(s));
    else
      r.lower = 0;  // not judged: no bound to keep
  }
  return r;
}

}  // namespace

template <MateRules R>
SearchResult proven_outcome(const typename R::Position& pos, Color attacker,
                            const std::vector<BasicChild<R>>& children) {
  return R::side_to_move(pos) == attacker ? proven_attacker_node<R>(pos, children)
                                          : proven_defender_node<R>(pos, attacker, children);
}

template <MateRules R>
SearchResult disproven_outcome(const typename R::Position& pos, Color attacker,
                               const std::vector<BasicChild<R>>& children, Plies rem,
                               const FutilityCache* futility) {
  SearchResult r = R::side_to_move(pos) == attacker
                       ? disproven_attacker_node<R>(pos, attacker, children)
                       : disproven_defender_node<R>(pos, attacker, children, futility);
  // Whatever the refutation's own bound, the node is disproven for `rem` plies. The bound
  // above can fall short of that when a drop refuted the node, as its comparison position is
  // only judged for `rem`; without this a disproof would be reported with no bound at all.
  r.lower = std::max(r.lower, plus_one(rem));
  return r;
}

}  // namespace tsume
