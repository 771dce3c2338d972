#include "solver/io/kif.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "solver/core/position.h"
#include "solver/io/encoding.h"
#include "solver/io/kif_diagram.h"
#include "solver/io/kif_notation.h"
#include "solver/io/move_check.h"
#include "solver/io/text.h"

namespace tsume::io {

namespace {

// Words that end the moves of a record (終局の表記).
constexpr std::array<std::string_view, 11> kTerminators = {
    "投了",     "詰み",     "不詰",     "中断",     "千日手",  "持将棋",
    "切れ負け", "時間切れ", "反則勝ち", "反則負け", "入玉勝ち"};

std::optional<std::string_view> terminator_at(std::string_view text) {
  for (std::string_view word : kTerminators)
    if (text.starts_with(word)) return word;
  return std::nullopt;
}

// KI2 move marks: ▲ ☗ ▼ for Black (先手), △ ☖ ▽ for White (後手).
std::optional<Color> mover_mark(char32_t cp) {
  if (cp == U'▲' || cp == U'☗' || cp == U'▼') return Color::Black;
  if (cp == U'△' || cp == U'☖' || cp == U'▽') return Color::White;
  return std::nullopt;
}

std::optional<Color> side_word(std::string_view word) {
  if (word == "先手" || word == "下手") return Color::Black;
  if (word == "後手" || word == "上手") return Color::White;
  return std::nullopt;
}

// Splits "key：value" (full-width or ASCII colon, or ＝ as in 手番＝先手) at the first separator.
bool split_header(std::string_view line, std::string_view& key, std::string_view& value) {
  std::size_t best = std::string_view::npos;
  std::size_t width = 0;
  for (std::string_view sep :
       {std::string_view("："), std::string_view(":"), std::string_view("＝")}) {
    const std::size_t at = line.find(sep);
    if (at < best) best = at, width = sep.size();
  }
  if (best == std::string_view::npos || best == 0) return false;
  key = trim(line.substr(0, best));
  value = trim(line.substr(best + width));
  return true;
}

bool is_space_byte_or_mark(std::string_view rest) {
  if (rest.empty()) return true;
  const char32_t cp = peek_code_point(rest, 0);
  return is_space_code_point(cp) || cp == U'(' || cp == U'+' || cp == U'（';
}

class KifReader {
public:
  KifReader(std::string_view file, const ReadOptions& options) : file_(file), options_(options) {}

  Expected<Problem> read(std::string_view text) {
    RecordPart part = read_part(text);
    if (part.error) return *part.error;
    return std::move(*part.problem);
  }

  // The problem, or the first error and what was read before it: the position and the main
  // line's moves before the error, when the position was built.
  RecordPart read_part(std::string_view text) {
    RecordPart part;
    auto problem = read_all(text);
    if (problem) {
      part.problem = std::move(problem.value());
      return part;
    }
    part.error = problem.error();
    if (position_ok_) {
      problem_.format = ki2_ ? ProblemFormat::Ki2 : ProblemFormat::Kif;
      problem_.moves = std::move(lines_[0].moves);
      problem_.variations.clear();
      part.problem = std::move(problem_);
    }
    return part;
  }

private:
  Expected<Problem> read_all(std::string_view text) {
    const auto lines = split_lines(text);
    for (const TextLine& line : lines) {
      if (auto err = read_line(line)) return *err;
    }
    if (rows_read_ >= 0)
      return error(lines.empty() ? 0 : lines.back().number,
                   "board diagram is not closed (" + std::to_string(rows_read_) + " rows read)");
    if (!position_ready_ && diagram_line_ == 0 && handicap_line_ == 0)
      return error(0, "no position: neither a board diagram nor 手合割 nor moves");
    if (auto err = ensure_position()) return *err;
    problem_.format = ki2_ ? ProblemFormat::Ki2 : ProblemFormat::Kif;
    problem_.moves = std::move(lines_[0].moves);
    // Every line with moves, its parent's number mapped to the parent's place in the list (a
    // line without moves has no variations of its own: a branch off it would start at or before
    // its start, which makes it a branch of an ancestor).
    std::vector<std::size_t> place(lines_.size(), 0);
    for (std::size_t i = 1; i < lines_.size(); ++i) {
      if (lines_[i].moves.empty()) continue;
      problem_.variations.push_back({lines_[i].start, std::move(lines_[i].moves),
                                     place[static_cast<std::size_t>(lines_[i].parent)]});
      place[i] = problem_.variations.size();
    }
    return std::move(problem_);
  }

