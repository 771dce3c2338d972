// SVG diagrams of the large boards (solver/large/svg_diagram.h): one square element per board
// square, one piece per piece of the position (46, 65 and 78 a side at the start: the counts of
// docs/large-board.md's piece tables), White's marked, promoted pieces marked, text escaped.
#include <gtest/gtest.h>

#include <string>

#include "solver/large/movegen.h"
#include "solver/large/svg_diagram.h"

namespace tsume::large {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(LargeSvg, StartPositions) {
  struct Case {
    Game game;
    int squares;
    int per_side;
  };
  for (const Case& c :
       {Case{Game::Chu, 144, 46}, Case{Game::Dai, 225, 65}, Case{Game::Tenjiku, 256, 78}}) {
    const std::string svg = to_svg_diagram(parse_sfen("startpos", c.game, default_rules(c.game)));
    SCOPED_TRACE(std::string(game_name(c.game)));
    EXPECT_EQ(count(svg, "<rect class=\"square\""), c.squares);
    EXPECT_EQ(count(svg, "class=\"piece black\""), c.per_side);
    EXPECT_EQ(count(svg, "class=\"piece white\""), c.per_side);
    EXPECT_EQ(count(svg, "<polygon class=\"shape\""), 2 * c.per_side);
    EXPECT_EQ(count(svg, " promoted\""), 0);
    EXPECT_EQ(svg.rfind("</svg>\n"), svg.size() - 7);
  }
}

TEST(LargeSvg, PromotedPiecesFilesRanksAndTitle) {
  // White's crown prince (+e) on 1a and king on 6a; Black's promoted rook (+R) on 8f.
  const auto pos = parse_sfen("6k4+e/12/12/12/12/4+R7/12/12/12/12/12/K11 b - 1", Game::Chu);
  SvgDiagramOptions options;
  options.title = "a <b> & 'c'";
  const std::string svg = to_svg_diagram(pos, options);
  EXPECT_EQ(count(svg, "class=\"piece white promoted\""), 1);
  EXPECT_EQ(count(svg, "class=\"piece black promoted\""), 1);
  EXPECT_EQ(count(svg, ">+e</text>"), 1);
  EXPECT_EQ(count(svg, ">+R</text>"), 1);
  EXPECT_EQ(count(svg, ">a &lt;b&gt; &amp; &apos;c&apos;</text>"), 1);
  EXPECT_EQ(count(svg, ">12</text>"), 1);  // the file numbers 12..1
  EXPECT_EQ(count(svg, ">1</text>"), 1);
  EXPECT_EQ(count(svg, ">l</text>"), 1);  // the rank letters a..l
  EXPECT_EQ(count(svg, ">m</text>"), 0);
  EXPECT_EQ(count(svg, "chu shogi, Black to move"), 1);
}

TEST(LargeSvg, LastMoveShaded) {
  const auto pos = parse_sfen("startpos", Game::Chu);
  SvgDiagramOptions options;
  options.last_move = {parse_square(pos, "7i"), parse_square(pos, "7h")};
  const std::string svg = to_svg_diagram(
      after(pos, Move{options.last_move[0], kNoSquare, options.last_move[1], false}), options);
  EXPECT_EQ(count(svg, "fill=\"#f0a848\""), 2);
  EXPECT_EQ(count(svg, "White to move"), 1);
}

}  // namespace
}  // namespace tsume::large
