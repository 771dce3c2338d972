#include "verifier/rules.h"

#include <cstdlib>
#include <stdexcept>

namespace tsume::verifier {

namespace {

struct Step {
  int df;  // columns (the steps of every kind are left-right symmetric, so the sign is free)
  int dr;  // ranks forward (towards the opponent) for the piece's owner
  bool slide;
};

// The steps of each kind as seen by its owner.
std::vector<Step> make_steps(int kind) {
  const std::vector<Step> gold{{0, 1, false}, {1, 1, false},  {-1, 1, false},
                               {1, 0, false}, {-1, 0, false}, {0, -1, false}};
  const std::vector<Step> king{{0, 1, false},  {1, 1, false},  {-1, 1, false}, {1, 0, false},
                               {-1, 0, false}, {0, -1, false}, {1, -1, false}, {-1, -1, false}};
  const std::vector<Step> diagonal{{1, 1, true}, {-1, 1, true}, {1, -1, true}, {-1, -1, true}};
  const std::vector<Step> orthogonal{{0, 1, true}, {0, -1, true}, {1, 0, true}, {-1, 0, true}};
  switch (kind) {
  case kPawn:
    return {{0, 1, false}};
  case kLance:
    return {{0, 1, true}};
  case kKnight:
    return {{1, 2, false}, {-1, 2, false}};
  case kSilver:
    return {{0, 1, false}, {1, 1, false}, {-1, 1, false}, {1, -1, false}, {-1, -1, false}};
  case kGold:
  case kProPawn:
  case kProLance:
  case kProKnight:
  case kProSilver:
    return gold;
  case kKing:
  case kPrince:
    return king;
  case kElephant:  // every king step but straight back
    return {{0, 1, false},  {1, 1, false},  {-1, 1, false}, {1, 0, false},
            {-1, 0, false}, {1, -1, false}, {-1, -1, false}};
  case kBishop:
    return diagonal;
  case kRook:
    return orthogonal;
  case kHorse: {
    auto v = diagonal;
    v.insert(v.end(), {{0, 1, false}, {0, -1, false}, {1, 0, false}, {-1, 0, false}});
    return v;
  }
  case kDragon: {
    auto v = orthogonal;
    v.insert(v.end(), {{1, 1, false}, {-1, 1, false}, {1, -1, false}, {-1, -1, false}});
    return v;
  }
  default:
    return {};
  }
}

const std::vector<Step>& steps_of(int kind) {
  static const auto table = [] {
    std::array<std::vector<Step>, 17> t;
    for (int k = 1; k < 17; ++k) t[static_cast<std::size_t>(k)] = make_steps(k);
    return t;
  }();
  return table[static_cast<std::size_t>(kind)];
}

int at(const Position& pos, int sq) { return pos.board[static_cast<std::size_t>(sq)]; }

// The squares the piece on `from` reaches (own pieces included; rays stop at the first piece).
std::vector<int> targets(const Position& pos, int from) {
  const int p = at(pos, from);
  const int forward = color_of(p) == kBlack ? -1 : 1;  // the rank step of "forward"
  std::vector<int> out;
  for (const Step& st : steps_of(kind_of(p))) {
    int col = from % 9, row = rank_of(from);
    while (true) {
      col += st.df;
      row += st.dr * forward;
      if (col < 0 || col > 8 || row < 0 || row > 8) break;
      const int to = row * 9 + col;
      out.push_back(to);
      if (!st.slide || at(pos, to) != kEmpty) break;
    }
  }
  return out;
}

bool attacks(const Position& pos, int from, int sq) {
  for (int t : targets(pos, from))
    if (t == sq) return true;
  return false;
}

int king_square(const Position& pos, int color) {
  const int king = color == kBlack ? kKing : -kKing;
  for (int sq = 0; sq < 81; ++sq)
    if (at(pos, sq) == king) return sq;
  return -1;
}

int signed_piece(int color, int kind) { return color == kBlack ? kind : -kind; }

// The royals of a side, its king and (sho shogi) its crown prince: how many and on which squares
// (a fixed array: it is asked for every move tried).
struct Royals {
  std::array<int, 81> squares;
  int count = 0;
  const int* begin() const { return squares.data(); }
  const int* end() const { return squares.data() + count; }
};

Royals royal_squares(const Position& pos, int color) {
  const int king = signed_piece(color, kKing), prince = signed_piece(color, kPrince);
  Royals out;
  for (int sq = 0; sq < 81; ++sq)
    if (const int p = at(pos, sq); p == king || p == prince)
      out.squares[static_cast<std::size_t>(out.count++)] = sq;
  return out;
}

int unpromoted(int kind) {
  switch (kind) {
  case kProPawn:
    return kPawn;
  case kProLance:
    return kLance;
  case kProKnight:
    return kKnight;
  case kProSilver:
    return kSilver;
  case kHorse:
    return kBishop;
  case kDragon:
    return kRook;
  case kPrince:
    return kElephant;
  default:
    return kind;
  }
}

int promoted(int kind) {
  switch (kind) {
  case kPawn:
    return kProPawn;
  case kLance:
    return kProLance;
  case kKnight:
    return kProKnight;
  case kSilver:
    return kProSilver;
  case kBishop:
    return kHorse;
  case kRook:
    return kDragon;
  case kElephant:
    return kPrince;
  default:
    return kind;
  }
}

bool pawn_on_file(const Position& pos, int color, int file) {
  for (int rank = 0; rank < 9; ++rank)
    if (at(pos, square_of(file, rank)) == signed_piece(color, kPawn)) return true;
  return false;
}

// The moves of the side to move that obey the pieces' moves, promotion, dead squares and 二歩,
// whatever they leave attacked; without drops unless `drops`.
std::vector<Move> pseudo_moves(const Position& pos, bool drops = true) {
  const int us = pos.side;
  std::vector<Move> out;
  for (int from = 0; from < 81; ++from) {
    const int p = at(pos, from);
    if (p == kEmpty || color_of(p) != us) continue;
    const int kind = kind_of(p);
    for (int to : targets(pos, from)) {
      const int q = at(pos, to);
      if (q != kEmpty && color_of(q) == us) continue;
      if (promotable(kind) && (in_zone(us, from) || in_zone(us, to)))
        out.push_back({from, to, kEmpty, true});
      if (!dead_square(us, kind, to)) out.push_back({from, to, kEmpty, false});
    }
  }
  for (int kind = kPawn; kind <= kRook && drops && !pos.sho; ++kind) {
    if (pos.hand[static_cast<std::size_t>(us)][static_cast<std::size_t>(kind)] == 0) continue;
    for (int to = 0; to < 81; ++to) {
      if (at(pos, to) != kEmpty || dead_square(us, kind, to)) continue;
      if (kind == kPawn && pawn_on_file(pos, us, file_of(to))) continue;  // 二歩
      out.push_back({-1, to, kind, false});
    }
  }
  return out;
}

std::vector<Move> legal(const Position& pos, bool pawn_drop_test);

// The royals of a side after the move m at `pos`, from its royals there (`before`): for the side
// to move (`mover`), the one m moves stands on m.to and a drunk elephant m promotes becomes a
// crown prince (sho shogi); for the other side, one m captures is gone. The same as
// royal_squares() of the position after m, without the scan of the board.
Royals royals_after(const Position& pos, const Royals& before, Move m, bool mover) {
  Royals out;
  for (int sq : before) {
    if (!mover && sq == m.to) continue;  // captured
    out.squares[static_cast<std::size_t>(out.count++)] =
        mover && !m.is_drop() && sq == m.from ? m.to : sq;
  }
  if (mover && !m.is_drop() && m.promote && kind_of(at(pos, m.from)) == kElephant)
    out.squares[static_cast<std::size_t>(out.count++)] = m.to;
  return out;
}

// Whether the pseudo-legal move m keeps the rules: it leaves the mover's king unattacked and,
// with the test, is no pawn drop that mates (打ち歩詰め). The test asks whether the replies to
// the drop are empty, which does not depend on the replies' own pawn-drop legality: a pawn drop
// never answers a pawn's contact check.
// `ours`: the mover's royals at `pos` (royal_squares(pos, pos.side)).
bool keeps_rules(const Position& pos, const Royals& ours, Move m, bool pawn_drop_test) {
  const int us = pos.side;
  const Position next = play(pos, m);
  // The mover may not leave a lone royal attacked (with two, either may stand attacked).
  const Royals royals = royals_after(pos, ours, m, true);
  if (royals.count == 1 && attacked(next, royals.squares[0], 1 - us)) return false;
  return !(pawn_drop_test && m.is_drop() && m.drop == kPawn && in_check(next, 1 - us) &&
           legal(next, false).empty());
}

bool keeps_rules(const Position& pos, Move m, bool pawn_drop_test) {
  return keeps_rules(pos, royal_squares(pos, pos.side), m, pawn_drop_test);
}

std::vector<Move> legal(const Position& pos, bool pawn_drop_test) {
  std::vector<Move> out;
  const Royals ours = royal_squares(pos, pos.side);
  for (Move m : pseudo_moves(pos))
    if (keeps_rules(pos, ours, m, pawn_drop_test)) out.push_back(m);
  return out;
}

int kind_from_letter(char c) {
  switch (c) {
  case 'P':
    return kPawn;
  case 'L':
    return kLance;
  case 'N':
    return kKnight;
  case 'S':
    return kSilver;
  case 'G':
    return kGold;
  case 'B':
    return kBishop;
  case 'R':
    return kRook;
  case 'K':
    return kKing;
  case 'E':
    return kElephant;
  default:
    return kEmpty;
  }
}

constexpr char kLetters[] = " PLNSGBRK";

}  // namespace

int color_of(int piece) { return piece > 0 ? kBlack : kWhite; }
int kind_of(int piece) { return std::abs(piece); }

bool promotable(int kind) {
  return (kind >= kPawn && kind <= kRook && kind != kGold) || kind == kElephant;
}

bool in_zone(int color, int sq) { return color == kBlack ? rank_of(sq) <= 2 : rank_of(sq) >= 6; }

bool dead_square(int color, int kind, int sq) {
  const int far = color == kBlack ? rank_of(sq) : 8 - rank_of(sq);  // 0: the last rank
  if (kind == kPawn || kind == kLance) return far == 0;
  if (kind == kKnight) return far <= 1;
  return false;
}

std::vector<int> checkers(const Position& pos, int color) {
  std::vector<int> out;
  const int ksq = king_square(pos, color);
  if (ksq < 0) return out;
  for (int sq = 0; sq < 81; ++sq) {
    const int p = at(pos, sq);
    if (p != kEmpty && color_of(p) != color && attacks(pos, sq, ksq)) out.push_back(sq);
  }
  return out;
}

bool attacked(const Position& pos, int sq, int by) {
  // Walking out from sq in each of the eight directions, the first piece met attacks sq when it
  // is by's and one of its steps, taken from there, comes back this way (one square, or any
  // distance for a slide). Knights jump, so their two squares are looked at apart.
  const int forward = by == kBlack ? -1 : 1;
  const int col = sq % 9, row = rank_of(sq);
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      for (int k = 1;; ++k) {
        const int c = col + df * k, r = row + dr * k;
        if (c < 0 || c > 8 || r < 0 || r > 8) break;
        const int p = at(pos, r * 9 + c);
        if (p == kEmpty) continue;
        if (color_of(p) == by)
          for (const Step& st : steps_of(kind_of(p)))
            if (st.df == -df && st.dr * forward == -dr && (st.slide || k == 1)) return true;
        break;
      }
    }
  for (int df : {-1, 1}) {
    const int c = col - df, r = row - 2 * forward;  // the knight's square, a jump back
    if (c >= 0 && c <= 8 && r >= 0 && r <= 8 && at(pos, r * 9 + c) == signed_piece(by, kKnight))
      return true;
  }
  return false;
}