  ParseError error(int line, std::string reason) const {
    return ParseError{file_, line, std::move(reason)};
  }

  std::optional<ParseError> read_line(const TextLine& line) {
    if (rows_read_ >= 0) return read_diagram_line(line);
    const std::string_view t = trim(line.text);
    if (t.empty() || t.starts_with('#') || t.starts_with('&')) return std::nullopt;
    if (t.starts_with('*')) {
      problem_.comments.emplace_back(t.substr(1));
      return std::nullopt;
    }
    if (t.starts_with("変化")) return open_variation(t, line.number);
    if (is_diagram_border(t)) return open_diagram(line.number);
    if (is_file_label_line(t)) return std::nullopt;
    if (t.front() >= '0' && t.front() <= '9') return read_kif_move_line(t, line.number);
    if (mover_mark(peek_code_point(t, 0))) return read_ki2_line(t, line.number);
    if (t.starts_with("まで")) return read_summary(t);
    if (t.starts_with("手数")) return std::nullopt;  // BOD info
    if (t == "先手番" || t == "下手番" || t == "後手番" || t == "上手番")
      return set_side(side_word(t.substr(0, t.size() - std::string_view("番").size())), line.number,
                      t);
    std::string_view key;
    std::string_view value;
    if (split_header(t, key, value)) return read_header(key, value, line.number);
    return error(line.number, "unrecognized line '" + quote_prefix(t) + "'");
  }

  std::optional<ParseError> open_diagram(int line) {
    if (position_ready_) return error(line, "board diagram after the first move");
    if (diagram_line_ != 0) return error(line, "a second board diagram (one problem per file)");
    diagram_line_ = line;
    rows_read_ = 0;
    return std::nullopt;
  }

  std::optional<ParseError> read_diagram_line(const TextLine& line) {
    if (is_diagram_border(line.text)) {
      if (rows_read_ != kRankCount)
        return error(line.number,
                     "board diagram has " + std::to_string(rows_read_) + " rows (expected 9)");
      rows_read_ = -1;
      return std::nullopt;
    }
    const std::string_view t = trim_front(line.text);
    if (!t.starts_with('|') && !t.starts_with("｜") && rows_read_ == kRankCount)
      return error(line.number, "expected the closing border of the board diagram, got '" +
                                    quote_prefix(t) + "'");
    if (!t.starts_with('|') && !t.starts_with("｜"))
      return error(line.number, "expected board row " + std::to_string(rows_read_ + 1) +
                                    " or the closing border, got '" + quote_prefix(t) + "'");
    if (rows_read_ == kRankCount) return error(line.number, "board diagram has more than 9 rows");
    if (std::string why = parse_diagram_row(t, rows_read_, diagram_); !why.empty())
      return error(line.number, why);
    ++rows_read_;
    return std::nullopt;
  }

  std::optional<ParseError> set_side(std::optional<Color> side, int line, std::string_view text) {
    if (!side) return error(line, "unknown side to move '" + quote_prefix(text) + "'");
    if (position_ready_) return error(line, "side to move given after the first move");
    side_ = side;
    return std::nullopt;
  }

