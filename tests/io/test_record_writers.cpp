// Whole records written and read back (kif_writer.h, csa_writer.h): the 100 main lines of
// problems/zukou.tsv (将棋図巧) through KIF, KI2 and CSA; CSA lines and KIF variations (変化)
// against hand-written text.
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/csa.h"
#include "solver/io/csa_writer.h"
#include "solver/io/kif.h"
#include "solver/io/kif_writer.h"
#include "solver/io/sfen.h"
#include "solver/io/text.h"

namespace tsume::io {
namespace {

using test::usi_line;
using test::usi_moves;
using Moves = std::vector<std::string>;

Position position(std::string_view sfen, DefenderHand hand = DefenderHand::RestIfEmpty) {
  auto pos = read_position(sfen, hand);
  EXPECT_TRUE(pos.ok()) << sfen << ": " << pos.error().message();
  return pos.ok() ? *pos : Position();
}

struct Published {
  std::string sfen, id, main_line;
};

// problems/zukou.tsv: SFEN <TAB> id <TAB> length <TAB> main line.
std::vector<Published> zukou() {
  std::ifstream in(TSUME_PROBLEMS_DIR "/zukou.tsv");
  EXPECT_TRUE(in.good()) << "missing problems/zukou.tsv";
  std::vector<Published> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::istringstream fields(line);
    for (std::string c; std::getline(fields, c, '\t');) cols.push_back(c);
    if (cols.size() >= 4) out.push_back({cols[0], cols[1], cols[3]});
  }
  return out;
}

TEST(RecordWriters, ZukouMainLinesRoundTripThroughKifKi2AndCsa) {
  const auto problems = zukou();
  ASSERT_EQ(problems.size(), 100u);
  for (const Published& p : problems) {
    const Position start = position(p.sfen);
    const auto moves = usi_line(start, p.main_line);
    ASSERT_FALSE(moves.empty()) << p.id;
    KifRecordInfo info;
    info.title = p.id;
    info.headers = {{"作者", "伊藤看寿"}};

    auto kif = to_kif_record(start, moves, info);
    ASSERT_TRUE(kif.ok()) << p.id << ": " << kif.error().message();
    auto kif_back = read_kif(*kif, p.id + ".kif");
    ASSERT_TRUE(kif_back.ok()) << kif_back.error().message();
    EXPECT_EQ(to_sfen(kif_back->setup), to_sfen(start)) << p.id;
    EXPECT_EQ(usi_moves(kif_back->moves), usi_moves(moves)) << p.id;
    EXPECT_EQ(kif_back->format, ProblemFormat::Kif);

    auto ki2 = to_ki2_record(start, moves, info);
    ASSERT_TRUE(ki2.ok()) << p.id << ": " << ki2.error().message();
    auto ki2_back = read_kif(*ki2, p.id + ".ki2");
    ASSERT_TRUE(ki2_back.ok()) << ki2_back.error().message();
    EXPECT_EQ(to_sfen(ki2_back->setup), to_sfen(start)) << p.id;
    EXPECT_EQ(usi_moves(ki2_back->moves), usi_moves(moves)) << p.id;
    EXPECT_EQ(ki2_back->format, ProblemFormat::Ki2);
    EXPECT_EQ(ki2_back->title, p.id);
    EXPECT_EQ(ki2_back->result, "詰み");  // from `まで69手で詰み`

    CsaRecordInfo csa_info;
    csa_info.title = p.id;
    auto csa = to_csa_record(start, moves, csa_info);
    ASSERT_TRUE(csa.ok()) << p.id << ": " << csa.error().message();
    auto csa_back = read_csa(*csa, p.id + ".csa");
    ASSERT_TRUE(csa_back.ok()) << csa_back.error().message() << "\n" << *csa;
    EXPECT_EQ(to_sfen(csa_back->setup), to_sfen(start)) << p.id;
    EXPECT_EQ(usi_moves(csa_back->moves), usi_moves(moves)) << p.id;
    EXPECT_EQ(csa_back->title, p.id);
    EXPECT_EQ(csa_back->result, "TSUMI");
  }
}

// SPEC.md section 5: the mate in 1 whose interposer is pinned
// (tests/io/data/pinned_interposer.csa).
constexpr std::string_view kPinned = "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1";

TEST(RecordWriters, CsaRecordOfTheFixtureProblem) {
  const Position start = position(kPinned);
  CsaRecordInfo info;
  info.title = "pinned interposer";
  info.headers = {{"N+", "attacker"}, {"N-", "defender"}};
  info.comments = {"CSA tsume fixture"};
  auto csa = to_csa_record(start, usi_line(start, "1i5e"), info);
  ASSERT_TRUE(csa.ok()) << csa.error().message();
  EXPECT_EQ(*csa, "V2.2\n"
                  "N+attacker\n"
                  "N-defender\n"
                  "$EVENT:pinned interposer\n"
                  "'CSA tsume fixture\n"
                  "P1 *  *  * +RY *  *  * -KE-OU\n"
                  "P2 *  *  *  *  *  *  *  * -FU\n"
                  "P3 *  *  *  *  *  *  * +FU * \n"
                  "P4 *  *  *  *  *  *  *  *  * \n"
                  "P5 *  *  *  *  *  *  *  *  * \n"
                  "P6 *  *  *  *  *  *  *  *  * \n"
                  "P7 *  *  *  *  *  *  *  *  * \n"
                  "P8 *  *  *  *  *  *  *  *  * \n"
                  "P9 *  *  *  *  *  *  *  * +KA\n"
                  "P-00AL\n"
                  "+\n"
                  "+1955KA\n"
                  "%TSUMI\n");
  auto fixture = read_csa(test::fixture("pinned_interposer.csa"));
  ASSERT_TRUE(fixture.ok());
  auto back = read_csa(*csa);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->setup, fixture->setup);
  EXPECT_EQ(usi_moves(back->moves), usi_moves(fixture->moves));
}