bool in_check(const Position& pos, int color) {
  for (int sq : royal_squares(pos, color))
    if (attacked(pos, sq, 1 - color)) return true;
  return false;
}

Position play(const Position& pos, Move m) {
  Position out = pos;
  const int us = pos.side;
  auto& hand = out.hand[static_cast<std::size_t>(us)];
  if (m.is_drop()) {
    --hand[static_cast<std::size_t>(m.drop)];
    out.board[static_cast<std::size_t>(m.to)] = static_cast<std::int8_t>(signed_piece(us, m.drop));
  } else {
    const int moved = at(pos, m.from);
    const int captured = at(pos, m.to);
    // (in sho shogi a captured piece leaves the game)
    if (captured != kEmpty && kind_of(captured) != kKing && !pos.sho)
      ++hand[static_cast<std::size_t>(unpromoted(kind_of(captured)))];
    out.board[static_cast<std::size_t>(m.from)] = 0;
    const int kind = m.promote ? promoted(kind_of(moved)) : kind_of(moved);
    out.board[static_cast<std::size_t>(m.to)] = static_cast<std::int8_t>(signed_piece(us, kind));
  }
  out.side = 1 - us;
  return out;
}

std::vector<Move> legal_moves(const Position& pos) { return legal(pos, true); }

std::vector<Move> legal_checks(const Position& pos) {
  std::vector<Move> out;
  every_legal_check(pos, [&](Move m) {
    out.push_back(m);
    return true;
  });
  return out;
}

