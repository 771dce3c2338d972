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

// The reference board of `pos`, with its royal and promotion rules.
inline ref::Board reference_of(const Position& pos) {
  ref::Board b = ref::read_sfen(to_sfen(pos));
  b.capture_rule = pos.rules().royal == RoyalRule::Capture;
  b.promote_in_zone = pos.rules().promotion == PromotionRule::Zone;
  b.forced_promotion = pos.rules().forced_promotion;
  return b;
}

// The chu/dai reference as check_compare.h takes it.
struct ChuReference {
  static ref::Board board(const Position& pos) { return reference_of(pos); }
  static std::vector<std::string> checking_moves(const ref::Board& b) {
    return ref::checking_moves(b);
  }
  static bool in_check(const ref::Board& b, int side) { return ref::in_check(b, side); }
  static std::vector<std::string> legal_moves(const ref::Board& b) { return ref::legal_moves(b); }
  static ref::Board play(const ref::Board& b, const std::string& move) {
    return ref::play(b, move);
  }
};

// Plays up to `plies` random moves from `pos` and expects the same legal moves as the reference
// board `b` along the game (check_compare.h).
inline void expect_same_moves_along_random_game(Position pos, ref::Board b, unsigned seed,
                                                int plies = 60) {
  check_compare::expect_same_moves_along_random_game<ChuReference>(pos, b, seed, plies);
}

}  // namespace tsume::large::reference_walk
