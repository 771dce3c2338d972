// Writing Japanese notation and KIF records (kif_writer.h): hand-written expectations for each
// KI2 word, and round trips through the readers (kif_notation.h, read_kif).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/core/movegen.h"
#include "solver/io/kif.h"
#include "solver/io/kif_notation.h"
#include "solver/io/kif_writer.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::usi_moves;
using Moves = std::vector<std::string>;

Position position(std::string_view sfen, KingRule kings = KingRule::DefenderKing) {
  auto pos = read_position(sfen, DefenderHand::RestIfEmpty, {}, 0, kings);
  EXPECT_TRUE(pos.ok()) << sfen << ": " << pos.error().message();
  return pos.ok() ? *pos : Position();
}

Move usi(const Position& pos, std::string_view text) {
  auto m = parse_usi_move(text, pos);
  EXPECT_TRUE(m.ok()) << text << ": " << m.error().message();
  return m.ok() ? *m : Move::none();
}

// The KI2 notation of the USI move `text` in `sfen`, with no previous move.
std::string ki2(std::string_view sfen, std::string_view text) {
  const Position pos = position(sfen);
  return to_japanese(pos, usi(pos, text), Square::None);
}

std::vector<Move> usi_line(const Position& start, std::string_view line) {
  Position pos = start;
  std::vector<Move> moves;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    const Move m = usi(pos, line.substr(at, end - at));
    if (m.is_none()) break;
    moves.push_back(m);
    pos.do_move(m);
    at = end + 1;
  }
  return moves;
}

// Golds on 6i and 4i, both moving up to 5h: 右 and 左 (Black's right is file 1).
constexpr std::string_view kTwoGolds = "8k/9/9/9/9/9/9/9/3G1G2K b - 1";
// Golds on 6i, 5i, 4i.
constexpr std::string_view kThreeGolds = "8k/9/9/9/9/9/9/9/3GGG2K b - 1";
// Golds on 5g, 4h and 6i reach 5h moving back, sideways and forward.
constexpr std::string_view kGoldMotions = "8k/9/9/9/9/9/4G4/5G3/3G4K b - 1";
// Golds on 6g, 6h and 5h all reach 5g (the fixture ki2_words.ki2 after its eighth move).
constexpr std::string_view kGoldCombination = "8k/9/9/9/9/9/3G5/3GG4/8K b - 1";
// Dragons on 1c and 2b both move back to 2d (the JSA example): position words, never 直.
constexpr std::string_view kTwoDragons = "4k4/7+R1/8+R/9/9/9/9/9/4K4 b - 1";
// Dragons on 9b and 5h both reach 5b, sideways and forward.
constexpr std::string_view kDragonsMotion = "8k/+R8/9/9/9/9/9/4+R4/8K b - 1";
// A gold in hand and a gold on 6h that can reach 5h.
constexpr std::string_view kDropAndBoard = "8k/9/9/9/9/9/9/3G5/8K b G 1";
// A silver on 2d: entering 2c it may promote.
constexpr std::string_view kSilver = "8k/9/9/7S1/9/9/9/9/8K b - 1";

TEST(KifWriter, Squares) {
  EXPECT_EQ(japanese_square(make_square(1, 2)), "２三");
  EXPECT_EQ(japanese_square(make_square(8, 8)), "９九");
  EXPECT_EQ(japanese_square(make_square(0, 0)), "１一");
}

TEST(KifWriter, RightAndLeft) {
  EXPECT_EQ(ki2(kTwoGolds, "6i5h"), "▲５八金左");
  EXPECT_EQ(ki2(kTwoGolds, "4i5h"), "▲５八金右");
}

TEST(KifWriter, StraightUpIsChoku) {
  EXPECT_EQ(ki2(kThreeGolds, "5i5h"), "▲５八金直");
  EXPECT_EQ(ki2(kThreeGolds, "6i5h"), "▲５八金左");
  EXPECT_EQ(ki2(kThreeGolds, "4i5h"), "▲５八金右");
  // A gold that is the only one to reach its square needs no word.
  EXPECT_EQ(ki2(kThreeGolds, "6i7h"), "▲７八金");
}

TEST(KifWriter, MotionWordsComeFirst) {
  EXPECT_EQ(ki2(kGoldMotions, "6i5h"), "▲５八金上");
  EXPECT_EQ(ki2(kGoldMotions, "4h5h"), "▲５八金寄");
  EXPECT_EQ(ki2(kGoldMotions, "5g5h"), "▲５八金引");
}