bool every_legal_check(const Position& pos, const std::function<bool(Move)>& holds) {
  // A drop changes one square, so it checks only from a square that shares a file, rank or
  // diagonal with a royal of the other side, or is a knight's jump from one: the other drops
  // are passed over without being played.
  const Royals royals = royal_squares(pos, 1 - pos.side);
  const Royals ours = royal_squares(pos, pos.side);
  // Whether m leaves a royal of the other side attacked.
  const auto checks = [&](const Position& next, Move m) {
    for (int sq : royals_after(pos, royals, m, false))
      if (attacked(next, sq, pos.side)) return true;
    return false;
  };
  const auto may_check = [&](int s) {
    for (int r : royals) {
      const int df = std::abs(file_of(s) - file_of(r)), dr = std::abs(rank_of(s) - rank_of(r));
      if (df == 0 || dr == 0 || df == dr || (df == 1 && dr == 2)) return true;
    }
    return false;
  };
  for (Move m : pseudo_moves(pos))
    if ((!m.is_drop() || may_check(m.to)) && checks(play(pos, m), m) &&
        keeps_rules(pos, ours, m, true) && !holds(m))
      return false;
  return true;
}

bool has_legal_move(const Position& pos, bool drops) {
  // The king's moves first: in check, they are the likeliest to be legal.
  const std::vector<Move> moves = pseudo_moves(pos, drops);
  const Royals ours = royal_squares(pos, pos.side);
  const auto king_move = [&](Move m) { return !m.is_drop() && kind_of(at(pos, m.from)) == kKing; };
  for (Move m : moves)
    if (king_move(m) && keeps_rules(pos, ours, m, true)) return true;
  for (Move m : moves)
    if (!king_move(m) && keeps_rules(pos, ours, m, true)) return true;
  return false;
}

