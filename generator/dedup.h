// Duplicate detection under the symmetries of a tsume problem that keep it the same problem:
// the left-right mirror (files f <-> 10 - f) and translation along the ranks (files shifted).
// Vertical translation is not used: it moves pieces in or out of the promotion zone and onto
// dead squares, so it changes the problem in general.
//
// Two keys per problem: the position (board and hands, mirrored and shifted so the leftmost
// occupied file comes first, the smaller of the two orientations) and the solution (the main
// line, mirrored and shifted likewise on the squares it touches). A problem is a duplicate when
// either key was seen before: the same position shifted or mirrored, or a different position
// that is solved by the same sequence of moves.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::gen {

struct DedupKeys {
  std::string position;
  std::string solution;
};

// Each key alone (dedup_keys gives both): the position's, and the main line's.
std::string position_key(const BoardSetup& setup);
std::string solution_key(const std::vector<Move>& pv);
DedupKeys dedup_keys(const BoardSetup& setup, const std::vector<Move>& pv);

class Deduplicator {
public:
  // True when neither key was seen; then both are remembered.
  bool insert(const DedupKeys& keys);
  std::size_t size() const { return positions_.size(); }

private:
  std::set<std::string> positions_;
  std::set<std::string> solutions_;
};

}  // namespace tsume::gen
