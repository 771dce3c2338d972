// The fixed-depth leaf search of the bounded questions (Kaneko 2010's leaf search, for mates
// within 3 or 5 plies): an attacker node entered with 3 or 5 plies left is settled by a plain
// recursive search of its checks, their evasions and so on down to the mates in one, with no
// table entries below it. df-pn would enter the same positions as nodes of their own, each
// with the table probes of its children and each again on every visit; the leaf search visits
// each position once per path, tests a mate in one with the rules' quick test (evasion_kind),
// after passing over the checks that leave the king a flight unplayed (most of them: nine in
// ten in 図巧 021's length questions), and stops at the first proof or refutation. It runs in long
// questions only (kLeafSearchQuestions) and in the futility tests inside them.
//
// What it returns is what df-pn would store for the node, or nothing:
// - proven: a mate within the plies left, every interposition counted as a ply (a futile one
//   counts less, so the length is an upper bound), for hands covering the proof hand;
// - disproven: no mate within the plies left, for hands covered by the disproof hand;
// - unknown, when futile interpositions are not counted (MateSearchOptions::futility) and only
//   a drop interposition refutes a check: whether the drop is futile needs the comparison
//   searches of df-pn (futility.h), so the node is left to df-pn.
// The results are facts of the position alone, as the table wants them: the leaf search looks
// at no repetition. A position with the attacker to move comes back after 4 plies at the
// earliest, with 1 ply left, where it has a mate in one only if the node itself has one, which
// the node's first pass takes; and repetitions of positions above the node would only turn a
// mate into a path-dependent disproof. A pawn-drop mate is no mate: the check generator leaves
// the drop out (shogi_rules.h).
#pragma once

#include <algorithm>
#include <concepts>

#include "solver/core/bitboard.h"
#include "solver/core/hand.h"
#include "solver/search/mate_len.h"
#include "solver/search/proof_hand.h"
#include "solver/search/rules.h"

namespace tsume {

// The most plies left at an attacker node the leaf search settles (it settles those with 3 and
// with 5), whether one worker searches or several share the table. With 7 the searches cost more
// than the df-pn nodes they save; where workers share the table, 5 plies took as long as 3 on
// the 図巧 batch and the short problems and less on the longest questions (docs/benchmarks.md).
inline constexpr Plies kLeafSearchPlies = 5;
// The fewest: with 1 ply left df-pn values a node by its own mate-in-one test (children.h).
inline constexpr Plies kLeafSearchMinPlies = 3;
// The shortest questions ("mate within L plies?") it runs in. In shorter ones the table's
// reuse of the work of the questions before makes df-pn cheaper near the leaves than the leaf
// search's fresh work: generating problems of 7-11 plies took about a tenth longer with the
// leaf search in every question (docs/benchmarks.md). A futility test inside a question (the
// search of a drop's comparison position, futility.h) counts as part of that question, however
// short its own budget: the tests of a long question's drops are up to half of its nodes,
// mostly new positions, and the leaf search settles their leaves as it does the question's own
// (図巧 095's whole answer on one thread in 194 s against 279 s; on two threads 021's length
// certified, which it was not before; docs/benchmarks.md).
inline constexpr Plies kLeafSearchQuestions = 15;

struct LeafResult {
  enum class Kind { Unknown, Proven, Disproven };
  Kind kind = Kind::Unknown;
  Plies length = 0;  // proven: a mate within this many plies; disproven: none in fewer
  Hand hand;         // proven: the proof hand; disproven: the disproof hand