bool is_legal(const Position& pos, Move m) {
  for (Move p : pseudo_moves(pos))
    if (p == m) return keeps_rules(pos, m, true);
  return false;
}

std::optional<Position> parse_sfen(std::string_view sfen, std::string& error, bool sho) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < sfen.size()) {
    while (i < sfen.size() && sfen[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < sfen.size() && sfen[i] != ' ') ++i;
    if (i > start) fields.push_back(sfen.substr(start, i - start));
  }
  if (fields.size() < 3 || fields.size() > 4) {
    error = "an SFEN has 3 or 4 fields (board, side, hands[, move number])";
    return std::nullopt;
  }
  Position pos;
  pos.sho = sho;
  int row = 0, col = 0;
  bool plus = false;
  for (char c : fields[0]) {
    if (c == '/') {
      if (col != 9 || plus) {
        error = "SFEN rank " + std::to_string(row + 1) + " does not hold 9 squares";
        return std::nullopt;
      }
      ++row;
      col = 0;
    } else if (c >= '1' && c <= '9') {
      col += c - '0';
    } else if (c == '+') {
      plus = true;
      continue;
    } else {
      const bool white = c >= 'a' && c <= 'z';
      int kind = kind_from_letter(white ? static_cast<char>(c - 'a' + 'A') : c);
      if (kind == kElephant && !sho) kind = kEmpty;  // (a sho shogi piece)
      if (kind == kEmpty || row > 8 || col > 8 || (plus && !promotable(kind))) {
        error = std::string("bad SFEN board character '") + c + "'";
        return std::nullopt;
      }
      if (plus) kind = promoted(kind);
      pos.board[static_cast<std::size_t>(row * 9 + col)] =
          static_cast<std::int8_t>(white ? -kind : kind);
      ++col;
    }
    plus = false;
    if (col > 9) {
      error = "SFEN rank " + std::to_string(row + 1) + " holds more than 9 squares";
      return std::nullopt;
    }
  }
  if (row != 8 || col != 9) {
    error = "an SFEN board has 9 ranks of 9 squares";
    return std::nullopt;
  }
  if (fields[1] == "b") {
    pos.side = kBlack;
  } else if (fields[1] == "w") {
    pos.side = kWhite;
  } else {
    error = "the side to move must be b or w";
    return std::nullopt;
  }
  if (fields[2] != "-" && sho) {
    error = "a sho shogi position has no hands";
    return std::nullopt;
  }
  if (fields[2] != "-") {
    int count = 0;
    for (char c : fields[2]) {
      if (c >= '0' && c <= '9') {
        count = count * 10 + (c - '0');
        if (count > 18) {
          error = "a hand count above 18";
          return std::nullopt;
        }
        continue;
      }
      const bool white = c >= 'a' && c <= 'z';
      const int kind = kind_from_letter(white ? static_cast<char>(c - 'a' + 'A') : c);
      if (kind == kEmpty || kind == kKing || kind == kElephant) {
        error = std::string("bad SFEN hand character '") + c + "'";
        return std::nullopt;
      }
      pos.hand[white ? 1u : 0u][static_cast<std::size_t>(kind)] =
          static_cast<std::uint8_t>(count == 0 ? 1 : count);
      count = 0;
    }
    if (count != 0) {
      error = "an SFEN hand ends in a count";
      return std::nullopt;
    }
  }
  return pos;
}