TEST(KifWriter, PositionAndMotionTogether) {
  EXPECT_EQ(ki2(kGoldCombination, "6h5g"), "▲５七金左上");
  EXPECT_EQ(ki2(kGoldCombination, "5h5g"), "▲５七金直");
  EXPECT_EQ(ki2(kGoldCombination, "6g5g"), "▲５七金寄");
}

TEST(KifWriter, DragonsUsePositionNotChoku) {
  EXPECT_EQ(ki2(kTwoDragons, "1c2d"), "▲２四龍右");
  EXPECT_EQ(ki2(kTwoDragons, "2b2d"), "▲２四龍左");
  EXPECT_EQ(ki2(kDragonsMotion, "9b5b"), "▲５二龍寄");
  EXPECT_EQ(ki2(kDragonsMotion, "5h5b"), "▲５二龍上");
}

TEST(KifWriter, WhiteSeesItsOwnRightAndLeft) {
  // White golds on 4a and 6a both move up (towards rank i) to 5b; White's right is file 9.
  constexpr std::string_view kWhiteGolds = "3g1g3/9/9/9/9/9/9/9/K7k w - 1";
  EXPECT_EQ(ki2(kWhiteGolds, "6a5b"), "△５二金右");
  EXPECT_EQ(ki2(kWhiteGolds, "4a5b"), "△５二金左");
}

TEST(KifWriter, UchiOnlyWhenABoardPieceCouldGoThere) {
  EXPECT_EQ(ki2(kDropAndBoard, "G*5h"), "▲５八金打");
  EXPECT_EQ(ki2(kDropAndBoard, "6h5h"), "▲５八金");
  EXPECT_EQ(ki2(kDropAndBoard, "G*5e"), "▲５五金");  // the gold on 6h cannot reach 5e
}

TEST(KifWriter, PromotionWords) {
  EXPECT_EQ(ki2(kSilver, "2d2c+"), "▲２三銀成");
  EXPECT_EQ(ki2(kSilver, "2d2c"), "▲２三銀不成");
  EXPECT_EQ(ki2(kSilver, "2d3e"), "▲３五銀");  // no promotion possible: no word
  // A pawn reaching the last rank must promote: 成 is still written.
  EXPECT_EQ(ki2("8k/4P4/9/9/9/9/9/9/8K b - 1", "5b5a+"), "▲５一歩成");
  // A promoted piece is named as such.
  EXPECT_EQ(ki2("8k/9/7+S1/9/9/9/9/9/8K b - 1", "2c2b"), "▲２二成銀");
}

TEST(KifWriter, SameSquareIsDou) {
  // ▲２三銀成, White's gold on 3b takes, Black's rook on 2i takes back with promotion.
  const Position start = position("4k4/6g2/9/7S1/9/9/9/9/4K2R1 b - 1");
  const auto moves = usi_line(start, "2d2c+ 3b2c 2i2c+");
  ASSERT_EQ(moves.size(), 3u);
  auto line = to_japanese_line(start, moves);
  ASSERT_TRUE(line.ok()) << line.error().message();
  EXPECT_EQ(*line, "▲２三銀成 △同　金 ▲同　飛成");
  auto kif = to_kif_moves(start, moves, "中断");
  ASSERT_TRUE(kif.ok()) << kif.error().message();
  EXPECT_EQ(*kif, "   1 ２三銀成(24)\n   2 同　金(32)\n   3 同　飛成(29)\n   4 中断\n");
  // A two-character name after 同 takes no space.
  const Position pro = position("4k4/6g2/7+S1/9/9/9/9/9/4K4 w - 1");
  EXPECT_EQ(to_japanese(pro, usi(pro, "3b2b"), Square::None), "△２二金");
  Position after = pro;
  after.do_move(usi(pro, "3b2b"));
  EXPECT_EQ(to_japanese(after, usi(after, "2c2b"), make_square(1, 1)), "▲同成銀");
  EXPECT_EQ(to_kif_move(after, usi(after, "2c2b"), make_square(1, 1)), "同成銀(23)");
}

TEST(KifWriter, KifMovesDropsAndNonPromotion) {
  const Position pos = position(kDropAndBoard);
  EXPECT_EQ(to_kif_move(pos, usi(pos, "G*5h"), Square::None), "５八金打");
  EXPECT_EQ(to_kif_move(pos, usi(pos, "G*5e"), Square::None), "５五金打");  // KIF: always 打
  const Position silver = position(kSilver);
  EXPECT_EQ(to_kif_move(silver, usi(silver, "2d2c"), Square::None), "２三銀不成(24)");
}

