// The soundness check of large-board problems (solver/large/soundness.h) on the hand-composed
// problems (problems/README.md: one first move mating in the stated length; in the rook
// problems the last move mates with and without promotion) and on cooked variants built by hand
// (the reasoning is beside each).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "solver/large/soundness.h"

namespace tsume::large {
namespace {

struct Problem {
  std::string sfen;
  std::string id;
  int length = 0;
};

std::vector<Problem> read_problems(const std::string& name) {
  std::ifstream in(std::string(TSUME_PROBLEMS_DIR) + "/" + name);
  std::vector<Problem> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Problem p;
    std::string length;
    std::getline(fields, p.sfen, '\t');
    std::getline(fields, p.id, '\t');
    std::getline(fields, length, '\t');
    p.length = std::stoi(length);
    out.push_back(p);
  }
  return out;
}

std::string text(const Position& pos, const Move& m) { return move_text(pos, m); }

void expect_sound(Game game, const std::string& file) {
  const auto problems = read_problems(file);
  ASSERT_FALSE(problems.empty());
  for (const Problem& p : problems) {
    SCOPED_TRACE(p.id);
    SoundnessOptions options;
    options.stated_length = p.length;
    const auto r = check_soundness(parse_sfen(p.sfen, game, default_rules(game)), options);
    EXPECT_EQ(r.length, p.length);
    EXPECT_TRUE(r.cooks.empty());
    EXPECT_TRUE(r.undecided.empty());
    if (p.length == 1) {
      EXPECT_EQ(r.verdict, Soundness::Sound);
    } else {
      EXPECT_TRUE(r.verdict == Soundness::Sound || r.verdict == Soundness::SoundWithFlaws)
          << soundness_name(r.verdict);
    }
  }
}

TEST(LargeSoundness, ChuHandProblems) { expect_sound(Game::Chu, "chu_hand.tsv"); }
TEST(LargeSoundness, DaiHandProblems) { expect_sound(Game::Dai, "dai_hand.tsv"); }
TEST(LargeSoundness, TenjikuHandProblems) { expect_sound(Game::Tenjiku, "tenjiku_hand.tsv"); }

// chu-hand-011 (12c12a 9b9a 12a9a 8b8a 9a8a): the rook takes the first gold on 9a with or
// without promotion (a Dragon King or a Rook on 9a both hold rank a): a non-limitation flaw at
// move 3, not a cook. The last move has the same choice only when the rook did not promote on
// 9a (a Dragon King does not promote again): then a final-move alternative.
TEST(LargeSoundness, PromotionChoicesAreFlaws) {
  const auto pos = parse_sfen("6k5/3ggppp4/R11/12/12/12/12/12/12/12/12/K11 b - 1", Game::Chu);
  const auto r = check_soundness(pos);
  EXPECT_EQ(r.verdict, Soundness::SoundWithFlaws);
  ASSERT_EQ(r.main_line.size(), 5u);
  ASSERT_EQ(r.flaws.size(), r.main_line[2].promote ? 1u : 2u);
  EXPECT_EQ(r.flaws[0].kind, "non_limitation");
  EXPECT_EQ(r.flaws[0].ply, 2);
  if (r.flaws.size() == 2) {
    EXPECT_EQ(r.flaws[1].kind, "final_move_alternative");
    EXPECT_EQ(r.flaws[1].ply, 4);
  }
  for (const auto& f : r.flaws) {
    EXPECT_EQ(f.main.from, f.alternative.from);
    EXPECT_EQ(f.main.to, f.alternative.to);
    EXPECT_NE(f.main.promote, f.alternative.promote);
  }
}

// chu-hand-001 (12c12a) with a second Black rook on 1c: 1c1a covers rank a from the other side
// (the king on 6a is boxed by its pawns on 5b..7b, nothing of White's reaches 2a..5a): two
// mates in 1, a cook in a 1-ply problem.
TEST(LargeSoundness, SecondMateInOne) {
  const auto pos = parse_sfen("6k5/5ppp4/R10R/12/12/12/12/12/12/12/12/K11 b - 1", Game::Chu);
  const auto r = check_soundness(pos);
  EXPECT_EQ(r.verdict, Soundness::Cooked);
  EXPECT_EQ(r.length, 1);
  ASSERT_EQ(r.cooks.size(), 1u);
  const std::string main = text(pos, r.main_line.at(0));
  const std::string cook = text(pos, r.cooks[0].alternative);
  EXPECT_TRUE((main == "12c12a" && cook == "1c1a") || (main == "1c1a" && cook == "12c12a"))
      << main << " " << cook;
}

// chu-hand-010 (stated 3: 12c12a 9b9a 12a9a) with a Black rook on 1c: 1c1a mates at once (the
// gold on 9b cannot reach 2a..5a), shorter than stated; with a White gold on 3b too, 1c1a is met
// by 3b3a and 1a3a mates, the mirror of the main line: two first moves mating in 3.
TEST(LargeSoundness, ShorterMateAndSecondFirstMove) {
  const auto shorter = parse_sfen("6k5/3g1ppp4/R10R/12/12/12/12/12/12/12/12/K11 b - 1", Game::Chu);
  SoundnessOptions options;
  options.stated_length = 3;
  auto r = check_soundness(shorter, options);
  EXPECT_EQ(r.verdict, Soundness::Cooked);
  EXPECT_EQ(r.length, 1);
  ASSERT_EQ(r.cooks.size(), 1u);
  EXPECT_EQ(text(shorter, r.cooks[0].alternative), "1c1a");

  const auto twice = parse_sfen("6k5/3g1ppp1g2/R10R/12/12/12/12/12/12/12/12/K11 b - 1", Game::Chu);
  r = check_soundness(twice, options);
  EXPECT_EQ(r.verdict, Soundness::Cooked);
  EXPECT_EQ(r.length, 3);
  ASSERT_EQ(r.cooks.size(), 1u);
  EXPECT_EQ(r.cooks[0].ply, 0);
  EXPECT_EQ(r.cooks[0].length, 3);
  const std::string main = text(twice, r.main_line.at(0));
  const std::string cook = text(twice, r.cooks[0].alternative);
  EXPECT_TRUE((main == "12c12a" && cook == "1c1a") || (main == "1c1a" && cook == "12c12a"))
      << main << " " << cook;
}

// A lone pawn against a king in the corner: no check at all, no mate. A budget that runs out is
// UNKNOWN, never SOUND; a stated length shorter than the mate is NO_MATE for that length.
TEST(LargeSoundness, NoMateAndBudgets) {
  auto r = check_soundness(parse_sfen("11k/12/12/12/12/12/12/12/12/12/P11/11K b - 1", Game::Chu));
  EXPECT_EQ(r.verdict, Soundness::NoMate);

  // chu-hand-009 (3 plies): with one node per question its 46 other first checks stay open.
  const auto pos = parse_sfen("10lk/9pp1/9+e2/8P3/7N4/12/12/12/12/12/12/K7R3 b - 1", Game::Chu);
  SoundnessOptions options;
  options.step_nodes = 1;
  r = check_soundness(pos, options);
  EXPECT_EQ(r.verdict, Soundness::Unknown);
  EXPECT_EQ(r.limit, "step-nodes");
  EXPECT_FALSE(r.undecided.empty());
  options = {};
  options.limits.max_nodes = 3;
  r = check_soundness(pos, options);
  EXPECT_EQ(r.verdict, Soundness::Unknown);
  EXPECT_EQ(r.limit, "nodes");
  // The same problem stated as a mate in 1: none within it (the mate takes 3 plies).
  options = {};
  options.stated_length = 1;
  r = check_soundness(pos, options);
  EXPECT_EQ(r.verdict, Soundness::NoMate);
  EXPECT_EQ(r.length, 3);
}

}  // namespace
}  // namespace tsume::large
