// Helpers shared by the tests that hold solver/large's tenjiku against the slow reference
// (reference_tenjiku.h): a position's legal moves as sorted texts, the reference board of a
// position with its rule switches, composed positions, and a random game along which both must
// list the same moves.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/movegen.h"
#include "tests/large/reference_tenjiku.h"

namespace tsume::large::tenjiku_walk {

namespace ref = ::tsume::test::tenjiku_reference;

inline std::vector<std::string> texts(const Position& pos) {
  std::vector<std::string> out;
  for (const Move& m : legal_moves(pos)) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline ref::Board reference_of(const Position& pos) {
  ref::Board b = ref::read_sfen(to_sfen(pos));
  b.capture_rule = pos.rules().royal == RoyalRule::Capture;
  b.victim = pos.rules().jump == JumpRule::Any       ? ref::Victim::Any
             : pos.rules().jump == JumpRule::NoRoyal ? ref::Victim::NoRoyal
                                                     : ref::Victim::Lower;
  b.passive_burn = pos.rules().passive_burn;
  b.fire_demon_vertical = pos.rules().fire_demon_vertical;
  return b;
}

// Composed positions full of the new pieces (the reference decides their numbers).
inline const char* const kPositions[] = {
    // Generals, demons, Tetrarchs, Free Eagles, Water Buffaloes and Lions in the middle.
    "7k8/5q!2v!7/3p2d!1p1r!5/16/2P3h!4B!4/6D!9/4c!5n4+c!/1q'5W!3e!4/16/3N2P5Q'3/5+C!4b!5/"
    "8V!7/2R!10d!2/16/6G2E6/7K8 b - 1",
    // A Rook General behind a pawn on the file of the White king; demons and a Vice General near
    // the kings.
    "8k7/7pgp6/8s7/16/4d!11/16/8P7/8R!7/16/2B!13/16/10D!5/16/5v!10/16/8K7 b - 1",
    // Lion Hawks, Free Eagles, Tetrarchs and Water Buffaloes by the zones.
    "k15/16/3P2h!9/2W!13/5p10/4+C!2q'8/3pP2p8/16/6H!9/9w!6/16/3N2Q'9/16/12s'3/1I'14/15K w - 1",
    "startpos",
};

// Plays up to `plies` random moves (captures preferred), the same on the reference board, and
// expects both to list the same legal moves at every position.
inline void expect_same_moves_along_random_game(Position pos, unsigned seed, int plies) {
  ref::Board b = reference_of(pos);
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

}  // namespace tsume::large::tenjiku_walk
