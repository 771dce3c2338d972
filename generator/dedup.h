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

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::gen {

struct DedupKeys {
  std::string position;
  std::string solution;
  std::string idea;  // idea_key (empty: not known, not counted)
};

// Each key alone (dedup_keys gives them all): the position's, and the main line's.
std::string position_key(const BoardSetup& setup);
std::string solution_key(const std::vector<Move>& pv);
// The idea too when `start` (the position of `setup`) is given.
DedupKeys dedup_keys(const BoardSetup& setup, const std::vector<Move>& pv,
                     const Position* start = nullptr);

// The idea of a problem: how it ends. The last `plies` moves of the main line (all of it when
// shorter) and the mating picture (the pieces within two squares of the defender's king at the
// mate, squares off the board marked), each square taken relative to that king, the smaller of
// the two left-right orientations. Problems that lengthen one ending (a chain of the reverse
// method, a game's mate found at several moves) share their idea; the same ending in another
// place on the same ranks does too, while the same moves against the edge or in the corner
// make another picture. Readable text (a key for sets).
std::string idea_key(const Position& start, const std::vector<Move>& pv, int plies = 5);
// FNV-1a of `text` (64 bits): the idea's id below, a checkpoint's checksum (reverse.h).
std::uint64_t fnv1a(std::string_view text);
// The same as 16 hexadecimal digits (FNV-1a of idea_key), for records.
std::string idea_id(const Position& start, const std::vector<Move>& pv, int plies = 5);

// Dedup by idea (`per_idea`, `--per-idea`): at most that many problems of one idea are
// admitted, so that a run's problems end in many ways.
class Deduplicator {
public:
  explicit Deduplicator(std::size_t per_idea = 0) : per_idea_(per_idea) {}
  enum class Admission {
    New,        // remembered (its keys and one more problem of its idea)
    Duplicate,  // its position or its main line was seen
    IdeaFull,   // `per_idea` problems of its idea were admitted (0: no limit)
  };
  Admission admit(const DedupKeys& keys);
  bool insert(const DedupKeys& keys) { return admit(keys) == Admission::New; }
  std::size_t size() const { return positions_.size(); }

private:
  std::size_t per_idea_;
  std::set<std::string> positions_;
  std::set<std::string> solutions_;
  std::map<std::string, std::size_t> ideas_;  // problems admitted per idea (with per_idea_)
};

}  // namespace tsume::gen
