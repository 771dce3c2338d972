// Random attacks on a cornered king for the tests of the mate search: a few defenders around
// White's king in the corner, two or three Black attackers of the strong kinds nearby (positions
// with the defender already in check skipped); the solvers (mate.h, dfpn_large.h) against the
// brute-force search of the slow reference (reference_chu.h).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/dfpn_large.h"
#include "solver/large/mate.h"
#include "tests/large/reference_chu.h"

namespace tsume::large::random_attacks {

namespace ref = ::tsume::test::chu_reference;

inline Position random_attack(Game game, std::mt19937& rng) {
  const int files = game_table(game).files;
  const std::vector<std::string> attackers = {"N", "+H", "+D", "D", "R", "G", "S", "B",
                                              "H", "X",  "O",  "Q", "L", "P", "+O"};
  const std::vector<std::string> defenders = {"g", "s", "p", "p", "l", "c", "f", "t", "e", "+e"};
  for (;;) {
    std::vector<std::string> board(static_cast<std::size_t>(files * files));
    const auto at = [&](int file, int rank) -> std::string& {
      return board[static_cast<std::size_t>(rank * files + files - file)];
    };
    at(1, 0) = "k";
    at(files, files - 1) = "K";
    const auto place = [&](const std::vector<std::string>& kinds, int max_file, int min_rank,
                           int max_rank) {
      for (;;) {
        const int f = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_file));
        const int r =
            min_rank + static_cast<int>(rng() % static_cast<unsigned>(max_rank - min_rank + 1));
        if (!at(f, r).empty()) continue;
        at(f, r) = kinds[rng() % kinds.size()];
        return;
      }
    };
    const int d = 2 + static_cast<int>(rng() % 3), a = 2 + static_cast<int>(rng() % 2);
    for (int i = 0; i < d; ++i) place(defenders, 4, 0, 2);
    for (int i = 0; i < a; ++i) place(attackers, 6, 2, 6);
    std::string sfen;
    for (int r = 0; r < files; ++r) {
      int empty = 0;
      for (int f = files; f >= 1; --f) {
        if (at(f, r).empty()) {
          ++empty;
          continue;
        }
        if (empty) sfen += std::to_string(empty), empty = 0;
        sfen += at(f, r);
      }
      if (empty) sfen += std::to_string(empty);
      if (r + 1 < files) sfen += '/';
    }
    const Position pos = parse_sfen(sfen + " b - 1", game, default_rules(game));
    if (royal_count(pos, Side::White) == 1 && in_check(pos, Side::White)) continue;
    return pos;
  }
}

// A mate search of solver/large: solve_mate (mate.h) or solve_mate_dfpn (dfpn_large.h).
using Solve = MateResult (*)(const Position&, const MateLimits&);

// Solves `count` random attacks (every third on the dai board) to `plies` with `solve`: the
// solver's length (or no mate within the bound) and a first move among the reference's. Returns
// the mates.
inline int expect_agree(unsigned seed, int count, int plies, Solve solve) {
  std::mt19937 rng(seed);
  int mates = 0;
  for (int i = 0; i < count; ++i) {
    const Game game = i % 3 == 2 ? Game::Dai : Game::Chu;
    const Position pos = random_attack(game, rng);
    const ref::MateAnswer expected = ref::shortest_mate(ref::read_sfen(to_sfen(pos)), plies);
    const MateResult r = solve(pos, {plies, 0});
    if (expected.length < 0) {
      EXPECT_NE(r.status, MateStatus::Mate) << to_sfen(pos);
      continue;
    }
    ++mates;
    EXPECT_EQ(r.status, MateStatus::Mate) << to_sfen(pos);
    EXPECT_EQ(r.length, expected.length) << to_sfen(pos);
    if (r.pv.empty()) continue;
    const std::string first = move_text(pos, r.pv.front());
    EXPECT_NE(std::find(expected.first_moves.begin(), expected.first_moves.end(), first),
              expected.first_moves.end())
        << to_sfen(pos) << " " << first;
  }
  return mates;
}

}  // namespace tsume::large::random_attacks
