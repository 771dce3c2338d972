#include "solver/io/svg_diagram.h"

#include <string_view>
#include <vector>

#include "solver/io/piece_names.h"
#include "solver/io/svg_text.h"

namespace tsume::io {

namespace {

// Layout in user units (pixels at 100%).
constexpr int kCell = 44;                      // one square
constexpr int kHandWidth = 56;                 // a hand column
constexpr int kGap = 14;                       // between a hand column and the board
constexpr int kBoardLeft = kHandWidth + kGap;  // x of the board's left edge
constexpr int kRankLabels = 26;                // the rank numerals right of the board
constexpr int kBoardSize = 9 * kCell;
constexpr int kLabelHeight = 26;  // the file numbers above the board
constexpr int kPieceFont = 30;
constexpr int kLabelFont = 16;
constexpr int kHandFont = 22;
constexpr std::string_view kFonts =
    "'Noto Sans CJK JP','Noto Serif CJK JP','IPAGothic','IPAMincho','Hiragino Mincho ProN',"
    "'Yu Gothic','VL Gothic',sans-serif";

using svg::num;
using svg::xml_escape;

// A text element centred on (x, y); `extra` holds further attributes.
std::string text(int x, int y, int size, std::string_view content, std::string_view extra = {}) {
  return svg::text(x, y, size, content, extra, 35);
}

// The lines of a hand column, top to bottom: the side's mark and 持駒, then one line per kind
// (the kanji, then its count in kanji numerals when more than one), or なし / 残り全部.
std::vector<std::string> hand_lines(const Position& pos, Color c, bool rest) {
  std::vector<std::string> lines = {c == Color::Black ? "☗" : "☖", "持", "駒"};
  if (rest) {
    for (std::string_view w : {"残", "り", "全", "部"}) lines.emplace_back(w);
    return lines;
  }
  const Hand hand = pos.hand(c);
  if (hand.empty()) {
    lines.emplace_back("な");
    lines.emplace_back("し");
  }
  for (PieceType pt : kHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    lines.push_back(std::string(japanese_name(pt)) + kanji_count(n));
  }
  return lines;
}

// One hand column with its top-left corner at (x, top).
std::string hand_column(const std::vector<std::string>& lines, int x, int top) {
  std::string out;
  const int cx = x + kHandWidth / 2;
  int y = top + kHandFont / 2;
  for (const std::string& line : lines) {
    // A piece with a count (金四, 歩十八) gets a smaller font so that it fits the column.
    const std::size_t chars = line.size() / 3;  // the lines are kanji, three bytes each
    const int size = chars <= 1 ? kHandFont : chars == 2 ? kHandFont * 4 / 5 : kHandFont * 2 / 3;
    out += text(cx, y, size, line);
    y += kHandFont + 6;
  }
  return out;
}

}  // namespace

std::string to_svg_diagram(const Position& pos, const SvgDiagramOptions& options) {
  const int title_height = options.title.empty() ? 0 : 34;
  const int board_top = title_height + kLabelHeight;
  const int black_hand_left = kBoardLeft + kBoardSize + kRankLabels + kGap;
  const int width = black_hand_left + kHandWidth;
  const int height = board_top + kBoardSize + 12;

  std::string out = svg::document_head(width, height, kFonts);
  if (!options.title.empty())
    out += text(width / 2, title_height / 2, 20, options.title, "font-weight=\"bold\"");

  // The board, the shaded last move, the grid with its star points (星).
  out += "<rect x=\"" + num(kBoardLeft) + "\" y=\"" + num(board_top) + "\" width=\"" +
         num(kBoardSize) + "\" height=\"" + num(kBoardSize) + "\" fill=\"#f3d9a4\"/>\n";
  const auto cell_x = [](int file) { return kBoardLeft + (8 - file) * kCell; };
  const auto cell_y = [&](int rank) { return board_top + rank * kCell; };
  if (is_ok(options.last_move))
    out += "<rect class=\"last-move\" x=\"" + num(cell_x(file_of(options.last_move))) + "\" y=\"" +
           num(cell_y(rank_of(options.last_move))) + "\" width=\"" + num(kCell) + "\" height=\"" +
           num(kCell) + "\" fill=\"#f0a848\"/>\n";
  for (int i = 0; i <= 9; ++i) {
    const int stroke = i == 0 || i == 9 ? 2 : 1;
    const int x = kBoardLeft + i * kCell;
    const int y = board_top + i * kCell;
    out += "<line x1=\"" + num(x) + "\" y1=\"" + num(board_top) + "\" x2=\"" + num(x) + "\" y2=\"" +
           num(board_top + kBoardSize) + "\" stroke=\"#000\" stroke-width=\"" + num(stroke) +
           "\"/>\n";
    out += "<line x1=\"" + num(kBoardLeft) + "\" y1=\"" + num(y) + "\" x2=\"" +
           num(kBoardLeft + kBoardSize) + "\" y2=\"" + num(y) + "\" stroke=\"#000\" " +
           "stroke-width=\"" + num(stroke) + "\"/>\n";
  }
  for (int sx : {3, 6})
    for (int sy : {3, 6})
      out += "<circle cx=\"" + num(kBoardLeft + sx * kCell) + "\" cy=\"" +
             num(board_top + sy * kCell) + "\" r=\"3\" fill=\"#000\"/>\n";

  // File numbers above (９ on the left), rank numerals on the right.
  for (int file = 0; file < kFileCount; ++file)
    out += text(cell_x(file) + kCell / 2, board_top - kLabelHeight / 2, kLabelFont,
                kFullWidthDigits[file]);
  for (int rank = 0; rank < kRankCount; ++rank)
    out += text(kBoardLeft + kBoardSize + kRankLabels / 2, cell_y(rank) + kCell / 2, kLabelFont,
                kKanjiNumbers[rank + 1]);

  // The pieces.
  for (int rank = 0; rank < kRankCount; ++rank) {
    for (int file = 0; file < kFileCount; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::None) continue;
      const int cx = cell_x(file) + kCell / 2;
      const int cy = cell_y(rank) + kCell / 2;
      std::string extra = is_promoted(type_of(p)) ? "fill=\"#c00000\"" : "fill=\"#000000\"";
      if (color_of(p) == Color::White)
        extra += " transform=\"rotate(180 " + num(cx) + " " + num(cy) + ")\"";
      out += text(cx, cy, kPieceFont, diagram_name(type_of(p)), extra);
    }
  }

  // The hands: 後手 on the left from the top, 先手 on the right from the top.
  const Color defender = ~pos.side_to_move();
  out +=
      hand_column(hand_lines(pos, Color::White, options.defender_rest && defender == Color::White),
                  0, board_top);
  out +=
      hand_column(hand_lines(pos, Color::Black, options.defender_rest && defender == Color::Black),
                  black_hand_left, board_top);
  out += "</svg>\n";
  return out;
}

}  // namespace tsume::io