TEST(KifWriter, IllegalMoveIsAnError) {
  const Position pos = position(kSilver);
  const std::vector<Move> moves = {Move::board(make_square(1, 3), make_square(1, 5), false)};
  auto line = to_japanese_line(pos, moves);
  ASSERT_FALSE(line.ok());
  EXPECT_NE(line.error().reason.find("move 1"), std::string::npos) << line.error().reason;
}

// Writes every legal move of `pos` in KI2 and KIF notation (with and without a previous move on
// its destination) and reads it back; the move read must be the move written.
void expect_round_trip(const Position& pos, const std::string& where) {
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    for (Square previous : {Square::None, m.to()}) {
      std::string written = to_japanese(pos, m, previous);
      written = written.substr(std::string_view("▲").size());  // the reader takes no mark
      JapaneseMove jm;
      std::size_t used = 0;
      ASSERT_EQ(parse_japanese_move(written, jm, used), "") << where << ": " << written;
      EXPECT_EQ(used, written.size()) << where << ": " << written;
      Move back;
      ASSERT_EQ(resolve_japanese_move(jm, pos, previous, back), "") << where << ": " << written;
      EXPECT_EQ(to_usi(back), to_usi(m)) << where << ": " << written;

      const std::string kif = to_kif_move(pos, m, previous);
      ASSERT_EQ(parse_japanese_move(kif, jm, used), "") << where << ": " << kif;
      ASSERT_EQ(resolve_japanese_move(jm, pos, previous, back), "") << where << ": " << kif;
      EXPECT_EQ(to_usi(back), to_usi(m)) << where << ": " << kif;
    }
  }
}

TEST(KifWriter, EveryLegalMoveReadsBack) {
  // Positions rich in pieces of one kind: SPEC.md section 5, the hand-made ones above, and
  // crowds of golds, silvers, tokins, knights and sliders.
  constexpr std::string_view kPositions[] = {
      kStartSfen,
      "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
      "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1",
      "9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1",
      "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
      "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
      kTwoGolds,
      kThreeGolds,
      kGoldMotions,
      kGoldCombination,
      kTwoDragons,
      kDragonsMotion,
      "9/9/9/2GSG4/2S1S4/2GSG4/9/9/k3K4 b - 1",
      "9/9/9/3+P+P+P3/3+P1+P3/3+P+P+P3/9/9/k3K4 b - 1",
      "k8/9/9/9/9/3N1N3/9/9/4K4 b - 1",
      "k8/9/9/2+B3+B2/9/9/2+R3+R2/9/4K4 b - 1",
      "k8/9/9/1s1s5/2s1s4/9/9/9/4K4 w - 1",
  };
  for (std::string_view sfen : kPositions) {
    const Position pos = position(sfen, KingRule::Any);  // one SPEC position has no White king
    expect_round_trip(pos, std::string(sfen));
    // One ply deeper, so that the other side and positions after captures are covered too.
    MoveList legal;
    generate_legal(pos, legal);
    // About 20 children each, spread over the move list, so that the sanitizer build stays quick.
    const std::size_t step = std::max<std::size_t>(1, legal.size() / 20);
    for (std::size_t i = 0; i < legal.size(); i += step) {
      const Move m = legal[i];
      Position child = pos;
      child.do_move(m);
      expect_round_trip(child, std::string(sfen) + " moves " + to_usi(m));
      if (HasFatalFailure()) return;
    }
  }
}

struct Published {
  std::string_view sfen;
  std::string_view id;
  std::string_view main_line;
};

