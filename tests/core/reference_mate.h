// A brute-force tsume solver for the tests, built only on the naive reference rules
// (reference_rules.h): the exact mate distance of SPEC.md section 3 by plain minimax with a ply
// limit. The attacker plays only checking moves and mates as fast as it can, the defender plays
// every legal move and resists as long as it can; mate is "the defender is in check and has no
// legal move".
//
// It has no futile-interposition rule and no hand tie-breaks, so it gives the SPEC.md answer only
// where those cannot arise: sho shogi (no drops; a moved interposition always counts) and
// positions without drops. Slow by design; fine for short problems with few pieces.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::test::reference {

class MateSearch {
public:
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

private:
  // What is known of one position: the answer is yes for every n >= yes_from and no for every
  // n <= no_up_to ("within n" only grows with n).
  struct Known {
    int yes_from = 1 << 30;
    int no_up_to = -1;
  };
  static std::string key(const BoardSetup& setup);
  std::map<std::string, Known> attacker_known_, defender_known_;
};

}  // namespace tsume::test::reference
