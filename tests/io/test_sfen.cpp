// SFEN reading and writing (USI notation, SPEC.md section 1).
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::fails_with;

struct SfenCase {
  std::string_view input;
  std::string_view canonical;  // written by hand: hands in R B G S N L P order, Black first
};

// Every position of SPEC.md section 5.
constexpr SfenCase kSpecPositions[] = {
    {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
     "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
    {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
     "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
    {"7lk/9/8S/9/9/9/9/7L1/8K b P 1", "7lk/9/8S/9/9/9/9/7L1/8K b P 1"},
    {"7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1", "7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1"},
    {"l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
     "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91"},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
     "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"},
    {"9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
     "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"},
    {"+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1",
     "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1"},
    {"9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1",
     "9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1"},
    {"1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
     "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"},
    {"6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1",
     "6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1"},
    {"7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1",
     "7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1"},
    {"5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1",
     "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1"},
    {"9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1",
     "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1"},
    {"9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1",
     "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1"},
    {"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1",
     "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1"},
};

TEST(SfenRoundTrip, SpecPositionsComeBackInCanonicalForm) {
  for (const auto& [input, canonical] : kSpecPositions) {
    SCOPED_TRACE(input);
    auto parsed = parse_sfen(input);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message();
    EXPECT_EQ(to_sfen(*parsed), canonical);
    auto again = parse_sfen(canonical);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, *parsed);
  }
}

TEST(SfenRoundTrip, SpecPositionsAreLegalAndSurviveThePosition) {
  for (const auto& [input, canonical] : kSpecPositions) {
    SCOPED_TRACE(input);
    // KingRule::Any: the evasion position of section 5 has no white king.
    auto pos = read_position(input, DefenderHand::AsGiven, {}, 0, KingRule::Any);
    ASSERT_TRUE(pos.ok()) << pos.error().message();
    EXPECT_EQ(to_sfen(*pos), canonical);
  }
}

TEST(SfenParse, ReadsSquaresPiecesAndFields) {
  auto s = parse_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 12");
  ASSERT_TRUE(s.ok());
  // 1a is the white lance, 2a the white knight, 9a the white lance (rank a = "l6nl").
  EXPECT_EQ(s->at(make_square(0, 0)), make_piece(Color::White, PieceType::Lance));
  EXPECT_EQ(s->at(make_square(1, 0)), make_piece(Color::White, PieceType::Knight));
  EXPECT_EQ(s->at(make_square(8, 0)), make_piece(Color::White, PieceType::Lance));
  // 4b is a black promoted pawn ("5+P1gk": files 9..5 empty, then +P on 4b).
  EXPECT_EQ(s->at(make_square(3, 1)), make_piece(Color::Black, PieceType::ProPawn));
  // 2i is the black king ("LN4bKL").
  EXPECT_EQ(s->at(make_square(1, 8)), make_piece(Color::Black, PieceType::King));
  EXPECT_EQ(s->side_to_move, Color::White);
  EXPECT_EQ(s->hand(Color::Black).count(PieceType::Rook), 1);
  EXPECT_EQ(s->hand(Color::Black).count(PieceType::Gold), 1);
  EXPECT_EQ(s->hand(Color::White).count(PieceType::Pawn), 5);
  EXPECT_EQ(s->hand(Color::White).count(PieceType::Silver), 1);
  EXPECT_EQ(s->ply, 12);
}

TEST(SfenParse, AcceptsStartposPrefixAndMissingMoveNumber) {
  auto start = parse_sfen("startpos");
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(to_sfen(*start), kStartSfen);
  auto prefixed = parse_sfen("sfen  7lk/9/8S/9/9/9/9/7L1/8K b P 3 ");
  ASSERT_TRUE(prefixed.ok()) << prefixed.error().message();
  EXPECT_EQ(to_sfen(*prefixed), "7lk/9/8S/9/9/9/9/7L1/8K b P 3");
  auto no_number = parse_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P");
  ASSERT_TRUE(no_number.ok());
  EXPECT_EQ(no_number->ply, 1);
  EXPECT_TRUE(parse_sfen("sfen startpos").ok());
}

TEST(SfenWrite, HandsInCanonicalOrderAndDashWhenEmpty) {
  auto s = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b 18p2L3NSG2Br 1");
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(to_sfen(*s), "4k4/9/9/9/9/9/9/9/4K4 b 2BGS3N2Lr18p 1");
  auto empty = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w - 7");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(to_sfen(*empty), "4k4/9/9/9/9/9/9/9/4K4 w - 7");
}

TEST(ReadPosition, EmptyDefenderHandGetsTheRestByDefault) {
  // SPEC.md section 1 (玉方持駒残り全部): White, not to move, gets every piece not on the board.
  auto pos = read_position("3+R3nk/8p/7P1/9/9/9/9/9/8B b - 1");
  ASSERT_TRUE(pos.ok()) << pos.error().message();
  EXPECT_EQ(to_sfen(*pos), "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
}

TEST(ReadPosition, RestCountsTheAttackersHand) {
  auto pos = read_position("9/9/6P2/9/4B4/9/6R2/7k+p/9 b G 1");
  ASSERT_TRUE(pos.ok()) << pos.error().message();
  EXPECT_EQ(to_sfen(*pos), "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1");
}

TEST(ReadPosition, AsGivenKeepsTheEmptyHand) {
  auto pos = read_position("3+R3nk/8p/7P1/9/9/9/9/9/8B b - 1", DefenderHand::AsGiven);
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_sfen(*pos), "3+R3nk/8p/7P1/9/9/9/9/9/8B b - 1");
}

TEST(ReadPosition, ANonEmptyDefenderHandIsKept) {
  auto pos = read_position("3+R3nk/8p/7P1/9/9/9/9/9/8B b 2p 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_sfen(*pos), "3+R3nk/8p/7P1/9/9/9/9/9/8B b 2p 1");
}

TEST(ReadPosition, WhiteToMoveGivesTheRestToBlack) {
  // Colours flipped: White attacks, Black defends.
  auto pos = read_position("b8/9/9/9/9/9/1p7/9/KN+r6 w - 1");
  ASSERT_TRUE(pos.ok()) << pos.error().message();
  EXPECT_EQ(to_sfen(*pos), "b8/9/9/9/9/9/1p7/9/KN+r6 w RB4G4S3N4L17P 1");
}

TEST(ReadPosition, ErrorsNameFileAndLine) {
  auto pos = read_position("9/9/9/9/9/9/9/9/8K b - 1", DefenderHand::AsGiven, "set.sfen", 7);
  ASSERT_FALSE(pos.ok());
  EXPECT_EQ(pos.error().file, "set.sfen");
  EXPECT_EQ(pos.error().line, 7);
  EXPECT_EQ(pos.error().message().rfind("set.sfen:7: ", 0), 0u);
}

}  // namespace
}  // namespace tsume::io
