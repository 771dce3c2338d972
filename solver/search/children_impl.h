// The template definitions of children.h, for the translation units that instantiate them:
// children.cpp for the 9x9 rules (ShogiRules), solver/large/dfpn_large.cpp for the large boards.
// Include it from a .cpp only.
#pragma once

#include "solver/search/children.h"

#include <algorithm>
#include <array>

namespace tsume {
namespace {

// The initial value of a child the table does not know (see the header): a new defender node
// after a check, or a new attacker node after an evasion. Terminal ones are stored.
template <MateRules R>
void value_new_child(typename R::Position& pos, Color attacker, TranspositionTable& table,
                     BasicChild<R>& c) {
  if constexpr (requires { R::has_evasion(pos); }) {
    // Rules whose move generation costs much more than a node's other work (the large boards)
    // value a new child without generating its moves: mated or not at a defender node (the
    // 1-ply mate test), unit numbers otherwise; the moves are generated when the node is
    // entered. There are no drops, so any evasion lasts the defender at least 2 plies.
    if (R::side_to_move(pos) != attacker) {
      if (!R::has_evasion(pos)) {
        c.upper = 0;
        c.proof_hand = R::proof_hand_at_defender(pos, attacker, Hand());
        table.store_proof(c.key, c.proof_hand, 0, 1);
        return;
      }
      c.pn = 1;
      c.dn = 1;
      if (c.lower < 2) {
        c.lower = 2;
        c.disproof_hand = Hand::full();
      }
      return;
    }
    c.pn = 1;
    c.dn = 1;
    return;
  }
  if (R::side_to_move(pos) != attacker) {
    typename R::MoveList evasions;
    R::generate_evasions(pos, evasions);
    if (R::is_mated(pos, evasions)) {
      c.upper = 0;
      c.proof_hand = R::proof_hand_at_defender(pos, attacker, Hand());
      table.store_proof(c.key, c.proof_hand, 0, 1);
      return;
    }
    c.pn = initial_defender_pn<R>(evasions);
    c.dn = 1;
    // A king move, capture or moved interposition is legal whatever the hands and never
    // futile, so the defender lasts at least 2 plies: with no plies left after the check,
    // the check is refuted without a node of its own.
    const bool board_evasion = std::any_of(evasions.begin(), evasions.end(),
                                           [](typename R::Move e) { return !R::is_drop(e); });
    if (board_evasion && c.lower < 2) {
      c.lower = 2;
      c.disproof_hand = Hand::full();
    }
    return;
  }
  typename R::MoveList checks;
  R::generate_checks(pos, checks);
  if (checks.empty()) {
    c.mark_disproven();
    c.lower = kNoMate;
    c.disproof_hand = R::disproof_hand_at_attacker(pos, attacker, Hand::full());
    table.store_disproof(c.key, c.disproof_hand, kNoMate, 1);
    return;
  }
  c.dn = initial_attacker_dn<R>(checks);
}

// Gives `c` the table's values when the table knows it (`p`, its probe), else, unless the
// table's bounds settle it, the initial values of a new child.
template <MateRules R>
void value_child(typename R::Position& pos, Color attacker, TranspositionTable& table,
                 BasicChild<R>& c, const TTProbe& p) {
  if (p.found) {
    c.pn = p.pn;
    c.dn = p.dn;
    return;
  }
  if (p.upper != kNoMate || p.lower >= kNoMate) return;  // the table settles it
  R::do_move(pos, c.move);
  value_new_child<R>(pos, attacker, table, c);
  R::undo_move(pos, c.move);
}

}  // namespace

template <MateRules R> PnDn initial_defender_pn(const typename R::MoveList& evasions) {
  PnDn n = 0;
  Bitboard drop_squares;
  for (const typename R::Move m : evasions) {
    if (R::is_drop(m))
      drop_squares.set(R::drop_square(m));
    else
      ++n;
  }
  return n + static_cast<PnDn>(drop_squares.count());
}

template <MateRules R> PnDn initial_attacker_dn(const typename R::MoveList& checks) {
  return static_cast<PnDn>(checks.size());
}

template <MateRules R>
void expand_children(typename R::Position& pos, Color attacker, TranspositionTable& table,
                     std::vector<BasicChild<R>>& children) {
  typename R::MoveList moves;
  if (R::side_to_move(pos) == attacker)
    R::generate_checks(pos, moves);
  else
    R::generate_evasions(pos, moves);
  children.clear();
  // First the children's keys, and their buckets prefetched: the probes below then wait for
  // memory together instead of one after another (table probes are most of a node's cost).
  // Then the move order (of the moves alone), and the children valued in that order.
  for (const typename R::Move m : moves) {
    BasicChild<R> c;
    c.move = m;
    c.key = R::board_key_after(pos, m);
    c.hand = R::hand_after(pos, m, attacker);
    table.prefetch(c.key);
    children.push_back(c);
  }
  order_children<R>(pos, attacker, children);
  const bool defender = R::side_to_move(pos) != attacker;
  Bitboard open_drops;  // the squares with an open drop so far, in move order
  for (BasicChild<R>& c : children) {
    const TTProbe p = table.probe(c.key, c.hand, &c.stamp);
    c.copy_bounds(p);
    // A drop waiting for an earlier open one onto its square (waits_for_earlier_drop) takes no
    // part in the node's value until it is taken up: unless the table knows it, its valuation
    // (a move played and the checks after it counted) waits until then, and most never come.
    // A drop takes its square only once it is valued and left open: one that the table settles
    // leaves the square to the next.
    if (defender && R::is_drop(c.move) && open_drops.test(R::drop_square(c.move)) && !p.found) {
      c.unvalued = true;
      continue;
    }
    value_child<R>(pos, attacker, table, c, p);
    if (defender) waits_for_earlier_drop(c, open_drops);
  }
}

template <MateRules R>
void value_waiting_child(typename R::Position& pos, Color attacker, TranspositionTable& table,
                         BasicChild<R>& c) {
  c.unvalued = false;
  if (!c.is_open()) return;
  const TTProbe p = table.probe(c.key, c.hand, &c.stamp);
  c.tighten_bounds(p);
  value_child<R>(pos, attacker, table, c, p);
}

template <MateRules R>
void order_children(const typename R::Position& pos, Color attacker,
                    std::vector<BasicChild<R>>& children) {
  const typename R::MoveOrder order(pos, attacker);
  // An insertion sort: the lists are short and it needs no buffer. The scores sit in an array
  // of the move list's capacity, or in a vector for a list with no fixed capacity (the large
  // boards).
  using Scores = decltype([] {
    if constexpr (requires { R::MoveList::kCapacity; })
      return std::array<int, R::MoveList::kCapacity>{};
    else
      return std::vector<int>{};
  }());
  Scores scores;
  if constexpr (!requires { R::MoveList::kCapacity; }) scores.resize(children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    const int sc = order.score(children[i].move);
    std::size_t j = i;
    if (j > 0 && scores[j - 1] < sc) {
      const BasicChild<R> c = children[i];
      for (; j > 0 && scores[j - 1] < sc; --j) {
        scores[j] = scores[j - 1];
        children[j] = children[j - 1];
      }
      children[j] = c;
    }
    scores[j] = sc;
  }
}

}  // namespace tsume