// Problems of problems/zukou.tsv (将棋図巧, CC0 transcription) with their published main lines.
constexpr Published kZukou[] = {
    {"1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1", "zukou-001",
     "S*5d 6e7e 7i8g 7e8f 5g6f 3f6f 5a9e+ 8f7f P*7g 6f7g 9e7g 7f8e R*1e R*2e 1e2e 1f2e 7g9e 8e7f "
     "R*2f R*3f 2f3f 2e3f 9e7g 7f8e R*3e R*4e 3e4e 3f4e 7g9e 8e7f R*4f R*5f 4f5f 4e5f 9e7g 7f8e "
     "R*8d 8e8d 7g9e 8d8c 9b8b 8a8b 8g7e 7d7e P*8d 8c9b S*8a 9b9a 7b8b 9a8b 7a7b 8b9a P*9b 5f9b "
     "8a9b+ 9a9b B*7d 9b9a 7b8b 9a8b 8d8c+ 8b7a 9e6b 7a6b 5d6c+ 6b6a 8c7b 6a5a 6c5b"},
    {"9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1", "zukou-002",
     "2h2g 2f1e 2g1f 2e1f N*2g 1f2g P*1f 1e1f 4g2e 1f2e 6c3f+ 2e1e P*1f 1e1f 2i2g 1f1e 3f2e 3d2e "
     "P*1f 2e1f 2g2d"},
    {"1nkg5/2s6/3rp4/1B7/r8/1PN6/9/9/9 b BG3SN2gn4l16p 1", "zukou-007",
     "S*8b 7a8b N*7d 8b8c S*9d 9e9d S*9b 9d9b 8d9c+ 9b9c B*9b 9c9b G*8d"},
    {"4l4/9/4n4/9/2Ss1n+p+B1/1p7/4lG+b2/2p1k4/2+p2L3 b 2RG2g2s2nl14p 1", "zukou-075",
     "4g5g 5h5g L*5i 3g5i R*7g 5i7g R*5e 7g5e G*5h 5g5f 2e4g"},
};

TEST(KifWriter, KifRecordReadsBackToTheSameProblem) {
  for (const Published& p : kZukou) {
    const Position start = position(p.sfen);
    const auto moves = usi_line(start, p.main_line);
    KifRecordInfo info;
    info.title = std::string(p.id);
    info.headers = {{"作者", "伊藤看寿"}};
    info.comments = {"将棋図巧"};
    auto kif = to_kif_record(start, moves, info);
    ASSERT_TRUE(kif.ok()) << p.id << ": " << kif.error().message();
    auto back = read_kif(*kif, std::string(p.id) + ".kif");
    ASSERT_TRUE(back.ok()) << back.error().message() << "\n" << *kif;
    EXPECT_EQ(to_sfen(back->setup), to_sfen(start)) << *kif;
    EXPECT_EQ(usi_moves(back->moves), usi_moves(moves)) << *kif;
    EXPECT_EQ(back->title, p.id);
    EXPECT_EQ(back->header("作者"), "伊藤看寿");
    EXPECT_EQ(back->result, "詰み");
    ASSERT_EQ(back->comments.size(), 1u);
    EXPECT_EQ(back->comments[0], "将棋図巧");
    // The defender's hand here is exactly the rest, so the diagram says 残り全部.
    EXPECT_NE(kif->find("後手の持駒：残り全部"), std::string::npos) << *kif;
    EXPECT_NE(kif->find("まで" + std::to_string(moves.size()) + "手で詰み"), std::string::npos);

    // The KI2 line reads back too.
    auto ki2_line = to_japanese_line(start, moves);
    ASSERT_TRUE(ki2_line.ok()) << ki2_line.error().message();
    auto ki2_back = read_kif(to_kif_diagram(start, true) + *ki2_line + "\n");
    ASSERT_TRUE(ki2_back.ok()) << ki2_back.error().message() << "\n" << *ki2_line;
    EXPECT_EQ(usi_moves(ki2_back->moves), usi_moves(moves));
  }
}

TEST(KifWriter, DiagramOfWhiteToMoveWithExplicitHands) {
  ReadOptions as_given;
  as_given.defender_hand = DefenderHand::AsGiven;
  const Position pos = position("8k/9/9/9/9/9/9/9/K8 w R2Pg2s 1");
  const std::string text = to_kif_diagram(pos);
  EXPECT_NE(text.find("後手の持駒：金　銀二\n"), std::string::npos) << text;
  EXPECT_NE(text.find("先手の持駒：飛　歩二\n"), std::string::npos) << text;
  EXPECT_NE(text.find("後手番\n"), std::string::npos) << text;
  EXPECT_NE(text.find("v玉|一\n"), std::string::npos) << text;
  auto back = read_kif(text, "white.kif", as_given);
  ASSERT_TRUE(back.ok()) << back.error().message() << "\n" << text;
  EXPECT_EQ(to_sfen(back->setup), "8k/9/9/9/9/9/9/9/K8 w R2Pg2s 1");
}

}  // namespace
}  // namespace tsume::io
