// KIF and KI2 records: fixtures in tests/io/data read to positions and moves written by hand
// from their diagrams and move lists.
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/kif.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::fixture;
using test::usi_moves;
using Moves = std::vector<std::string>;

TEST(Kif, ReadsDiagramWithRestToDefender) {
  // The 1-ply problem of SPEC.md section 5 whose interposer (the knight on 2a) is pinned.
  auto p = read_kif(fixture("pinned_interposer.kif"), "pinned_interposer.kif");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
  EXPECT_TRUE(p->rest_to_defender);
  EXPECT_EQ(usi_moves(p->moves), Moves({"1i5e"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({20}));
  EXPECT_EQ(p->title, "合駒がピンされた一手詰");
  EXPECT_EQ(p->header("作者"), "tsume tests");
  EXPECT_EQ(p->result, "詰み");
  ASSERT_EQ(p->comments.size(), 1u);
  EXPECT_EQ(p->comments[0], "２一の桂は龍に釘付けで３三に合駒できない");
  EXPECT_EQ(p->format, ProblemFormat::Kif);
}

TEST(Kif, ReadsShiftJisWithExplicitHands) {
  auto p = read_kif(fixture("discovered_check.sjis.kif"), "discovered_check.sjis.kif");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1");
  EXPECT_FALSE(p->rest_to_defender);
  EXPECT_EQ(usi_moves(p->moves), Moves({"3g2g", "2h2g", "G*3h"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({19, 20, 21}));
  EXPECT_EQ(p->title, "開き王手");
  EXPECT_EQ(p->result, "中断");
}

TEST(Kif, ReadsAGameFromTheStartPosition) {
  auto p = read_kif(fixture("kakugawari.kif"), "kakugawari.kif");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), kStartSfen);
  EXPECT_FALSE(p->rest_to_defender);  // nothing is left over in an even game
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "4a5b", "4e3d"}));
  EXPECT_EQ(p->result, "投了");
  EXPECT_EQ(p->header("先手"), "先手太郎");
  EXPECT_EQ(p->header("開始日時"), "2024/01/02 10:00:00");
  ASSERT_EQ(p->comments.size(), 1u);
  EXPECT_EQ(p->comments[0], "角交換");
}

TEST(Ki2, ReadsTheSameGame) {
  auto p = read_kif(fixture("kakugawari.ki2"), "kakugawari.ki2");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), kStartSfen);
  // ▲４五角 is a drop (no bishop on the board can get there), △５二金左 is the gold from 4a:
  // White's left is the side of file 1.
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "4a5b", "4e3d"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({6, 6, 6, 6, 7, 7, 7}));
  EXPECT_EQ(p->format, ProblemFormat::Ki2);
}

TEST(Ki2, DisambiguationWordsForGolds) {
  auto p = read_kif(fixture("ki2_words.ki2"), "ki2_words.ki2");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "8k/9/9/9/9/9/9/3GGG3/8K b 2r2bg4s4n4l18p 1");
  // 直 = straight up; 引 = back; 右 = from the right of the destination (Black's right is file
  // 1); 寄 = sideways; 左上 = from the left, moving up.
  EXPECT_EQ(usi_moves(p->moves),
            Moves({"5h5g", "1a1b", "5g5h", "1b1a", "4h5g", "1a1b", "5g6g", "1b1a", "6h5g"}));
}

// Two dragons that both reach 5b, seen from Black: 右 is the one on file 1's side.
constexpr std::string_view kTwoDragons = R"(後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| 龍 ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ 龍 ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九
+---------------------------+
先手の持駒：なし
)";

TEST(Ki2, DisambiguationWordsForDragons) {
  const std::string base(kTwoDragons);
  auto left = read_kif(base + "▲５二龍左\n");
  ASSERT_TRUE(left.ok()) << left.error().message();
  EXPECT_EQ(usi_moves(left->moves), Moves({"9b5b"}));
  auto right = read_kif(base + "▲５二龍右\n");
  ASSERT_TRUE(right.ok()) << right.error().message();
  EXPECT_EQ(usi_moves(right->moves), Moves({"5h5b"}));
  auto up = read_kif(base + "▲５二龍上\n");
  ASSERT_TRUE(up.ok()) << up.error().message();
  EXPECT_EQ(usi_moves(up->moves), Moves({"5h5b"}));
  auto sideways = read_kif(base + "▲５二龍寄\n");
  ASSERT_TRUE(sideways.ok()) << sideways.error().message();
  EXPECT_EQ(usi_moves(sideways->moves), Moves({"9b5b"}));
}

