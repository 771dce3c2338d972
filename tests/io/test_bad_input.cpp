// Malformed and illegal input: every case gives its own reason and the right line, never a crash.
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/csa.h"
#include "solver/io/kif.h"
#include "solver/io/sfen.h"

namespace tsume::io {
namespace {

using test::fails_with;

// ---------------------------------------------------------------------------------------------
// SFEN

struct BadSfen {
  std::string_view sfen;
  std::string_view phrase;
};

TEST(BadSfen, SyntaxErrorsAreSpecific) {
  constexpr BadSfen kCases[] = {
      {"", "empty SFEN"},
      {"sfen", "empty SFEN"},
      {"4k40/9/9/9/9/9/9/9/4K4 b - 1", "bad digit '0' in rank 1"},
      {"4k22/9/9/9/9/9/9/9/4K4 b - 1", "two digits in a row in rank 1"},
      {"4k4/9/P9/9/9/9/9/9/4K4 b - 1", "rank 3 has 10 squares"},
      {"4k4/8/9/9/9/9/9/9/4K4 b - 1", "rank 2 has 8 squares"},
      {"4k4/9/9/9/9/9/9/4K4 b - 1", "board has 8 ranks"},
      {"4k4/9/9/9/9/9/9/9/4K4/9 b - 1", "board has more than 9 ranks"},
      {"4k4/9/9/9/9/9/9/9/4K3x b - 1", "unknown piece letter 'x' in rank 9"},
      {"4k4/9/9/9/9/9/9/9/4K3\x01 b - 1", "unknown piece letter '\\x01' in rank 9"},
      {"4k4/9/9/9/+G8/9/9/9/4K4 b - 1", "'+' before unpromotable piece G in rank 5"},
      {"4k4/9/9/9/+k8/9/9/9/4K4 b - 1", "'+' before unpromotable piece k in rank 5"},
      {"4k4/9/9/9/8+/9/9/9/4K4 b - 1", "'+' at the end of rank 5"},
      {"4k4/9/9/9/+18/9/9/9/4K4 b - 1", "'+' before '1' in rank 5"},
      {"4k4/9/9/9/9/9/9/9/4K4", "missing side to move"},
      {"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move must be 'b' or 'w', not 'x'"},
      {"4k4/9/9/9/9/9/9/9/4K4 b", "missing hands"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "hand count 0"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 123P 1", "hand count 123 is too large"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "hand has 19 P (at most 18)"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 5G 1", "hand has 5 G (at most 4)"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 3 1", "hands end with a count"},
      {"4k4/9/9/9/9/9/9/9/4K4 b K 1", "king in hand"},
      {"4k4/9/9/9/9/9/9/9/4K4 b +P 1", "promoted piece in hand"},
      {"4k4/9/9/9/9/9/9/9/4K4 b P2P 1", "hands list 'P' twice"},
      {"4k4/9/9/9/9/9/9/9/4K4 b Px 1", "unknown piece letter 'x' in hands"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - x", "bad move number 'x'"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number 0"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 7g7f", "unexpected text after the SFEN: 'moves'"},
      {"startpos moves", "unexpected text after 'startpos'"},
  };
  for (const auto& [sfen, phrase] : kCases) {
    SCOPED_TRACE(sfen);
    EXPECT_TRUE(fails_with(parse_sfen(sfen, "bad.sfen", 4), 4, phrase));
    EXPECT_TRUE(
        fails_with(read_position(sfen, DefenderHand::RestIfEmpty, "bad.sfen", 4), 4, phrase));
  }
}

TEST(BadSfen, IllegalPositionsAreRejectedByTheRules) {
  constexpr BadSfen kCases[] = {
      // The defender (side not to move) must have a king; the attacker at most one.
      {"9/9/9/9/9/9/9/9/4K4 b - 1", "no white king"},
      {"K3k4/9/9/9/9/9/9/9/4K4 b - 1", "more than one black king"},
      // 9 pawns on the board and 10 in White's hand: 19 pawns.
      {"4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b 10p 1", "too many pawns"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 5L 1", "hand has 5 L"},
      // Dead pieces (行き所のない駒): pawn on the last rank, knight on the second-last.
      {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "can never move"},
      {"4k4/N8/9/9/9/9/9/9/4K4 b - 1", "can never move"},
      {"4k4/9/9/9/9/9/9/9/l3K4 w - 1", "can never move"},
      // 二歩.
      {"4k4/9/9/9/9/P8/P8/9/4K4 b - 1", "nifu"},
      // The side not to move may not be in check.
      {"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "is in check"},
  };
  for (const auto& [sfen, phrase] : kCases) {
    SCOPED_TRACE(sfen);
    EXPECT_TRUE(fails_with(read_position(sfen, DefenderHand::AsGiven, "bad.sfen", 9), 9, phrase));
  }
}

// ---------------------------------------------------------------------------------------------
// KIF / KI2: a sound base file and one change per case.

// Line numbers:   1 hand, 2 border, 3..11 rows 一..九, 12 border, 13 hand, 14 first move.
const std::vector<std::string> kBaseKif = {
    "後手の持駒：残り全部",
    "+---------------------------+",
    "| ・ ・ ・ 龍 ・ ・ ・v桂v玉|一",
    "| ・ ・ ・ ・ ・ ・ ・ ・v歩|二",
    "| ・ ・ ・ ・ ・ ・ ・ 歩 ・|三",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八",
    "| ・ ・ ・ ・ ・ ・ ・ ・ 角|九",
    "+---------------------------+",
    "先手の持駒：なし",
    "   1 ５五角(19)",
};

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The base file with line `number` (1-based) replaced; an empty replacement removes the line.
std::string kif_with(int number, std::string replacement, bool remove = false) {
  auto lines = kBaseKif;
  if (remove)
    lines.erase(lines.begin() + (number - 1));
  else
    lines[static_cast<std::size_t>(number - 1)] = std::move(replacement);
  return join(lines);
}

// Removes the rank labels (一..九) after the rows' closing bars.
std::string unlabeled(std::string text) {
  for (std::string_view label : {"一", "二", "三", "四", "五", "六", "七", "八", "九"}) {
    std::string labeled = "|";  // built by appends: operator+ here trips GCC 12's -Wrestrict
    labeled += label;
    labeled += '\n';
    for (std::size_t at; (at = text.find(labeled)) != std::string::npos;)
      text.replace(at, labeled.size(), "|\n");
  }
  return text;
}

TEST(BadKif, TheBaseFileIsSound) {
  auto p = read_kif(join(kBaseKif), "base.kif");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
}

struct BadKif {
  std::string text;
  int line;
  std::string_view phrase;
};

TEST(BadKif, DiagramErrors) {
  const BadKif kCases[] = {
      {kif_with(4, "| ・ ・ ・ ・ ・ ・ ・ ・v猫|二"), 4, "unknown kanji '猫' in board row 2"},
      {kif_with(4, "| ・ ・ ・ ・ ・ ・ ・v歩|二"), 4, "board row 2 has 8 squares"},
      {kif_with(4, "| ・ ・ ・ ・ ・ ・ ・ ・ ・v歩|二"), 4, "board row 2 has more than 9 squares"},
      {kif_with(4, "| ・ ・ ・ ・ ・ ・ ・ ・v歩|三"), 4, "board row 2 is labeled 三"},
      {kif_with(4, " ・ ・ ・ ・ ・ ・ ・ ・v歩|二"), 4, "expected board row 2"},
      // A missing row: the labels show it at once; without labels the closing border does.
      {kif_with(6, "", true), 6, "board row 4 is labeled 五"},
      {unlabeled(kif_with(6, "", true)), 11, "board diagram has 8 rows (expected 9)"},
      {kif_with(12, "| ・ ・ ・ ・ ・ ・ ・ ・ ・|十"), 12, "board diagram has more than 9 rows"},
      // The file ends inside the diagram.
      {join({kBaseKif.begin(), kBaseKif.begin() + 8}), 8, "board diagram is not closed"},
      {join(kBaseKif) + join({kBaseKif.begin() + 1, kBaseKif.begin() + 12}), 15,
       "board diagram after the first move"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(fails_with(read_kif(c.text, "bad.kif"), c.line, c.phrase));
  }
}

TEST(BadKif, IllegalPositions) {
  const BadKif kCases[] = {
      {kif_with(3, "| ・ ・ ・ 龍 ・ ・ ・v桂 ・|一"), 2, "no white king"},
      {kif_with(11, "| 玉 ・ ・ ・ ・ ・ ・ 玉 角|九"), 2, "more than one black king"},
      {kif_with(13, "先手の持駒：歩十七"), 2, "too many pawns"},
      {kif_with(3, "| ・ ・ ・ 龍 歩 ・ ・v桂v玉|一"), 2, "can never move"},
      {kif_with(4, "| 桂 ・ ・ ・ ・ ・ ・ ・v歩|二"), 2, "can never move"},
      {kif_with(6, "| ・ ・ ・ ・ ・ ・ ・ 歩 ・|四"), 2, "nifu"},
      {kif_with(4, "| ・ ・ ・ ・ ・ ・ ・ 金v歩|二"), 2, "is in check"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(fails_with(read_kif(c.text, "bad.kif"), c.line, c.phrase));
  }
}

TEST(BadKif, HandErrors) {
  const BadKif kCases[] = {
      {kif_with(13, "先手の持駒：歩十九"), 13, "hand has 19 歩 (at most 18)"},
      {kif_with(13, "先手の持駒：猫"), 13, "unknown kanji '猫' in hand"},
      {kif_with(13, "先手の持駒：歩零"), 13, "unknown kanji '零' in hand"},
      {kif_with(13, "先手の持駒：玉"), 13, "king in hand"},
      {kif_with(13, "先手の持駒：と"), 13, "promoted piece 'と' in hand"},
      {kif_with(13, "先手の持駒：歩　歩二"), 13, "hand lists '歩' twice"},
      {kif_with(13, "先手の持駒：歩二三"), 13, "bad count after '歩'"},
      {kif_with(13, "先手の持駒：残り全部"), 13, "both hands are 残り全部"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(fails_with(read_kif(c.text, "bad.kif"), c.line, c.phrase));
  }
}

TEST(BadKif, MoveErrors) {
  const BadKif kCases[] = {
      {kif_with(14, "   1 ５五角(18)"), 14, "move 1: illegal move: no piece on 1h"},
      {kif_with(14, "   1 １一角(19)"), 14, "cannot reach 1a"},
      {kif_with(14, "   1 ５五飛(19)"), 14, "the move names 飛 (R) but 1i holds 角 (B)"},
      {kif_with(14, "   1 ５五猫(19)"), 14, "unknown piece kanji '猫'"},
      {kif_with(14, "   1 ０五角(19)"), 14, "bad destination"},
      {kif_with(14, "   1 ５角(19)"), 14, "bad destination rank '角'"},
      {kif_with(14, "   1 同　角(19)"), 14, "同 but there is no previous move"},
      {kif_with(14, "   1 ５五角(1９)"), 14, "bad origin"},
      {kif_with(14, "   1 ５五角打"), 14, "no B in Black's hand"},
      {kif_with(14, "   1 ５五角成(19)"), 14, "promotion needs a move into, out of or inside"},
      {kif_with(14, "   1 ５五角(19)x"), 14, "move 1: unexpected 'x'"},
      {kif_with(14, "   1 ５五角(19)\n   3 ２二玉(11)"), 15, "move 3 follows move 1"},
      {kif_with(14, "   1 投了\n   2 ５五角(19)"), 15, "after the end of the record (投了)"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(fails_with(read_kif(c.text, "bad.kif"), c.line, c.phrase));
  }
  // 二歩: Black already has a pawn on file 2 (2c).
  auto lines = kBaseKif;
  lines[12] = "先手の持駒：歩";
  lines[13] = "   1 ２四歩打";
  EXPECT_TRUE(fails_with(read_kif(join(lines), "bad.kif"), 14, "二歩"));
}

TEST(BadKif, Ki2Errors) {
  auto lines = kBaseKif;
  lines[13] = "△５五角";
  EXPECT_TRUE(
      fails_with(read_kif(join(lines)), 14, "move 1 is marked for △ but ▲ (Black) is to move"));
  lines[13] = "▲１二龍";
  EXPECT_TRUE(fails_with(read_kif(join(lines)), 14, "move 1: no legal move of 龍 (+R) to 1b"));
  lines[13] = "▲５五角　5五";
  EXPECT_TRUE(fails_with(read_kif(join(lines)), 14, "expected ▲ or △ before '5五'"));
  lines[13] = "▲５五角引";
  EXPECT_TRUE(fails_with(read_kif(join(lines)), 14, "no 角 (B) to 5e moves that way (引)"));
  lines[13] = "▲５五角成成";
  EXPECT_TRUE(fails_with(read_kif(join(lines)), 14, "'成' conflicts with an earlier word"));
  lines[13] = "▲５五角不";
  EXPECT_TRUE(fails_with(read_kif(join(lines)), 14, "'不' not followed by '成'"));

  // Three golds reach 5g; without a word the move is ambiguous.
  std::string golds = test::fixture("ki2_words.ki2");
  golds = golds.substr(0, golds.find("▲"));
  EXPECT_TRUE(fails_with(read_kif(golds + "▲５七金\n"), 16, "ambiguous: 3 moves of 金 (G) to 5g"));
  EXPECT_TRUE(fails_with(read_kif(golds + "▲５七金右上\n△１二玉\n▲４七金右\n"), 18,
                         "no 金 (G) to 4g comes from the right (右)"));
}

TEST(BadKif, FileLevelErrors) {
  EXPECT_TRUE(fails_with(read_kif("", "empty.kif"), 0, "no position"));
  EXPECT_TRUE(fails_with(read_kif("表題：only a title\n", "t.kif"), 0, "no position"));
  EXPECT_TRUE(
      fails_with(read_kif("手合割：九枚落ち\n   1 ７六歩(77)\n"), 1, "unknown 手合割 '九枚落ち'"));
  EXPECT_TRUE(fails_with(read_kif("手合割：平手\nこれは何\n"), 2, "unrecognized line 'これは何'"));
  EXPECT_TRUE(fails_with(read_kif("手合割：平手\n手番＝中手\n"), 2, "unknown side to move '中手'"));
  EXPECT_TRUE(
      fails_with(read_kif(join(kBaseKif) + join(kBaseKif)), 15, "hand given after the first move"));
  EXPECT_TRUE(fails_with(read_kif(join({kBaseKif.begin(), kBaseKif.end() - 1}) +
                                  join({kBaseKif.begin() + 1, kBaseKif.end() - 2})),
                         14, "a second board diagram"));
  // Neither UTF-8 nor Shift_JIS: 0x81 must be followed by a trail byte.
  EXPECT_TRUE(
      fails_with(read_kif("# fine\n\x81\x20\n", "bytes.kif"), 2, "neither UTF-8 nor Shift_JIS"));
  // Shift_JIS text is read with its own line numbers.
  EXPECT_TRUE(fails_with(read_kif("# sjis\n\x95\x5c\x91\xe8\x81\x46x\n\x82\xa0\n", "sjis.kif"), 3,
                         "unrecognized line 'あ'"));
}

// ---------------------------------------------------------------------------------------------
// CSA

// Line numbers: 1 version, 2..10 rows P1..P9, 11 P-00AL, 12 side, 13 first move.
const std::vector<std::string> kBaseCsa = {
    "V2.2",
    "P1 *  *  * +RY *  *  * -KE-OU",
    "P2 *  *  *  *  *  *  *  * -FU",
    "P3 *  *  *  *  *  *  * +FU * ",
    "P4 *  *  *  *  *  *  *  *  * ",
    "P5 *  *  *  *  *  *  *  *  * ",
    "P6 *  *  *  *  *  *  *  *  * ",
    "P7 *  *  *  *  *  *  *  *  * ",
    "P8 *  *  *  *  *  *  *  *  * ",
    "P9 *  *  *  *  *  *  *  * +KA",
    "P-00AL",
    "+",
    "+1955KA",
};

std::string csa_with(int number, std::string replacement, bool remove = false) {
  auto lines = kBaseCsa;
  if (remove)
    lines.erase(lines.begin() + (number - 1));
  else
    lines[static_cast<std::size_t>(number - 1)] = std::move(replacement);
  return join(lines);
}

TEST(BadCsa, TheBaseFileIsSound) {
  auto p = read_csa(join(kBaseCsa), "base.csa");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(to_sfen(p->setup), "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
}

TEST(BadCsa, Errors) {
  const BadKif kCases[] = {
      {csa_with(1, "V9.0"), 1, "unsupported CSA version 'V9.0'"},
      {csa_with(2, "P1 *  *  * +XX *  *  * -KE-OU"), 2, "P1: bad square '+XX' in column 4"},
      {csa_with(2, "P1 *  *  * +RY *  *  * -KE-OU * "), 2, "P1 has more than 9 squares"},
      {csa_with(3, "P1 *  *  *  *  *  *  *  * -FU"), 3, "P1 given twice"},
      {csa_with(6, "", true), 12, "board rows are incomplete: P5 is missing"},
      {csa_with(12, "", true), 12, "missing side to move"},
      {csa_with(11, "P-00AL\nP+00AL"), 14, "both sides have 00AL"},
      {csa_with(11, "P-00AL00"), 11, "piece list has a broken item '00'"},
      {csa_with(11, "P-00XX"), 11, "unknown piece code 'XX'"},
      {csa_with(11, "P-00OU"), 11, "OU cannot be in hand"},
      {csa_with(11, "P-55FU11FU"), 11, "square 11 is already occupied"},
      {csa_with(11,
                "P-00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU"),
       11, "more than 18 FU in hand"},
      {csa_with(13, "+1955HI"), 13, "the piece on 19 is KA, not HI"},
      {csa_with(13, "-1955KA"), 13, "Black is to move"},
      {csa_with(13, "+1911KA"), 13, "cannot reach 1a"},
      {csa_with(13, "+0055KI"), 13, "no G in Black's hand"},
      {csa_with(13, "+0055OU"), 13, "cannot drop OU"},
      {csa_with(13, "+19550KA"), 13, "expected like +2726FU"},
      {csa_with(13, "+1955KA\n+5544KA"), 14, "White is to move"},
      {csa_with(13, "+1955KA\n%TORYO\n-1112OU"), 15, "after %TORYO"},
      {csa_with(13, "+1955KA\nP+00FU"), 14, "position line after the first move"},
      {csa_with(13, "X"), 13, "unrecognized CSA statement 'X'"},
      {csa_with(12, "PI\n+"), 12, "PI after the board was already given"},
      {"PI\nP1 *  *  *  *  *  *  *  *  * \n+\n", 2, "P1 after PI"},
      {"PI82KA\n-\n", 1, "PI: no KA on 82 to remove"},
      {"'only a comment\n", 1, "no position"},
      // The side not to move (White) is in check from a gold on 1b.
      {csa_with(3, "P2 *  *  *  *  *  *  *  * +KI"), 12, "is in check"},
      {csa_with(2, "P1 *  *  * +RY *  *  * -KE * "), 12, "no white king"},
  };
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.text);
    EXPECT_TRUE(fails_with(read_csa(c.text, "bad.csa"), c.line, c.phrase));
  }
}

}  // namespace
}  // namespace tsume::io
