// The mate searches of solver/large (mate.h, and the df-pn of dfpn_large.h) on the hand-composed
// chu and dai problems of
// problems/chu_hand.tsv and problems/dai_hand.tsv. Each problem's length and first move are
// held against the brute-force minimax of the slow reference (reference_chu.h: its own move
// generation, no code shared with solver/large), which must find the same length and that first
// move as the only one mating in that length; then the solver must find the same length and
// first move, and a main line that is legal and ends in mate.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/dfpn_large.h"
#include "solver/large/mate.h"
#include "tests/large/random_attacks.h"
#include "tests/large/reference_chu.h"

namespace tsume::large {
namespace {

namespace ref = test::chu_reference;

struct Problem {
  std::string sfen;
  std::string id;
  int length = 0;
  std::vector<std::string> line;
};

std::vector<Problem> read_problems(const std::string& name) {
  std::ifstream in(std::string(TSUME_PROBLEMS_DIR) + "/" + name);
  std::vector<Problem> out;
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(row);
    std::string f;
    while (std::getline(ss, f, '\t')) fields.push_back(f);
    if (fields.size() < 3) continue;
    Problem p{fields[0], fields[1], std::stoi(fields[2]), {}};
    if (fields.size() > 3) {
      std::stringstream moves(fields[3]);
      for (std::string m; moves >> m;) p.line.push_back(m);
    }
    out.push_back(p);
  }
  return out;
}

void expect_reference_answer(const Problem& p) {
  const ref::MateAnswer a = ref::shortest_mate(ref::read_sfen(p.sfen), p.length);
  EXPECT_EQ(a.length, p.length) << p.id;
  ASSERT_FALSE(p.line.empty()) << p.id;
  EXPECT_EQ(a.first_moves, std::vector<std::string>{p.line.front()}) << p.id;
}

MateResult dfpn(const Position& root, const MateLimits& limits) {
  return solve_mate_dfpn(root, limits, 4);  // a small table: short problems
}

void expect_solved(const Problem& p, Game game, random_attacks::Solve solve) {
  const Position root = parse_sfen(p.sfen, game, default_rules(game));
  const MateResult r = solve(root, {});
  ASSERT_EQ(r.status, MateStatus::Mate) << p.id;
  EXPECT_EQ(r.length, p.length) << p.id;
  ASSERT_EQ(r.pv.size(), static_cast<std::size_t>(r.length)) << p.id;
  ASSERT_FALSE(p.line.empty()) << p.id;
  Position pos = root;
  EXPECT_EQ(move_text(pos, r.pv.front()), p.line.front()) << p.id;
  for (std::size_t i = 0; i < r.pv.size(); ++i) {
    const auto moves = i % 2 == 0 ? generate_checks(pos) : generate_evasions(pos);
    ASSERT_NE(std::find(moves.begin(), moves.end(), r.pv[i]), moves.end()) << p.id << " ply " << i;
    pos = after(pos, r.pv[i]);
  }
  EXPECT_TRUE(is_mated(pos)) << p.id;
}

TEST(LargeMate, ChuProblemsAgreeWithTheBruteForceReference) {
  const auto problems = read_problems("chu_hand.tsv");
  ASSERT_GE(problems.size(), 10u);
  for (const auto& p : problems) expect_reference_answer(p);
}

TEST(LargeMate, DaiProblemsAgreeWithTheBruteForceReference) {
  const auto problems = read_problems("dai_hand.tsv");
  ASSERT_GE(problems.size(), 10u);
  for (const auto& p : problems) expect_reference_answer(p);
}

TEST(LargeMate, ChuProblemsAreSolved) {
  for (const auto& p : read_problems("chu_hand.tsv")) expect_solved(p, Game::Chu, solve_mate);
}

TEST(LargeMate, DaiProblemsAreSolved) {
  for (const auto& p : read_problems("dai_hand.tsv")) expect_solved(p, Game::Dai, solve_mate);
}

TEST(LargeMate, ChuProblemsAreSolvedByTheDfpn) {
  for (const auto& p : read_problems("chu_hand.tsv")) expect_solved(p, Game::Chu, dfpn);
}

TEST(LargeMate, DaiProblemsAreSolvedByTheDfpn) {
  for (const auto& p : read_problems("dai_hand.tsv")) expect_solved(p, Game::Dai, dfpn);
}

// Random attacks on a cornered king (tests/large/random_attacks.h) within 3 plies; within 5 in
// the slow tests.
TEST(LargeMate, RandomAttacksAgreeWithTheBruteForceReferenceWithin3) {
  EXPECT_GT(random_attacks::expect_agree(20261203u, 150, 3, solve_mate), 25);
}

TEST(LargeMate, DfpnAgreesWithTheBruteForceReferenceWithin3) {
  EXPECT_GT(random_attacks::expect_agree(20261203u, 150, 3, dfpn), 25);
}

// No check at all: no mate at any length, without the length bound.
TEST(LargeMate, NoCheckIsNoMate) {
  const Position pos = parse_sfen("11k/12/12/12/12/12/12/12/12/12/P11/11K b - 1");
  for (const auto solve : {solve_mate, dfpn}) {
    const MateResult r = solve(pos, {});
    EXPECT_EQ(r.status, MateStatus::NoMate);
    EXPECT_FALSE(r.bounded);
  }
}

// A lone rook against a king in the open: checks go on, but no mate within the bound.
TEST(LargeMate, RookAloneIsNoMateWithinTheBound) {
  const Position pos = parse_sfen("12/12/12/12/12/5k6/12/12/12/12/12/R10K b - 1");
  for (const auto solve : {solve_mate, dfpn}) {
    const MateResult r = solve(pos, {3, 2'000'000});
    EXPECT_EQ(r.status, MateStatus::Unknown);
    EXPECT_TRUE(r.bounded);
  }
}

// A node limit too small for the proof: unknown, not a wrong answer.
TEST(LargeMate, DfpnOutOfNodesIsUnknown) {
  const auto problems = read_problems("chu_hand.tsv");
  const Problem p =
      *std::max_element(problems.begin(), problems.end(),
                        [](const Problem& a, const Problem& b) { return a.length < b.length; });
  ASSERT_GE(p.length, 5) << p.id;
  const MateResult r = dfpn(parse_sfen(p.sfen), {15, 2});
  EXPECT_NE(r.status, MateStatus::NoMate) << p.id;
  EXPECT_FALSE(r.line_complete) << p.id;
}

// A time limit stops both searches at their first look at the clock, after 1,024 nodes:
// Kinuburui no. 23 (problems/chu_published.tsv) takes over a million nodes without one, so a
// nanosecond always cuts it: unknown, stopped by the time (not the nodes, nor the length bound).
// Only that the cut happens is asserted, never when.
TEST(LargeMate, TimeLimitStopsTheSearch) {
  const Position pos = parse_sfen(
      "12/5+P6/1m5g3r/3+v+B1s1t+M2/1N4k5/m2etP3p2/7p+T3/2Px8/+p+A1+o7+M/1T3+i2+p1n1/4+r7/12 b - "
      "1");
  MateLimits limits;
  limits.max_seconds = 1e-9;
  for (const auto solve : {solve_mate, dfpn}) {
    const MateResult r = solve(pos, limits);
    EXPECT_EQ(r.status, MateStatus::Unknown);
    EXPECT_FALSE(r.bounded);
    EXPECT_TRUE(r.out_of_time);
    EXPECT_LT(r.nodes, limits.max_nodes);
  }
  // A node limit that cuts first is reported as such.
  limits.max_nodes = 100;
  limits.max_seconds = 1e-9;
  for (const auto solve : {solve_mate, dfpn}) {
    const MateResult r = solve(pos, limits);
    EXPECT_EQ(r.status, MateStatus::Unknown);
    EXPECT_FALSE(r.out_of_time);
  }
}

// A defender with two royals is never mated while both stand: in check, it still has moves.
TEST(LargeMate, TwoRoyalsAreNotMated) {
  const Position pos = parse_sfen("6k4+e/12/12/12/12/12/12/12/12/12/12/K10R w - 1");
  EXPECT_TRUE(in_check(pos, Side::White));
  EXPECT_FALSE(is_mated(pos));
}

}  // namespace
}  // namespace tsume::large
