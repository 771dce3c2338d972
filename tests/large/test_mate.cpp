// The mate search of solver/large (mate.h) on the hand-composed chu and dai problems of
// problems/chu_hand.tsv and problems/dai_hand.tsv. Each problem's length and first move are
// held against the brute-force minimax of the slow reference (reference_chu.h: its own move
// generation, no code shared with solver/large), which must find the same length and that first
// move as the only one mating in that length; then the solver must find the same length and
// first move, and a main line that is legal and ends in mate.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/mate.h"
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

void expect_solved(const Problem& p, Game game) {
  const Position root = parse_sfen(p.sfen, game, default_rules(game));
  const MateResult r = solve_mate(root, {});
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
  for (const auto& p : read_problems("chu_hand.tsv")) expect_solved(p, Game::Chu);
}

TEST(LargeMate, DaiProblemsAreSolved) {
  for (const auto& p : read_problems("dai_hand.tsv")) expect_solved(p, Game::Dai);
}

// Random attacks on a cornered king (a few defenders around it, two or three attackers of the
// strong kinds nearby; positions with the defender already in check skipped): the solver's
// length within 3 plies, and its first move, against the brute-force reference.
Position random_attack(Game game, std::mt19937& rng) {
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

int expect_random_attacks_agree(unsigned seed, int count, int plies) {
  std::mt19937 rng(seed);
  int mates = 0;
  for (int i = 0; i < count; ++i) {
    const Game game = i % 3 == 2 ? Game::Dai : Game::Chu;
    const Position pos = random_attack(game, rng);
    const ref::MateAnswer expected = ref::shortest_mate(ref::read_sfen(to_sfen(pos)), plies);
    const MateResult r = solve_mate(pos, {plies, 0});
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

TEST(LargeMate, RandomAttacksAgreeWithTheBruteForceReferenceWithin3) {
  EXPECT_GT(expect_random_attacks_agree(20261203u, 150, 3), 25);
}

TEST(LargeMate, RandomAttacksAgreeWithTheBruteForceReferenceWithin5) {
  EXPECT_GT(expect_random_attacks_agree(1203u, 30, 5), 5);
}

// No check at all: no mate at any length, without the length bound.
TEST(LargeMate, NoCheckIsNoMate) {
  const Position pos = parse_sfen("11k/12/12/12/12/12/12/12/12/12/P11/11K b - 1");
  const MateResult r = solve_mate(pos, {});
  EXPECT_EQ(r.status, MateStatus::NoMate);
  EXPECT_FALSE(r.bounded);
}

// A lone rook against a king in the open: checks go on, but no mate within the bound.
TEST(LargeMate, RookAloneIsNoMateWithinTheBound) {
  const Position pos = parse_sfen("12/12/12/12/12/5k6/12/12/12/12/12/R10K b - 1");
  const MateResult r = solve_mate(pos, {3, 2'000'000});
  EXPECT_EQ(r.status, MateStatus::Unknown);
  EXPECT_TRUE(r.bounded);
}

// A defender with two royals is never mated while both stand: in check, it still has moves.
TEST(LargeMate, TwoRoyalsAreNotMated) {
  const Position pos = parse_sfen("6k4+e/12/12/12/12/12/12/12/12/12/12/K10R w - 1");
  EXPECT_TRUE(in_check(pos, Side::White));
  EXPECT_FALSE(is_mated(pos));
}

}  // namespace
}  // namespace tsume::large