  std::optional<ParseError> read_header(std::string_view key, std::string_view value, int line) {
    for (Color c : {Color::Black, Color::White}) {
      const bool black = c == Color::Black;
      if (key == (black ? "先手の持駒" : "後手の持駒") ||
          key == (black ? "下手の持駒" : "上手の持駒")) {
        if (position_ready_) return error(line, "hand given after the first move");
        Hand hand;
        bool rest = false;
        if (std::string why = parse_kif_hand(value, hand, rest); !why.empty())
          return error(line, why);
        hands_[index_of(c)] = hand;
        rest_[index_of(c)] = rest;
        hand_line_ = line;
        return std::nullopt;
      }
    }
    if (key == "手番") return set_side(side_word(value), line, value);
    if (key == "手合割") {
      if (position_ready_) return error(line, "手合割 after the first move");
      handicap_ = std::string(value);
      handicap_line_ = line;
      return std::nullopt;
    }
    if (key == "表題") problem_.title = std::string(value);
    problem_.headers.emplace_back(std::string(key), std::string(value));
    return std::nullopt;
  }

  // Builds the problem position from what the header said; called at the first move or at the
  // end of the file.
  std::optional<ParseError> ensure_position() {
    if (position_ready_) return std::nullopt;
    position_ready_ = true;
    BoardSetup setup;
    int line = diagram_line_;
    if (diagram_line_ != 0) {
      setup = diagram_;
    } else {
      // No diagram and no 手合割: an even game (平手) of the rules read under.
      std::string_view sfen = start_sfen(options_.variant);
      if (handicap_line_ != 0) {
        const auto found = handicap_sfen(handicap_);
        if (!found)
          return error(handicap_line_, "unknown 手合割 '" + quote_prefix(handicap_) + "'");
        sfen = *found;
        line = handicap_line_;
      }
      setup = *parse_sfen(sfen);
    }
    if (side_) setup.side_to_move = *side_;
    setup.variant = options_.variant;
    for (int c = 0; c < kColorCount; ++c)
      if (hands_[c]) setup.hands[c] = *hands_[c];
    if (rest_[0] && rest_[1]) return error(hand_line_, "both hands are 残り全部");
    const Color defender = ~setup.side_to_move;
    if (rest_[0] || rest_[1]) {
      // 残り全部 (SPEC.md section 1): given explicitly, whatever the reading option says.
      const Color c = rest_[0] ? Color::Black : Color::White;
      give_rest_to(setup, c);
      problem_.rest_to_defender = c == defender;
    } else {
      problem_.rest_to_defender = apply_defender_hand(setup, options_.defender_hand);
    }
    if (std::string why = pos_.set(setup); !why.empty())
      return error(line != 0 ? line : hand_line_, "illegal position: " + why);
    problem_.setup = setup;
    position_ok_ = true;
    return std::nullopt;
  }

  // Plays a move read from text; `label` names it in errors ("move 5", "▲２三銀").
  std::optional<ParseError> play(const JapaneseMove& jm, int line, const std::string& label) {
    Move m;
    if (std::string why = resolve_japanese_move(jm, pos_, last_to_, m); !why.empty())
      return error(line, label + ": " + why);
    if (std::string why = explain_illegal(pos_, m); !why.empty())
      return error(line, label + ": illegal move: " + why);
    pos_.do_move(m);
    last_to_ = m.to();
    lines_[current_].moves.push_back(m);
    if (current_ == 0) problem_.move_lines.push_back(line);
    return std::nullopt;
  }

