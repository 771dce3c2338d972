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
#include "tests/core/reference_rules.h"
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

// Escape squares. R, White to move: king 1b, checked by Black's knight on 2d (which also covers
// 3b); White's lance on 1a, silver on 2b and pawn on 1c; Black holds a gold. By hand the king's
// only moves are to 2a and 2c (a knight's check cannot be blocked, nothing of White's reaches 2d).
// After K-2a, G*3b mates (the gold covers 2a's file neighbour 3a and the king's square, the
// knight guards 3b and covers 1b; the silver on 2b cannot take sideways); after K-2c no check
// mates at once (the king has 1b, 3b, 3c, 1d, 3d and the unguarded knight). So within one ply
// the escape is 2c only, and nothing once 1b2c is the reply that reaches the problem.
constexpr const char* kEscapeR = "8l/7sk/8p/7N1/9/9/9/9/9 w G2r2b3g3s3n3l17p 1";

Square sq(const char* usi) {
  return io::parse_usi_move(std::string("G*") + usi, position("4k4/9/9/9/9/9/9/9/9 b G 1"))
      .value()
      .to();
}

TEST(EscapeGuidance, EscapeSquaresByHand) {
  auto read = io::read_position(kEscapeR, io::DefenderHand::RestIfEmpty, {}, 0, KingRule::Any);
  ASSERT_TRUE(read.ok()) << read.error().message();
  const Position r = read.value();
  TranspositionTable filter(1);
  std::uint64_t spent = 0;
  const std::vector<Square> one =
      escape_squares(filter, r, Move::none(), 1, 10'000, nullptr, &spent);
  EXPECT_EQ(one, std::vector<Square>{sq("2c")});
  EXPECT_GT(spent, 0u);
  const Move reply = io::parse_usi_move("1b2c", r).value();
  EXPECT_TRUE(escape_squares(filter, r, reply, 1, 10'000, nullptr).empty());
  // The reference rules agree on the king's moves: 2a and 2c only.
  std::set<std::string> king_moves;
  for (const Move m : test::reference::legal_moves(r.setup())) king_moves.insert(io::to_usi(m));
  EXPECT_EQ(king_moves, (std::set<std::string>{"1b2a", "1b2c"}));
}

// Escape guards of 2b with the defender's king alone on 1a and a gold in the attacker's hand. By
// hand (Black moves towards rank a; squares within two files and ranks of 2b): a pawn on 2c; a
// lance on 2c or 2d; a knight on 1d or 3d; a silver on 1c, 2c, 3c (forward) or 3a (diagonally
// behind; 1a is the king's); a gold on 1c, 2c, 3c or 3b (on 2a and 1b it would check the king),
// from the rest of the set and again from the attacker's hand; a bishop on 3a or 1c (on 3c and
// 4d it would check along 2b-1a); a rook on 2c, 2d, 3b or 4b (on 2a and 1b it would check). Then
// the defender's own pawn, lance, knight, silver or gold on 2b.
TEST(EscapeGuidance, GuardsOfAnEscapeSquareByHand) {
  const BoardSetup p = position("8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1").setup();
  const Square target = sq("2b");
  const std::vector<BoardSetup> ms = escape_guards(p, target);
  std::multiset<std::string> got;
  int blocks = 0;
  for (const BoardSetup& m : ms) {
    EXPECT_EQ(Position::validate(m), "");
    EXPECT_EQ(piece_count(m), piece_count(p) + (m.hand(Color::Black) == p.hand(Color::Black)));
    BoardSetup refilled = m;
    refill_defender_hand(refilled);
    EXPECT_EQ(refilled, m);
    std::string what;
    int changed = 0;
    for (int i = 0; i < kSquareCount; ++i) {
      if (p.board[i] == m.board[i]) continue;
      ++changed;
      EXPECT_EQ(p.board[i], Piece::None);
      what = io::sfen_piece(m.board[i]) + '@' + io::usi_square(square_at(i));
    }
    EXPECT_EQ(changed, 1);
    if (m.hand(Color::Black) != p.hand(Color::Black)) what += " from hand";
    got.insert(what);
    if (m.at(target) != Piece::None) {
      ++blocks;
      EXPECT_EQ(color_of(m.at(target)), Color::White);
      continue;
    }
    // Independently: the reference rules see the king attacked on 2b (moved there from 1a) in
    // the mutation, and not in the original position.
    const auto king_on_target = [&](BoardSetup s) {
      s.at(sq("1a")) = Piece::None;
      s.at(target) = make_piece(Color::White, PieceType::King);
      return test::reference::in_check(s, Color::White);
    };
    EXPECT_TRUE(king_on_target(m)) << what;
    EXPECT_FALSE(king_on_target(p));
  }
  const std::multiset<std::string> expected = {
      "P@2c",           "L@2c",           "L@2d", "N@1d",           "N@3d",
      "S@1c",           "S@2c",           "S@3c", "S@3a",           "G@1c",
      "G@2c",           "G@3c",           "G@3b", "G@1c from hand", "G@2c from hand",
      "G@3c from hand", "G@3b from hand", "B@3a", "B@1c",           "R@2c",
      "R@2d",           "R@3b",           "R@4b", "p@2b",           "l@2b",
      "n@2b",           "s@2b",           "g@2b"};
  EXPECT_EQ(got, expected);
  EXPECT_EQ(blocks, 5);
  // The blocks come last.
  ASSERT_EQ(ms.size(), expected.size());
  for (std::size_t i = ms.size() - 5; i < ms.size(); ++i) EXPECT_NE(ms[i].at(target), Piece::None);
}

// escape_mutations: the most frequent escape square first, at most `limit`, no duplicates.
TEST(EscapeGuidance, MostFrequentEscapeFirst) {
  const BoardSetup p = position("8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1").setup();
  const std::map<int, int> escapes = {{index_of(sq("2b")), 1}, {index_of(sq("2a")), 2}};
  const std::vector<BoardSetup> first = escape_guards(p, sq("2a"));
  const std::vector<BoardSetup> second = escape_guards(p, sq("2b"));
  ASSERT_FALSE(first.empty());
  const std::vector<BoardSetup> all = escape_mutations(p, escapes, 1000);
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(all[i], first[i]);
  std::set<std::string> distinct;
  for (const BoardSetup& m : all) EXPECT_TRUE(distinct.insert(io::to_sfen(m)).second);
  std::set<std::string> both;
  for (const auto* list : {&first, &second})
    for (const BoardSetup& m : *list) both.insert(io::to_sfen(m));
  EXPECT_EQ(all.size(), both.size());
  EXPECT_EQ(escape_mutations(p, escapes, 3).size(), 3u);
  EXPECT_TRUE(escape_mutations(p, {}, 100).empty());
}

}  // namespace
}  // namespace tsume::gen