TEST(Ki2, DropNeedsUchiOnlyWhenABoardMoveExists) {
  // A gold in hand and a gold on 6h that can reach 5h: 打 picks the drop, no word the move.
  constexpr std::string_view kPosition = R"(後手の持駒：残り全部
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ 金 ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九
+---------------------------+
先手の持駒：金
)";
  const std::string base(kPosition);
  auto drop = read_kif(base + "▲５八金打\n");
  ASSERT_TRUE(drop.ok()) << drop.error().message();
  EXPECT_EQ(usi_moves(drop->moves), Moves({"G*5h"}));
  auto board = read_kif(base + "▲５八金\n");
  ASSERT_TRUE(board.ok()) << board.error().message();
  EXPECT_EQ(usi_moves(board->moves), Moves({"6h5h"}));
  EXPECT_EQ(to_sfen(board->setup), "8k/9/9/9/9/9/9/3G5/8K b G2r2b2g4s4n4l18p 1");
}

TEST(Ki2, PromotionWords) {
  // A silver on 2d that may promote entering 2c or 3c; 成 / 不成 / 生 / nothing.
  constexpr std::string_view kPosition = R"(後手の持駒：残り全部
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ 銀 ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九
+---------------------------+
)";
  const std::string base(kPosition);
  const auto read = [&](std::string_view move) {
    auto p = read_kif(base + std::string(move) + "\n");
    EXPECT_TRUE(p.ok()) << move << ": " << p.error().message();
    return p.ok() ? usi_moves(p->moves) : Moves{};
  };
  EXPECT_EQ(read("▲２三銀成"), Moves({"2d2c+"}));
  EXPECT_EQ(read("▲２三銀不成"), Moves({"2d2c"}));
  EXPECT_EQ(read("▲２三銀生"), Moves({"2d2c"}));
  EXPECT_EQ(read("▲２三銀"), Moves({"2d2c"}));
  EXPECT_EQ(read("▲２三銀成　△２一玉　▲２二成銀"), Moves({"2d2c+", "1a2a", "2c2b"}));
  EXPECT_EQ(read("▲２三銀成　△２一玉　▲２二成銀　△同　玉"),
            Moves({"2d2c+", "1a2a", "2c2b", "2a2b"}));
}

TEST(Kif, HandicapWithoutDiagramLetsWhiteMoveFirst) {
  ReadOptions as_given;
  as_given.defender_hand = DefenderHand::AsGiven;
  auto p = read_kif("手合割：香落ち\n   1 ３四歩(33)\n   2 ７六歩(77)\n", "h.kif", as_given);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(usi_moves(p->moves), Moves({"3c3d", "7g7f"}));
}

TEST(Kif, SideToMoveLines) {
  constexpr std::string_view kWhiteToMove = R"(後手の持駒：なし
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九
+---------------------------+
先手の持駒：飛
)";
  ReadOptions as_given;
  as_given.defender_hand = DefenderHand::AsGiven;
  for (std::string_view side : {"後手番\n", "手番＝後手\n", "手番：後手\n"}) {
    auto p =
        read_kif(std::string(kWhiteToMove) + std::string(side) + "   1 ２一玉(11)\n", "", as_given);
    ASSERT_TRUE(p.ok()) << side << p.error().message();
    EXPECT_EQ(to_sfen(p->setup), "8k/9/9/9/9/9/9/9/8K w R 1");
    EXPECT_EQ(usi_moves(p->moves), Moves({"1a2a"}));
  }
}

TEST(Kif, ReadsTheBranchesOffTheMainLine) {
  auto p =
      read_kif("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d"}));
  ASSERT_EQ(p->variations.size(), 1u);
  EXPECT_EQ(p->variations[0].ply, 2u);
  EXPECT_EQ(usi_moves(p->variations[0].moves), Moves({"8c8d"}));
}

