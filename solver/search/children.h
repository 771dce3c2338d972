// The children of a mate-search node: their generation with the values the table and the
// df-pn+ initial values give them, their move ordering, and their re-reading from the table.
//
// Attacker (OR) nodes have the legal checks as children, defender (AND) nodes all evasions.
// A child that the table does not know gets df-pn+ style initial values:
// - a new defender node starts with pn = its evasions, drops onto one square counted once
//   (interpositions with different pieces tend to be refuted alike), and a check with no
//   evasion is a mate found at once (the 1-ply mate test), stored as such;
// - a new attacker node starts with dn = its checks, and one with no check is disproven at
//   once and stored as such (the mirror of the 1-ply mate test).
// Neither costs a node of its own.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/core/bitboard.h"
#include "solver/search/rules.h"
#include "solver/search/search_result.h"
#include "solver/search/shogi_rules.h"
#include "solver/search/tt.h"

namespace tsume {

// One child of a node: its move, its table identity and its value as the node knows it.
template <MateRules R> struct BasicChild : SearchResult {
  typename R::Move move;
  std::uint64_t key = 0;  // board key after the move
  Hand hand;              // attacker hand after the move
  bool local = false;     // the value rests on the path: never read it from the table again
  bool futile = false;    // a futile interposition: proven, ignored by the length budget
  bool unvalued = false;  // a drop waiting for an earlier one onto its square, not yet valued
  std::uint16_t stamp = TranspositionTable::kNoStamp;  // of the last probe of it (tt.h)

  // Takes a child search's result: its numbers, its tighter bounds and its repetition; a
  // result that rests on a repetition stays with this path (the child becomes local).
  void update(const SearchResult& r) {
    pn = r.pn;
    dn = r.dn;
    tighten_bounds(r);
    rep_ply = r.rep_ply;
    if (r.rests_on_repetition()) local = true;
  }
};
using Child = BasicChild<ShogiRules>;

// df-pn+ initial proof number of a new defender node: its evasions, all drops onto one square
// counted once.
template <MateRules R = ShogiRules> PnDn initial_defender_pn(const typename R::MoveList& evasions);
// df-pn+ initial disproof number of a new attacker node: its disproof needs every check refuted.
template <MateRules R = ShogiRules> PnDn initial_attacker_dn(const typename R::MoveList& checks);

// Fills `children` with the children of `pos` (checks when `attacker` is to move, else
// evasions), valued from `table` or with initial values (above), in move order (below). A drop
// that the table does not know and that waits for an earlier open drop onto its square
// (waits_for_earlier_drop) is left `unvalued`: value_waiting_child values it once it is taken up.
template <MateRules R>
void expand_children(typename R::Position& pos, Color attacker, TranspositionTable& table,
                     std::vector<BasicChild<R>>& children);

// Values a child that expand_children left unvalued (a drop waiting for an earlier one onto its
// square), once it is taken up: from the table, else with the initial values.
template <MateRules R>
void value_waiting_child(typename R::Position& pos, Color attacker, TranspositionTable& table,
                         BasicChild<R>& c);

// Sorts `children` by the rules' move order (R::MoveOrder), best first; the selection takes
// the first of equal values. Stable: drops onto one square keep the generator's order,
// weakest piece first.
template <MateRules R>
void order_children(const typename R::Position& pos, Color attacker,
                    std::vector<BasicChild<R>>& children);

// Re-reads an open child's value from the table and judges its length bounds for the budget
// `rem_child` (a bound within the budget settles it). Local and futile children keep their
// value. Returns whether the child is still open.
// Judges an open child's length bounds, as they stand, for the budget `rem_child` (what
// refresh_child does after its reading, when the table entry is known not to have changed).
template <MateRules R> bool judge_child(BasicChild<R>& c, Plies rem_child) {
  if (c.local || c.futile) return c.is_open();
  if (c.upper <= rem_child)
    c.mark_proven();
  else if (c.lower > rem_child)
    c.mark_disproven();
  return c.is_open();
}

template <MateRules R>
bool refresh_child(BasicChild<R>& c, const TranspositionTable& table, Plies rem_child) {
  if (c.local || c.futile) return c.is_open();
  // Nothing stored into its bucket since the last probe (a shared table only): the same again.
  if (table.unchanged_since(c.key, c.stamp)) return judge_child(c, rem_child);
  const TTProbe p = table.probe(c.key, c.hand, &c.stamp);
  c.tighten_bounds(p);
  if (c.upper <= rem_child) {
    c.mark_proven();
  } else if (c.lower > rem_child) {
    c.mark_disproven();
  } else if (p.found) {
    c.pn = p.pn;
    c.dn = p.dn;
  }
  return c.is_open();
}

// The one-drop-per-square rule at defender nodes: drops onto one square are searched one at a
// time, in move order (weakest piece first), the next taken up once the previous is proven.
// Interpositions with different pieces are mostly refuted alike, and summing all of them would
// make every distant check look hopeless. Returns whether the open drop `c` waits for an
// earlier one onto its square; `pending` holds the squares with an open drop so far.
template <MateRules R> bool waits_for_earlier_drop(const BasicChild<R>& c, Bitboard& pending) {
  if (!R::is_drop(c.move) || !c.is_open()) return false;
  const Square s = R::drop_square(c.move);
  if (pending.test(s)) return true;
  pending.set(s);
  return false;
}

}  // namespace tsume
