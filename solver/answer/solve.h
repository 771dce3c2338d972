// The rule-exact answer of a tsume problem (SPEC.md section 3): is there a mate, its exact
// minimax length (attacker shortest, defender longest, futile interpositions not counted), and
// the main line.
//
// Method: df-pn proves the mate with no length budget; the proof's length is an upper bound U.
// Then "mate within U - 2 plies?" is asked with futile interpositions ignored, lowering U each
// time it is proven, until it is disproven: U is then the exact length. The main line follows
// exact lengths: at an attacker node the first check (generation order) whose child mates in
// d - 1; at a defender node a non-futile evasion that does not mate within d - 3 (so exactly
// d - 1), chosen by SPEC.md section 3's tie-breaks: one whose own main line ends with no piece
// in the attacker's hand (no surplus, 駒余り), then a move over a drop. The attacker's
// tie-break (prefer a mate ending with surplus) is not applied: finding every equally short
// check costs a disproof per alternative, which is `tsume check`'s cook search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/tt.h"

namespace tsume {

enum class SolveStatus { Mate, NoMate, Unknown };

struct SolveResult {
  SolveStatus status = SolveStatus::Unknown;
  Plies length = -1;          // exact mate length in plies (when status is Mate)
  bool length_exact = false;  // false when a limit stopped the length minimisation
  // The main line when the length is exact; otherwise (a mate found, its exact length not
  // proven) a line of the proof found, which mates but need not be the rule-exact main line.
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  std::uint64_t proof_nodes = 0;  // nodes of the first proof (before length minimisation)
  double seconds = 0;
};

struct SolveOptions {
  // Futile interpositions (無駄合) are not counted (the tsume convention, SPEC.md section 3).
  // Off: every interposition counts, as in game-style mate problems.
  bool exclude_futile = true;
};

class Solver {
public:
  // `threads` workers search each question together (1: the serial search). The answer does
  // not depend on it, only the time.
  explicit Solver(std::size_t hash_megabytes = 64, int threads = 1);
  void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
  int threads() const { return threads_; }
  void set_hash_size(std::size_t megabytes) { table_.resize(megabytes); }
  std::size_t hash_bytes() const { return table_.bytes(); }

  // Solves `root` (the attacker is the side to move). The table is cleared first, so the
  // result never depends on earlier problems.
  SolveResult solve(const Position& root, const SearchLimits& limits, SolveOptions options = {});

private:
  TranspositionTable table_;
  int threads_ = 1;
};

const char* to_string(SolveStatus s);

}  // namespace tsume
