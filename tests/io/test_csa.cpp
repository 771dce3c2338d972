// CSA records: fixtures in tests/io/data read to positions and moves written by hand.
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/csa.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::fixture;
using test::usi_moves;
using Moves = std::vector<std::string>;

TEST(Csa, ReadsRowsAndAllRemainingPiecesToWhite) {
  auto p = read_csa(fixture("pinned_interposer.csa"), "pinned_interposer.csa");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
  EXPECT_TRUE(p->rest_to_defender);
  EXPECT_EQ(usi_moves(p->moves), Moves({"1i5e"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({17}));
  EXPECT_EQ(p->title, "pinned interposer");
  EXPECT_EQ(p->header("N+"), "attacker");
  EXPECT_EQ(p->header("N-"), "defender");
  EXPECT_EQ(p->result, "TSUMI");
  ASSERT_EQ(p->comments.size(), 1u);
  EXPECT_EQ(p->format, ProblemFormat::Csa);
}

TEST(Csa, HandicapGameWithPromotionAndCommaStatements) {
  ReadOptions as_given;
  as_given.defender_hand = DefenderHand::AsGiven;
  auto p = read_csa(fixture("nimaiochi.csa"), "nimaiochi.csa", as_given);
  ASSERT_TRUE(p.ok()) << p.error().message();
  // PI82HI22KA: the even-game position without White's rook (8b) and bishop (2b).
  EXPECT_EQ(to_sfen(p->setup), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  // +8822UM: the bishop arrives as a horse, so it promoted.
  EXPECT_EQ(usi_moves(p->moves), Moves({"3c3d", "7g7f", "8c8d", "8h2b+", "3a2b"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({7, 8, 9, 10, 11}));
  EXPECT_EQ(p->result, "TORYO");
}

TEST(Csa, TheDefenderHandConventionAlsoAppliesToGames) {
  // Read as a problem, Black (not to move) gets the two missing pieces (SPEC.md section 1).
  auto p = read_csa(fixture("nimaiochi.csa"), "nimaiochi.csa");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w RB 1");
  EXPECT_TRUE(p->rest_to_defender);
}

TEST(Csa, PieceListsPlaceOnBoardAndInHand) {
  // No rows: pieces placed one by one; two golds and a pawn in Black's hand.
  auto p = read_csa("P+19OU23FU00KI00KI00FU\nP-11OU\nP-00FU\n+\n+0022KI\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "8k/9/7P1/9/9/9/9/9/8K b 2GPp 1");
  EXPECT_EQ(usi_moves(p->moves), Moves({"G*2b"}));
}

TEST(Csa, TrailingBlanksOfARowMayBeMissing) {
  std::string text = "P1 *  *  *  *  *  *  *  * -OU\n";
  for (char rank = '2'; rank <= '8'; ++rank)
    text += std::string("P") + rank + " *  *  *  *  *  *  *  *  *\n";  // the last blank is gone
  text += "P9 *  *  *  *  *  *  *  * +OU\nP+00HI\n+\n";
  auto p = read_csa(text);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "8k/9/9/9/9/9/9/9/8K b Rr2b4g4s4n4l18p 1");
}

}  // namespace
}  // namespace tsume::io