  // "変化：3手": the moves that follow replace move 3 and after of the line read last or of one
  // of its ancestors (Kifu for Windows writes the tree depth first, latest branch first): the
  // nearest one that has a move 3 of its own.
  std::optional<ParseError> open_variation(std::string_view t, int line) {
    std::string_view rest = trim(t.substr(std::string_view("変化").size()));
    for (std::string_view sep : {std::string_view("："), std::string_view(":")})
      if (rest.starts_with(sep)) rest = trim(rest.substr(sep.size()));
    std::size_t n = 0;
    std::size_t at = 0;
    while (at < rest.size() && n < 100000) {
      const int d = arabic_digit(peek_code_point(rest, at));
      if (d == 0 && rest[at] != '0') break;
      n = n * 10 + static_cast<std::size_t>(d);
      next_code_point(rest, at);
    }
    if (n == 0 || rest.substr(at) != "手")
      return error(line, "expected '変化：<move number>手', got '" + quote_prefix(t) + "'");
    if (!position_ready_) return error(line, "変化 before the first move");
    int parent = current_;
    while (parent != 0 && lines_[parent].start >= n) parent = lines_[parent].parent;
    const std::size_t reach = lines_[parent].start - 1 + lines_[parent].moves.size();
    if (reach + 1 < n)
      return error(line, std::string("変化：").append(std::to_string(n)) +
                             "手 branches off a line of " + std::to_string(reach) + " moves");
    Position pos;
    pos.set(problem_.setup);
    last_to_ = Square::None;
    for (Move m : path(parent, n - 1)) {
      pos.do_move(m);
      last_to_ = m.to();
    }
    pos_ = pos;
    lines_.push_back({n, parent, {}});
    current_ = static_cast<int>(lines_.size()) - 1;
    last_number_ = static_cast<int>(n) - 1;
    ended_ = false;
    return std::nullopt;
  }

  // The first `plies` moves from the start position along `line`: its ancestors' moves up to
  // its branch point, then its own (iterative: files can nest variations deeply).
  std::vector<Move> path(int line, std::size_t plies) const {
    std::vector<std::pair<int, std::size_t>> chain;  // a line and the plies it reaches to
    for (int l = line;; l = lines_[l].parent) {
      chain.emplace_back(l, plies);
      if (l == 0) break;
      plies = lines_[l].start - 1;
    }
    std::vector<Move> out;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const std::vector<Move>& moves = lines_[it->first].moves;
      for (std::size_t i = 0; out.size() < it->second && i < moves.size(); ++i)
        out.push_back(moves[i]);
    }
    return out;
  }

  std::optional<ParseError> end_moves(std::string_view word, int line) {
    if (ended_) return error(line, "a second terminator '" + std::string(word) + "'");
    ended_ = true;
    if (current_ == 0) problem_.result = std::string(word);
    return std::nullopt;
  }

  std::string after_the_end() const {
    return current_ == 0 ? " after the end of the record (" + problem_.result + ")"
                         : " after the end of the variation";
  }

  // "まで25手で詰み", the summary after the moves: its result word when no terminator was read
  // (KI2 records have no other).
  std::optional<ParseError> read_summary(std::string_view t) {
    constexpr std::string_view kTeDe = "手で";
    const std::size_t at = t.find(kTeDe);
    if (at == std::string_view::npos || !problem_.result.empty() || current_ != 0)
      return std::nullopt;
    if (auto word = terminator_at(t.substr(at + kTeDe.size())))
      problem_.result = std::string(*word);
    return std::nullopt;
  }

  // KIF: "   5 ２三銀成(32)   ( 0:00/00:00:00)".
  std::optional<ParseError> read_kif_move_line(std::string_view t, int line) {
    std::size_t digits = 0;
    int number = 0;
    while (digits < t.size() && t[digits] >= '0' && t[digits] <= '9') {
      if (digits == 6) return error(line, "move number too long");
      number = number * 10 + (t[digits++] - '0');
    }
    const std::string label = "move " + std::to_string(number);
    std::string_view rest = t.substr(digits);
    if (!rest.empty() && !is_space_code_point(peek_code_point(rest, 0)))
      return error(line, "bad move number '" + quote_prefix(t.substr(0, digits + 1)) + "'");
    rest = trim_front(rest);
    if (last_number_ > 0 && number != last_number_ + 1)
      return error(line, label + " follows move " + std::to_string(last_number_));
    last_number_ = number;
    if (const auto word = terminator_at(rest)) return end_moves(*word, line);
    if (ended_) return error(line, label + after_the_end());
    if (auto err = ensure_position()) return err;
    JapaneseMove jm;
    std::size_t used = 0;
    if (std::string why = parse_japanese_move(rest, jm, used); !why.empty())
      return error(line, label + ": " + why);
    if (!is_space_byte_or_mark(rest.substr(used)))
      return error(line, label + ": unexpected '" + quote_prefix(rest.substr(used)) + "'");
    return play(jm, line, label);
  }

