#include "solver/io/kif_writer.h"

#include <algorithm>
#include <array>

#include "solver/core/board_setup.h"
#include "solver/core/movegen.h"
#include "solver/io/kif_notation.h"
#include "solver/io/move_check.h"
#include "solver/io/piece_names.h"
#include "solver/io/problem.h"

namespace tsume::io {

namespace {

using Vertical = JapaneseMove::Vertical;
using Horizontal = JapaneseMove::Horizontal;

// The mover's view: rank 0 is its far rank, file 0 its right-hand edge.
int own_rank(Color us, Square s) { return relative_rank(us, rank_of(s)); }
int own_file(Color us, Square s) { return us == Color::Black ? file_of(s) : 8 - file_of(s); }

bool moves_that_way(Color us, Square from, Square to, Vertical v) {
  const int f = own_rank(us, from);
  const int t = own_rank(us, to);
  switch (v) {
  case Vertical::Up:
    return t < f;
  case Vertical::Down:
    return t > f;
  case Vertical::Sideways:
    return t == f;
  case Vertical::Straight:
    return t < f && file_of(from) == file_of(to);
  case Vertical::Any:
    break;
  }
  return true;
}

// The origins among `origins` that the words select, read the way resolve_japanese_move reads
// them: the motion word filters, then the position word (for non-step movers, the extreme one
// among those left).
std::vector<Square> select(const std::vector<Square>& origins, Square to, Color us, bool step,
                           Horizontal h, Vertical v) {
  std::vector<Square> left;
  for (Square s : origins)
    if (moves_that_way(us, s, to, v)) left.push_back(s);
  if (h == Horizontal::Any || left.empty()) return left;
  const bool right = h == Horizontal::Right;
  std::vector<Square> out;
  if (step) {
    for (Square s : left)
      if (right ? own_file(us, s) < own_file(us, to) : own_file(us, s) > own_file(us, to))
        out.push_back(s);
    return out;
  }
  int best = own_file(us, left.front());
  for (Square s : left)
    best = right ? std::min(best, own_file(us, s)) : std::max(best, own_file(us, s));
  for (Square s : left)
    if (own_file(us, s) == best) out.push_back(s);
  return out;
}

// The KI2 words 右/左/上/引/寄/直 that single out the move `m` of a piece of kind `pt` among
// `origins` (every square from which a piece of that kind can legally go to m.to()).
std::string disambiguation(const std::vector<Square>& origins, Move m, PieceType pt, Color us) {
  if (origins.size() <= 1) return {};
  const Square from = m.from();
  const Square to = m.to();
  const bool step = is_step_mover(pt);
  const int f = own_rank(us, from);
  const int t = own_rank(us, to);
  const Vertical motion = t < f ? Vertical::Up : t > f ? Vertical::Down : Vertical::Sideways;
  struct Words {
    Horizontal h;
    Vertical v;
  };
  // JSA order of preference: motion alone, then position alone (直 only for step movers), then
  // position and motion together.
  std::vector<Words> tries = {{Horizontal::Any, motion}};
  if (step && moves_that_way(us, from, to, Vertical::Straight))
    tries.push_back({Horizontal::Any, Vertical::Straight});
  for (Horizontal h : {Horizontal::Right, Horizontal::Left}) tries.push_back({h, Vertical::Any});
  for (Horizontal h : {Horizontal::Right, Horizontal::Left}) tries.push_back({h, motion});
  for (const Words& w : tries) {
    const auto chosen = select(origins, to, us, step, w.h, w.v);
    if (chosen.size() == 1 && chosen.front() == from) {
      std::string words = w.h == Horizontal::Right ? "右" : w.h == Horizontal::Left ? "左" : "";
      return words + std::string(vertical_word(w.v));
    }
  }
  return {};  // unreachable for legal moves: two pieces of one kind never share all words
}

// Everything the notation needs to know about the other legal moves to the same square.
struct Context {
  std::vector<Square> origins;  // board pieces of the mover's kind that can go to m.to()
  bool could_promote = false;   // the same board move with promotion is legal
};

Context context_of(const Position& pos, Move m, PieceType pt) {
  MoveList legal;
  generate_legal(pos, legal);
  Context c;
  for (Move x : legal) {
    if (x.is_drop() || x.to() != m.to() || type_of(pos.piece_on(x.from())) != pt) continue;
    if (std::find(c.origins.begin(), c.origins.end(), x.from()) == c.origins.end())
      c.origins.push_back(x.from());
    if (!m.is_drop() && x.from() == m.from() && x.is_promotion()) c.could_promote = true;
  }
  return c;
}

// "２三銀" or "同　銀" / "同成銀": the destination and the piece.
std::string destination_and_piece(Square to, PieceType pt, Square previous_to) {
  const std::string_view name = japanese_name(pt);
  if (to == previous_to) {
    // 同 is padded to the width of a square with an ideographic space before a one-character
    // name (`同　歩`), as KIF and KI2 writers do.
    return "同" + std::string(name.size() <= 3 ? "　" : "") + std::string(name);
  }
  return japanese_square(to) + std::string(name);
}

std::string promotion_word(Move m, const Context& c) {
  if (m.is_drop()) return {};
  if (m.is_promotion()) return "成";
  return c.could_promote ? "不成" : "";
}

std::string hand_text(Hand hand) {
  std::string out;
  for (PieceType pt : kHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    if (!out.empty()) out += "　";
    out += std::string(japanese_name(pt)) + kanji_count(n);
  }
  return out.empty() ? "なし" : out;
}

// Plays `moves` from `pos`, calling write(pos, move, previous_to, index) before each move;
// `previous` is the destination of the move before the first (Square::None at the start).
template <class Write>
Expected<std::string> walk(Position pos, Square previous, std::span<const Move> moves,
                           Write write) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (std::string why = explain_illegal(pos, moves[i]); !why.empty())
      return ParseError{{}, 0, "move " + std::to_string(i + 1) + ": illegal: " + why};
    write(pos, moves[i], previous, i);
    pos.do_move(moves[i]);
    previous = moves[i].to();
  }
  return std::string();
}

