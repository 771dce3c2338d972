// A brute-force tsume solver for the tests, built only on the naive reference rules
// (reference_rules.h): the exact mate distance of SPEC.md section 3 by plain minimax with a ply
// limit. The attacker plays only checking moves and mates as fast as it can, the defender plays
// every legal move and resists as long as it can; mate is "the defender is in check and has no
// legal move".
//
// By default every interposition counts and there are no hand tie-breaks, so it gives the SPEC.md
// answer only where futile interpositions cannot arise: sho shogi (no drops; a moved
// interposition always counts) and positions without drops. Built with FutileRule::Discount it
// applies the futile-interposition rule of docs/futile-interposition.md instead, written here
// from that page alone: at a defender node that must be mated within r plies, a drop on a square
// s between a single distant checker and the king does not count when the comparison position
// Q(s) (the checker moved to s, promoted or not where it may be, both hands unchanged, the
// defender to move and in check) is mated within r; the node is mated within r when every
// other legal move is mated within r - 1 (all evasions futile drops: mated in 0). Hand
// tie-breaks choose among main lines, not lengths, so the lengths are SPEC.md's either way. Slow
// by design; fine for short problems with few pieces.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::test::reference {

enum class FutileRule { Count, Discount };

class MateSearch {
public:
  explicit MateSearch(FutileRule futile = FutileRule::Count) : futile_(futile) {}

  // The exact length in plies of the forced mate from `setup` (the attacker to move), or nullopt
  // when there is none within max_plies.
  std::optional<int> mate_length(const BoardSetup& setup, int max_plies);
  // The same from a position with the defender to move (after an attacker's check): 0 when it is
  // mated, otherwise the number of plies it can resist; nullopt when it escapes max_plies.
  std::optional<int> defence_length(const BoardSetup& setup, int max_plies);
  // The attacker's checks that mate in at most `plies` plies (plies counting the check itself).
  std::vector<Move> mating_moves(const BoardSetup& setup, int plies);

  // "The attacker to move mates within n plies" and "the defender to move is mated within n".
  bool attacker_wins(const BoardSetup& setup, int n);
  bool defender_loses(const BoardSetup& setup, int n);
  // With FutileRule::Discount: whether the legal move `m` of the defender to move is a futile
  // drop interposition at a node that must be mated within n plies (always false with Count).
  bool futile_drop(const BoardSetup& setup, Move m, int n);

private:
  // What is known of one position: the answer is yes for every n >= yes_from and no for every
  // n <= no_up_to ("within n" only grows with n).
  struct Known {
    int yes_from = 1 << 30;
    int no_up_to = -1;
  };
  static std::string key(const BoardSetup& setup);
  FutileRule futile_;
  std::map<std::string, Known> attacker_known_, defender_known_;
};

}  // namespace tsume::test::reference
