#include "solver/search/dfpn.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <limits>

#include "solver/core/attacks.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/search/proof_hand.h"

namespace tsume {
namespace {

constexpr int kClean = 0x7FFF'FFFF;  // MateSearch::kCleanResult: depends on no repetition

constexpr Plies plus_one(Plies p) { return p >= kNoMate ? kNoMate : p + 1; }

// The 1+epsilon trick: a child may run until its value passes the second-best sibling's by a
// quarter, which cuts the re-expansions of plain df-pn when two siblings alternate.
constexpr PnDn sibling_threshold(PnDn second) {
  return second >= kInfinitePnDn ? kInfinitePnDn : add_pndn(add_pndn(second, 1), second / 4);
}

// df-pn+ initial proof number of a defender node: its evasions, with all drops onto one square
// counted once (interpositions with different pieces tend to be refuted alike).
PnDn initial_defender_pn(const MoveList& evasions) {
  PnDn n = 0;
  Bitboard drop_squares;
  for (Move m : evasions) {
    if (m.is_drop())
      drop_squares.set(m.to());
    else
      ++n;
  }
  return n + static_cast<PnDn>(drop_squares.count());
}

// The mirror for a new attacker node: its disproof needs every check refuted.
PnDn initial_attacker_dn(const MoveList& checks) { return static_cast<PnDn>(checks.size()); }

}  // namespace

MateSearch::MateSearch(TranspositionTable& table, SearchBudget& budget, Color attacker)
    : table_(table), budget_(budget), attacker_(attacker) {}

TTProbe MateSearch::lookup(const Position& pos) const {
  return table_.probe(pos.board_key(), pos.hand(attacker_));
}

Outcome MateSearch::prove(Position& pos, Plies max_len, MateSearchOptions options) {
  options_ = options;  // futile_drop() reads it
  if (prover_) return prover_->prove(pos, max_len, options);
  return prove_at(pos, max_len, 0);
}

Outcome MateSearch::prove_at(Position& pos, Plies max_len, int ply) {
  const Result r = search_at(pos, max_len, ply);
  if (r.pn == 0) return Outcome::Proven;
  if (r.dn == 0 && !budget_.exhausted()) return Outcome::Disproven;
  return Outcome::Unknown;
}

MateSearch::Result MateSearch::search_at(Position& pos, Plies max_len, int ply) {
  const int saved_base = path_base_;
  path_base_ = ply;
  const Result r = mid(pos, ply, kInfinitePnDn, kInfinitePnDn, max_len);
  path_base_ = saved_base;
  return r;
}

Outcome MateSearch::futile_drop(Position& pos, Square s, Plies max_len) {
  const ComparisonBounds b = comparison_bounds(pos, s, 0, max_len, true);
  if (b.upper <= max_len) return Outcome::Proven;
  if (b.lower > max_len) return Outcome::Disproven;
  return Outcome::Unknown;
}

// The comparison position of a drop on s: the checker stands on s, nothing else changed (the
// interposed piece "went back" to the defender's hand). When the checker may promote there,
// the better of the two captures counts. With `search`, each is searched for a mate within
// `max_len` plies on the plies from `base_ply` up; otherwise only the table is read.
MateSearch::ComparisonBounds MateSearch::comparison_bounds(Position& pos, Square s, int base_ply,
                                                           Plies max_len, bool search) {
  ComparisonBounds best{kNoMate, kNoMate};
  const Square ksq = pos.king_square(pos.side_to_move());
  const Bitboard checkers = pos.checkers();
  if (ksq == Square::None || checkers.empty() || checkers.more_than_one()) return best;
  const Square from = checkers.lsb();
  if (!between(ksq, from).test(s)) return best;
  const PieceType pt = type_of(pos.piece_on(from));
  pos.do_null_move();
  for (bool promote_it : {false, true}) {
    if (promote_it && !(is_promotable(pt) &&
                        (in_promotion_zone(attacker_, from) || in_promotion_zone(attacker_, s))))
      continue;
    if (!promote_it && is_dead_square(attacker_, pt, s)) continue;
    const Move m = Move::board(from, s, promote_it);
    pos.do_move(m);
    if (!pos.in_check()) {  // a lance promoted short of the king no longer checks
      pos.undo_move(m);
      continue;
    }
    Plies upper, lower;
    if (search) {
      const Result r = search_at(pos, max_len, base_ply);
      upper = r.pn == 0 ? r.upper : kNoMate;
      lower = r.dn == 0 && !budget_.exhausted() ? r.lower : 0;
    } else {
      const TTProbe p = table_.probe(pos.board_key(), pos.hand(attacker_));
      upper = p.upper;
      lower = p.lower;
    }
    pos.undo_move(m);
    best.upper = std::min(best.upper, upper);
    best.lower = std::min(best.lower, lower);
  }
  pos.undo_null_move();
  return best;
}

// Records the comparison bounds of a drop square and marks the child futile when they show a
// mate within the budget: proven, and counted by its comparison position's length instead.
void MateSearch::apply_futility(const Position& pos, Child& c, const FutilityCache& cache) {
  const Square s = c.move.to();
  if (!cache.futile.test(s)) return;
  c.futile = true;
  c.pn = 0;
  c.dn = kInfinitePnDn;
  c.upper = cache.q_upper[index_of(s)];  // counts as the comparison position, not + 1
  c.proof_hand = pos.hand(attacker_);    // conservative: the whole hand
}

// Tests (once per square, by a search) whether a drop interposition is futile. Tested lazily:
// only for drops that would refute the node or that the table cannot judge.
void MateSearch::mark_if_futile(Position& pos, int ply, Plies rem, Child& c, FutilityCache& cache) {
  const Square s = c.move.to();
  if (!cache.tested.test(s)) {
    cache.tested.set(s);
    // The comparison search runs on the plies above this frame, which are free now.
    const ComparisonBounds b = comparison_bounds(pos, s, ply + 1, rem, true);
    cache.q_upper[index_of(s)] = static_cast<std::int16_t>(b.upper);
    cache.q_lower[index_of(s)] = static_cast<std::int16_t>(b.lower);
    if (b.upper <= rem) cache.futile.set(s);
  }
  apply_futility(pos, c, cache);
}

// Reads the comparison position of a drop from the table only. Returns true (and records the
// square as tested) when the table decides whether the drop is futile within `rem` plies.
bool MateSearch::probe_futility(Position& pos, Plies rem, Square s, FutilityCache& cache) {
  const ComparisonBounds b = comparison_bounds(pos, s, 0, rem, false);
  if (b.upper > rem && b.lower <= rem) return false;
  cache.tested.set(s);
  cache.q_upper[index_of(s)] = static_cast<std::int16_t>(b.upper);
  cache.q_lower[index_of(s)] = static_cast<std::int16_t>(b.lower);
  if (b.upper <= rem) cache.futile.set(s);
  return true;
}

bool MateSearch::is_repetition(std::uint64_t full_key, int ply, int* repeated_ply) const {
  for (int i = ply - 2; i >= path_base_; i -= 2)
    if (path_[i] == full_key) {
      *repeated_ply = i;
      return true;
    }
  return false;
}

// Re-reads a child's value from the table and interprets its length bounds for the budget
// `rem_child`. Returns false when the child is resolved.
bool MateSearch::refresh(Child& c, Plies rem_child) const {
  if (c.local || c.futile) return c.pn != 0 && c.dn != 0;
  const TTProbe p = table_.probe(c.key, c.hand);
  if (p.lower > c.lower) {
    c.lower = p.lower;
    c.disproof_hand = p.disproof_hand;
  }
  if (p.upper < c.upper) {
    c.upper = p.upper;
    c.proof_hand = p.proof_hand;
  }
  if (c.upper <= rem_child) {
    c.pn = 0;
    c.dn = kInfinitePnDn;
  } else if (c.lower > rem_child) {
    c.pn = kInfinitePnDn;
    c.dn = 0;
  } else if (p.found) {
    c.pn = p.pn;
    c.dn = p.dn;
  }
  return c.pn != 0 && c.dn != 0;
}

void MateSearch::expand(Position& pos, std::vector<Child>& children) {
  const bool or_node = pos.side_to_move() == attacker_;
  MoveList moves;
  if (or_node)
    generate_checks(pos, moves);
  else
    generate_evasions(pos, moves);
  children.clear();
  // First the children's keys, and their buckets prefetched: the probes below then wait for
  // memory together instead of one after another (table probes are most of a node's cost).
  for (Move m : moves) {
    Child c;
    c.move = m;
    pos.do_move(m);
    c.key = pos.board_key();
    c.hand = pos.hand(attacker_);
    pos.undo_move(m);
    table_.prefetch(c.key);
    children.push_back(c);
  }
  for (Child& c : children) {
    const TTProbe p = table_.probe(c.key, c.hand);
    c.lower = p.lower;
    c.disproof_hand = p.disproof_hand;
    c.upper = p.upper;
    c.proof_hand = p.proof_hand;
    if (p.found) {
      c.pn = p.pn;
      c.dn = p.dn;
      continue;
    }
    if (p.upper != kNoMate || p.lower >= kNoMate) continue;
    pos.do_move(c.move);
    if (or_node) {
      // A new defender node: count its evasions (none: the check mates, 1-ply mate test).
      MoveList evasions;
      generate_evasions(pos, evasions);
      if (evasions.empty()) {
        c.upper = 0;
        c.proof_hand = proof_hand_at_defender(pos, attacker_, Hand());
        table_.store_proof(c.key, c.proof_hand, 0, 1);
      } else {
        c.pn = initial_defender_pn(evasions);
        c.dn = 1;
        // A king move, capture or moved interposition is legal whatever the hands and never
        // futile, so the defender lasts at least 2 plies: with no plies left after the check,
        // the check is refuted without a node of its own.
        const bool board_evasion =
            std::any_of(evasions.begin(), evasions.end(), [](Move e) { return !e.is_drop(); });
        if (board_evasion && c.lower < 2) {
          c.lower = 2;
          c.disproof_hand = Hand::full();
        }
      }
    } else {
      // A new attacker node with no check is disproven at once, without a node of its own
      // (the mirror of the 1-ply mate test above).
      MoveList checks;
      generate_checks(pos, checks);
      if (checks.empty()) {
        c.pn = kInfinitePnDn;
        c.dn = 0;
        c.lower = kNoMate;
        c.disproof_hand = disproof_hand_at_attacker(pos, attacker_, Hand::full());
        table_.store_disproof(c.key, c.disproof_hand, kNoMate, 1);
      } else {
        c.dn = initial_attacker_dn(checks);
      }
    }
    pos.undo_move(c.move);
  }
  {
    // Tie-break order (the selection takes the first of equal values): at attacker nodes
    // captures, then promotions, then checks nearer the king; at defender nodes king moves,
    // then captures, then moved interpositions, then drops (move ordering, idea 5 of df-pn+
    // style enhancements). The sort is stable, which keeps drops onto one square weakest piece
    // first; an insertion sort, as the lists are short and it needs no buffer.
    const Square ek = pos.king_square(or_node ? ~attacker_ : pos.side_to_move());
    auto dist = [&](Square s) {
      return std::max(std::abs(file_of(s) - file_of(ek)), std::abs(rank_of(s) - rank_of(ek)));
    };
    auto score = [&](Move m) {
      int sc = 0;
      if (or_node) {
        if (!m.is_drop() && pos.piece_on(m.to()) != Piece::None) sc += 4;
        if (m.is_promotion()) sc += 2;
        sc -= 2 * dist(m.to());
      } else {
        if (!m.is_drop() && m.from() == ek)
          sc += 8;
        else if (!m.is_drop() && pos.piece_on(m.to()) != Piece::None)
          sc += 6;
        else if (!m.is_drop())
          sc += 3;
      }
      return sc;
    };
    std::array<int, MoveList::kCapacity> scores;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const int sc = score(children[i].move);
      std::size_t j = i;
      if (j > 0 && scores[j - 1] < sc) {
        const Child c = children[i];
        for (; j > 0 && scores[j - 1] < sc; --j) {
          scores[j] = scores[j - 1];
          children[j] = children[j - 1];
        }
        children[j] = c;
      }
      scores[j] = sc;
    }
  }
}