std::optional<Move> parse_move(std::string_view text) {
  const auto square = [](char f, char r) -> int {
    if (f < '1' || f > '9' || r < 'a' || r > 'i') return -1;
    return square_of(f - '0', r - 'a');
  };
  if (text.size() == 4 && text[1] == '*') {
    const int kind = kind_from_letter(text[0]);
    const int to = square(text[2], text[3]);
    if (kind == kEmpty || kind > kRook || to < 0) return std::nullopt;
    return Move{-1, to, kind, false};
  }
  if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
    const int from = square(text[0], text[1]);
    const int to = square(text[2], text[3]);
    if (from < 0 || to < 0 || from == to) return std::nullopt;
    return Move{from, to, kEmpty, text.size() == 5};
  }
  return std::nullopt;
}

std::string move_text(Move m) {
  const auto square = [](int sq) {
    return std::string{static_cast<char>('0' + file_of(sq)), static_cast<char>('a' + rank_of(sq))};
  };
  if (m.is_drop()) return std::string{kLetters[m.drop], '*'} + square(m.to);
  return square(m.from) + square(m.to) + (m.promote ? "+" : "");
}

std::string position_problem(const Position& pos) {
  std::array<int, 9> count{};  // kinds 1..8 unpromoted, both sides, board and hands
  std::array<int, 2> kings{}, elephants{};
  for (int sq = 0; sq < 81; ++sq) {
    const int p = at(pos, sq);
    if (p == kEmpty) continue;
    const int c = color_of(p), kind = kind_of(p);
    if (kind == kElephant || kind == kPrince) {  // one a side in sho shogi
      ++elephants[static_cast<std::size_t>(c)];
      continue;
    }
    ++count[static_cast<std::size_t>(unpromoted(kind))];
    if (kind == kKing) ++kings[static_cast<std::size_t>(c)];
    if (dead_square(c, kind, sq))
      return "a piece without a move on " + move_text({-1, sq, kPawn, false}).substr(2);
  }
  for (int c = 0; c < 2; ++c)
    for (int kind = kPawn; kind <= kRook; ++kind)
      count[static_cast<std::size_t>(kind)] +=
          pos.hand[static_cast<std::size_t>(c)][static_cast<std::size_t>(kind)];
  constexpr std::array<int, 9> kSet{0, 18, 4, 4, 4, 4, 2, 2, 2};
  for (std::size_t kind = 1; kind < 9; ++kind)
    if (count[kind] > kSet[kind]) return "more pieces of a kind than a set holds";
  if (kings[0] > 1 || kings[1] > 1) return "more than one king of a side";
  if (elephants[0] > 1 || elephants[1] > 1)
    return "more than one drunk elephant or crown prince of a side";
  for (int c = 0; c < 2; ++c)
    for (int file = 1; file <= 9; ++file) {
      int pawns = 0;
      for (int rank = 0; rank < 9; ++rank)
        if (at(pos, square_of(file, rank)) == signed_piece(c, kPawn)) ++pawns;
      if (pawns > 1) return "two unpromoted pawns of a side on file " + std::to_string(file);
    }
  // The side not to move may not stand in check, unless it has two royals (sho shogi: either
  // may be left attacked).
  const Royals royals = royal_squares(pos, 1 - pos.side);
  if (royals.count == 1 && attacked(pos, royals.squares[0], pos.side))
    return "the side not to move is in check";
  return {};
}