  static LeafResult proven(Plies length, Hand hand) { return {Kind::Proven, length, hand}; }
  static LeafResult disproven(Plies length, Hand hand) { return {Kind::Disproven, length, hand}; }
};

// The rules the leaf search runs on: those with a quick mate-in-one test (evasion_kind, and
// king_flights and keeps_a_flight to pass over the checks that leave the king a flight without
// playing them) and the king's first step among the evasions (first_king_step, tried before
// the others are generated). The large boards have none; their move generation costs much more
// than a node, and their new children are valued without it (children.h).
template <class R>
concept LeafSearchRules = MateRules<R> &&
    requires(const typename R::Position& pos, typename R::Move m, Color c, Bitboard b) {
  { R::evasion_kind(pos) } -> std::same_as<EvasionKind>;
  { R::king_flights(pos, c) } -> std::same_as<Bitboard>;
  { R::keeps_a_flight(pos, b, m) } -> std::same_as<bool>;
  { R::first_king_step(pos) } -> std::same_as<typename R::Move>;
  { m.is_none() } -> std::same_as<bool>;
} && std::equality_comparable<typename R::Move>;

namespace leaf_detail {

template <LeafSearchRules R>
LeafResult attacker_node(typename R::Position& pos, Color attacker, Plies rem, bool futility);

// The defender to move after a check, `rem` plies left (4 or 2). A board evasion (king move,
// capture, moved interposition) is tried first: it can refute whatever futility says. The
// first, a king step where the king has one, refutes nearly every check (19 in 20 in 図巧 095's
// length questions), so it is tried before the other evasions are generated.
template <LeafSearchRules R>
LeafResult defender_node(typename R::Position& pos, Color attacker, Plies rem, bool futility) {
  bool unknown = false;
  Plies longest = 0;
  Hand merged;
  LeafResult settled;
  // Plays the evasion `e` (a drop or not): true when its answer settles the node (`settled`:
  // a refutation, or a drop that leaves the node unknown); else its proof is merged in.
  const auto settles = [&](typename R::Move e, bool drop) {
    R::do_move(pos, e);
    const LeafResult a = attacker_node<R>(pos, attacker, rem - 1, futility);
    R::undo_move(pos, e);
    if (a.kind == LeafResult::Kind::Proven) {
      longest = std::max(longest, plus_one(a.length));
      merged = hand_max(merged, a.hand);
      return false;
    }
    if (a.kind == LeafResult::Kind::Disproven && !(drop && futility)) {
      settled = LeafResult::disproven(plus_one(a.length),
                                      R::disproof_hand_at_defender(pos, attacker, e, a.hand));
      return true;
    }
    if (drop) return true;  // no drop can refute the node now, and it cannot be proven
    unknown = true;         // a board evasion's child left unknown: a later one may refute
    return false;
  };
  const typename R::Move step = R::first_king_step(pos);
  if (!step.is_none() && settles(step, false)) return settled;
  typename R::MoveList evasions;
  R::generate_evasions(pos, evasions);
  if (R::is_mated(pos, evasions))
    return LeafResult::proven(0, R::proof_hand_at_defender(pos, attacker, Hand()));
  for (const bool drops : {false, true})
    for (const typename R::Move e : evasions)
      if (R::is_drop(e) == drops && e != step && settles(e, drops)) return settled;
  if (unknown) return {};
  return LeafResult::proven(longest, R::proof_hand_at_defender(pos, attacker, merged));
}

// Whether the check `m` leaves the defender king one of its `flights` (the rules'
// king_flights): a king step refutes it, so the leaf search passes over it unplayed.
template <LeafSearchRules R>
bool leaves_a_flight(const typename R::Position& pos, Bitboard flights, typename R::Move m) {
  return !flights.empty() && R::keeps_a_flight(pos, flights, m);
}

// The proof of an attacker node by its check `m`, which mates: `pos` is the position after it,
// given back as it was before it.
template <LeafSearchRules R>
LeafResult mate_by(typename R::Position& pos, Color attacker, typename R::Move m) {
  const Hand mated = R::proof_hand_at_defender(pos, attacker, Hand());
  R::undo_move(pos, m);
  return LeafResult::proven(1, R::proof_hand_before_move(pos, m, mated));
}

// The attacker to move with 1 ply left: a check that mates, or none (each check answered by a
// board evasion, or by drops where every interposition counts).
template <LeafSearchRules R>
LeafResult mate_in_one(typename R::Position& pos, Color attacker,
                       const typename R::MoveList& checks, bool futility) {
  bool unknown = false;
  Hand widest = Hand::full();
  const Bitboard flights = R::king_flights(pos, attacker);
  for (const typename R::Move m : checks) {
    // A board evasion refutes the check whatever the hands: a king step, without playing the
    // check, when it leaves the king a flight.
    Hand refuted = Hand::full();
    if (!leaves_a_flight<R>(pos, flights, m)) {
      R::do_move(pos, m);
      const EvasionKind kind = R::evasion_kind(pos);
      if (kind == EvasionKind::None) return mate_by<R>(pos, attacker, m);
      if (kind == EvasionKind::DropsOnly) {
        if (futility) {
          unknown = true;  // only a mate in one can still settle the node
        } else {
          typename R::MoveList drops;
          R::generate_evasions(pos, drops);
          refuted = R::disproof_hand_at_defender(pos, attacker, drops[0], Hand::full());
        }
      }
      R::undo_move(pos, m);
    }
    widest = hand_min(widest, R::disproof_hand_before_move(pos, m, refuted));
  }
  if (unknown) return {};
  return LeafResult::disproven(3, R::disproof_hand_at_attacker(pos, attacker, widest));
}

// The attacker to move, `rem` plies left (5, 3 or 1): with 3 or more, the mates in one first,
// then each check's evasions (a mate found there is within `rem` plies, not always the
// shortest).
template <LeafSearchRules R>
LeafResult attacker_node(typename R::Position& pos, Color attacker, Plies rem, bool futility) {
  typename R::MoveList checks;
  R::generate_checks(pos, checks);
  if (checks.empty())
    return LeafResult::disproven(kNoMate,
                                 R::disproof_hand_at_attacker(pos, attacker, Hand::full()));
  if (rem == 1) return mate_in_one<R>(pos, attacker, checks, futility);
  const Bitboard flights = R::king_flights(pos, attacker);
  for (const typename R::Move m : checks) {
    if (leaves_a_flight<R>(pos, flights, m)) continue;  // not a mate
    R::do_move(pos, m);
    if (R::first_king_step(pos).is_none()) {  // else no mate, and the pass below tries the step
      typename R::MoveList evasions;          // remembered by the rules' memo for the pass below
      R::generate_evasions(pos, evasions);
      if (R::is_mated(pos, evasions)) return mate_by<R>(pos, attacker, m);
    }
    R::undo_move(pos, m);
  }
  bool unknown = false;
  Plies shortest = kNoMate;
  Hand widest = Hand::full();
  for (const typename R::Move m : checks) {
    R::do_move(pos, m);
    const LeafResult d = defender_node<R>(pos, attacker, rem - 1, futility);
    R::undo_move(pos, m);
    if (d.kind == LeafResult::Kind::Proven)
      return LeafResult::proven(plus_one(d.length), R::proof_hand_before_move(pos, m, d.hand));
    if (d.kind == LeafResult::Kind::Unknown) {
      unknown = true;
      continue;
    }
    shortest = std::min(shortest, d.length);
    widest = hand_min(widest, R::disproof_hand_before_move(pos, m, d.hand));
  }
  if (unknown) return {};
  return LeafResult::disproven(plus_one(shortest),
                               R::disproof_hand_at_attacker(pos, attacker, widest));
}

}  // namespace leaf_detail

// Settles the attacker node `pos` (attacker to move) for mates within `rem` plies (3 or 5), or
// returns unknown (above). `futility`: futile interpositions are not counted.
template <LeafSearchRules R>
LeafResult leaf_search(typename R::Position& pos, Color attacker, Plies rem, bool futility) {
  return leaf_detail::attacker_node<R>(pos, attacker, rem, futility);
}

}  // namespace tsume
