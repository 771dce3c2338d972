// USI move notation: parse_usi_move checks syntax and legality, to_usi writes it back.
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/core/movegen.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::fails_with;

Position position(std::string_view sfen) {
  auto pos = read_position(sfen, DefenderHand::AsGiven);
  EXPECT_TRUE(pos.ok()) << pos.error().message();
  return pos.ok() ? *pos : Position();
}

constexpr Square sq(int file, char rank) { return make_square(file - 1, rank - 'a'); }

TEST(UsiMove, ParsesBoardMovesPromotionsAndDrops) {
  const Position start = position(kStartSfen);
  auto m = parse_usi_move("7g7f", start);
  ASSERT_TRUE(m.ok()) << m.error().message();
  EXPECT_EQ(*m, Move::board(sq(7, 'g'), sq(7, 'f'), false));

  // Pawn-drop-mate position of SPEC.md section 5: silver on 1c, white king on 1a.
  const Position pdm = position("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  auto promo = parse_usi_move("1c2b+", pdm);
  ASSERT_TRUE(promo.ok()) << promo.error().message();
  EXPECT_EQ(*promo, Move::board(sq(1, 'c'), sq(2, 'b'), true));
  auto drop = parse_usi_move("P*3c", pdm);
  ASSERT_TRUE(drop.ok()) << drop.error().message();
  EXPECT_EQ(*drop, Move::drop(PieceType::Pawn, sq(3, 'c')));
}

TEST(UsiMove, WritesMoves) {
  EXPECT_EQ(to_usi(Move::board(sq(7, 'g'), sq(7, 'f'), false)), "7g7f");
  EXPECT_EQ(to_usi(Move::board(sq(8, 'h'), sq(2, 'b'), true)), "8h2b+");
  EXPECT_EQ(to_usi(Move::drop(PieceType::Pawn, sq(5, 'e'))), "P*5e");
  EXPECT_EQ(to_usi(Move::drop(PieceType::Rook, sq(1, 'a'))), "R*1a");
  EXPECT_EQ(to_usi(Move::none()), "0000");
}

TEST(UsiMove, EveryLegalMoveOfTheSpecPositionsRoundTrips) {
  for (std::string_view sfen :
       {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", "7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"}) {
    SCOPED_TRACE(sfen);
    const Position pos = position(sfen);
    MoveList legal;
    generate_legal(pos, legal);
    ASSERT_FALSE(legal.empty());
    for (Move m : legal) {
      const std::string text = to_usi(m);
      auto back = parse_usi_move(text, pos);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error().message();
      EXPECT_EQ(*back, m) << text;
    }
  }
}

TEST(UsiMove, SyntaxErrors) {
  const Position start = position(kStartSfen);
  for (std::string_view bad : {"", "7g", "7g7", "7g7f++", "0g7f", "7j7f", "7g7f=", "p*5e", "K*5e",
                               "P-5e", "P*5", "7g7g", "7g 7f"}) {
    SCOPED_TRACE(bad);
    auto m = parse_usi_move(bad, start);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().reason.find("bad USI move"), std::string::npos) << m.error().reason;
  }
}

TEST(UsiMove, IllegalMovesNameTheirRule) {
  const Position start = position(kStartSfen);
  EXPECT_TRUE(fails_with(parse_usi_move("7f7e", start), 0, "illegal move 7f7e: no piece on 7f"));
  EXPECT_TRUE(fails_with(parse_usi_move("3c3d", start), 0, "White's but Black is to move"));
  EXPECT_TRUE(fails_with(parse_usi_move("7g7e", start), 0, "cannot reach 7e"));
  EXPECT_TRUE(fails_with(parse_usi_move("8h7g", start), 0, "own piece"));
  EXPECT_TRUE(fails_with(parse_usi_move("P*5e", start), 0, "no P in Black's hand"));
  EXPECT_TRUE(fails_with(parse_usi_move("7g7f+", start), 0, "promotion zone"));

  const Position pdm = position("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_TRUE(fails_with(parse_usi_move("P*1b", pdm), 0, "打ち歩詰め"));
  EXPECT_TRUE(fails_with(parse_usi_move("P*1c", pdm), 0, "occupied"));
  EXPECT_TRUE(fails_with(parse_usi_move("P*5a", pdm), 0, "could never move"));

  // 二歩: Black already has a pawn on file 7.
  EXPECT_TRUE(
      fails_with(parse_usi_move("P*7e", position("4k4/9/9/9/9/9/2P6/9/4K4 b P 1")), 0, "二歩"));
  // A pawn reaching the last rank must promote; a gold cannot promote.
  const Position last = position("4k4/P8/9/9/9/9/9/9/G3K4 b - 1");
  EXPECT_TRUE(fails_with(parse_usi_move("9b9a", last), 0, "must promote on 9a"));
  EXPECT_TRUE(fails_with(parse_usi_move("9i9h+", last), 0, "cannot promote"));
  // The rook on 5h is pinned against the king on 5i by the lance on 5a... and the king may not
  // step next to the enemy rook's file.
  const Position pinned = position("4l3k/9/9/9/9/9/9/4R4/4K4 b - 1");
  EXPECT_TRUE(fails_with(parse_usi_move("5h4h", pinned), 0, "leaves the king in check"));
  const Position rook_file = position("3r4k/9/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(fails_with(parse_usi_move("5i6i", rook_file), 0, "moves the king into check"));
  const Position checked = position("4r3k/9/9/9/9/9/9/9/4K1G2 b - 1");
  EXPECT_TRUE(fails_with(parse_usi_move("3i2h", checked), 0, "does not answer the check"));
}

}  // namespace
}  // namespace tsume::io
