// Positions a search must not pass through, compared exactly: board (with the side to move)
// and the attacker's hand, which with the board fixes the defender's hand.
//
// The checker's detour and transposition tests (answer/check_cooks.cpp) ask whether an
// alternative mates without passing through the main line's positions, and the check
// certificate's cook proof must avoid them too. A position of the main line is no mate there by
// the repetition rule (SPEC.md section 2: the game has been through it). The rule is about that
// position only: the same board with other hands is another position, and a mate through it is
// a real one. So the search treats a forbidden position as a repetition on its path (a
// disproof kept off the table, GHI): marking it "no mate" in the table instead would also
// cover, by hand superiority, the same board with fewer pieces in the attacker's hand.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/core/hand.h"

namespace tsume {

class ForbiddenPositions {
public:
  void add(std::uint64_t board_key, Hand attacker_hand) {
    const Entry e{board_key, attacker_hand.raw()};
    entries_.insert(std::upper_bound(entries_.begin(), entries_.end(), e), e);
  }
  bool contains(std::uint64_t board_key, Hand attacker_hand) const {
    return std::binary_search(entries_.begin(), entries_.end(),
                              Entry{board_key, attacker_hand.raw()});
  }

private:
  using Entry = std::pair<std::uint64_t, std::uint32_t>;
  std::vector<Entry> entries_;  // sorted
};

}  // namespace tsume