TEST(RecordWriters, CsaMovesDropsPromotionsAndWhite) {
  // White to move with explicit hands: the hands are listed, not 00AL.
  const Position pos = position("4k4/9/9/9/9/9/9/7s1/4K4 w Pr 1", DefenderHand::AsGiven);
  EXPECT_EQ(to_csa_move(pos, *parse_usi_move("2h1i+", pos)), "-2819NG");
  EXPECT_EQ(to_csa_move(pos, *parse_usi_move("2h3i", pos)), "-2839GI");
  EXPECT_EQ(to_csa_move(pos, *parse_usi_move("R*5e", pos)), "-0055HI");
  const std::string text = to_csa_position(pos);
  EXPECT_NE(text.find("P+00FU\nP-00HI\n-\n"), std::string::npos) << text;
  auto back = read_csa(text, "white.csa", ReadOptions{DefenderHand::AsGiven});
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(to_sfen(back->setup), to_sfen(pos));
}

// A silver promotes on 2c, the gold takes, the rook takes back; variations at moves 2 and 3.
TEST(RecordWriters, KifVariationsAreWrittenAsHenkaBlocks) {
  const Position start = position("4k4/6g2/9/7S1/9/9/9/9/4K2R1 b - 1", DefenderHand::AsGiven);
  const auto main = usi_line(start, "2d2c+ 3b2c 2i2c+");
  ASSERT_EQ(main.size(), 3u);
  KifRecordInfo info;
  info.terminator = "中断";
  Position after1 = start;
  after1.do_move(main[0]);
  Position after2 = after1;
  after2.do_move(main[1]);
  info.variations = {{2, usi_line(after1, "5a5b 2c2b")}, {3, usi_line(after2, "5i4h")}};
  ASSERT_EQ(info.variations[0].moves.size(), 2u);
  ASSERT_EQ(info.variations[1].moves.size(), 1u);
  auto kif = to_kif_record(start, main, info);
  ASSERT_TRUE(kif.ok()) << kif.error().message();
  const std::string_view expected_moves = "手数----指手---------消費時間--\n"
                                          "   1 ２三銀成(24)\n"
                                          "   2 同　金(32)+\n"
                                          "   3 同　飛成(29)+\n"
                                          "   4 中断\n"
                                          "まで3手で中断\n"
                                          "\n"
                                          "変化：3手\n"
                                          "   3 ４八玉(59)\n"
                                          "\n"
                                          "変化：2手\n"
                                          "   2 ５二玉(51)\n"
                                          "   3 ２二成銀(23)\n";
  EXPECT_TRUE(kif->ends_with(expected_moves)) << *kif;
  // The reader reads the main line and the variations back, latest branch first.
  auto back = read_kif(*kif);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(usi_moves(back->moves), usi_moves(main));
  ASSERT_EQ(back->variations.size(), 2u);
  EXPECT_EQ(back->variations[0].ply, 3u);
  EXPECT_EQ(usi_moves(back->variations[0].moves), usi_moves(info.variations[1].moves));
  EXPECT_EQ(back->variations[1].ply, 2u);
  EXPECT_EQ(usi_moves(back->variations[1].moves), usi_moves(info.variations[0].moves));
  EXPECT_EQ(back->result, "中断");

  auto ki2 = to_ki2_record(start, main, info);
  ASSERT_TRUE(ki2.ok()) << ki2.error().message();
  EXPECT_TRUE(ki2->ends_with("▲２三銀成  △同　金  ▲同　飛成\n"
                             "まで3手で中断\n"
                             "\n"
                             "変化：3手\n"
                             "▲４八玉\n"
                             "\n"
                             "変化：2手\n"
                             "△５二玉  ▲２二成銀\n"))
      << *ki2;
  auto ki2_back = read_kif(*ki2);
  ASSERT_TRUE(ki2_back.ok()) << ki2_back.error().message();
  EXPECT_EQ(usi_moves(ki2_back->moves), usi_moves(main));
  ASSERT_EQ(ki2_back->variations.size(), 2u);
  EXPECT_EQ(usi_moves(ki2_back->variations[1].moves), usi_moves(info.variations[0].moves));
}

