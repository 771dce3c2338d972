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
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/pndn.h"
#include "solver/search/tt.h"
#include "solver/search/virtual_load.h"

namespace tsume {

enum class Outcome { Proven, Disproven, Unknown };

struct MateSearchOptions {
  bool futility = false;  // ignore futile interpositions for the length budget
};

// Something that answers "mate within L plies?" on a MateSearch's behalf (the parallel search,
// solver/parallel, for the answer module's queries).
class MateProver {
public:
  virtual ~MateProver() = default;
  virtual Outcome prove(Position& pos, Plies max_len, MateSearchOptions options) = 0;
};

class MateSearch {
public:
  MateSearch(TranspositionTable& table, SearchBudget& budget, Color attacker);

  // Is there a mate within `max_len` plies? `pos` may be an attacker or a defender node.
  Outcome prove(Position& pos, Plies max_len, MateSearchOptions options = {});
  // Table bounds of a position (the answer module reads results through this).
  TTProbe lookup(const Position& pos) const;
  // Is the drop interposition at `s` (between the defender's king and the checker) futile in
  // the defender-to-move position `pos` that is to mate within `max_len` plies? It is when the
  // comparison position (the checker moved to s, hands unchanged) mates within `max_len`.
  Outcome futile_drop(Position& pos, Square s, Plies max_len);

  Color attacker() const { return attacker_; }
  // Parallel workers share the marks of the nodes they are searching (virtual proof numbers);
  // the serial search has none.
  void set_virtual_load(VirtualLoad* load) { load_ = load; }
  // Hands every prove() to `prover` (on the same table; null: this search answers itself).
  // Lookups and futile_drop() stay here.
  void set_prover(MateProver* prover) { prover_ = prover; }

private:
  static constexpr int kCleanResult = 0x7FFF'FFFF;  // depends on no repetition
  struct Child {
    Move move;
    std::uint64_t key = 0;  // board key after the move
    Hand hand;              // attacker hand after the move
    PnDn pn = 1;
    PnDn dn = 1;
    Plies lower = 0;
    Plies upper = kNoMate;
    Hand proof_hand;
    Hand disproof_hand = Hand::full();  // the hands `lower` holds for (lower 0: all)
    int rep_ply = kCleanResult;
    bool local = false;   // the value depends on the path: do not read it from the table again
    bool futile = false;  // a futile interposition: proven, ignored by the length budget
  };

  struct Result {
    PnDn pn = 1;
    PnDn dn = 1;
    Plies lower = 0;
    Plies upper = kNoMate;
    Hand proof_hand;
    Hand disproof_hand = Hand::full();
    int rep_ply = kCleanResult;
  };
  Result mid(Position& pos, int ply, PnDn th_pn, PnDn th_dn, Plies rem);
  void expand(Position& pos, std::vector<Child>& children);
  // Per-node record of the drop squares whose comparison positions were judged.
  struct FutilityCache {
    Bitboard tested, futile, probed;
    std::array<std::int16_t, kSquareCount> q_upper{}, q_lower{};
  };
  struct ComparisonBounds {
    Plies upper, lower;
  };
  Result search_at(Position& pos, Plies max_len, int ply);
  ComparisonBounds comparison_bounds(Position& pos, Square s, int base_ply, Plies max_len,
                                     bool search);
  void apply_futility(const Position& pos, Child& c, const FutilityCache& cache);
  void mark_if_futile(Position& pos, int ply, Plies rem, Child& c, FutilityCache& cache);
  bool probe_futility(Position& pos, Plies rem, Square s, FutilityCache& cache);
  bool refresh(Child& c, Plies rem_child) const;
  PnDn seen_by_workers(const Child& c, PnDn value) const;
  bool is_repetition(std::uint64_t full_key, int ply, int* repeated_ply) const;
  Outcome prove_at(Position& pos, Plies max_len, int ply);

  TranspositionTable& table_;
  SearchBudget& budget_;
  Color attacker_;
  MateSearchOptions options_;
  VirtualLoad* load_ = nullptr;
  MateProver* prover_ = nullptr;
  std::vector<std::uint64_t> path_;            // full keys by ply, for repetitions
  int path_base_ = 0;                          // repetitions are looked for from here up
  std::deque<std::vector<Child>> child_pool_;  // per-ply child arrays, reused; a deque keeps
                                               // references valid while deeper plies grow it
};

}  // namespace tsume
