// The brute-force mate search of the slow references (reference_chu.cpp, reference_tenjiku.cpp),
// written once over each reference's own rules. `Rules` gives, for its Board:
//   moves(b)          the pseudo-legal moves of the side to move, in a fixed order;
//   apply(b, m)       the position after m;  legal(b, n): n leaves the mover's royals safe;
//   checked(n, side)  side is in check (the reference's two-royal convention);
//   key(b)            a text key of the position;  text(b, m): m in the notation of perft.
// Only for the tests: a plain minimax with a memo of (position, plies).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tsume::test {

template <class Rules, class Board> class BruteMate {
public:
  // The defender (in check) to move: is it mated within d plies?
  bool defender_mated(const Board& b, int d) {
    const auto key = std::make_pair(Rules::key(b), d);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool any = false;
    bool mated = true;
    for (const auto& m : Rules::moves(b)) {
      const Board n = Rules::apply(b, m);
      if (!Rules::legal(b, n)) continue;
      any = true;
      if (d <= 0 || !attacker_mates(n, d - 1)) {
        mated = false;
        break;
      }
    }
    const bool result = !any || (d > 0 && mated);
    memo_[key] = result;
    return result;
  }

  bool attacker_mates(const Board& b, int d) {
    if (d < 1) return false;
    const auto key = std::make_pair(Rules::key(b), d);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool result = false;
    for (const auto& m : Rules::moves(b)) {
      const Board n = Rules::apply(b, m);
      if (!Rules::legal(b, n) || !Rules::checked(n, -b.to_move)) continue;
      if (defender_mated(n, d - 1)) {
        result = true;
        break;
      }
    }
    memo_[key] = result;
    return result;
  }

  // Every legal move of the side to move that gives check, in the notation of perft.
  static std::vector<std::string> checking_moves(const Board& b) {
    std::vector<std::string> out;
    for (const auto& m : Rules::moves(b)) {
      const Board n = Rules::apply(b, m);
      if (Rules::legal(b, n) && Rules::checked(n, -b.to_move)) out.push_back(Rules::text(b, m));
    }
    return out;
  }

  // The shortest mate within max_plies: its length (-1: none) and every first move mating in it.
  std::pair<int, std::vector<std::string>> shortest_mate(const Board& b, int max_plies) {
    std::vector<std::string> first;
    for (int d = 1; d <= max_plies; d += 2) {
      for (const auto& m : Rules::moves(b)) {
        const Board n = Rules::apply(b, m);
        if (!Rules::legal(b, n) || !Rules::checked(n, -b.to_move)) continue;
        if (defender_mated(n, d - 1)) first.push_back(Rules::text(b, m));
      }
      if (!first.empty()) return {d, first};
    }
    return {-1, first};
  }

private:
  std::map<std::pair<std::string, int>, bool> memo_;
};

}  // namespace tsume::test
