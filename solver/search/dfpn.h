// Depth-first proof-number search (df-pn, Nagai 2002) for tsume-shogi, with:
// - check-only moves at attacker (OR) nodes and all evasions at defender (AND) nodes;
// - df-pn+ style initial values: a new defender node starts with pn = its number of evasions
//   (drops onto one square counted once), so a check with no evasion is a mate found at once;
// - the 1+epsilon trick for child thresholds (Pawlewicz & Lew 2007) against re-expansions;
// - a length budget: prove(pos, L) asks "mate within L plies?", answered through the table's
//   length bounds, which is how the answer module finds the exact minimax length;
// - repetitions (a position repeated on the current path is not a mate for the attacker):
//   results that depend on a repetition above the node are kept local to the path and never
//   written to the table (graph history interaction, Kishimoto & Müller 2004);
// - optionally, futile interpositions (無駄合) ignored by the length budget (see
//   docs/futile-interposition.md): a drop on square s between the king and a distant checker is
//   futile when the position with the checker moved to s (hands unchanged) mates within the
//   same budget.
// The rules live in named parts (docs/search.md): search_result.h (the value of a node),
// children.h (expansion, initial values, move ordering, one drop per square), futility.h,
// search_path.h (repetitions), node_outcome.h (what a decided node returns and stores) and
// worker_hooks.h (what a parallel search is told); this file holds the recursion. The board
// is reached only through a rules model (rules.h; shogi_rules.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "solver/search/children.h"
#include "solver/search/forbidden.h"
#include "solver/search/futility.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/pndn.h"
#include "solver/search/rules.h"
#include "solver/search/search_path.h"
#include "solver/search/search_result.h"
#include "solver/search/shogi_rules.h"
#include "solver/search/tt.h"
#include "solver/search/worker_hooks.h"