// The tree of Kifu for Windows, written depth first with the latest branch first: a branch at
// move 3 of the main line, a branch of that branch at move 4 (read with its parent), then two
// more alternatives to move 2 of the main line, one of them marked with 同 from move 1.
TEST(Kif, VariationsOfVariationsAreRead) {
  auto p = read_kif("手合割：平手\n"
                    "   1 ７六歩(77)\n"
                    "   2 ３四歩(33)+\n"
                    "   3 ２六歩(27)+\n"
                    "   4 ８四歩(83)\n"
                    "\n変化：3手\n"
                    "   3 ２二角成(88)\n"
                    "   4 同　銀(31)+\n"
                    "\n変化：4手\n"
                    "   4 同　飛(82)\n"
                    "\n変化：2手\n"
                    "   2 ８四歩(83)\n"
                    "   3 ２六歩(27)\n"
                    "\n変化：2手\n"
                    "   2 ５四歩(53)\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d", "2g2f", "8c8d"}));
  ASSERT_EQ(p->variations.size(), 4u);
  EXPECT_EQ(p->variations[0].ply, 3u);
  EXPECT_EQ(p->variations[0].parent, 0u);
  EXPECT_EQ(usi_moves(p->variations[0].moves), Moves({"8h2b+", "3a2b"}));
  EXPECT_EQ(p->variations[1].ply, 4u);
  EXPECT_EQ(p->variations[1].parent, 1u);  // variations[0]
  EXPECT_EQ(usi_moves(p->variations[1].moves), Moves({"8b2b"}));
  EXPECT_EQ(p->variations[2].ply, 2u);
  EXPECT_EQ(p->variations[2].parent, 0u);
  EXPECT_EQ(usi_moves(p->variations[2].moves), Moves({"8c8d", "2g2f"}));
  EXPECT_EQ(p->variations[3].ply, 2u);
  EXPECT_EQ(p->variations[3].parent, 0u);
  EXPECT_EQ(usi_moves(p->variations[3].moves), Moves({"5c5d"}));
  // Each line from the start: the nested one follows its parent to its branch.
  EXPECT_EQ(usi_moves(line_prefix(p->moves, p->variations, 1, 99)),
            Moves({"7g7f", "3c3d", "8h2b+", "8b2b"}));
  EXPECT_EQ(usi_moves(line_prefix(p->moves, p->variations, 1, 3)),
            Moves({"7g7f", "3c3d", "8h2b+"}));
  EXPECT_EQ(usi_moves(line_prefix(p->moves, p->variations, 3, 99)), Moves({"7g7f", "5c5d"}));
  EXPECT_EQ(usi_moves(line_prefix(p->moves, p->variations, 4, 3)),
            Moves({"7g7f", "3c3d", "2g2f"}));  // index 4: the main line
}

TEST(Kif, BadVariations) {
  const std::string head = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n";
  EXPECT_TRUE(test::fails_with(read_kif(head + "変化：手\n"), 5, "expected '変化："));
  EXPECT_TRUE(test::fails_with(read_kif(head + "変化：4手\n"), 5, "branches off a line of 2"));
  // Move 2 of the variation is White's: ８四歩 from 87 is not a White move.
  EXPECT_TRUE(
      test::fails_with(read_kif(head + "変化：2手\n   2 ８四歩(87)\n"), 6, "move 2: illegal"));
  EXPECT_TRUE(test::fails_with(read_kif(head + "変化：2手\n   3 ８四歩(83)\n"), 6,
                               "move 3 follows move 1"));
  EXPECT_TRUE(test::fails_with(read_kif("手合割：平手\n変化：1手\n"), 2, "before the first move"));
}

TEST(Kif, Ki2Variations) {
  auto p = read_kif("手合割：平手\n▲７六歩　△３四歩　▲２六歩\nまで3手で中断\n\n変化：2手\n△８四歩"
                    "　▲６八銀\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d", "2g2f"}));
  EXPECT_EQ(p->result, "中断");
  ASSERT_EQ(p->variations.size(), 1u);
  EXPECT_EQ(usi_moves(p->variations[0].moves), Moves({"8c8d", "7i6h"}));
}

TEST(Kif, CrLfLineBreaksAndByteOrderMark) {
  auto p = read_kif("\xEF\xBB\xBF手合割：平手\r\n   1 ７六歩(77)\r\n   2 ３四歩(33)\r\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(usi_moves(p->moves), Moves({"7g7f", "3c3d"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({2, 3}));
}

}  // namespace
}  // namespace tsume::io
