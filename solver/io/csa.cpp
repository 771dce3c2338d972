#include "solver/io/csa.h"

#include <array>
#include <optional>
#include <span>

#include "solver/core/position.h"
#include "solver/io/encoding.h"
#include "solver/io/move_check.h"
#include "solver/io/piece_names.h"
#include "solver/io/text.h"

namespace tsume::io {

namespace {

std::optional<Color> color_of_sign(char c) {
  if (c == '+') return Color::Black;
  if (c == '-') return Color::White;
  return std::nullopt;
}

// CSA squares are two digits, file then rank ("27" = 2g); "00" means the hand.
std::optional<Square> csa_square(char file, char rank) {
  if (file < '1' || file > '9' || rank < '1' || rank > '9') return std::nullopt;
  return make_square(file - '1', rank - '1');
}

std::string_view trim_ascii_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

class CsaReader {
public:
  CsaReader(std::string_view file, const ReadOptions& options) : file_(file), options_(options) {}

  Expected<Problem> read(std::string_view text) {
    const auto lines = split_lines(text);
    RecordPart part = read_part(lines);
    if (part.error) return *part.error;
    return std::move(*part.problem);
  }

  // Reads `lines` up to a '/' statement or the end: the problem, or the first error and what was
  // read before it (the position and the moves before the error, when the position was built).
  RecordPart read_part(std::span<const TextLine> lines) {
    RecordPart part;
    int last_line = 0;
    for (const TextLine& line : lines) {
      last_line = line.number;
      if (auto err = read_line(line.text, line.number)) {
        part.error = std::move(*err);
        break;
      }
      if (stopped_) break;
    }
    if (!part.error)
      if (auto err = ensure_position(last_line)) part.error = std::move(*err);
    if (position_ok_) {
      problem_.format = ProblemFormat::Csa;
      part.problem = std::move(problem_);
    }
    return part;
  }

private:
  ParseError error(int line, std::string reason) const {
    return ParseError{file_, line, std::move(reason)};
  }

  std::optional<ParseError> read_line(std::string_view text, int line) {
    if (text.starts_with('\'')) {  // a comment; commas inside it are not separators
      problem_.comments.emplace_back(text.substr(1));
      return std::nullopt;
    }
    // Several statements may share a line, separated by ','.
    while (!stopped_) {
      const std::size_t comma = text.find(',');
      const std::string_view statement = trim_ascii_right(text.substr(0, comma));
      if (!statement.empty())
        if (auto err = read_statement(statement, line)) return err;
      if (comma == std::string_view::npos) break;
      text.remove_prefix(comma + 1);
    }
    return std::nullopt;
  }

  std::optional<ParseError> read_statement(std::string_view s, int line) {
    switch (s[0]) {
    case 'V':
      if (s.starts_with("V2") || s.starts_with("V3")) return std::nullopt;
      return error(line, "unsupported CSA version '" + quote_prefix(s) + "'");
    case 'N':
      if (s.size() >= 2 && color_of_sign(s[1])) {
        problem_.headers.emplace_back(std::string(s.substr(0, 2)), std::string(s.substr(2)));
        return std::nullopt;
      }
      break;
    case '$':
      return read_info(s.substr(1), line);
    case 'P':
      return read_position_line(s, line);
    case '+':
    case '-':
      if (s.size() == 1) return read_side(s[0], line);
      return read_move(s, line);
    case '%':
      if (s == "%MATTA") return error(line, "%MATTA (take back) is not supported");
      if (auto err = ensure_position(line)) return err;
      problem_.result = std::string(s.substr(1));
      ended_ = true;
      return std::nullopt;
    case 'T':
      return std::nullopt;  // time spent on the previous move
    case '/':
      stopped_ = true;
      return std::nullopt;  // the next record of a multi-record file
    default:
      break;
    }
    return error(line, "unrecognized CSA statement '" + quote_prefix(s) + "'");
  }

  std::optional<ParseError> read_info(std::string_view s, int line) {
    const std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0)
      return error(line, "bad info line '$" + quote_prefix(s) + "' (expected $KEY:value)");
    const std::string key(s.substr(0, colon));
    const std::string value(s.substr(colon + 1));
    if (key == "EVENT") problem_.title = value;
    problem_.headers.emplace_back(key, value);
    return std::nullopt;
  }

  std::optional<ParseError> read_position_line(std::string_view s, int line) {
    if (position_ready_) return error(line, "position line after the first move");
    if (s.size() < 2) return error(line, "bad position line 'P'");
    if (s[1] == 'I') return read_initial(s.substr(2), line);
    if (s[1] >= '1' && s[1] <= '9') return read_row(s, line);
    if (const auto color = color_of_sign(s[1])) return read_piece_list(*color, s.substr(2), line);
    return error(line, "bad position line '" + quote_prefix(s) + "'");
  }