// The value of an open child as a worker of the parallel search sees it: larger while other
// workers are searching it (search/virtual_load.h).
PnDn MateSearch::seen_by_workers(const Child& c, PnDn value) const {
  if (c.pn == 0 || c.dn == 0) return value;
  const std::uint32_t inside = load_->workers_in(c.key, c.hand);
  return inside == 0 ? value : VirtualLoad::inflate(value, inside);
}

MateSearch::Result MateSearch::mid(Position& pos, int ply, PnDn th_pn, PnDn th_dn, Plies rem) {
  const bool or_node = pos.side_to_move() == attacker_;
  Result res;
  if (or_node && rem < 1) {  // no plies left for a check
    res.pn = kInfinitePnDn;
    res.dn = 0;
    res.lower = std::max<Plies>(1, rem + 1);
    res.disproof_hand = Hand::full();  // no plies: no mate whatever the hand
    return res;
  }
  if (!budget_.tick()) return res;
  const std::uint64_t start_nodes = budget_.nodes();
  const std::uint64_t full_key = pos.key();
  if (path_.size() <= static_cast<std::size_t>(ply))
    path_.resize(static_cast<std::size_t>(ply) + 1);
  path_[ply] = full_key;
  if (int rep = 0; is_repetition(full_key, ply, &rep)) {
    res.pn = kInfinitePnDn;
    res.dn = 0;
    res.lower = kNoMate;
    res.disproof_hand = pos.hand(attacker_);
    res.rep_ply = rep;
    return res;
  }
  if (child_pool_.size() <= static_cast<std::size_t>(ply))
    child_pool_.resize(static_cast<std::size_t>(ply) + 1);
  std::vector<Child>& children = child_pool_[ply];
  expand(pos, children);
  const std::uint64_t key = pos.board_key();
  const Hand hand = pos.hand(attacker_);
  if (load_) load_->enter(key, hand);
  const Plies rem_child = rem - 1;

  PnDn pn = 0, dn = 0;
  FutilityCache futility;
  for (;;) {
    // Where workers are steered apart (virtual proof numbers): at attacker nodes always; at a
    // defender node only when, as the previous child was chosen, it looked nearer to a proof
    // than to a disproof (pn < dn; not on the first choice). A proof needs every evasion, so
    // workers on different evasions all do needed work; a disproof needs one evasion, the most
    // promising one, and workers sent to others would mostly search in vain: they follow it
    // together and spread over the checks below it. (Two threads, the scaling set of
    // scripts/scaling.sh and twelve other 図巧 problems: 4-19 % more nodes than one thread,
    // against 20-26 % when steered at every node; see docs/parallel.md, stop 21.)
    const bool steered = load_ && (or_node || (pn != 0 && pn < dn));
    // Another worker is at this node too: only then can it be inside a child (a transposition
    // aside), and only then are the children's marks read (each read is a cache miss).
    const bool shared_node = steered && load_->workers_in(key, hand) > 1;
    // phi/delta of this node from its children (Nagai's min/sum rules).
    pn = or_node ? kInfinitePnDn : 0;
    dn = or_node ? 0 : kInfinitePnDn;
    std::size_t best = children.size();
    PnDn best_value = kInfinitePnDn, second_value = kInfinitePnDn;
    Bitboard pending_drop_squares;
    PnDn summed_max = 0, summed_count = 0;
    for (std::size_t i = 0; i < children.size(); ++i) {
      Child& c = children[i];
      if (!or_node && rem_child < 1 && !c.futile) {  // an attacker node with no plies left
        c.pn = kInfinitePnDn;
        c.dn = 0;
        if (c.lower < 1) {
          c.lower = 1;
          c.disproof_hand = Hand::full();
        }
      } else if (c.pn != 0 && c.dn != 0) {
        // Resolved children stay resolved for this budget: only open ones are read again.
        refresh(c, rem_child);
      }
      if (c.dn == 0 && !or_node && options_.futility && c.move.is_drop() && !c.futile)
        mark_if_futile(pos, ply, rem, c, futility);
      if (!or_node && c.move.is_drop() && c.pn != 0 && c.dn != 0) {
        // Drops onto one square are searched one at a time, weakest piece first: the next is
        // taken up once the previous is proven. Interpositions with different pieces are mostly
        // refuted alike, and summing all of them would make every distant check look hopeless.
        const Square s = c.move.to();
        if (pending_drop_squares.test(s)) continue;
        pending_drop_squares.set(s);
      }
      const PnDn v = or_node ? c.pn : c.dn;   // the value this node minimises
      const PnDn sv = or_node ? c.dn : c.pn;  // the value this node sums
      if (sv != 0) {
        ++summed_count;
        summed_max = std::max(summed_max, sv);
      }
      if (or_node) {
        pn = std::min(pn, c.pn);
        dn = add_pndn(dn, c.dn);
      } else {
        pn = add_pndn(pn, c.pn);
        dn = std::min(dn, c.dn);
      }
      // The choice: the smallest value, as other workers make it look (virtual proof numbers;
      // none in the serial search). Only children that can make progress within this node's
      // threshold are chosen, so a child always runs until its real value passes its own
      // threshold; the node's pn/dn, returned and stored, stay the real ones.
      const PnDn seen = shared_node ? seen_by_workers(c, v) : v;
      if (seen < best_value && v < (or_node ? th_pn : th_dn)) {
        second_value = std::min(second_value, best_value);
        best_value = seen;
        best = i;
      } else if (seen < second_value) {
        second_value = seen;
      }
    }
    // Weak disproof numbers at attacker nodes (WPNS, Ueda et al. 2008): max + (children - 1)
    // instead of the sum, which overcounts the DAG of checks converging on one position.
    // (The same rule for pn at defender nodes was measured worse and is not used.)
    const bool wpns = or_node;
    if (wpns && summed_count > 0 && dn != 0) dn = add_pndn(summed_max, summed_count - 1);
    if (pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || budget_.exhausted()) break;
    Child& c = children[best];
    if (!or_node && options_.futility && c.move.is_drop() && !c.futile &&
        !futility.tested.test(c.move.to()) && !futility.probed.test(c.move.to())) {
      // About to search a drop interposition: the table may already know the comparison
      // position well enough to tell whether it is futile; a search for it waits until the
      // drop would refute this node.
      futility.probed.set(c.move.to());
      if (probe_futility(pos, rem, c.move.to(), futility)) {
        apply_futility(pos, c, futility);
        continue;
      }
    }
    PnDn cth_pn, cth_dn;
    if (or_node) {
      cth_pn = std::min(th_pn, sibling_threshold(second_value));
      cth_dn =
          wpns ? child_threshold(th_dn, summed_count - 1, 0) : child_threshold(th_dn, dn, c.dn);
    } else {
      cth_dn = std::min(th_dn, sibling_threshold(second_value));
      cth_pn = child_threshold(th_pn, pn, c.pn);
    }
    // With saturated values (children at kMaxFinitePnDn) the threshold can fall to the child's
    // own value, and the child would return at once, forever: it must be able to pass it.
    const auto above = [](PnDn v) { return v >= kMaxFinitePnDn ? kInfinitePnDn : v + 1; };
    if (or_node && cth_pn <= c.pn) cth_pn = above(c.pn);
    if (!or_node && cth_dn <= c.dn) cth_dn = above(c.dn);
    pos.do_move(c.move);
    const Result r = mid(pos, ply + 1, cth_pn, cth_dn, rem_child);
    pos.undo_move(c.move);
    c.pn = r.pn;
    c.dn = r.dn;
    if (r.lower > c.lower) {
      c.lower = r.lower;
      c.disproof_hand = r.disproof_hand;
    }
    if (r.upper < c.upper) {
      c.upper = r.upper;
      c.proof_hand = r.proof_hand;
    }
    c.rep_ply = r.rep_ply;
    if (r.rep_ply != kClean) c.local = true;  // a path-dependent result stays on this path
  }

  if (load_) load_->leave(key, hand);
  res.pn = pn;
  res.dn = dn;
  const auto work = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(budget_.nodes() - start_nodes, 0xFFFF'FFFFu));
  if (pn == 0) {
    if (or_node) {
      const Child* win = nullptr;
      for (const Child& c : children)
        if (c.pn == 0 && (!win || c.upper < win->upper)) win = &c;
      res.upper = plus_one(win->upper);
      res.proof_hand = proof_hand_before_move(pos, win->move, win->proof_hand);
    } else {
      // A futile interposition counts by its comparison position's length (not + 1).
      Plies longest = 0;
      Hand merged;
      for (const Child& c : children) {
        merged = hand_max(merged, c.proof_hand);
        longest = std::max(longest, c.futile ? c.upper : plus_one(c.upper));
      }
      res.upper = longest;
      res.proof_hand = proof_hand_at_defender(pos, attacker_, merged);
    }
    table_.store_proof(key, res.proof_hand, res.upper, work);
  } else if (dn == 0) {
    if (or_node) {
      Plies shortest = kNoMate;
      Hand widest = Hand::full();
      for (const Child& c : children) {
        shortest = std::min(shortest, c.lower);
        res.rep_ply = std::min(res.rep_ply, c.rep_ply);
        widest = hand_min(widest, disproof_hand_before_move(pos, c.move, c.disproof_hand));
      }
      res.lower = plus_one(shortest);
      res.disproof_hand = disproof_hand_at_attacker(pos, attacker_, widest);
    } else {
      const Child* refutation = nullptr;
      for (const Child& c : children) {
        if (c.dn != 0) continue;
        if (!refutation || (c.rep_ply == kClean && refutation->rep_ply != kClean) ||
            (c.rep_ply == refutation->rep_ply && c.lower > refutation->lower))
          refutation = &c;
      }
      res.lower = plus_one(refutation->lower);
      res.rep_ply = refutation->rep_ply;
      res.disproof_hand =
          disproof_hand_at_defender(pos, attacker_, refutation->move, refutation->disproof_hand);
      if (options_.futility && refutation->move.is_drop()) {
        // A drop refutes a longer budget too unless its comparison position mates within it.
        // The comparison position was judged with this hand only.
        res.disproof_hand = hand;
        const Square s = refutation->move.to();
        if (futility.tested.test(s))
          res.lower = std::min<Plies>(res.lower, futility.q_lower[index_of(s)]);
        else
          res.lower = 0;  // not judged: no bound to keep
      }
    }
    // Whatever the refutation's own bound, this node is now disproven for `rem` plies (and so
    // for every smaller budget: a mate within fewer plies is a mate within more). The bound
    // above can fall short of that when a drop refuted the node, as its comparison position is
    // only judged for `rem`; without it a disproof would be reported with no bound at all.
    res.lower = std::max(res.lower, plus_one(rem));
    if (res.rep_ply >= ply) {  // independent of the path above this node
      res.rep_ply = kClean;
      assert(res.disproof_hand.covers(hand));
      if (!budget_.exhausted()) table_.store_disproof(key, res.disproof_hand, res.lower, work);
    }
  } else if (!budget_.exhausted()) {
    table_.store_estimate(key, hand, pn, dn, work);
  }
  return res;
}

}  // namespace tsume
