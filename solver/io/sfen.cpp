#include "solver/io/sfen.h"

#include <array>
#include <vector>

#include "solver/io/move_check.h"
#include "solver/io/piece_names.h"
#include "solver/io/problem.h"
#include "solver/io/text.h"

namespace tsume::io {

namespace {

constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr char to_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) fields.push_back(s.substr(start, i - start));
  }
  return fields;
}

std::string quoted(char c) { return single_quoted(printable_byte(c)); }

// One rank of the board field, from file 9 to file 1. Returns the reason on error.
std::string parse_rank(std::string_view text, int rank, BoardSetup& setup) {
  const std::string where = "rank " + std::to_string(rank + 1);
  int column = 0;  // 0 = file 9
  bool after_digit = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (is_digit(c)) {
      if (c == '0') return "bad digit '0' in " + where;
      if (after_digit) return "two digits in a row in " + where;
      column += c - '0';
      after_digit = true;
      continue;
    }
    after_digit = false;
    const bool promoted = c == '+';
    if (promoted) {
      if (i + 1 == text.size()) return "'+' at the end of " + where;
      c = text[++i];
    }
    const auto base = piece_from_sfen_letter(to_upper(c));
    if (!base) {
      if (promoted) return "'+' before " + quoted(c) + " in " + where;
      return "unknown piece letter " + quoted(c) + " in " + where;
    }
    if (promoted && !is_promotable(*base))
      return std::string("'+' before unpromotable piece ") + c + " in " + where;
    if (column < kFileCount) {
      const Color color = is_upper(c) ? Color::Black : Color::White;
      setup.at(make_square(kFileCount - 1 - column, rank)) =
          make_piece(color, promoted ? promote(*base) : *base);
    }
    ++column;
  }
  if (column != kFileCount) return where + " has " + std::to_string(column) + " squares";
  return {};
}

std::string parse_board(std::string_view field, BoardSetup& setup) {
  int rank = 0;
  for (;;) {
    const std::size_t slash = field.find('/');
    if (rank == kRankCount) return "board has more than " + std::to_string(kRankCount) + " ranks";
    std::string why = parse_rank(field.substr(0, slash), rank, setup);
    if (!why.empty()) return why;
    ++rank;
    if (slash == std::string_view::npos) break;
    field.remove_prefix(slash + 1);
  }
  if (rank != kRankCount) return "board has " + std::to_string(rank) + " ranks (expected 9)";
  return {};
}

std::string parse_hands(std::string_view field, BoardSetup& setup) {
  if (field == "-") return {};
  std::array<std::array<bool, kHandTypeCount>, kColorCount> seen{};
  std::size_t i = 0;
  while (i < field.size()) {
    int count = 1;
    if (is_digit(field[i])) {
      const std::size_t start = i;
      while (i < field.size() && is_digit(field[i])) ++i;
      if (i - start > 2)
        return "hand count " + quote_prefix(field.substr(start, i - start)) + " is too large";
      count = 0;
      for (char d : field.substr(start, i - start)) count = count * 10 + (d - '0');
      if (count == 0) return "hand count 0";
      if (i == field.size()) return "hands end with a count";
    }
    const char c = field[i++];
    if (c == '+') return "promoted piece in hand";
    const auto pt = piece_from_sfen_letter(to_upper(c));
    if (!pt) return "unknown piece letter " + quoted(c) + " in hands";
    if (*pt == PieceType::King) return "king in hand";
    if (!is_hand_type(*pt)) return "drunk elephant in hand (it is never held in hand)";
    const Color color = is_upper(c) ? Color::Black : Color::White;
    bool& once = seen[index_of(color)][index_of(*pt)];
    if (once) return "hands list " + quoted(c) + " twice";
    once = true;
    if (count > Hand::max_count(*pt))
      return "hand has " + std::to_string(count) + " " + c + " (at most " +
             std::to_string(Hand::max_count(*pt)) + ")";
    setup.hand(color).set(*pt, count);
  }
  return {};
}

std::string parse_move_number(std::string_view field, int& ply) {
  if (field.size() > 9 || field.empty()) return "bad move number '" + quote_prefix(field) + "'";
  int n = 0;
  for (char c : field) {
    if (!is_digit(c)) return "bad move number '" + quote_prefix(field) + "'";
    n = n * 10 + (c - '0');
  }
  if (n == 0) return "move number 0 (numbers start at 1)";
  ply = n;
  return {};
}