  // "PI82HI22KA": the even-game position without the listed pieces (handicaps).
  std::optional<ParseError> read_initial(std::string_view removed, int line) {
    if (board_given_) return error(line, "PI after the board was already given");
    board_given_ = true;
    initial_ = true;
    setup_ = *parse_sfen(kStartSfen);
    if (removed.size() % 4 != 0)
      return error(line, "PI: broken item '" +
                             quote_prefix(removed.substr(removed.size() / 4 * 4)) + "'");
    for (std::size_t i = 0; i < removed.size(); i += 4) {
      const auto sq = csa_square(removed[i], removed[i + 1]);
      const auto pt = piece_from_csa(removed.substr(i + 2, 2));
      if (!sq || !pt)
        return error(line, "PI: bad item '" + quote_prefix(removed.substr(i, 4)) + "'");
      if (setup_.at(*sq) == Piece::None || type_of(setup_.at(*sq)) != *pt)
        return error(line, "PI: no " + std::string(csa_code(*pt)) + " on " +
                               std::string(removed.substr(i, 2)) + " to remove");
      setup_.at(*sq) = Piece::None;
    }
    return std::nullopt;
  }

  // "P1-KY-KE * ...": rank 1..9, squares from file 9 to file 1, three characters each.
  std::optional<ParseError> read_row(std::string_view s, int line) {
    const int rank = s[1] - '1';
    std::string row = "P";
    row += s[1];
    if (initial_) return error(line, row + " after PI");
    if (rows_seen_[rank]) return error(line, row + " given twice");
    rows_seen_[rank] = true;
    board_given_ = true;
    std::string cells(s.substr(2));
    if (cells.size() > 27) {
      if (cells.find_first_not_of(' ', 27) != std::string::npos)
        return error(line, row + " has more than 9 squares");
      cells.resize(27);
    }
    cells.resize(27, ' ');  // writers may drop the blanks of a final " * "
    for (int column = 0; column < kFileCount; ++column) {
      const std::string_view cell =
          std::string_view(cells).substr(static_cast<std::size_t>(column) * 3, 3);
      const Square sq = make_square(kFileCount - 1 - column, rank);
      if (cell[1] == '*' && cell[0] == ' ' && cell[2] == ' ') {
        setup_.at(sq) = Piece::None;
        continue;
      }
      const auto color = color_of_sign(cell[0]);
      const auto pt = piece_from_csa(cell.substr(1, 2));
      if (!color || !pt)
        return error(line, row + ": bad square '" + quote_prefix(cell) + "' in column " +
                               std::to_string(column + 1) + " (expected ' * ', '+FU', '-OU', ...)");
      setup_.at(sq) = make_piece(*color, *pt);
    }
    return std::nullopt;
  }

  // "P+00KI00FU" (hand), "P-00AL" (all remaining pieces to White), "P+23FU" (board).
  std::optional<ParseError> read_piece_list(Color color, std::string_view items, int line) {
    if (items.size() % 4 != 0)
      return error(line, "piece list has a broken item '" +
                             quote_prefix(items.substr(items.size() / 4 * 4)) + "'");
    for (std::size_t i = 0; i < items.size(); i += 4) {
      const std::string_view item = items.substr(i, 4);
      const std::string_view code = item.substr(2, 2);
      const bool in_hand = item.starts_with("00");
      if (in_hand && code == "AL") {
        rest_[index_of(color)] = true;
        continue;
      }
      const auto pt = piece_from_csa(code);
      if (!pt) return error(line, "unknown piece code '" + quote_prefix(code) + "'");
      if (in_hand) {
        if (!is_hand_type(*pt))
          return error(line, std::string(csa_code(*pt)) + " cannot be in hand");
        Hand& hand = setup_.hand(color);
        if (hand.count(*pt) == Hand::max_count(*pt))
          return error(line, "more than " + std::to_string(Hand::max_count(*pt)) + " " +
                                 std::string(csa_code(*pt)) + " in hand");
        hand.add(*pt);
        continue;
      }
      const auto sq = csa_square(item[0], item[1]);
      if (!sq) return error(line, "bad square '" + quote_prefix(item.substr(0, 2)) + "'");
      if (setup_.at(*sq) != Piece::None)
        return error(line, "square " + std::string(item.substr(0, 2)) + " is already occupied");
      setup_.at(*sq) = make_piece(color, *pt);
      board_given_ = true;
    }
    return std::nullopt;
  }

  std::optional<ParseError> read_side(char sign, int line) {
    if (position_ready_) return error(line, "side to move after the first move");
    side_ = *color_of_sign(sign);
    side_line_ = line;
    return std::nullopt;
  }