template <class Write>
Expected<std::string> walk(const Position& start, std::span<const Move> moves, Write write) {
  return walk(start, Square::None, moves, write);
}

// "   1 " : the move number right-aligned in four columns and a space.
std::string move_number(std::size_t n) {
  std::string s = std::to_string(n);
  return std::string(s.size() < 4 ? 4 - s.size() : 0, ' ') + s + ' ';
}

// The KIF lines of `moves` played from `pos`, numbered from `first`; a move whose number is in
// `marked` gets a trailing '+' (a variation branches there).
Expected<std::string> kif_lines(const Position& pos, Square previous, std::span<const Move> moves,
                                std::size_t first, const std::vector<std::size_t>& marked = {}) {
  std::string out;
  auto done =
      walk(pos, previous, moves, [&](const Position& p, Move m, Square prev, std::size_t i) {
        const std::size_t n = first + i;
        out += move_number(n) + to_kif_move(p, m, prev);
        if (std::find(marked.begin(), marked.end(), n) != marked.end()) out += '+';
        out += '\n';
      });
  if (!done) return done.error();
  return out;
}

// KI2 words, `per_line` moves to a line.
Expected<std::string> ki2_lines(const Position& pos, Square previous, std::span<const Move> moves) {
  constexpr std::size_t kPerLine = 6;
  std::string out;
  auto done =
      walk(pos, previous, moves, [&](const Position& p, Move m, Square prev, std::size_t i) {
        out += to_japanese(p, m, prev);
        out += (i + 1) % kPerLine == 0 || i + 1 == moves.size() ? "\n" : "  ";
      });
  if (!done) return done.error();
  return out;
}

