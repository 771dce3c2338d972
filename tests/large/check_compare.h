// The comparison of solver/large's moves, checks and evasions (movegen.h, checks.h) with a slow
// reference, shared by the chu/dai tests (reference_chu.h) and the tenjiku tests
// (reference_tenjiku.h). A reference is given as a type `Ref` with static functions over its own
// board:
//   Ref::board(pos)            the reference board of a position (with its rule switches)
//   Ref::checking_moves(board) the legal moves after which an opposing royal is attacked
//   Ref::in_check(board, side) whether a royal of `side` (+1 Black, -1 White) is attacked
//   Ref::legal_moves(board)    the legal moves
//   Ref::play(board, text)     the board after a move
// all as lishogi USI texts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/movegen.h"

namespace tsume::large::check_compare {

inline std::vector<std::string> sorted_texts(const Position& pos, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

// A position's legal moves as sorted texts.
inline std::vector<std::string> texts(const Position& pos) {
  return sorted_texts(pos, legal_moves(pos));
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// What the comparisons met: checks, and positions in check (evasions compared).
struct Met {
  std::size_t checks = 0;
  std::size_t in_check = 0;
  Met& operator+=(const Met& o) {
    checks += o.checks;
    in_check += o.in_check;
    return *this;
  }
};

// Compares checks (and evasions when in check) with the reference in `pos`.
template <class Ref> Met expect_same_checks(const Position& pos) {
  const auto b = Ref::board(pos);
  const auto checks = generate_checks(pos);
  EXPECT_EQ(sorted_texts(pos, checks), sorted(Ref::checking_moves(b))) << to_sfen(pos);
  for (const Move& m : checks) EXPECT_TRUE(gives_check(pos, m)) << move_text(pos, m);
  const int side = pos.side_to_move() == Side::Black ? 1 : -1;
  EXPECT_EQ(in_check(pos, pos.side_to_move()), Ref::in_check(b, side)) << to_sfen(pos);
  Met met{checks.size(), 0};
  if (Ref::in_check(b, side)) {
    EXPECT_EQ(sorted_texts(pos, generate_evasions(pos)), sorted(Ref::legal_moves(b)))
        << to_sfen(pos);
    EXPECT_EQ(is_mated(pos), Ref::legal_moves(b).empty()) << to_sfen(pos);
    met.in_check = 1;
  }
  return met;
}

// Plays `plies` random moves from `start` (a capture or a check preferred among three draws),
// comparing every `every`-th position; stops when a side has no royal left (tenjiku's burning).
template <class Ref> Met walk(const Position& start, unsigned seed, int plies, int every = 1) {
  std::mt19937 rng(seed);
  Position pos = start;
  Met met;
  for (int ply = 0; ply < plies; ++ply) {
    if (ply % every == 0) met += expect_same_checks<Ref>(pos);
    const auto moves = legal_moves(pos);
    if (moves.empty() || royal_count(pos, Side::Black) == 0 || royal_count(pos, Side::White) == 0)
      break;
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    Move m = moves[pick(rng)];
    for (int tries = 0; tries < 3; ++tries) {
      const Move c = moves[pick(rng)];
      if ((c.to != c.from && is_piece(pos.at(c.to))) || gives_check(pos, c)) {
        m = c;
        break;
      }
    }
    pos = after(pos, m);
  }
  return met;
}

// Plays up to `plies` random moves from `pos` (captures preferred: up to three draws for one),
// the same on the reference board `b`, and expects both to list the same legal moves at every
// position; stops at the first difference (a fatal failure).
template <class Ref, class Board>
void expect_same_moves_along_random_game(Position pos, Board b, unsigned seed, int plies) {
  std::mt19937 rng(seed);
  for (int ply = 0; ply < plies; ++ply) {
    ASSERT_EQ(texts(pos), sorted(Ref::legal_moves(b))) << to_sfen(pos);
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
    b = Ref::play(b, move_text(pos, m));
    pos = after(pos, m);
  }
}

}  // namespace tsume::large::check_compare