  std::optional<ParseError> ensure_position(int line) {
    if (position_ready_) return std::nullopt;
    position_ready_ = true;
    if (!board_given_) return error(line, "no position (PI, P1..P9 or P+/P- lines)");
    for (int r = 0; r < kRankCount; ++r)
      if (rows_seen_[r] != rows_seen_[0])
        return error(line, "board rows are incomplete: P" +
                               std::to_string(rows_seen_[r] ? 1 : r + 1) + " is missing");
    if (!side_) return error(line, "missing side to move ('+' or '-' line)");
    setup_.side_to_move = *side_;
    if (rest_[0] && rest_[1]) return error(line, "both sides have 00AL");
    const Color defender = ~setup_.side_to_move;
    setup_.variant = options_.variant;
    if (rest_[0] || rest_[1]) {
      const Color c = rest_[0] ? Color::Black : Color::White;
      give_rest_to(setup_, c);  // 00AL is explicit, whatever the reading option says
      problem_.rest_to_defender = c == defender;
    } else {
      problem_.rest_to_defender = apply_defender_hand(setup_, options_.defender_hand);
    }
    if (std::string why = pos_.set(setup_); !why.empty())
      return error(side_line_, "illegal position: " + why);
    problem_.setup = setup_;
    position_ok_ = true;
    return std::nullopt;
  }

  // "+2726FU": mover, origin (00 for a drop), destination, the piece after the move.
  std::optional<ParseError> read_move(std::string_view s, int line) {
    const std::string label =
        "move " + std::to_string(problem_.moves.size() + 1) + " '" + quote_prefix(s) + "'";
    if (ended_) return error(line, label + " after %" + problem_.result);
    if (auto err = ensure_position(line)) return err;
    if (s.size() != 7) return error(line, label + ": expected like +2726FU");
    const Color mover = *color_of_sign(s[0]);
    if (mover != pos_.side_to_move())
      return error(line,
                   label + ": " + std::string(color_name(pos_.side_to_move())) + " is to move");
    const auto to = csa_square(s[3], s[4]);
    const auto pt = piece_from_csa(s.substr(5, 2));
    if (!to) return error(line, label + ": bad destination '" + std::string(s.substr(3, 2)) + "'");
    if (!pt)
      return error(line, label + ": unknown piece code '" + std::string(s.substr(5, 2)) + "'");
    Move m;
    if (s[1] == '0' && s[2] == '0') {
      if (!is_hand_type(*pt))
        return error(line, label + ": cannot drop " + std::string(csa_code(*pt)));
      m = Move::drop(*pt, *to);
    } else {
      const auto from = csa_square(s[1], s[2]);
      if (!from) return error(line, label + ": bad origin '" + std::string(s.substr(1, 2)) + "'");
      // The piece code is the piece after the move, so a change of kind is a promotion.
      bool promotes = false;
      if (const Piece p = pos_.piece_on(*from); p != Piece::None) {
        const PieceType before = type_of(p);
        promotes = is_promotable(before) && promote(before) == *pt;
        if (!promotes && before != *pt)
          return error(line, label + ": the piece on " + std::string(s.substr(1, 2)) + " is " +
                                 std::string(csa_code(before)) + ", not " +
                                 std::string(csa_code(*pt)));
      }
      m = Move::board(*from, *to, promotes);
    }
    if (std::string why = explain_illegal(pos_, m); !why.empty())
      return error(line, label + ": illegal move: " + why);
    pos_.do_move(m);
    problem_.moves.push_back(m);
    problem_.move_lines.push_back(line);
    return std::nullopt;
  }

  std::string file_;
  ReadOptions options_;
  Problem problem_;

  BoardSetup setup_;
  bool board_given_ = false;
  bool initial_ = false;
  std::array<bool, kRankCount> rows_seen_{};
  std::array<bool, kColorCount> rest_{};
  std::optional<Color> side_;
  int side_line_ = 0;

  bool position_ready_ = false;
  bool position_ok_ = false;  // the position was built (problem_.setup is valid)
  Position pos_;
  bool ended_ = false;
  bool stopped_ = false;
};

}  // namespace

Expected<Problem> read_csa(std::string_view bytes, std::string_view file,
                           const ReadOptions& options) {
  auto text = decode_to_utf8(bytes, file);
  if (!text) return text.error();
  return CsaReader(file, options).read(*text);
}

std::vector<RecordPart> read_csa_records(std::string_view bytes, std::string_view file,
                                         const ReadOptions& options) {
  auto text = decode_to_utf8(bytes, file);
  if (!text) return {RecordPart{std::nullopt, text.error()}};
  const std::vector<TextLine> lines = split_lines(*text);
  std::vector<RecordPart> parts;
  std::size_t begin = 0;
  while (begin < lines.size()) {
    std::size_t end = begin;
    bool content = false;
    for (; end < lines.size() && trim_ascii_right(lines[end].text) != "/"; ++end)
      if (!trim_ascii_right(lines[end].text).empty()) content = true;
    if (content)
      parts.push_back(CsaReader(file, options)
                          .read_part(std::span<const TextLine>(lines).subspan(begin, end - begin)));
    begin = end + 1;
  }
  if (parts.empty()) parts.push_back(CsaReader(file, options).read_part({}));
  return parts;
}

}  // namespace tsume::io