// Headers, the diagram and (KIF only) the move-list header line.
std::string record_head(const Position& start, const KifRecordInfo& info, bool kif) {
  std::string out;
  if (!info.title.empty()) out += "表題：" + info.title + '\n';
  for (const auto& [key, value] : info.headers) out += key + "：" + value + '\n';
  out += to_kif_diagram(start, defender_hand_is_rest(start));
  if (kif) out += "手数----指手---------消費時間--\n";
  for (const std::string& comment : info.comments) out += '*' + comment + '\n';
  return out;
}

// The `変化：N手` blocks, depth first and the latest branch first (the order of Kifu for Windows:
// after a line, the variations that branch off it from its last move back, each followed by
// its own); `lines` writes the moves of one, given the move numbers where variations branch
// off it.
template <class Lines>
Expected<std::string> variation_blocks(const Position& start, std::span<const Move> main,
                                       const std::vector<Variation>& variations, Lines lines) {
  const std::size_t n = variations.size();
  std::vector<std::vector<std::size_t>> children(n + 1);  // index n: the main line's
  for (std::size_t i = 0; i < n; ++i) {
    const Variation& v = variations[i];
    const std::string name = "variation at move " + std::to_string(v.ply);
    if (v.parent > i)
      return ParseError{{}, 0, name + ": the variation it branches off comes after it"};
    const std::size_t parent = v.parent == 0 ? n : v.parent - 1;
    if (parent == n && (v.ply < 1 || v.ply > main.size()))
      return ParseError{
          {}, 0, name + ": the main line has " + std::to_string(main.size()) + " moves"};
    if (parent < n) {
      const Variation& p = variations[parent];
      if (v.ply <= p.ply || v.ply > p.ply - 1 + p.moves.size())
        return ParseError{{},
                          0,
                          name + ": the variation it branches off has moves " +
                              std::to_string(p.ply) + " to " +
                              std::to_string(p.ply - 1 + p.moves.size())};
    }
    children[parent].push_back(i);
  }
  for (auto& c : children)
    std::stable_sort(c.begin(), c.end(), [&](std::size_t a, std::size_t b) {
      return variations[a].ply > variations[b].ply;
    });
  const auto plies_of = [&](std::size_t line) {
    std::vector<std::size_t> out;
    for (std::size_t c : children[line]) out.push_back(variations[c].ply);
    return out;
  };
  std::string out;
  std::vector<std::size_t> stack(children[n].rbegin(), children[n].rend());
  while (!stack.empty()) {
    const std::size_t i = stack.back();
    stack.pop_back();
    const Variation& v = variations[i];
    const std::vector<Move> before = line_prefix(main, variations, i, v.ply - 1);
    Position pos = start;
    for (Move m : before) pos.do_move(m);
    const Square previous = before.empty() ? Square::None : before.back().to();
    auto text = lines(pos, previous, std::span<const Move>(v.moves), v.ply, plies_of(i));
    if (!text)
      return ParseError{
          {}, 0, "variation at move " + std::to_string(v.ply) + ": " + text.error().reason};
    out += "\n変化：" + std::to_string(v.ply) + "手\n" + *text;
    stack.insert(stack.end(), children[i].rbegin(), children[i].rend());
  }
  return out;
}

std::string summary_line(std::size_t plies, std::string_view terminator) {
  if (terminator.empty()) return {};
  return "まで" + std::to_string(plies) + "手で" + std::string(terminator) + '\n';
}

}  // namespace

std::string japanese_square(Square s) {
  if (!is_ok(s)) return "？？";
  return std::string(kFullWidthDigits[file_of(s)]) + std::string(kKanjiNumbers[rank_of(s) + 1]);
}

std::string to_japanese(const Position& pos, Move m, Square previous_to) {
  const Color us = pos.side_to_move();
  const PieceType pt = kind_of(pos, m);
  const Context c = context_of(pos, m, pt);
  std::string out = us == Color::Black ? "▲" : "△";
  out += destination_and_piece(m.to(), pt, previous_to);
  if (m.is_drop()) {
    if (!c.origins.empty()) out += "打";
    return out;
  }
  out += disambiguation(c.origins, m, pt, us);
  return out + promotion_word(m, c);
}

