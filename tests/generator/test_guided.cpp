// Guided mutations (generator/guided.h): the defender pieces that guard a square the checker's
// cooks went to, against a hand analysis of which squares each kind of the defender attacks from.
#include "generator/guided.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "generator/candidate.h"
#include "solver/core/position.h"
#include "solver/io/piece_names.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

using test_support::position;

// The one piece `m` adds to `before`, as "<kind letter>@<square>" (kind: P L N S G), or "" when
// `m` is not `before` plus one White piece.
std::string added(const BoardSetup& before, const BoardSetup& m) {
  std::string out;
  int changed = 0;
  for (int i = 0; i < kSquareCount; ++i) {
    if (before.board[i] == m.board[i]) continue;
    ++changed;
    if (before.board[i] != Piece::None || color_of(m.board[i]) != Color::White) return "";
    static const std::map<PieceType, char> kLetters = {{PieceType::Pawn, 'P'},
                                                       {PieceType::Lance, 'L'},
                                                       {PieceType::Knight, 'N'},
                                                       {PieceType::Silver, 'S'},
                                                       {PieceType::Gold, 'G'}};
    const auto it = kLetters.find(type_of(m.board[i]));
    if (it == kLetters.end()) return "";
    out = std::string(1, it->second) + '@' + io::usi_square(square_at(i));
  }
  return changed == 1 ? out : "";
}

// The defender's king on 5a, the attacker's gold on 5c; the square to guard is 4b. By hand
// (White moves towards rank i): on 4b itself any of the five kinds; a pawn or a lance on 4a (the
// only square above 4b on its file within two ranks); no knight (it would stand two ranks above
// rank b); a silver on 3a or 4a (its forward squares) or on 3c (diagonally behind: 5c holds the
// gold); a gold on 3a or 4a (forward), 3b or 5b (beside) or 4c (straight behind). 5a is the
// king's square.
TEST(GuidedMutation, GuardsOfASquareByHand) {
  const BoardSetup p = position("4k4/9/4G4/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1").setup();
  const std::vector<BoardSetup> ms = guard_mutations(
      p, io::parse_usi_move("G*4b", position("4k4/9/9/9/9/9/9/9/9 b G 1")).value().to());
  std::vector<std::string> got;
  for (const BoardSetup& m : ms) {
    got.push_back(added(p, m));
    EXPECT_NE(got.back(), "");
    EXPECT_EQ(Position::validate(m), "");
    EXPECT_EQ(piece_count(m), piece_count(p) + 1);
    // The defender's hand gave up the piece (the rest of the set).
    BoardSetup refilled = m;
    refill_defender_hand(refilled);
    EXPECT_EQ(refilled, m);
  }
  const std::set<std::string> expected = {"P@4b", "L@4b", "N@4b", "S@4b", "G@4b",
                                          "P@4a", "L@4a", "S@3a", "S@4a", "S@3c",
                                          "G@3a", "G@4a", "G@3b", "G@5b", "G@4c"};
  EXPECT_EQ(std::set<std::string>(got.begin(), got.end()), expected);
  EXPECT_EQ(got.size(), expected.size());
  // The square itself first.
  ASSERT_GE(got.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(got[i].substr(2), "4b") << got[i];
}

// A kind the defender does not hold is not placed, and no 二歩: the defender's pawn in hand
// cannot go to file 4, where it has one already.
TEST(GuidedMutation, OnlyWhatTheDefenderHoldsAndNoDoublePawn) {
  // White: king 5a, a pawn on 4d and one in hand (Black holds the other 16); all four golds are
  // Black's (two on the board, two in hand).
  const BoardSetup p = position("4k4/9/4G4/5p3/9/9/9/4G4/9 b 2G16P2r2b4s4n4lp 1").setup();
  ASSERT_TRUE(p.hand(Color::White).has(PieceType::Pawn));
  ASSERT_FALSE(p.hand(Color::White).has(PieceType::Gold));
  const Square s = io::parse_usi_move("G*4b", position("4k4/9/9/9/9/9/9/9/9 b G 1")).value().to();
  std::set<std::string> got;
  for (const BoardSetup& m : guard_mutations(p, s)) got.insert(added(p, m));
  const std::set<std::string> expected = {"L@4b", "N@4b", "S@4b", "L@4a", "S@3a", "S@4a", "S@3c"};
  EXPECT_EQ(got, expected);
}

// guided_mutations: the most frequent cook square first, at most `limit`, no duplicates.
TEST(GuidedMutation, MostFrequentCookSquareFirst) {
  const BoardSetup p = position("4k4/9/4G4/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1").setup();
  const Position probe = position("4k4/9/9/9/9/9/9/9/9 b G 1");
  const Square b4 = io::parse_usi_move("G*4b", probe).value().to();
  const Square b6 = io::parse_usi_move("G*6b", probe).value().to();
  const std::map<int, int> cooks = {{index_of(b4), 1}, {index_of(b6), 3}};
  const std::vector<BoardSetup> all = guided_mutations(p, cooks, 1000);
  const std::vector<BoardSetup> six = guard_mutations(p, b6);
  ASSERT_FALSE(six.empty());
  ASSERT_GT(all.size(), six.size());
  for (std::size_t i = 0; i < six.size(); ++i) EXPECT_EQ(all[i], six[i]);
  // 15 guards of each square (by hand, as above, and its mirror image for 6b); a gold on 5b
  // guards both and is listed once.
  EXPECT_EQ(all.size(), 29u);
  std::set<std::string> distinct;
  for (const BoardSetup& m : all) EXPECT_TRUE(distinct.insert(added(p, m)).second);
  EXPECT_EQ(guided_mutations(p, cooks, 4).size(), 4u);
  EXPECT_TRUE(guided_mutations(p, {}, 100).empty());
}

}  // namespace
}  // namespace tsume::gen
