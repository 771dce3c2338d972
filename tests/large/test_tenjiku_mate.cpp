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
using tenjiku_walk::Met;
using tenjiku_walk::sorted_texts;
using tenjiku_walk::walk;

Position tenjiku(const std::string& sfen) {
  return parse_sfen(sfen, Game::Tenjiku, default_rules(Game::Tenjiku));
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

// A Great General takes a piece by jumping (the targeted chu/dai test would not see the check:
// its reach table knows no jump) and a Water Buffalo checks by promoting into a burning Fire
// Demon: hand-counted checks. White's king on 1a boxed by its pawns 2a, 2b, 1b.
TEST(TenjikuChecks, RangeJumpsAndBurningByHand) {
  // A Black Great General on 1p behind its pawn 1m, White's pawn 1k and Great General 1f on the
  // file, its pawn 2o closing the diagonal. Up the file only the capture on 1f opens the line
  // (the White general, rank 3, cannot be jumped); along rank p nothing is on a line to 1a. 1.
  const Position gg =
      tenjiku("14pk/14pp/16/16/16/15q!/16/16/16/16/15p/16/15P/16/14P1/1K13Q! b - 1");
  const auto gg_checks = generate_checks(gg);
  ASSERT_EQ(gg_checks.size(), 1u);
  EXPECT_EQ(move_text(gg, gg_checks.front()), "1p1f");
  // A Black Water Buffalo on 4f caged by its pawns but for the diagonal 3e, 2d, 1c, entering
  // the zone (a promotion to a Fire Demon allowed on each). Promoted on 3e, 2d or 1c the Demon
  // reaches 2b or 1b next to the king by its area move (3). Plain on 2d (up the file to 2b) or
  // on 1c (up to 1b, or diagonally to 2b) it may take a pawn next to the king and promote, a
  // capture in the zone: the Demon burns the king (2). Plain on 3e it reaches no square next to
  // the king. 5 checks.
  const Position wb =
      tenjiku("13lpk/14pp/16/15g/11PP3/11PW!P2/11PPP2/14r1/16/16/16/16/16/16/16/K15 b - 1");
  EXPECT_EQ(sorted_texts(wb, generate_checks(wb)),
            (std::vector<std::string>{"4f1c", "4f1c+", "4f2d", "4f2d+", "4f3e+"}));
}

// Random attacks on a cornered king (tenjiku_walk.h) within 3 plies against the reference's
// brute force; more under `slow`.
TEST(TenjikuMate, RandomAttacksAgreeWithTheBruteForceReferenceWithin3) {
  const std::vector<std::string> theme = {"H!", "Q'", "+C!", "Q!", "V!", "D!", "W!", "R!"};
  int mates = 0;
  for (unsigned seed = 1; seed <= 60; ++seed)
    mates += tenjiku_walk::expect_same_mate(seed, 3, theme) ? 1 : 0;
  EXPECT_GT(mates, 5);
}

struct Problem {
  std::string sfen;
  std::string id;
  int length = 0;
  std::vector<std::string> line;
};

std::vector<Problem> read_problems() {
  std::ifstream in(std::string(TSUME_PROBLEMS_DIR) + "/tenjiku_hand.tsv");
  std::vector<Problem> out;
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(row);
    std::string f;
    while (std::getline(ss, f, '\t')) fields.push_back(f);
    if (fields.size() < 4) continue;
    Problem p{fields[0], fields[1], std::stoi(fields[2]), {}};
    std::stringstream moves(fields[3]);
    for (std::string m; moves >> m;) p.line.push_back(m);
    out.push_back(p);
  }
  return out;
}

TEST(TenjikuMate, ProblemsAgreeWithTheBruteForceReference) {
  const auto problems = read_problems();
  ASSERT_GE(problems.size(), 10u);
  for (const auto& p : problems) {
    const ref::MateAnswer a = ref::shortest_mate(ref::read_sfen(p.sfen), p.length);
    EXPECT_EQ(a.length, p.length) << p.id;
    ASSERT_FALSE(p.line.empty()) << p.id;
    EXPECT_EQ(a.first_moves, std::vector<std::string>{p.line.front()}) << p.id;
    // The main line is legal on the reference board, checks at every attacker move, and ends
    // in mate there.
    ref::Board b = ref::read_sfen(p.sfen);
    for (std::size_t i = 0; i < p.line.size(); ++i) {
      const auto legal = ref::legal_moves(b);
      ASSERT_NE(std::find(legal.begin(), legal.end(), p.line[i]), legal.end()) << p.id << " " << i;
      if (i % 2 == 0) {
        const auto checks = ref::checking_moves(b);
        EXPECT_NE(std::find(checks.begin(), checks.end(), p.line[i]), checks.end()) << p.id;
      }
      b = ref::play(b, p.line[i]);
    }
    EXPECT_TRUE(ref::in_check(b, b.to_move) && ref::legal_moves(b).empty()) << p.id;
  }
}

TEST(TenjikuMate, ProblemsAreSolved) {
  for (const auto& p : read_problems()) {
    const Position root = tenjiku(p.sfen);
    const MateResult r = solve_mate(root, {});
    ASSERT_EQ(r.status, MateStatus::Mate) << p.id;
    EXPECT_EQ(r.length, p.length) << p.id;
    ASSERT_EQ(r.pv.size(), static_cast<std::size_t>(r.length)) << p.id;
    Position pos = root;
    EXPECT_EQ(move_text(pos, r.pv.front()), p.line.front()) << p.id;
    for (std::size_t i = 0; i < r.pv.size(); ++i) {
      const auto moves = i % 2 == 0 ? generate_checks(pos) : generate_evasions(pos);
      ASSERT_NE(std::find(moves.begin(), moves.end(), r.pv[i]), moves.end()) << p.id << " " << i;
      pos = after(pos, r.pv[i]);
    }
    EXPECT_TRUE(is_mated(pos)) << p.id;
  }
}

}  // namespace
}  // namespace tsume::large
