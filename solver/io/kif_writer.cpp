#include "solver/io/kif_writer.h"

#include <algorithm>
#include <array>

#include "solver/core/board_setup.h"
#include "solver/core/movegen.h"
#include "solver/io/kif_notation.h"
#include "solver/io/move_check.h"
#include "solver/io/piece_names.h"

namespace tsume::io {

namespace {

constexpr std::array<std::string_view, 9> kFullWidthDigits = {"１", "２", "３", "４", "５",
                                                              "６", "７", "８", "９"};
constexpr std::array<std::string_view, 11> kKanjiNumbers = {"〇", "一", "二", "三", "四", "五",
                                                            "六", "七", "八", "九", "十"};

// One-character names of the board diagram (成香 成桂 成銀 are 杏 圭 全 there).
constexpr std::array<std::string_view, kPieceTypeCount> kDiagramNames = {
    "・", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"};

// Hand order of KIF files: rook first, pawn last.
constexpr std::array<PieceType, 7> kHandOrder = {
    PieceType::Rook,   PieceType::Bishop, PieceType::Gold, PieceType::Silver,
    PieceType::Knight, PieceType::Lance,  PieceType::Pawn};

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

std::string kanji_count(int n) {
  if (n <= 1) return {};
  if (n <= 10) return std::string(kKanjiNumbers[n]);
  return "十" + std::string(kKanjiNumbers[n - 10]);
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

// True when the hand of `defender` is exactly the pieces on neither the board nor the other hand
// (and not empty), so that `残り全部` describes it.
bool hand_is_rest(const Position& pos, Color defender) {
  BoardSetup setup = pos.setup();
  const Hand given = setup.hand(defender);
  if (given.empty()) return false;
  setup.hand(defender) = Hand();
  give_rest_to(setup, defender);
  return setup.hand(defender) == given;
}

// Plays `moves` from `start`, calling write(pos, move, previous_to, index) before each move.
template <class Write>
Expected<std::string> walk(const Position& start, std::span<const Move> moves, Write write) {
  Position pos = start;
  Square previous = Square::None;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (std::string why = explain_illegal(pos, moves[i]); !why.empty())
      return ParseError{{}, 0, "move " + std::to_string(i + 1) + ": illegal: " + why};
    write(pos, moves[i], previous, i);
    pos.do_move(moves[i]);
    previous = moves[i].to();
  }
  return std::string();
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
  std::string out;
  const auto number = [](std::size_t n) {
    std::string s = std::to_string(n);
    return std::string(s.size() < 4 ? 4 - s.size() : 0, ' ') + s + ' ';
  };
  auto done = walk(start, moves, [&](const Position& pos, Move m, Square previous, std::size_t i) {
    out += number(i + 1) + to_kif_move(pos, m, previous) + '\n';
  });
  if (!done) return done.error();
  if (!terminator.empty()) out += number(moves.size() + 1) + std::string(terminator) + '\n';
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
      out += kDiagramNames[index_of(type_of(p))];
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
  auto list = to_kif_moves(start, moves, info.terminator);
  if (!list) return list.error();
  std::string out;
  if (!info.title.empty()) out += "表題：" + info.title + '\n';
  for (const auto& [key, value] : info.headers) out += key + "：" + value + '\n';
  out += to_kif_diagram(start, hand_is_rest(start, ~start.side_to_move()));
  out += "手数----指手---------消費時間--\n";
  for (const std::string& comment : info.comments) out += '*' + comment + '\n';
  out += *list;
  if (!info.terminator.empty())
    out += "まで" + std::to_string(moves.size()) + "手で" + info.terminator + '\n';
  return out;
}

}  // namespace tsume::io
