#include "solver/large/svg_diagram.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "solver/io/svg_text.h"

namespace tsume::large {

namespace {

// Layout in user units (pixels at 100%).
constexpr int kCell = 40;         // one square
constexpr int kMargin = 12;       // around the board
constexpr int kLabelHeight = 22;  // the file numbers above the board
constexpr int kRankLabels = 24;   // the rank letters right of the board
constexpr int kTitleHeight = 32;
constexpr int kLabelFont = 13;
constexpr std::string_view kFonts = "'DejaVu Sans','Liberation Sans',Arial,sans-serif";

using svg::num;
using svg::xml_escape;

// A text element centred on (x, y); `extra` holds further attributes.
std::string text(int x, int y, int size, std::string_view content, std::string_view extra = {}) {
  return svg::text(x, y, size, content, extra, 36);
}

}  // namespace

std::string to_svg_diagram(const Position& pos, const SvgDiagramOptions& options) {
  const GameTable& t = pos.table();
  const int title_height = options.title.empty() ? 0 : kTitleHeight;
  const int board_left = kMargin;
  const int board_top = title_height + kLabelHeight;
  const int board_width = t.files * kCell;
  const int board_height = t.ranks * kCell;
  const int width = board_left + board_width + kRankLabels + kMargin;
  const int height = board_top + board_height + kMargin + kLabelHeight;

  std::string out = svg::document_head(width, height, kFonts);
  if (!options.title.empty())
    out += text(width / 2, title_height / 2, 18, options.title, "font-weight=\"bold\"");

  // The squares (one rect each, the last move's shaded), then the outer frame.
  const auto cell_x = [&](int x) { return board_left + x * kCell; };
  const auto cell_y = [&](int y) { return board_top + y * kCell; };
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const bool shaded = std::find(options.last_move.begin(), options.last_move.end(), s) !=
                          options.last_move.end();
      out += "<rect class=\"square\" x=\"" + num(cell_x(x)) + "\" y=\"" + num(cell_y(y)) +
             "\" width=\"" + num(kCell) + "\" height=\"" + num(kCell) + "\" fill=\"" +
             (shaded ? "#f0a848" : "#f3d9a4") + "\" stroke=\"#000\" stroke-width=\"1\"/>\n";
    }
  }
  out += "<rect x=\"" + num(board_left) + "\" y=\"" + num(board_top) + "\" width=\"" +
         num(board_width) + "\" height=\"" + num(board_height) +
         "\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>\n";
  // The promotion zones: a thicker line below Black's (the top `zone` ranks) and above White's.
  for (int y : {t.zone, t.ranks - t.zone})
    out += "<line x1=\"" + num(board_left) + "\" y1=\"" + num(cell_y(y)) + "\" x2=\"" +
           num(board_left + board_width) + "\" y2=\"" + num(cell_y(y)) +
           "\" stroke=\"#000\" stroke-width=\"2\"/>\n";

  // File numbers above (the highest on the left), rank letters on the right.
  for (int x = 0; x < t.files; ++x)
    out += text(cell_x(x) + kCell / 2, board_top - kLabelHeight / 2, kLabelFont,
                std::to_string(t.files - x));
  for (int y = 0; y < t.ranks; ++y)
    out += text(board_left + board_width + kRankLabels / 2, cell_y(y) + kCell / 2, kLabelFont,
                std::string(1, static_cast<char>('a' + y)));

  // The pieces: a piece-shaped pentagon pointing towards the opponent (up for Black, down for
  // White, which is also shaded blue), and the SFEN token upright in it (White's in lower case,
  // as in the SFEN; promoted ones red). Letters are not turned round: turned Latin letters read
  // as others (p and d, M and W).
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (!is_piece(c)) continue;
      const PieceKind& kind = t.kinds[static_cast<std::size_t>(cell_kind(c))];
      const bool white = cell_side(c) == Side::White;
      const bool promoted = kind.token.front() == '+';
      std::string token = kind.token;
      if (white)
        for (char& ch : token) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      const int x0 = cell_x(x);
      const int y0 = cell_y(y);
      // The pentagon of Black's piece, (dx, dy) from the square's top-left corner; White's is
      // the same turned upside down.
      constexpr int kShape[5][2] = {{20, 3}, {33, 10}, {35, 37}, {5, 37}, {7, 10}};
      std::string points;
      for (const auto& [dx, dy] : kShape) {
        if (!points.empty()) points += ' ';
        points += num(x0 + dx) + "," + num(y0 + (white ? kCell - dy : dy));
      }
      out += "<polygon class=\"shape\" points=\"" + points + "\" fill=\"" +
             (white ? "#cfdcf3" : "#fff6e0") + "\" stroke=\"#555\" stroke-width=\"1\"/>\n";
      const int cx = x0 + kCell / 2;
      const int cy = y0 + kCell / 2 + (white ? -2 : 2);
      const int size = token.size() <= 1 ? 18 : token.size() == 2 ? 15 : 12;
      const std::string extra = std::string("class=\"piece ") + (white ? "white" : "black") +
                                (promoted ? " promoted" : "") + "\" font-weight=\"bold\" fill=\"" +
                                (promoted ? "#c00000"
                                 : white  ? "#003c9e"
                                          : "#000000") +
                                "\"";
      out += text(cx, cy, size, token, extra);
    }
  }

  // Below the board: the game and the side to move.
  const std::string footer =
      t.name + " shogi, " + (pos.side_to_move() == Side::Black ? "Black" : "White") + " to move";
  out += text(width / 2, board_top + board_height + kMargin + kLabelHeight / 2 - 4, kLabelFont,
              footer);
  out += "</svg>\n";
  return out;
}

}  // namespace tsume::large