std::string parse_fields(std::string_view text, BoardSetup& setup, Variant variant) {
  const auto fields = split_fields(text);
  std::size_t f = 0;
  if (f < fields.size() && fields[f] == "sfen") ++f;
  if (f == fields.size()) return "empty SFEN";
  if (fields[f] == "startpos") {
    if (fields.size() > f + 1) return "unexpected text after 'startpos'";
    return parse_fields(start_sfen(variant), setup, variant);
  }
  if (std::string why = parse_board(fields[f++], setup); !why.empty()) return why;
  if (f == fields.size()) return "missing side to move ('b' or 'w')";
  if (fields[f] == "b" || fields[f] == "w")
    setup.side_to_move = fields[f] == "b" ? Color::Black : Color::White;
  else
    return "side to move must be 'b' or 'w', not '" + quote_prefix(fields[f]) + "'";
  if (++f == fields.size()) return "missing hands ('-' when both are empty)";
  if (std::string why = parse_hands(fields[f++], setup); !why.empty()) return why;
  if (f < fields.size())
    if (std::string why = parse_move_number(fields[f++], setup.ply); !why.empty()) return why;
  if (f < fields.size()) return "unexpected text after the SFEN: '" + quote_prefix(fields[f]) + "'";
  return {};
}

void append_hand(std::string& out, Hand hand, bool black) {
  // Canonical SFEN order: rook, bishop, gold, silver, knight, lance, pawn.
  constexpr std::array kOrder = {PieceType::Rook,   PieceType::Bishop, PieceType::Gold,
                                 PieceType::Silver, PieceType::Knight, PieceType::Lance,
                                 PieceType::Pawn};
  for (PieceType pt : kOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    if (n > 1) out += std::to_string(n);
    const char c = sfen_letter(pt);
    out += black ? c : static_cast<char>(c + 32);
  }
}

bool parse_square(char file, char rank, Square& s) {
  if (file < '1' || file > '9' || rank < 'a' || rank > 'i') return false;
  s = make_square(file - '1', rank - 'a');
  return true;
}

}  // namespace

Expected<BoardSetup> parse_sfen(std::string_view text, std::string_view file, int line,
                                Variant variant) {
  BoardSetup setup;
  setup.variant = variant;
  if (std::string why = parse_fields(text, setup, variant); !why.empty())
    return ParseError{std::string(file), line, std::move(why)};
  return setup;
}

std::string to_sfen(const BoardSetup& setup) {
  std::string out;
  for (int rank = 0; rank < kRankCount; ++rank) {
    if (rank > 0) out += '/';
    int empty = 0;
    for (int file = kFileCount - 1; file >= 0; --file) {
      const Piece p = setup.at(make_square(file, rank));
      if (p == Piece::None) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty), empty = 0;
      out += sfen_piece(p);
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
  }
  out += setup.side_to_move == Color::Black ? " b " : " w ";
  const std::size_t before = out.size();
  append_hand(out, setup.hand(Color::Black), true);
  append_hand(out, setup.hand(Color::White), false);
  if (out.size() == before) out += '-';
  out += ' ';
  out += std::to_string(setup.ply);
  return out;
}

std::string to_sfen(const Position& pos) { return to_sfen(pos.setup()); }

Expected<Position> read_position(std::string_view sfen, DefenderHand hand, std::string_view file,
                                 int line, KingRule kings, Variant variant) {
  auto parsed = parse_sfen(sfen, file, line, variant);
  if (!parsed) return parsed.error();
  apply_defender_hand(*parsed, hand);
  Position pos;
  if (std::string why = pos.set(*parsed, kings); !why.empty())
    return ParseError{std::string(file), line, std::move(why)};
  return pos;
}

Expected<Move> parse_usi_move(std::string_view text, const Position& pos) {
  const std::string_view t = trim(text);
  const auto syntax_error = [&]() {
    return ParseError{
        {}, 0, "bad USI move '" + quote_prefix(t) + "' (expected like 7g7f, 8h2b+ or P*5e)"};
  };
  Move m;
  if (t.size() == 4 && t[1] == '*') {
    const auto pt = piece_from_sfen_letter(t[0]);
    Square to;
    if (!pt || !is_hand_type(*pt)) return syntax_error();
    if (!parse_square(t[2], t[3], to)) return syntax_error();
    m = Move::drop(*pt, to);
  } else if (t.size() == 4 || (t.size() == 5 && t[4] == '+')) {
    Square from;
    Square to;
    if (!parse_square(t[0], t[1], from) || !parse_square(t[2], t[3], to)) return syntax_error();
    if (from == to)
      return ParseError{
          {}, 0, "bad USI move '" + std::string(t) + "': origin and destination are the same"};
    m = Move::board(from, to, t.size() == 5);
  } else {
    return syntax_error();
  }
  if (std::string why = explain_illegal(pos, m); !why.empty())
    return ParseError{{}, 0, "illegal move " + std::string(t) + ": " + why};
  return m;
}

std::string to_usi(Move m) {
  if (m.is_none()) return "0000";
  if (m.is_drop()) return std::string(1, sfen_letter(m.dropped_type())) + "*" + usi_square(m.to());
  return usi_square(m.from()) + usi_square(m.to()) + (m.is_promotion() ? "+" : "");
}

}  // namespace tsume::io
