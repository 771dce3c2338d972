#include "solver/large/position.h"

#include <cctype>
#include <stdexcept>
#include <vector>

namespace tsume::large {

Position::Position(Game game, Rules rules) : table_(&game_table(game)), rules_(rules) {
  cells_.fill(kOffBoard);
  for (int y = 0; y < table_->ranks; ++y)
    for (int x = 0; x < table_->files; ++x) cells_[make_square(x, y)] = kEmpty;
}

bool Position::in_zone(Side side, Square s) const {
  const int y = square_y(s);
  return side == Side::Black ? y < table_->zone : y >= table_->ranks - table_->zone;
}

bool Position::in_last_ranks(Side side, Square s, int n) const {
  const int y = square_y(s);
  return side == Side::Black ? y < n : y >= table_->ranks - n;
}

std::string square_name(const Position& pos, Square s) {
  return std::to_string(pos.table().files - square_x(s)) + static_cast<char>('a' + square_y(s));
}

Square parse_square(const Position& pos, std::string_view name) {
  std::size_t i = 0;
  int file = 0;
  while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && i < 2)
    file = file * 10 + (name[i++] - '0');
  if (i == 0 || i + 1 != name.size()) return kNoSquare;
  const int y = name[i] - 'a';
  const int x = pos.table().files - file;
  if (file < 1 || x < 0 || y < 0 || y >= pos.table().ranks) return kNoSquare;
  return make_square(x, y);
}

namespace {

[[noreturn]] void bad(std::string_view why) { throw std::invalid_argument(std::string(why)); }

std::vector<std::string_view> split(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

}  // namespace

Position parse_sfen(std::string_view sfen, Game game, Rules rules) {
  const GameTable& table = game_table(game);
  if (sfen == "startpos") sfen = table.start_sfen;
  const auto fields = split(sfen);
  if (fields.size() < 3 || fields.size() > 4)
    bad("an SFEN has 3 or 4 fields: board, side, lion-capture square, move number");
  Position pos(game, rules);
  int y = 0;
  int x = 0;
  const std::string_view board = fields[0];
  std::size_t i = 0;
  while (i < board.size()) {
    const char c = board[i];
    if (c == '/') {
      if (x != table.files)
        bad("rank " + std::to_string(y + 1) + " does not have " + std::to_string(table.files) +
            " squares");
      ++y, x = 0, ++i;
      if (y >= table.ranks) bad("more than " + std::to_string(table.ranks) + " ranks");
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = 0;
      while (i < board.size() && std::isdigit(static_cast<unsigned char>(board[i])))
        n = n * 10 + (board[i++] - '0');
      if (n == 0) bad("an empty run of 0 squares");
      x += n;
      if (x > table.files) bad("a rank longer than " + std::to_string(table.files) + " squares");
      continue;
    }
    std::string token;
    if (c == '+') token += board[i++];
    if (i >= board.size() || !std::isalpha(static_cast<unsigned char>(board[i])))
      bad("'+' not followed by a piece letter");
    const char letter = board[i++];
    const Side side = std::isupper(static_cast<unsigned char>(letter)) ? Side::Black : Side::White;
    token += static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    while (i < board.size() && (board[i] == '\'' || board[i] == '!')) token += board[i++];
    const int kind = table.kind_of(token);
    if (kind < 0) bad("no piece '" + token + "' in " + table.name + " shogi");
    if (x >= table.files) bad("a rank longer than " + std::to_string(table.files) + " squares");
    pos.put(make_square(x, y), make_cell(kind, side));
    ++x;
  }
  if (y != table.ranks - 1 || x != table.files)
    bad("the board must have " + std::to_string(table.ranks) + " ranks of " +
        std::to_string(table.files) + " squares");
  if (fields[1] == "b") {
    pos.set_side_to_move(Side::Black);
  } else if (fields[1] == "w") {
    pos.set_side_to_move(Side::White);
  } else {
    bad("the side to move must be 'b' or 'w'");
  }
  if (fields[2] != "-") {
    const Square s = parse_square(pos, fields[2]);
    if (s == kNoSquare) bad("bad lion-capture square '" + std::string(fields[2]) + "'");
    pos.set_last_lion_capture(s);
  }
  if (fields.size() == 4) {
    int n = 0;
    for (const char d : fields[3]) {
      if (!std::isdigit(static_cast<unsigned char>(d)) || n > 100000000) bad("bad move number");
      n = n * 10 + (d - '0');
    }
    if (n < 1) bad("bad move number");
    pos.set_move_number(n);
  }
  return pos;
}

namespace {

std::string token_of(const Position& pos, Cell c) {
  std::string t = pos.table().kinds[cell_kind(c)].token;
  if (cell_side(c) == Side::White)
    for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return t;
}

}  // namespace

std::string to_sfen(const Position& pos) {
  const GameTable& t = pos.table();
  std::string out;
  for (int y = 0; y < t.ranks; ++y) {
    if (y > 0) out += '/';
    int empty = 0;
    for (int x = 0; x < t.files; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (c == kEmpty) {
        ++empty;
        continue;
      }
      if (empty > 0) out += std::to_string(empty);
      empty = 0;
      out += token_of(pos, c);
    }
    if (empty > 0) out += std::to_string(empty);
  }
  out += pos.side_to_move() == Side::Black ? " b " : " w ";
  out += pos.last_lion_capture() == kNoSquare ? "-" : square_name(pos, pos.last_lion_capture());
  out += ' ' + std::to_string(pos.move_number());
  return out;
}

std::string diagram(const Position& pos) {
  const GameTable& t = pos.table();
  std::string out = "  ";
  for (int x = 0; x < t.files; ++x) {
    const std::string file = std::to_string(t.files - x);
    out += std::string(4 - file.size(), ' ') + file;
  }
  out += '\n';
  for (int y = 0; y < t.ranks; ++y) {
    out += ' ';
    out += static_cast<char>('a' + y);
    for (int x = 0; x < t.files; ++x) {
      const Cell c = pos.at(make_square(x, y));
      const std::string tok = c == kEmpty ? "." : token_of(pos, c);
      out += std::string(4 - tok.size(), ' ') + tok;
    }
    out += '\n';
  }
  out += pos.side_to_move() == Side::Black ? "Black to move\n" : "White to move\n";
  return out;
}

}  // namespace tsume::large