std::string to_kif_move(const Position& pos, Move m, Square previous_to) {
  const PieceType pt = kind_of(pos, m);
  std::string out = destination_and_piece(m.to(), pt, previous_to);
  if (m.is_drop()) return out + "打";
  const Context c = context_of(pos, m, pt);
  out += promotion_word(m, c);
  out += '(';
  out += static_cast<char>('1' + file_of(m.from()));
  out += static_cast<char>('1' + rank_of(m.from()));
  out += ')';
  return out;
}

Expected<std::string> to_japanese_line(const Position& start, std::span<const Move> moves) {
  std::string out;
  auto done = walk(start, moves, [&](const Position& pos, Move m, Square previous, std::size_t i) {
    if (i > 0) out += ' ';
    out += to_japanese(pos, m, previous);
  });
  if (!done) return done.error();
  return out;
}

Expected<std::string> to_kif_moves(const Position& start, std::span<const Move> moves,
                                   std::string_view terminator) {
  auto out = kif_lines(start, Square::None, moves, 1);
  if (!out) return out.error();
  if (!terminator.empty()) *out += move_number(moves.size() + 1) + std::string(terminator) + '\n';
  return out;
}

std::string to_kif_diagram(const Position& pos, bool defender_rest) {
  const Color defender = ~pos.side_to_move();
  const auto hand_line = [&](Color c) {
    const std::string who = c == Color::Black ? "先手の持駒：" : "後手の持駒：";
    if (defender_rest && c == defender) return who + "残り全部\n";
    return who + hand_text(pos.hand(c)) + '\n';
  };
  std::string out = hand_line(Color::White);
  out += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n";
  out += "+---------------------------+\n";
  for (int rank = 0; rank < kRankCount; ++rank) {
    out += '|';
    for (int file = kFileCount - 1; file >= 0; --file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::None) {
        out += " ・";
        continue;
      }
      out += color_of(p) == Color::White ? 'v' : ' ';
      out += diagram_name(type_of(p));
    }
    out += '|';
    out += kKanjiNumbers[rank + 1];
    out += '\n';
  }
  out += "+---------------------------+\n";
  out += hand_line(Color::Black);
  if (pos.side_to_move() == Color::White) out += "後手番\n";
  out += "手数＝0\n";
  return out;
}

Expected<std::string> to_kif_record(const Position& start, std::span<const Move> moves,
                                    const KifRecordInfo& info) {
  std::vector<std::size_t> marked;  // the main-line moves a variation branches at
  for (const Variation& v : info.variations)
    if (v.parent == 0) marked.push_back(v.ply);
  auto list = kif_lines(start, Square::None, moves, 1, marked);
  if (!list) return list.error();
  auto variations =
      variation_blocks(start, moves, info.variations,
                       [](const Position& pos, Square previous, std::span<const Move> line,
                          std::size_t first, const std::vector<std::size_t>& branches) {
                         return kif_lines(pos, previous, line, first, branches);
                       });
  if (!variations) return variations.error();
  std::string out = record_head(start, info, true) + *list;
  if (!info.terminator.empty()) out += move_number(moves.size() + 1) + info.terminator + '\n';
  return out + summary_line(moves.size(), info.terminator) + *variations;
}

Expected<std::string> to_ki2_record(const Position& start, std::span<const Move> moves,
                                    const KifRecordInfo& info) {
  auto list = ki2_lines(start, Square::None, moves);
  if (!list) return list.error();
  auto variations = variation_blocks(
      start, moves, info.variations,
      [](const Position& pos, Square previous, std::span<const Move> line, std::size_t,
         const std::vector<std::size_t>&) { return ki2_lines(pos, previous, line); });
  if (!variations) return variations.error();
  return record_head(start, info, false) + *list + summary_line(moves.size(), info.terminator) +
         *variations;
}

}  // namespace tsume::io
