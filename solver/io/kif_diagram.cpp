#include "solver/io/kif_diagram.h"

#include <array>
#include <utility>

#include "solver/io/kif_notation.h"
#include "solver/io/piece_names.h"
#include "solver/io/text.h"

namespace tsume::io {

namespace {

std::string quoted(char32_t cp) {
  return single_quoted(cp == kBadCodePoint ? std::string("invalid UTF-8") : utf8_of(cp));
}

bool is_bar(char32_t cp) { return cp == U'|' || cp == U'｜'; }

// A count written in kanji (二, 十, 十八) or digits (18, １８). Returns -1 when malformed.
int parse_count(std::string_view text, std::size_t& pos) {
  int tens = 0;
  int units = 0;
  int digits = 0;
  bool any = false;
  while (pos < text.size()) {
    std::size_t next = pos;
    const char32_t cp = next_code_point(text, next);
    if (const int k = kanji_digit(cp); k > 0) {
      if (units > 0) return -1;  // 二三
      units = k;
    } else if (cp == U'十') {
      if (tens > 0) return -1;
      tens = (units > 0 ? units : 1) * 10;
      units = 0;
    } else if (const int d = arabic_digit(cp); d > 0 || cp == U'0' || cp == U'０') {
      digits = digits * 10 + d;
      if (digits > 99) return -1;
    } else {
      break;
    }
    any = true;
    pos = next;
  }
  if (!any) return 1;
  if (digits > 0 && (tens > 0 || units > 0)) return -1;
  return digits > 0 ? digits : tens + units;
}

}  // namespace

bool is_diagram_border(std::string_view line) {
  line = trim(line);
  if (line.size() < 3 || line.front() != '+' || line.back() != '+') return false;
  for (char c : line.substr(1, line.size() - 2))
    if (c != '-') return false;
  return true;
}

bool is_file_label_line(std::string_view line) {
  line = trim(line);
  if (line.empty()) return false;
  std::size_t pos = 0;
  while (pos < line.size()) {
    const char32_t cp = next_code_point(line, pos);
    if (!is_space_code_point(cp) && !(cp >= U'１' && cp <= U'９') && !(cp >= U'1' && cp <= U'9'))
      return false;
  }
  return true;
}

std::string parse_diagram_row(std::string_view line, int rank, BoardSetup& setup) {
  const std::string where = "board row " + std::to_string(rank + 1);
  line = trim_front(line);
  std::size_t pos = 0;
  if (line.empty() || !is_bar(next_code_point(line, pos)))
    return where + " does not start with '|'";
  for (int column = 0; column < kFileCount; ++column) {
    const auto short_row = [&] {
      return where + " has " + std::to_string(column) + " squares (expected 9)";
    };
    if (pos >= line.size()) return short_row();
    char32_t cp = next_code_point(line, pos);
    Color color = Color::Black;
    if (cp == U'v' || cp == U'V') {
      color = Color::White;
      if (pos >= line.size()) return short_row();
      cp = next_code_point(line, pos);
    } else if (cp == U' ' || cp == U'^') {
      if (pos >= line.size()) return short_row();
      cp = next_code_point(line, pos);
    }
    if (is_bar(cp)) return short_row();
    const Square s = make_square(kFileCount - 1 - column, rank);
    if (cp == U'・') {
      setup.at(s) = Piece::None;
      continue;
    }
    const auto pt = piece_from_kanji(cp);
    if (!pt) return "unknown kanji " + quoted(cp) + " in " + where;
    setup.at(s) = make_piece(color, *pt);
  }
  if (pos >= line.size()) return where + " has no closing '|'";
  if (const char32_t cp = next_code_point(line, pos); !is_bar(cp)) {
    if (cp == U'v' || cp == U' ' || cp == U'・' || piece_from_kanji(cp))
      return where + " has more than 9 squares";
    return "unexpected " + quoted(cp) + " at the end of " + where;
  }
  const std::string_view label = trim(line.substr(pos));
  if (!label.empty()) {
    std::size_t p = 0;
    const char32_t cp = next_code_point(label, p);
    if (const int k = kanji_digit(cp); k > 0 && k != rank + 1)
      return where + " is labeled " + utf8_of(cp) + " (rows must be 一 to 九 in order)";
  }
  return {};
}

std::string parse_kif_hand(std::string_view text, Hand& hand, bool& rest) {
  hand = Hand();
  rest = false;
  text = trim(text);
  if (text.empty() || text == "なし") return {};
  if (text == "残り全部" || text == "残りすべて") {
    rest = true;
    return {};
  }
  std::array<bool, kHandTypeCount> seen{};
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char32_t cp = next_code_point(text, pos);
    if (is_space_code_point(cp) || cp == U'、' || cp == U',') continue;
    const auto pt = piece_from_kanji(cp);
    if (!pt) return "unknown kanji " + quoted(cp) + " in hand";
    if (*pt == PieceType::King) return "king in hand";
    if (unpromote(*pt) == PieceType::Elephant)
      return quoted(cp) + " in hand (sho shogi has no hands)";
    if (!is_hand_type(*pt)) return "promoted piece " + quoted(cp) + " in hand";
    const int count = parse_count(text, pos);
    if (count < 0) return "bad count after " + quoted(cp) + " in hand";
    if (count == 0) return "hand count 0";
    if (seen[index_of(*pt)]) return "hand lists " + quoted(cp) + " twice";
    seen[index_of(*pt)] = true;
    if (count > Hand::max_count(*pt))
      return "hand has " + std::to_string(count) + " " + utf8_of(cp) + " (at most " +
             std::to_string(Hand::max_count(*pt)) + ")";
    hand.set(*pt, count);
  }
  return {};
}

std::optional<std::string_view> handicap_sfen(std::string_view name) {
  // 上手 (White) gives the handicap and moves first.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kHandicaps = {{
      {"平手", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
      {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
  }};
  for (const auto& [n, sfen] : kHandicaps)
    if (n == trim(name)) return sfen;
  return std::nullopt;
}

}  // namespace tsume::io