  // KI2: "▲２三銀成　△同玉　▲３二金打", several moves per line.
  std::optional<ParseError> read_ki2_line(std::string_view t, int line) {
    ki2_ = true;
    std::size_t pos = 0;
    while (pos < t.size()) {
      const std::size_t start = pos;
      const char32_t cp = next_code_point(t, pos);
      if (is_space_code_point(cp)) continue;
      const auto mover = mover_mark(cp);
      if (!mover)
        return error(line, "expected ▲ or △ before '" + quote_prefix(t.substr(start)) + "'");
      const std::string_view rest = t.substr(pos);
      if (const auto word = terminator_at(rest)) {
        if (auto err = end_moves(*word, line)) return err;
        pos += word->size();
        continue;
      }
      const std::string label =
          "move " + std::to_string(lines_[current_].start + lines_[current_].moves.size());
      if (ended_) return error(line, label + after_the_end());
      if (auto err = ensure_position()) return err;
      if (*mover != pos_.side_to_move())
        return error(line, label + " is marked for " +
                               std::string(*mover == Color::Black ? "▲" : "△") + " but " +
                               (pos_.side_to_move() == Color::Black ? "▲ (Black)" : "△ (White)") +
                               " is to move");
      JapaneseMove jm;
      std::size_t used = 0;
      if (std::string why = parse_japanese_move(rest, jm, used); !why.empty())
        return error(line, label + ": " + why);
      pos += used;
      if (pos < t.size() && !is_space_code_point(peek_code_point(t, pos)) &&
          !mover_mark(peek_code_point(t, pos)))
        return error(line, label + ": unexpected '" + quote_prefix(t.substr(pos)) + "'");
      if (auto err = play(jm, line, label)) return err;
    }
    return std::nullopt;
  }

  std::string file_;
  ReadOptions options_;
  Problem problem_;

  BoardSetup diagram_;
  int diagram_line_ = 0;  // line of the diagram's top border; 0 when there is none
  int rows_read_ = -1;    // >= 0 while inside the diagram
  std::string handicap_;
  int handicap_line_ = 0;
  std::array<std::optional<Hand>, kColorCount> hands_{};
  std::array<bool, kColorCount> rest_{};
  int hand_line_ = 0;
  std::optional<Color> side_;

  bool position_ready_ = false;
  bool position_ok_ = false;  // the position was built (problem_.setup is valid)
  Position pos_;
  Square last_to_ = Square::None;
  int last_number_ = 0;
  bool ended_ = false;
  bool ki2_ = false;

  // The main line (lines_[0]) and the variations read so far, each branching off `parent` at
  // its move number `start`.
  struct ReadLine {
    std::size_t start = 1;
    int parent = -1;
    std::vector<Move> moves;
  };
  std::vector<ReadLine> lines_ = {ReadLine{}};
  int current_ = 0;  // the line being read
};

}  // namespace

Expected<Problem> read_kif(std::string_view bytes, std::string_view file,
                           const ReadOptions& options) {
  auto text = decode_to_utf8(bytes, file);
  if (!text) return text.error();
  return KifReader(file, options).read(*text);
}

RecordPart read_kif_part(std::string_view bytes, std::string_view file,
                         const ReadOptions& options) {
  auto text = decode_to_utf8(bytes, file);
  if (!text) return RecordPart{std::nullopt, text.error()};
  return KifReader(file, options).read_part(*text);
}

}  // namespace tsume::io