namespace tsume {

enum class Outcome { Proven, Disproven, Unknown };

struct MateSearchOptions {
  bool futility = false;  // ignore futile interpositions for the length budget
  // Positions the search must not pass through (forbidden.h): each is no mate, as a
  // repetition of a position before the root, never stored. Null: none.
  const ForbiddenPositions* forbidden = nullptr;
};

// Something that answers "mate within L plies?" on a BasicMateSearch<R>'s behalf (the parallel
// search, solver/parallel, for the answer module's queries).
template <MateRules R> class BasicMateProver {
public:
  virtual ~BasicMateProver() = default;
  virtual Outcome prove(typename R::Position& pos, Plies max_len, MateSearchOptions options) = 0;
};
using MateProver = BasicMateProver<ShogiRules>;

// The mate search over the rules R (rules.h); MateSearch is the one for shogi. It touches the
// board only through R.
template <MateRules R> class BasicMateSearch {
public:
  using Position = typename R::Position;
  using Child = BasicChild<R>;

  BasicMateSearch(TranspositionTable& table, SearchBudget& budget, Color attacker);

  // Is there a mate within `max_len` plies? `pos` may be an attacker or a defender node.
  Outcome prove(Position& pos, Plies max_len, MateSearchOptions options = {});
  // Table bounds of a position (the answer module reads results through this).
  TTProbe lookup(const Position& pos) const;
  // Is the drop interposition at `s` (between the defender's king and the checker) futile in
  // the defender-to-move position `pos` that is to mate within `max_len` plies? It is when the
  // comparison position (the checker moved to s, hands unchanged) mates within `max_len`.
  Outcome futile_drop(Position& pos, Square s, Plies max_len);

  Color attacker() const { return attacker_; }
  // The workers of a parallel search are told of the nodes entered and left, and steer the
  // choice of a child (virtual proof numbers, parallel/virtual_load.h); the serial search has
  // no hooks.
  void set_worker_hooks(WorkerHooks* hooks) { hooks_ = hooks; }
  // Hands every prove() to `prover` (on the same table; null: this search answers itself).
  // Lookups and futile_drop() stay here.
  void set_prover(BasicMateProver<R>* prover) { prover_ = prover; }

private:
  // A node under search and what its steps share.
  struct Node {
    Position& pos;
    int ply;
    Plies rem;  // the length budget: mate within `rem` plies from here?
    bool or_node;
    std::uint64_t key;  // board key
    Hand hand;          // attacker hand
    std::vector<Child>& children;
    FutilityCache futility;
    // Whether the children's table entries may have changed since they were read (at the
    // expansion, or at the last choice): then the next choice reads them again. Reading
    // unchanged entries again gives the values the node holds, so the search is the same.
    bool reread = false;
  };
  // One pass over the children: the node's phi/delta from them and the child to search next.
  struct Choice {
    PhiDelta value;
    std::size_t best;  // children.size(): none can make progress within the thresholds
    PnDn second;       // the second-smallest child value, as the workers make it look
    PnDn others;       // what the node's delta holds besides a weakly counted child's own
                       // share: the other terms of the weak sum, and at defender nodes the
                       // evasions that are not drops
  };

  // MID (Nagai 2002): searches `pos` until its phi or delta reaches its threshold `th`, in
  // phi/delta form for the player to move; `rem` is the length budget.
  SearchResult mid(Position& pos, int ply, PhiDelta th, Plies rem);
  // Re-values every child for the budget and picks the one to search (the smallest delta;
  // the first of equals in move order). With the parallel search's hooks, where `shared`,
  // a child others are searching looks larger.
  Choice select_child(Node& node, PnDn th_phi, bool shared);
  // Brings a child's value up to date for the node's budget before the choice (table bounds,
  // read again when `reread`; an attacker node left with no plies; futility of a refuting drop).
  void revalue_child(Node& node, Child& c, bool reread);
  // The thresholds of the chosen child (its own phi/delta): the 1+epsilon trick on the
  // second-best sibling for its delta, Nagai's th.delta - delta + phi for its phi (for a child
  // counted in a weak sum, th.delta less the node's other terms), and always above its current
  // delta.
  PhiDelta child_thresholds(const Node& node, PhiDelta th, const Choice& choice,
                            const Child& c) const;
  // Whether the child's phi is a term of the node's weak sum (every check at an attacker node,
  // the drops at a defender node) rather than summed.
  static bool counted_weakly(const Node& node, const Child& c) {
    return node.or_node || R::is_drop(c.move);
  }
  // Whether the choice at `node` with value `v` is steered by the parallel search's hooks.
  // At attacker nodes always; at a defender node only while it looks nearer to a proof than
  // to a disproof (pn < dn, i.e. delta < phi; never on the first choice). A proof needs every
  // evasion, so workers on different evasions all do needed work; a disproof needs one
  // evasion, the most promising one, and workers sent to others would mostly search in vain:
  // they follow it together and spread over the checks below it. (Two threads, the scaling set
  // of scripts/scaling.sh and twelve other 図巧 problems: 4-19 % more nodes than one thread,
  // against 20-26 % when steered at every node; docs/parallel.md gives the runs.)
  bool steered(const Node& node, PhiDelta v) const {
    return hooks_ && (node.or_node || (v.delta != 0 && v.delta < v.phi));
  }
  // The value `value` of child `c` as the workers make it look (resolved children as they are).
  PnDn seen_by_workers(const Child& c, PnDn value) const {
    return c.is_open() ? hooks_->seen_value(c.key, c.hand, value) : value;
  }

  // A separate question at `ply` (repetitions looked for from there up): "mate within
  // `max_len` plies?".
  SearchResult search_at(Position& pos, Plies max_len, int ply);
  Outcome prove_at(Position& pos, Plies max_len, int ply);
  // The bounds of the comparison positions of a drop on `s` (futility.h): each searched for a
  // mate within `max_len` on the plies from `base_ply` up (`search`), or read from the table.
  ComparisonBounds comparison_bounds(Position& pos, Square s, int base_ply, Plies max_len,
                                     bool search);
  // Marks the children that are forbidden positions (MateSearchOptions::forbidden) no mate.
  void mark_forbidden(std::vector<Child>& children);
  // Judges, once per square by a search, whether a refuting drop child is futile, and marks it
  // so. Searched lazily: only for drops that would refute the node.
  void mark_if_futile(Node& node, Child& c);
  // Before a drop's first search: asks the table whether its comparison position is known
  // well enough to tell whether the drop is futile. Returns true when it was (the child is
  // marked; the choice is to be made again).
  bool futility_known_from_table(Node& node, Child& c);
  std::vector<Child>& children_at(int ply) {
    const auto i = static_cast<std::size_t>(ply);
    if (child_pool_.size() <= i) [[unlikely]]
      grow_child_pool(i + 1);
    return child_pool_[i];
  }
  [[gnu::noinline]] void grow_child_pool(std::size_t plies) { child_pool_.resize(plies); }

  TranspositionTable& table_;
  SearchBudget& budget_;
  Color attacker_;
  MateSearchOptions options_;
  WorkerHooks* hooks_ = nullptr;
  BasicMateProver<R>* prover_ = nullptr;
  SearchPath path_;
  Plies question_len_ = 0;  // the question's length as the leaf search sees it (search_at())
  std::deque<std::vector<Child>> child_pool_;  // per-ply child arrays, reused; a deque keeps
                                               // references valid while deeper plies grow it
};

extern template class BasicMateSearch<ShogiRules>;
using MateSearch = BasicMateSearch<ShogiRules>;

}  // namespace tsume