// A variation of a variation: after 2d2c+ 5a5b (the variation at move 2) Black takes the gold
// with the promoted silver instead of 2c2b. Written depth first, the latest branch first: the
// variation at move 3 of the main line, the one at move 2, then its own at move 3, with the move
// it branches at marked '+'; read back with its parent.
TEST(RecordWriters, NestedVariationsAreWrittenDepthFirst) {
  const Position start = position("4k4/6g2/9/7S1/9/9/9/9/4K2R1 b - 1", DefenderHand::AsGiven);
  const auto main = usi_line(start, "2d2c+ 3b2c 2i2c+");
  Position after1 = start;
  after1.do_move(main[0]);
  Position after2 = after1;
  after2.do_move(main[1]);
  const auto side = usi_line(after1, "5a5b 2c2b");
  Position side2 = after1;
  side2.do_move(side[0]);
  KifRecordInfo info;
  info.terminator = "中断";
  info.variations = {
      {2, side, 0}, {3, usi_line(after2, "5i4h"), 0}, {3, usi_line(side2, "2c3b"), 1}};
  ASSERT_EQ(info.variations[2].moves.size(), 1u);
  auto kif = to_kif_record(start, main, info);
  ASSERT_TRUE(kif.ok()) << kif.error().message();
  EXPECT_TRUE(kif->ends_with("   2 同　金(32)+\n"
                             "   3 同　飛成(29)+\n"
                             "   4 中断\n"
                             "まで3手で中断\n"
                             "\n"
                             "変化：3手\n"
                             "   3 ４八玉(59)\n"
                             "\n"
                             "変化：2手\n"
                             "   2 ５二玉(51)\n"
                             "   3 ２二成銀(23)+\n"
                             "\n"
                             "変化：3手\n"
                             "   3 ３二成銀(23)\n"))
      << *kif;
  for (const auto& text : {*kif, to_ki2_record(start, main, info).value()}) {
    auto back = read_kif(text);
    ASSERT_TRUE(back.ok()) << back.error().message();
    ASSERT_EQ(back->variations.size(), 3u) << text;
    EXPECT_EQ(back->variations[0].ply, 3u);
    EXPECT_EQ(back->variations[0].parent, 0u);
    EXPECT_EQ(usi_moves(back->variations[0].moves), Moves({"5i4h"}));
    EXPECT_EQ(back->variations[1].ply, 2u);
    EXPECT_EQ(back->variations[1].parent, 0u);
    EXPECT_EQ(usi_moves(back->variations[1].moves), Moves({"5a5b", "2c2b"}));
    EXPECT_EQ(back->variations[2].ply, 3u);
    EXPECT_EQ(back->variations[2].parent, 2u);
    EXPECT_EQ(usi_moves(back->variations[2].moves), Moves({"2c3b"}));
    // The nested variation's line from the start.
    EXPECT_EQ(usi_moves(line_prefix(back->moves, back->variations, 2, 10)),
              Moves({"2d2c+", "5a5b", "2c3b"}));
  }
  // A variation that branches off a later one, or outside its parent's moves, is refused.
  KifRecordInfo bad = info;
  bad.variations[0].parent = 3;
  EXPECT_FALSE(to_kif_record(start, main, bad).ok());
  bad = info;
  bad.variations[2].ply = 4;
  auto refused = to_kif_record(start, main, bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().reason.find("branches off has moves 2 to 3"), std::string::npos)
      << refused.error().reason;
}

TEST(RecordWriters, VariationErrorsNameTheVariation) {
  const Position start = position(kPinned);
  const auto main = usi_line(start, "1i5e");
  KifRecordInfo info;
  info.variations = {{3, {}}};
  auto kif = to_kif_record(start, main, info);
  ASSERT_FALSE(kif.ok());
  EXPECT_NE(kif.error().reason.find("variation at move 3"), std::string::npos);
  // An illegal move in a variation (the bishop's move again, from 5e).
  info.variations = {{1, {main[0], main[0]}}};
  kif = to_kif_record(start, main, info);
  ASSERT_FALSE(kif.ok());
  EXPECT_NE(kif.error().reason.find("variation at move 1: move 2: illegal"), std::string::npos)
      << kif.error().reason;
}

}  // namespace
}  // namespace tsume::io
