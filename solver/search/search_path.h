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

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tsume {

class SearchPath {
public:
  // Records the position at `ply` (the plies above it are forgotten).
  void set(int ply, std::uint64_t full_key) {
    const auto at = static_cast<std::size_t>(ply);
    for (; top_ >= ply; --top_) --filter_[slot(keys_[static_cast<std::size_t>(top_)])];
    if (keys_.size() <= at) keys_.resize(at + 1);
    // Plies skipped over keep what they held (as the scan below would read them).
    for (++top_; top_ < ply; ++top_) ++filter_[slot(keys_[static_cast<std::size_t>(top_)])];
    keys_[at] = full_key;
    ++filter_[slot(full_key)];
  }
  // The ply, at or above the base, two, four, ... plies below `ply` whose position is
  // `full_key`, the nearest one; -1 when there is none. The search asks for the position it
  // has just set; then the filter answers first: it counts the keys on the path by a few bits
  // of each, and when the position's own key is the only one with its bits, the path is not
  // scanned (on a path of hundreds of plies the scan took about a twentieth of the time).
  int repeated_ply(std::uint64_t full_key, int ply) const {
    if (ply == top_ && keys_[static_cast<std::size_t>(ply)] == full_key &&
        filter_[slot(full_key)] == 1)
      return -1;
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
  static constexpr int kFilterBits = 12;
  static std::size_t slot(std::uint64_t key) { return key >> (64 - kFilterBits); }

  std::vector<std::uint64_t> keys_;
  int top_ = -1;  // the last ply set: keys_[0..top_] are the path, each counted in filter_
  int base_ = 0;
  std::array<std::uint32_t, std::size_t{1} << kFilterBits> filter_{};
};

}  // namespace tsume