namespace {

constexpr std::size_t kPackedBits = 17 * 8;  // where the string of bits begins

void put_bits(PackedPosition& out, std::size_t& bit, unsigned value, int width) {
  for (int i = 0; i < width; ++i, ++bit)
    if ((value >> i) & 1u) out[bit / 8] = static_cast<std::uint8_t>(out[bit / 8] | 1u << bit % 8);
}

unsigned get_bits(const PackedPosition& in, std::size_t& bit, int width) {
  unsigned value = 0;
  for (int i = 0; i < width; ++i, ++bit) value |= ((in[bit / 8] >> bit % 8) & 1u) << i;
  return value;
}

}  // namespace

PackedPosition pack(const Position& pos) {
  PackedPosition out{};
  for (std::size_t c = 0; c < 2; ++c)
    for (std::size_t kind = 0; kind < 8; ++kind) out[c * 8 + kind] = pos.hand[c][kind];
  if (pos.side != kBlack && pos.side != kWhite) throw std::logic_error("pack: no side to move");
  out[16] = static_cast<std::uint8_t>(pos.side | (pos.sho ? 2 : 0));
  std::size_t bit = kPackedBits;
  for (std::size_t sq = 0; sq < 81; ++sq) put_bits(out, bit, pos.board[sq] != kEmpty, 1);
  for (std::size_t sq = 0; sq < 81; ++sq) {
    const int p = pos.board[sq];
    if (p == kEmpty) continue;
    if (p < -kPrince || p > kPrince) throw std::logic_error("pack: no piece");
    if (bit + 5 > out.size() * 8) throw std::logic_error("pack: too many pieces on the board");
    put_bits(out, bit, static_cast<unsigned>(kind_of(p) - 1 + (p < 0 ? 16 : 0)), 5);
  }
  return out;
}

Position unpack(const PackedPosition& packed) {
  Position pos;
  for (std::size_t c = 0; c < 2; ++c)
    for (std::size_t kind = 0; kind < 8; ++kind) pos.hand[c][kind] = packed[c * 8 + kind];
  pos.side = packed[16] & 1;
  pos.sho = (packed[16] & 2) != 0;
  std::size_t occupied = kPackedBits, piece = kPackedBits + 81;
  for (std::size_t sq = 0; sq < 81; ++sq) {
    if (get_bits(packed, occupied, 1) == 0) continue;
    const unsigned code = get_bits(packed, piece, 5);
    const int kind = static_cast<int>(code % 16) + 1;
    pos.board[sq] = static_cast<std::int8_t>(code >= 16 ? -kind : kind);
  }
  return pos;
}

}  // namespace tsume::verifier
