// Sho shogi in the text formats (docs/sho.md): SFEN letters E and +E, KIF/KI2 names 酔象 and 太子
// (象 and 太 in diagrams), CSA codes SZ and TS; a line with an elephant's promotion written in
// every format and read back.
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

namespace tsume::io {
namespace {

constexpr ReadOptions kSho{DefenderHand::RestIfEmpty, Variant::Sho};

// White's king on 5a is checked by the rook on 5e; White's elephant on 1f promotes on 1g, which
// answers the check (a second royal), and then the crown prince steps to 2g.
constexpr std::string_view kStart = "4k4/9/9/9/4R4/8e/9/9/K8 w - 1";
constexpr std::string_view kLine = "1f1g+ 5e5d 1g2g";

Position sho_position(std::string_view sfen) {
  auto pos =
      read_position(sfen, DefenderHand::AsGiven, {}, 0, KingRule::DefenderKing, Variant::Sho);
  EXPECT_TRUE(pos.ok()) << sfen << ": " << pos.error().message();
  return pos.ok() ? *pos : Position();
}

std::vector<Move> line_from(const Position& start) { return test::usi_line(start, kLine); }

TEST(ShoRecords, SfenWritesTheElephantAndThePrince) {
  Position pos = sho_position(kStart);
  EXPECT_EQ(to_sfen(pos), kStart);
  pos.do_move(line_from(pos)[0]);
  EXPECT_EQ(to_sfen(pos), "4k4/9/9/9/4R4/9/8+e/9/K8 b - 2");
  EXPECT_EQ(to_sfen(sho_position("startpos")), kShoStartSfen);
}

TEST(ShoRecords, KifAndKi2NameTheElephantAndThePrince) {
  const Position start = sho_position(kStart);
  const auto moves = line_from(start);
  const auto kif = to_kif_record(start, moves);
  ASSERT_TRUE(kif.ok()) << kif.error().message();
  EXPECT_NE(kif->find("１七酔象成(16)"), std::string::npos) << *kif;
  EXPECT_NE(kif->find("２七太子(17)"), std::string::npos) << *kif;
  EXPECT_NE(kif->find("v象|六"), std::string::npos) << *kif;  // the diagram's one character
  const auto ki2 = to_ki2_record(start, moves);
  ASSERT_TRUE(ki2.ok()) << ki2.error().message();
  for (const auto& text : {*kif, *ki2}) {
    const auto back = read_kif(text, "sho.kif", kSho);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(back->setup, start.setup());
    EXPECT_EQ(back->moves, moves);
  }
}

TEST(ShoRecords, CsaUsesItsOwnCodes) {
  const Position start = sho_position(kStart);
  const auto moves = line_from(start);
  const auto csa = to_csa_record(start, moves);
  ASSERT_TRUE(csa.ok()) << csa.error().message();
  EXPECT_NE(csa->find("P6 *  *  *  *  *  *  *  * -SZ"), std::string::npos) << *csa;
  EXPECT_NE(csa->find("-1617TS"), std::string::npos) << *csa;
  const auto back = read_csa(*csa, "sho.csa", kSho);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->setup, start.setup());
  EXPECT_EQ(back->moves, moves);
}

TEST(ShoRecords, ShoPiecesNeedShoRulesInEveryFormat) {
  const Position start = sho_position(kStart);
  const auto kif = to_kif_record(start, {});
  ASSERT_TRUE(kif.ok());
  const auto as_shogi = read_kif(*kif, "sho.kif");
  ASSERT_FALSE(as_shogi.ok());
  EXPECT_NE(as_shogi.error().reason.find("only in sho shogi"), std::string::npos)
      << as_shogi.error().message();
}

}  // namespace
}  // namespace tsume::io
