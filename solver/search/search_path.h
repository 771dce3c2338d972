// The current search path, for repetitions (千日手 in a mating problem: a position repeated
// on the path is no mate for the attacker, who must not keep checking forever).
//
// The path holds the full key (board and both hands) of the position at each ply. Only
// positions with the same side to move can repeat, so every second ply is looked at. A
// repetition is looked for from the path's base up: the plies below it belong to a search
// that asked a separate question (a futility comparison or the answer module's queries) whose
// answer must not depend on how the position was reached. A disproof found through a
// repetition rests on the ply repeated (SearchResult::rep_ply) and is kept off the table
// until the search is back at or above that ply (graph history interaction, Kishimoto &
// Müller 2004).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tsume {

class SearchPath {
public:
  // Records the position at `ply` (the plies above it are forgotten).
  void set(int ply, std::uint64_t full_key) {
    if (keys_.size() <= static_cast<std::size_t>(ply))
      keys_.resize(static_cast<std::size_t>(ply) + 1);
    keys_[static_cast<std::size_t>(ply)] = full_key;
  }
  // The ply, at or above the base, two, four, ... plies below `ply` whose position is
  // `full_key`, the nearest one; -1 when there is none.
  int repeated_ply(std::uint64_t full_key, int ply) const {
    for (int i = ply - 2; i >= base_; i -= 2)
      if (keys_[static_cast<std::size_t>(i)] == full_key) return i;
    return -1;
  }
  int base() const { return base_; }
  // Starts a separate question at `ply`; returns the base to restore when it is answered.
  int start_question(int ply) {
    const int saved = base_;
    base_ = ply;
    return saved;
  }
  void end_question(int saved_base) { base_ = saved_base; }

private:
  std::vector<std::uint64_t> keys_;
  int base_ = 0;
};

}  // namespace tsume
