// SVG board diagrams (svg_diagram.h): what the image holds, checked on its text.
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "solver/io/sfen.h"
#include "solver/io/svg_diagram.h"

namespace tsume::io {
namespace {

int occurrences(std::string_view text, std::string_view what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// SPEC.md section 5: the mate in 1 with a pinned interposer; White holds the rest.
constexpr std::string_view kPinned = "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1";

TEST(SvgDiagram, PiecesLabelsAndHands) {
  auto pos = read_position(kPinned);
  ASSERT_TRUE(pos.ok());
  const std::string svg = to_svg_diagram(*pos);
  EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  // Nine file numbers, nine rank numerals, ten lines each way, four star points.
  for (std::string_view label : {">１</text>", ">９</text>", ">一</text>", ">九</text>"})
    EXPECT_EQ(occurrences(svg, label), 1) << label;
  EXPECT_EQ(occurrences(svg, "<line "), 20);
  EXPECT_EQ(occurrences(svg, "<circle "), 4);
  // Three White pieces turned round; the dragon in red; the bishop and pawn in black.
  EXPECT_EQ(occurrences(svg, "transform=\"rotate(180 "), 3);
  EXPECT_EQ(occurrences(svg, "fill=\"#c00000\""), 1);
  EXPECT_NE(svg.find("fill=\"#c00000\">龍</text>"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#000000\">角</text>"), std::string::npos);
  // Hands: Black has none; White's is listed piece by piece with kanji counts.
  EXPECT_NE(svg.find(">な</text>"), std::string::npos);
  EXPECT_NE(svg.find(">歩十六</text>"), std::string::npos);
  EXPECT_NE(svg.find(">金四</text>"), std::string::npos);
  EXPECT_NE(svg.find(">飛</text>"), std::string::npos);
  EXPECT_EQ(svg.find("last-move"), std::string::npos);
  EXPECT_EQ(svg.find("残"), std::string::npos);
}

TEST(SvgDiagram, TitleLastMoveAndRest) {
  auto pos = read_position(kPinned);
  ASSERT_TRUE(pos.ok());
  SvgDiagramOptions options;
  options.title = "Mate <in> 1 & \"pinned\"";
  options.last_move = make_square(4, 4);  // 5e
  options.defender_rest = true;
  const std::string svg = to_svg_diagram(*pos, options);
  EXPECT_NE(svg.find(">Mate &lt;in&gt; 1 &amp; &quot;pinned&quot;</text>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "class=\"last-move\""), 1);
  for (std::string_view c : {">残</text>", ">り</text>", ">全</text>", ">部</text>"})
    EXPECT_NE(svg.find(c), std::string::npos) << c;
  EXPECT_EQ(svg.find(">歩十六</text>"), std::string::npos);
}

}  // namespace
}  // namespace tsume::io
