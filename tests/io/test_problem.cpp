// Format detection and whole-file reading (read_problem, read_problem_file, SFEN problem files).
#include <gtest/gtest.h>

#include "io_test_support.h"
#include "solver/io/problem.h"

namespace tsume::io {
namespace {

using test::fails_with;
using test::usi_moves;
using Moves = std::vector<std::string>;

TEST(DetectFormat, ByExtension) {
  EXPECT_EQ(detect_format("", "a/b/x.KIF"), ProblemFormat::Kif);
  EXPECT_EQ(detect_format("", "x.kifu"), ProblemFormat::Kif);
  EXPECT_EQ(detect_format("", "x.ki2"), ProblemFormat::Ki2);
  EXPECT_EQ(detect_format("", "x.csa"), ProblemFormat::Csa);
  EXPECT_EQ(detect_format("", "x.sfen"), ProblemFormat::Sfen);
}

TEST(DetectFormat, ByContent) {
  EXPECT_EQ(detect_format("# c\n7lk/9/8S/9/9/9/9/7L1/8K b P 1\n", "x.txt"), ProblemFormat::Sfen);
  EXPECT_EQ(detect_format("sfen startpos\n", ""), ProblemFormat::Sfen);
  EXPECT_EQ(detect_format("V2.2\nPI\n+\n", ""), ProblemFormat::Csa);
  EXPECT_EQ(detect_format("'comment\nP1 * \n", ""), ProblemFormat::Csa);
  EXPECT_EQ(detect_format("表題：x\n", "dir.v2/file"), ProblemFormat::Kif);
  EXPECT_EQ(detect_format("", ""), ProblemFormat::Kif);
}

TEST(ReadProblemFile, EveryFixtureFormat) {
  struct Case {
    std::string_view name;
    ProblemFormat format;
    std::size_t moves;
  };
  for (const auto& [name, format, moves] :
       {Case{"pinned_interposer.kif", ProblemFormat::Kif, 1},
        Case{"discovered_check.sjis.kif", ProblemFormat::Kif, 3},
        Case{"kakugawari.ki2", ProblemFormat::Ki2, 7},
        Case{"pinned_interposer.csa", ProblemFormat::Csa, 1},
        Case{"nimaiochi.csa", ProblemFormat::Csa, 5}}) {
    SCOPED_TRACE(name);
    auto p = read_problem_file(test::fixture_path(name));
    ASSERT_TRUE(p.ok()) << p.error().message();
    EXPECT_EQ(p->format, format);
    EXPECT_EQ(p->moves.size(), moves);
  }
}

TEST(ReadProblemFile, MissingFile) {
  auto p = read_problem_file(test::fixture_path("no_such_file.kif"));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().line, 0);
  EXPECT_NE(p.error().reason.find("cannot open"), std::string::npos);
  EXPECT_NE(p.error().file.find("no_such_file.kif"), std::string::npos);
}

TEST(SfenProblem, PositionAndMovesOnOneLine) {
  auto p = read_sfen_problem(
      "# pawn-drop-mate position\n\n7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves 1c2b+ 2a2b\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  // White's empty hand gets every piece not on the board nor in Black's hand (SPEC.md 1).
  EXPECT_EQ(to_sfen(p->setup), "7lk/9/8S/9/9/9/9/7L1/8K b P2r2b4g3s4n2l17p 1");
  EXPECT_TRUE(p->rest_to_defender);
  EXPECT_EQ(usi_moves(p->moves), Moves({"1c2b+", "2a2b"}));
  EXPECT_EQ(p->move_lines, std::vector<int>({3, 3}));

  auto usi = read_problem("position startpos moves 7g7f 3c3d\n", "game.txt");
  ASSERT_TRUE(usi.ok()) << usi.error().message();
  EXPECT_EQ(usi_moves(usi->moves), Moves({"7g7f", "3c3d"}));
}

TEST(SfenProblem, Errors) {
  EXPECT_TRUE(fails_with(read_sfen_problem("# nothing\n", "p.sfen"), 0, "no SFEN position"));
  EXPECT_TRUE(
      fails_with(read_sfen_problem("startpos\nstartpos\n", "p.sfen"), 2, "a second position"));
  EXPECT_TRUE(fails_with(read_sfen_problem("\nstartpos moves 7g7f 7f7e\n", "p.sfen"), 2,
                         "illegal move 7f7e: the piece on 7f is Black's"));
  EXPECT_TRUE(fails_with(read_sfen_problem("\n\n9/9/9 b - 1\n", "p.sfen"), 3, "board has 3 ranks"));
  EXPECT_TRUE(
      fails_with(read_sfen_problem("9/9/9/9/9/9/9/9/8K b - 1\n", "p.sfen"), 1, "no white king"));
}

}  // namespace
}  // namespace tsume::io
