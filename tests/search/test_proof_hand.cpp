// Proof and disproof pieces (証明駒・反証駒) on positions analysed by hand.
#include "solver/search/proof_hand.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include "solver/io/sfen.h"
#include "solver/search/dfpn.h"

namespace tsume {
namespace {

Position position(const char* sfen) { return test::position_as_given(sfen); }

Hand hand(int pawns, int silvers, int golds) {
  Hand h;
  h.set(PieceType::Pawn, pawns);
  h.set(PieceType::Silver, silvers);
  h.set(PieceType::Gold, golds);
  return h;
}

Move usi(const Position& pos, const char* text) {
  auto m = io::parse_usi_move(text, pos);
  EXPECT_TRUE(m.ok()) << text;
  return m.ok() ? m.value() : Move::none();
}

TEST(DisproofPieces, ADropNeededOneMorePieceBeforeIt) {
  // Black drops a gold on 5b: the child's disproof for up to 1 gold covers 2 golds before.
  const Position pos = position("4k4/9/9/9/9/9/9/9/9 b 2G 1");
  EXPECT_EQ(disproof_hand_before_move(pos, usi(pos, "G*5b"), hand(0, 0, 1)), hand(0, 0, 2));
}

TEST(DisproofPieces, ACaptureBroughtOnePieceIn) {
  // The dragon takes the gold on 5b: a child hand of 2 golds is 1 before the capture.
  const Position pos = position("4k4/4g4/9/9/4+R4/9/9/9/9 b G 1");
  EXPECT_EQ(disproof_hand_before_move(pos, usi(pos, "5e5b"), hand(0, 0, 2)), hand(0, 0, 1));
}

TEST(DisproofPieces, KindsNotHeldStayAtZero) {
  // Holding a pawn and no gold: a gold in hand would bring new drop checks.
  const Position pos = position("4k4/9/9/9/9/9/9/9/9 b P 1");
  EXPECT_EQ(disproof_hand_at_attacker(pos, Color::Black, hand(5, 2, 3)), hand(5, 0, 0));
}

TEST(DisproofPieces, ADefenderDropKeepsOnePieceForTheDefender) {
  // The rook on 9i checks the king on 9a; White (3 silvers) interposes S*9e. With 4 silvers
  // Black would leave White none, so the refutation holds up to 3 silvers in Black's hand.
  const Position pos = position("k8/9/9/9/9/9/9/9/R8 w S3s 1");
  EXPECT_EQ(disproof_hand_at_defender(pos, Color::Black, usi(pos, "S*9e"), hand(0, 4, 0)),
            hand(0, 3, 0));
  // A board move does not change the attacker's hand.
  EXPECT_EQ(disproof_hand_at_defender(pos, Color::Black, usi(pos, "9a8b"), hand(0, 4, 0)),
            hand(0, 4, 0));
}

TEST(DisproofPieces, ADisproofWithNoCheckCoversMoreOfTheKindsHeld) {
  // The king on 1a is walled in by its own knight (2a), silver (2b) and pawn (1b): no gold drop
  // can check it, so "no mate" holds for any number of golds, but not once a pawn is in hand
  // (P*... cannot check either here, yet a kind not held is never widened).
  Position pos = position("7nk/7sp/9/9/9/9/9/9/9 b G 1");
  TranspositionTable tt(1);
  SearchLimits limits;
  SearchBudget budget(limits);
  MateSearch search(tt, budget, Color::Black);
  ASSERT_EQ(search.prove(pos, kUnboundedPlies), Outcome::Disproven);
  EXPECT_EQ(tt.probe(pos.board_key(), hand(0, 0, 3)).lower, kNoMate);
  EXPECT_EQ(tt.probe(pos.board_key(), hand(1, 0, 1)).lower, 0);
}

}  // namespace
}  // namespace tsume
