// The template definitions of the df-pn (dfpn.h), for the translation units that instantiate it:
// dfpn.cpp for the 9x9 rules (ShogiRules), solver/large/dfpn_large.cpp for the large boards.
// Include it from a .cpp only.
#pragma once

#include "solver/search/dfpn.h"

#include <algorithm>
#include <utility>

#include "solver/search/leaf_search.h"
#include "solver/search/node_outcome.h"

namespace tsume {
namespace {

// The 1+epsilon trick: a child may run until its value passes the second-best sibling's by a
// quarter, which cuts the re-expansions of plain df-pn when two siblings alternate.
constexpr PnDn sibling_threshold(PnDn second) {
  return second >= kInfinitePnDn ? kInfinitePnDn : add_pndn(add_pndn(second, 1), second / 4);
}

// With saturated values (children at kMaxFinitePnDn) a threshold can fall to the child's own
// value, and the child would return at once, forever: it must be able to pass it.
constexpr PnDn above(PnDn v) { return v >= kMaxFinitePnDn ? kInfinitePnDn : v + 1; }

}  // namespace

template <MateRules R>
BasicMateSearch<R>::BasicMateSearch(TranspositionTable& table, SearchBudget& budget, Color attacker)
    : table_(table), budget_(budget), attacker_(attacker) {}

template <MateRules R> TTProbe BasicMateSearch<R>::lookup(const Position& pos) const {
  return table_.probe(R::board_key(pos), R::hand(pos, attacker_));
}

template <MateRules R>
Outcome BasicMateSearch<R>::prove(Position& pos, Plies max_len, MateSearchOptions options) {
  options_ = options;  // futile_drop() reads it
  if (prover_) return prover_->prove(pos, max_len, options);
  return prove_at(pos, max_len, 0);
}

template <MateRules R> Outcome BasicMateSearch<R>::prove_at(Position& pos, Plies max_len, int ply) {
  const SearchResult r = search_at(pos, max_len, ply);
  if (r.is_proven()) return Outcome::Proven;
  if (r.is_disproven() && !budget_.exhausted()) return Outcome::Disproven;
  return Outcome::Unknown;
}

template <MateRules R>
SearchResult BasicMateSearch<R>::search_at(Position& pos, Plies max_len, int ply) {
  const int saved_base = path_.start_question(ply);
  const Plies saved_len = question_len_;
  // A futility test inside a question belongs to it for the leaf search's choice (mid();
  // leaf_search.h says why).
  question_len_ = std::max(saved_len, max_len);
  const SearchResult r = mid(pos, ply, {kInfinitePnDn, kInfinitePnDn}, max_len);
  question_len_ = saved_len;
  path_.end_question(saved_base);
  return r;
}

template <MateRules R>
Outcome BasicMateSearch<R>::futile_drop(Position& pos, Square s, Plies max_len) {
  const ComparisonBounds b = comparison_bounds(pos, s, 0, max_len, true);
  if (b.upper <= max_len) return Outcome::Proven;
  if (b.lower > max_len) return Outcome::Disproven;
  return Outcome::Unknown;
}

template <MateRules R>
ComparisonBounds BasicMateSearch<R>::comparison_bounds(Position& pos, Square s, int base_ply,
                                                       Plies max_len, bool search) {
  ComparisonBounds best;
  const auto moves = R::comparison_moves(pos, attacker_, s);
  if (moves.empty()) return best;
  R::do_null_move(pos);
  for (const typename R::Move m : moves) {
    R::do_move(pos, m);
    if (R::in_check(pos)) {  // a lance promoted short of the king no longer checks
      Plies upper, lower;
      if (search) {
        const SearchResult r = search_at(pos, max_len, base_ply);
        upper = r.is_proven() ? r.upper : kNoMate;
        lower = r.is_disproven() && !budget_.exhausted() ? r.lower : 0;
      } else {
        const TTProbe p = lookup(pos);
        upper = p.upper;
        lower = p.lower;
      }
      best.upper = std::min(best.upper, upper);
      best.lower = std::min(best.lower, lower);
    }
    R::undo_move(pos, m);
  }
  R::undo_null_move(pos);
  return best;
}

template <MateRules R> void BasicMateSearch<R>::mark_forbidden(std::vector<Child>& children) {
  for (Child& c : children) {
    if (!options_.forbidden->contains(c.key, c.hand)) continue;
    // No mate, for this position only, resting on a repetition before the root: kept in this
    // node (local) and off the table, whatever the table says of the position.
    c.mark_disproven();
    c.lower = kNoMate;
    c.disproof_hand = c.hand;
    c.upper = kNoMate;
    c.rep_ply = kBeforeRoot;
    c.local = true;
  }
}

template <MateRules R> void BasicMateSearch<R>::mark_if_futile(Node& node, Child& c) {
  const Square s = R::drop_square(c.move);
  if (!node.futility.tested(s)) {
    // The comparison search runs on the plies above this frame, which are free now.
    const ComparisonBounds b = comparison_bounds(node.pos, s, node.ply + 1, node.rem, true);
    node.reread = true;  // the comparison searches may have reached the siblings' positions
    node.futility.record(s, b, node.rem);
  }
  node.futility.apply(c, R::hand(node.pos, attacker_));
}

template <MateRules R> bool BasicMateSearch<R>::futility_known_from_table(Node& node, Child& c) {
  const Square s = R::drop_square(c.move);
  if (node.or_node || !options_.futility || !R::is_drop(c.move) || c.futile ||
      node.futility.tested(s) || node.futility.probed(s))
    return false;
  node.futility.mark_probed(s);
  const ComparisonBounds b = comparison_bounds(node.pos, s, 0, node.rem, false);
  if (!b.decide(node.rem)) return false;  // a search for it waits until the drop would refute
  node.futility.record(s, b, node.rem);
  node.futility.apply(c, R::hand(node.pos, attacker_));
  return true;
}

template <MateRules R> void BasicMateSearch<R>::revalue_child(Node& node, Child& c, bool reread) {
  const Plies rem_child = node.rem - 1;
  if (!node.or_node && rem_child < 1 && !c.futile) {  // an attacker node with no plies left
    c.mark_disproven();
    if (c.lower < 1) {
      c.lower = 1;
      c.disproof_hand = Hand::full();
    }
  } else if (c.is_open()) {
    // Resolved children stay resolved for this budget: only open ones are read again.
    if (reread)
      refresh_child(c, table_, rem_child);
    else
      judge_child(c, rem_child);
  }
  if (!node.or_node && options_.futility && c.is_disproven() && R::is_drop(c.move) && !c.futile)
    mark_if_futile(node, c);
}

template <MateRules R>
auto BasicMateSearch<R>::select_child(Node& node, PnDn th_phi, bool shared) -> Choice {
  // Locals, not the returned Choice: the writes to the children below could alias it, and
  // it would live in memory instead of registers.
  PhiDelta value{kInfinitePnDn, 0};
  std::size_t best = node.children.size();
  PnDn best_value = kInfinitePnDn, second = kInfinitePnDn;
  // The node's delta. At attacker nodes a weak sum of the children's disproof numbers (the
  // checks converge on the same positions). At defender nodes the proof numbers of the
  // evasions that are not drops, summed, plus a weak sum of the drops: an interposition is
  // answered alike on every square of the line (the piece is taken and the attack goes on),
  // and with one drop a square open at a time (waits_for_earlier_drop) the terms are the
  // squares. Summing the drops instead, a check along a long line looked dearer than its proof
  // (docs/benchmarks.md, "Interpositions counted weakly"); a weak sum of every evasion was
  // measured worse.
  PnDn summed = 0;
  WeakSum weak;
  Bitboard pending_drops;
  // The table is read again when something may have changed the children's entries since the
  // last reading: see Node::reread. Another worker may change them at any time: in a parallel
  // search they are read again at every choice of a bounded question (the length search), and
  // in the unbounded search only while another worker is at the node too (docs/parallel.md).
  const bool reread = std::exchange(node.reread, false) || shared ||
                      (hooks_ != nullptr && node.rem < kUnboundedPlies / 2);
  for (std::size_t i = 0; i < node.children.size(); ++i) {
    Child& c = node.children[i];
    revalue_child(node, c, reread || node.reread);
    if (!node.or_node && waits_for_earlier_drop(c, pending_drops)) continue;
    if (c.unvalued) {  // taken up now: valued, then judged (a refuting drop's futility test)
      value_waiting_child<R>(node.pos, attacker_, table_, c);
      revalue_child(node, c, false);
    }
    const PhiDelta v = c.phi_delta(!node.or_node);  // the child's own phi/delta
    if (v.phi != 0) {
      if (counted_weakly(node, c))
        weak.add(v.phi);
      else
        summed = add_pndn(summed, v.phi);
    }
    value.phi = std::min(value.phi, v.delta);
    // Only children that can make progress within this node's threshold are chosen, so a
    // child always runs until its real value passes its own threshold.
    const PnDn seen = shared ? seen_by_workers(c, v.delta) : v.delta;
    if (seen < best_value && v.delta < th_phi) {
      second = std::min(second, best_value);
      best_value = seen;
      best = i;
    } else if (seen < second) {
      second = seen;
    }
  }
  value.delta = add_pndn(summed, weak.value());
  const PnDn others = weak.terms == 0 ? summed : add_pndn(summed, weak.terms - 1);
  return Choice{value, best, second, others};
}

template <MateRules R>
PhiDelta BasicMateSearch<R>::child_thresholds(const Node& node, PhiDelta th, const Choice& choice,
                                              const Child& c) const {
  const PhiDelta v = c.phi_delta(!node.or_node);
  PhiDelta t;
  t.delta = std::min(th.phi, sibling_threshold(choice.second));
  t.phi = counted_weakly(node, c) ? child_threshold(th.delta, choice.others, 0)
                                  : child_threshold(th.delta, choice.value.delta, v.phi);
  if (t.delta <= v.delta) t.delta = above(v.delta);
  return t;
}

template <MateRules R>
SearchResult BasicMateSearch<R>::mid(Position& pos, int ply, PhiDelta th, Plies rem) {
  const bool or_node = R::side_to_move(pos) == attacker_;
  if (or_node && rem < 1)  // no plies left for a check: no mate whatever the hand
    return SearchResult::disproven(std::max<Plies>(1, rem + 1), Hand::full());
  if (!budget_.tick()) return SearchResult{};
  const std::uint64_t start_nodes = budget_.nodes();
  const std::uint64_t full_key = R::full_key(pos);
  path_.set(ply, full_key);
  if (const int rep = path_.repeated_ply(full_key, ply); rep >= 0)
    return SearchResult::disproven(kNoMate, R::hand(pos, attacker_), rep);
  if constexpr (LeafSearchRules<R>) {
    // The leaf search (leaf_search.h) settles an attacker node with 3 or 5 plies left in the
    // questions of kLeafSearchQuestions plies or more and the futility tests inside them. A
    // search with forbidden positions passes through none, so it keeps to df-pn, as does a node
    // the table already holds (df-pn has searched it: the leaf search left it unknown, or a
    // question reached it with more plies left, and its work is in the table).
    if (or_node && rem >= kLeafSearchMinPlies && rem <= kLeafSearchPlies &&
        question_len_ >= kLeafSearchQuestions && !options_.forbidden) {
      const std::uint64_t key = R::board_key(pos);
      const Hand hand = R::hand(pos, attacker_);
      if (!table_.probe(key, hand).found) {
        const LeafResult l = leaf_search<R>(pos, attacker_, rem, options_.futility);
        if (l.kind != LeafResult::Kind::Unknown) {
          const SearchResult r = l.kind == LeafResult::Kind::Proven
                                     ? SearchResult::proven(l.length, l.hand)
                                     : SearchResult::disproven(l.length, l.hand);
          return store_outcome(table_, key, hand, ply, r, 1, false);
        }
      }
    }
  }
  std::vector<Child>& children = children_at(ply);
  expand_children(pos, attacker_, table_, children);
  if (options_.forbidden) mark_forbidden(children);
  Node node{pos, ply, rem, or_node, R::board_key(pos), R::hand(pos, attacker_), children, {}};
  if (hooks_) hooks_->enter(node.key, node.hand);

  PhiDelta value{0, 0};
  for (;;) {
    // Another worker is at this node too: only then are the children's marks read.
    const bool shared = steered(node, value) && hooks_->shared(node.key, node.hand);
    const Choice choice = select_child(node, th.phi, shared);
    value = choice.value;
    if (value.phi == 0 || value.delta == 0 || value.phi >= th.phi || value.delta >= th.delta ||
        budget_.exhausted())
      break;
    Child& c = children[choice.best];
    if (futility_known_from_table(node, c)) continue;
    const PhiDelta child_th = child_thresholds(node, th, choice, c);
    R::do_move(pos, c.move);
    const std::uint64_t before = budget_.nodes();
    const SearchResult r = mid(pos, ply + 1, child_th, rem - 1);
    R::undo_move(pos, c.move);
    c.update(r);
    // A search of one node stores only the child and the terminal positions below it, none
    // of which is a sibling (the side to move differs, or the board); a longer one may
    // transpose into a sibling's position.
    if (budget_.nodes() - before > 1) node.reread = true;
  }
  if (hooks_) hooks_->leave(node.key, node.hand);

  const auto work = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(budget_.nodes() - start_nodes, 0xFFFF'FFFFu));
  SearchResult r = SearchResult::from_phi_delta(or_node, value);
  if (r.is_proven())
    r = proven_outcome<R>(pos, attacker_, children);
  else if (r.is_disproven())
    r = disproven_outcome<R>(pos, attacker_, children, rem,
                             options_.futility ? &node.futility : nullptr);
  return store_outcome(table_, node.key, node.hand, ply, r, work, budget_.exhausted());
}

}  // namespace tsume
