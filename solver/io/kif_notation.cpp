#include "solver/io/kif_notation.h"

#include <algorithm>

#include "solver/core/movegen.h"
#include "solver/io/piece_names.h"
#include "solver/io/text.h"

namespace tsume::io {

std::optional<PieceType> piece_from_kanji(char32_t cp) {
  switch (cp) {
  case U'歩':
    return PieceType::Pawn;
  case U'香':
    return PieceType::Lance;
  case U'桂':
    return PieceType::Knight;
  case U'銀':
    return PieceType::Silver;
  case U'金':
    return PieceType::Gold;
  case U'角':
    return PieceType::Bishop;
  case U'飛':
    return PieceType::Rook;
  case U'玉':
  case U'王':
    return PieceType::King;
  case U'と':
    return PieceType::ProPawn;
  case U'杏':
    return PieceType::ProLance;
  case U'圭':
    return PieceType::ProKnight;
  case U'全':
    return PieceType::ProSilver;
  case U'馬':
    return PieceType::Horse;
  case U'龍':
  case U'竜':
    return PieceType::Dragon;
  case U'象':  // sho shogi: 酔象 (drunk elephant), one character in diagrams
    return PieceType::Elephant;
  case U'太':  // sho shogi: 太子 (crown prince)
    return PieceType::Prince;
  default:
    return std::nullopt;
  }
}

int kanji_digit(char32_t cp) {
  constexpr char32_t kDigits[] = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
  for (int i = 0; i < 9; ++i)
    if (kDigits[i] == cp) return i + 1;
  return 0;
}

int arabic_digit(char32_t cp) {
  if (cp >= U'1' && cp <= U'9') return static_cast<int>(cp - U'0');
  if (cp >= U'１' && cp <= U'９') return static_cast<int>(cp - U'０');
  return 0;
}

namespace {

using Horizontal = JapaneseMove::Horizontal;
using Vertical = JapaneseMove::Vertical;
using Promotion = JapaneseMove::Promotion;

std::string quoted(char32_t cp) {
  return single_quoted(cp == kBadCodePoint ? std::string("invalid UTF-8") : utf8_of(cp));
}

std::string parse_destination(std::string_view text, std::size_t& pos, JapaneseMove& move) {
  const char32_t first = peek_code_point(text, pos);
  if (first == U'同') {
    move.same_square = true;
    next_code_point(text, pos);
    while (pos < text.size() && is_space_code_point(peek_code_point(text, pos)))
      next_code_point(text, pos);
    return {};
  }
  if (pos >= text.size()) return "missing move";
  const int file = arabic_digit(next_code_point(text, pos));
  if (file == 0) return "bad destination: " + quoted(first) + " is not a file digit (１..９) or 同";
  if (pos >= text.size()) return "destination has no rank";
  const char32_t rank_cp = next_code_point(text, pos);
  int rank = kanji_digit(rank_cp);
  if (rank == 0) rank = arabic_digit(rank_cp);
  if (rank == 0) return "bad destination rank " + quoted(rank_cp) + " (expected 一..九)";
  move.to = make_square(file - 1, rank - 1);
  return {};
}

std::string parse_piece(std::string_view text, std::size_t& pos, JapaneseMove& move) {
  if (pos >= text.size()) return "missing piece name";
  const char32_t cp = next_code_point(text, pos);
  if (cp == U'成') {
    // 成香 / 成桂 / 成銀 name promoted pieces; 成 alone after a piece means "promotes".
    const char32_t base = pos < text.size() ? next_code_point(text, pos) : kBadCodePoint;
    switch (base) {
    case U'香':
      move.piece = PieceType::ProLance;
      return {};
    case U'桂':
      move.piece = PieceType::ProKnight;
      return {};
    case U'銀':
      move.piece = PieceType::ProSilver;
      return {};
    default:
      return "'成' before " + quoted(base) + " (expected 成香, 成桂 or 成銀)";
    }
  }
  if (cp == U'酔') {  // 酔象, sho shogi's drunk elephant
    const char32_t second = pos < text.size() ? next_code_point(text, pos) : kBadCodePoint;
    if (second != U'象') return "'酔' before " + quoted(second) + " (expected 酔象)";
    move.piece = PieceType::Elephant;
    return {};
  }
  const auto pt = piece_from_kanji(cp);
  if (!pt) return "unknown piece kanji " + quoted(cp);
  move.piece = *pt;
  if (*pt == PieceType::Prince && pos < text.size() && peek_code_point(text, pos) == U'子')
    next_code_point(text, pos);  // 太子
  return {};
}

std::string set_once(bool already, std::string_view word) {
  return already ? single_quoted(word) + " conflicts with an earlier word" : std::string();
}

// The words after the piece: 右 左 上 引 寄 直 (and the variants 行 入 for 上), 成 不成 生 打.
std::string parse_modifiers(std::string_view text, std::size_t& pos, JapaneseMove& move) {
  while (pos < text.size()) {
    std::size_t next = pos;
    const char32_t cp = next_code_point(text, next);
    std::string why;
    switch (cp) {
    case U'右':
    case U'左':
      why = set_once(move.horizontal != Horizontal::Any, "右/左");
      move.horizontal = cp == U'右' ? Horizontal::Right : Horizontal::Left;
      break;
    case U'上':
    case U'行':
    case U'入':
    case U'引':
    case U'寄':
    case U'直':
      why = set_once(move.vertical != Vertical::Any, "上/引/寄/直");
      move.vertical = cp == U'引'   ? Vertical::Down
                      : cp == U'寄' ? Vertical::Sideways
                      : cp == U'直' ? Vertical::Straight
                                    : Vertical::Up;
      break;
    case U'成':
      why = set_once(move.promotion != Promotion::Unsaid, "成");
      move.promotion = Promotion::Promote;
      break;
    case U'生':
      why = set_once(move.promotion != Promotion::Unsaid, "生");
      move.promotion = Promotion::Decline;
      break;
    case U'不':
      if (peek_code_point(text, next) != U'成') return "'不' not followed by '成'";
      next_code_point(text, next);
      why = set_once(move.promotion != Promotion::Unsaid, "不成");
      move.promotion = Promotion::Decline;
      break;
    case U'打':
      why = set_once(move.drop, "打");
      move.drop = true;
      break;
    default:
      return {};
    }
    if (!why.empty()) return why;
    pos = next;
  }
  return {};
}

// KIF origin "(32)": file digit, rank digit.
std::string parse_origin(std::string_view text, std::size_t& pos, JapaneseMove& move) {
  if (pos >= text.size() || text[pos] != '(') return {};
  const std::string_view o = text.substr(pos);
  if (o.size() < 4 || o[3] != ')' || o[1] < '1' || o[1] > '9' || o[2] < '1' || o[2] > '9')
    return "bad origin '" + quote_prefix(o.substr(0, 4)) + "' (expected like (32))";
  move.from = make_square(o[1] - '1', o[2] - '1');
  pos += 4;
  return {};
}

std::string piece_words(PieceType pt) {
  return std::string(japanese_name(pt)) + " (" + (is_promoted(pt) ? "+" : "") + sfen_letter(pt) +
         ")";
}

template <class Keep> void filter(MoveList& list, Keep keep) {
  std::size_t n = 0;
  for (Move m : list)
    if (keep(m)) list[n++] = m;
  list.resize(n);
}

// Narrows `list` (board moves of one kind to one square) by the KI2 words, seen from `us`.
std::string apply_ki2_words(const JapaneseMove& jm, Color us, MoveList& list,
                            const std::string& what) {
  const auto rel_rank = [us](Square s) { return relative_rank(us, rank_of(s)); };
  // The mover's right is file 1 for Black and file 9 for White.
  const auto rel_file = [us](Square s) { return us == Color::Black ? file_of(s) : 8 - file_of(s); };
  if (jm.vertical != Vertical::Any) {
    filter(list, [&](Move m) {
      const int from = rel_rank(m.from());
      const int to = rel_rank(m.to());
      switch (jm.vertical) {
      case Vertical::Up:
        return to < from;
      case Vertical::Down:
        return to > from;
      case Vertical::Sideways:
        return to == from;
      case Vertical::Straight:
        return to < from && file_of(m.from()) == file_of(m.to());
      case Vertical::Any:
        break;
      }
      return true;
    });
    if (list.empty())
      return "no " + what + " moves that way (" + std::string(vertical_word(jm.vertical)) + ")";
  }
  if (jm.horizontal != Horizontal::Any && !list.empty()) {
    const bool right = jm.horizontal == Horizontal::Right;
    if (is_step_mover(jm.piece)) {
      // Golds, silvers and promoted minor pieces: the side of the origin seen from the
      // destination (a straight advance is 直, not 右 or 左).
      filter(list, [&](Move m) {
        return right ? rel_file(m.from()) < rel_file(m.to())
                     : rel_file(m.from()) > rel_file(m.to());
      });
    } else {
      // Other pieces: the one standing furthest to that side among those that can go there.
      int best = rel_file(list[0].from());
      for (Move m : list)
        best = right ? std::min(best, rel_file(m.from())) : std::max(best, rel_file(m.from()));
      filter(list, [&](Move m) { return rel_file(m.from()) == best; });
    }
    if (list.empty())
      return "no " + what + " comes from the " + (right ? "right (右)" : "left (左)");
  }
  return {};
}

std::string resolve_without_origin(const JapaneseMove& jm, const Position& pos, Square to,
                                   Move& out) {
  const Color us = pos.side_to_move();
  const std::string what = piece_words(jm.piece) + " to " + usi_square(to);
  MoveList list;
  generate_legal(pos, list);
  filter(list, [&](Move m) { return m.to() == to && kind_of(pos, m) == jm.piece; });

  const bool has_words = jm.vertical != Vertical::Any || jm.horizontal != Horizontal::Any;
  bool any_board = false;
  for (Move m : list) any_board |= !m.is_drop();
  // KI2 writes 打 only when a board move to the square exists too; without 打 a board move wins.
  const bool want_drop = jm.drop || (!any_board && !has_words && jm.promotion == Promotion::Unsaid);
  filter(list, [&](Move m) { return m.is_drop() == want_drop; });

  if (!want_drop) {
    if (jm.promotion == Promotion::Promote) {
      filter(list, [](Move m) { return m.is_promotion(); });
    } else {
      // Unsaid means "does not promote", unless promotion is forced (a pawn reaching the last
      // rank is often written without 成).
      bool any_plain = false;
      for (Move m : list) any_plain |= !m.is_promotion();
      if (jm.promotion == Promotion::Decline || any_plain)
        filter(list, [](Move m) { return !m.is_promotion(); });
    }
  } else if (jm.promotion != Promotion::Unsaid) {
    return "a drop cannot say 成 or 不成";
  }

  if (list.empty()) {
    // Nothing legal fits: build the one move that was meant, when it is clear, so that the
    // caller reports the broken rule (pin, 二歩, 打ち歩詰め, ...).
    if (!jm.drop) {
      const Bitboard movers = pos.attackers_to(us, to) & pos.pieces(us, jm.piece);
      if (movers.count() == 1) {
        out = Move::board(movers.lsb(), to, jm.promotion == Promotion::Promote);
        return {};
      }
      if (movers.count() > 1) return "no legal move of " + what;
    }
    if (is_hand_type(jm.piece) && jm.promotion == Promotion::Unsaid && !has_words) {
      out = Move::drop(jm.piece, to);
      return {};
    }
    return "no legal move of " + what;
  }
  if (!want_drop)
    if (std::string why = apply_ki2_words(jm, us, list, what); !why.empty()) return why;
  if (list.size() > 1)
    return "ambiguous: " + std::to_string(list.size()) + " moves of " + what +
           " (右/左/上/引/寄/直 would tell them apart)";
  out = list[0];
  return {};
}

}  // namespace

PieceType kind_of(const Position& pos, Move m) {
  return m.is_drop() ? m.dropped_type() : type_of(pos.piece_on(m.from()));
}

std::string_view vertical_word(JapaneseMove::Vertical v) {
  switch (v) {
  case JapaneseMove::Vertical::Up:
    return "上";
  case JapaneseMove::Vertical::Down:
    return "引";
  case JapaneseMove::Vertical::Sideways:
    return "寄";
  case JapaneseMove::Vertical::Straight:
    return "直";
  case JapaneseMove::Vertical::Any:
    break;
  }
  return "";
}

// Pieces that move one step like a gold or silver; JSA rules read 右/左 for them relative to
// the destination square.
bool is_step_mover(PieceType pt) {
  return pt == PieceType::Gold || pt == PieceType::Silver || pt == PieceType::ProPawn ||
         pt == PieceType::ProLance || pt == PieceType::ProKnight || pt == PieceType::ProSilver;
}

std::string parse_japanese_move(std::string_view text, JapaneseMove& move, std::size_t& used) {
  move = JapaneseMove{};
  std::size_t pos = 0;
  if (std::string why = parse_destination(text, pos, move); !why.empty()) return why;
  if (std::string why = parse_piece(text, pos, move); !why.empty()) return why;
  if (std::string why = parse_modifiers(text, pos, move); !why.empty()) return why;
  if (std::string why = parse_origin(text, pos, move); !why.empty()) return why;
  used = pos;
  return {};
}

std::string resolve_japanese_move(const JapaneseMove& jm, const Position& pos, Square previous_to,
                                  Move& out) {
  Square to = jm.to;
  if (jm.same_square) {
    if (!is_ok(previous_to)) return "同 but there is no previous move";
    to = previous_to;
  }
  if (!is_ok(jm.from)) return resolve_without_origin(jm, pos, to, out);

  if (jm.drop) return "打 together with an origin square";
  if (jm.promotion == Promotion::Promote && is_promoted(jm.piece))
    return piece_words(jm.piece) + " is already promoted";
  const Piece p = pos.piece_on(jm.from);
  if (p != Piece::None && color_of(p) == pos.side_to_move() && type_of(p) != jm.piece)
    return "the move names " + piece_words(jm.piece) + " but " + usi_square(jm.from) + " holds " +
           piece_words(type_of(p));
  out = Move::board(jm.from, to, jm.promotion == Promotion::Promote);
  return {};
}

}  // namespace tsume::io
