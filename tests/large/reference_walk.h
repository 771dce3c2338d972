// Helpers shared by the tests that hold solver/large against the slow reference
// (reference_chu.h): a position's legal moves as sorted texts, the reference board of a
// position, and a random game along which both must list the same moves.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/movegen.h"
#include "tests/large/check_compare.h"
#include "tests/large/reference_chu.h"

namespace tsume::large::reference_walk {

namespace ref = ::tsume::test::chu_reference;

using check_compare::texts;

// The reference board of `pos`, with its royal rule.
inline ref::Board reference_of(const Position& pos) {
  ref::Board b = ref::read_sfen(to_sfen(pos));
  b.capture_rule = pos.rules().royal == RoyalRule::Capture;
  return b;
}

// Plays up to `plies` random moves from `pos` (captures preferred: up to three draws for one),
// the same on the reference board `b`, and expects both to list the same legal moves at every
// position; stops at the first difference (a fatal failure).
inline void expect_same_moves_along_random_game(Position pos, ref::Board b, unsigned seed,
                                                int plies = 60) {
  std::mt19937 rng(seed);
  for (int ply = 0; ply < plies; ++ply) {
    auto expected = ref::legal_moves(b);
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(texts(pos), expected) << to_sfen(pos);
    const auto moves = legal_moves(pos);
    if (moves.empty()) break;
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    Move m = moves[pick(rng)];
    for (int tries = 0; tries < 3; ++tries) {
      const Move c = moves[pick(rng)];
      if (c.to != c.from && is_piece(pos.at(c.to))) {
        m = c;
        break;
      }
    }
    b = ref::play(b, move_text(pos, m));
    pos = after(pos, m);
  }
}

}  // namespace tsume::large::reference_walk
