#include "tests/large/reference_chu.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include "tests/large/reference_mate.h"

namespace tsume::test::chu_reference {

namespace {

// A direction as Black sees it: dr rows (negative = up the diagram, towards White), dc columns.
struct Dir {
  int dr;
  int dc;
};
const std::map<std::string, Dir> kCompass = {
    {"N", {-1, 0}},  {"S", {1, 0}},    {"E", {0, 1}},  {"W", {0, -1}},
    {"NE", {-1, 1}}, {"NW", {-1, -1}}, {"SE", {1, 1}}, {"SW", {1, -1}},
};

// How a named piece moves: `runs` go as far as the board and the first piece allow, `steps`
// one square, `jumps` land directly; `lion`, `falcon`, `eagle` add the Lion-like powers.
struct Moves {
  std::vector<std::string> runs;
  std::vector<std::string> steps;
  std::vector<Dir> jumps;
  std::vector<std::string> runs_of_two = {};  // runs of at most two squares
};

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (const char c : text + " ") {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  return out;
}

Moves moves_of(const std::string& name) {
  const std::string all = "N S E W NE NW SE SW";
  const std::string diag = "NE NW SE SW";
  const std::string orth = "N S E W";
  const auto m = [](const std::string& runs, const std::string& steps) {
    return Moves{words(runs), words(steps), {}};
  };
  if (name == "king" || name == "crown prince") return m("", all);
  if (name == "drunk elephant") return m("", "N NE NW E W SE SW");
  if (name == "gold" || name == "tokin") return m("", "N NE NW E W S");
  if (name == "silver") return m("", "N NE NW SE SW");
  if (name == "copper") return m("", "N NE NW S");
  if (name == "ferocious leopard") return m("", "N NE NW S SE SW");
  if (name == "lance") return m("N", "");
  if (name == "reverse chariot") return m("N S", "");
  if (name == "bishop") return m(diag, "");
  if (name == "blind tiger") return m("", "NE NW SE SW E W S");
  if (name == "phoenix") return Moves{{}, words(orth), {{-2, -2}, {-2, 2}, {2, -2}, {2, 2}}};
  if (name == "kirin") return Moves{{}, words(diag), {{-2, 0}, {2, 0}, {0, -2}, {0, 2}}};
  if (name == "side mover") return m("E W", "N S");
  if (name == "vertical mover") return m("N S", "E W");
  if (name == "rook") return m(orth, "");
  if (name == "dragon horse") return m(diag, orth);
  if (name == "dragon king") return m(orth, diag);
  if (name == "free king") return m(all, "");
  if (name == "pawn") return m("", "N");
  if (name == "go-between") return m("", "N S");
  if (name == "white horse") return m("N S NE NW", "");
  if (name == "whale") return m("N S SE SW", "");
  if (name == "flying stag") return m("N S", "E W NE NW SE SW");
  if (name == "free boar") return m("NE NW SE SW E W", "");
  if (name == "flying ox") return m("NE NW SE SW N S", "");
  // The falcon's forward and the eagle's forward diagonals: the step, the jump to the second
  // square, and (in legal_moves) the two-leg moves along that line.
  if (name == "horned falcon") return Moves{words("NE NW SE SW E W S"), {"N"}, {{-2, 0}}};
  if (name == "soaring eagle")
    return Moves{words("N S E W SE SW"), {"NE", "NW"}, {{-2, -2}, {-2, 2}}};
  if (name == "lion") return {};
  // Dai shogi's extra kinds.
  if (name == "stone general") return m("", "NE NW");
  if (name == "iron general") return m("", "N NE NW");
  if (name == "knight") return Moves{{}, {}, {{-2, -1}, {-2, 1}}, {}};
  if (name == "evil wolf") return m("", "N NE NW E W");
  if (name == "angry boar") return m("", orth);
  if (name == "cat sword") return m("", diag);
  if (name == "violent ox") return Moves{{}, {}, {}, words(orth)};
  if (name == "flying dragon") return Moves{{}, {}, {}, words(diag)};
  throw std::logic_error("reference: no moves for " + name);
}

const std::map<char, std::string> kLetters = {
    {'K', "king"},        {'E', "drunk elephant"},    {'G', "gold"},    {'S', "silver"},
    {'C', "copper"},      {'F', "ferocious leopard"}, {'L', "lance"},   {'A', "reverse chariot"},
    {'B', "bishop"},      {'T', "blind tiger"},       {'X', "phoenix"}, {'O', "kirin"},
    {'M', "side mover"},  {'V', "vertical mover"},    {'R', "rook"},    {'H', "dragon horse"},
    {'D', "dragon king"}, {'Q', "free king"},         {'N', "lion"},    {'P', "pawn"},
    {'I', "go-between"},
};
const std::map<std::string, std::string> kPromotesTo = {
    {"drunk elephant", "crown prince"},
    {"gold", "rook"},
    {"silver", "vertical mover"},
    {"copper", "side mover"},
    {"ferocious leopard", "bishop"},
    {"lance", "white horse"},
    {"reverse chariot", "whale"},
    {"bishop", "dragon horse"},
    {"blind tiger", "flying stag"},
    {"phoenix", "free king"},
    {"kirin", "lion"},
    {"side mover", "free boar"},
    {"vertical mover", "flying ox"},
    {"rook", "dragon king"},
    {"dragon horse", "horned falcon"},
    {"dragon king", "soaring eagle"},
    {"pawn", "tokin"},
    {"go-between", "drunk elephant"},
    {"stone general", "gold"},
    {"iron general", "gold"},
    {"knight", "gold"},
    {"violent ox", "gold"},
    {"flying dragon", "gold"},
    {"evil wolf", "gold"},
    {"angry boar", "gold"},
    {"cat sword", "gold"},
};
// Dai shogi's letters for its extra kinds (docs/large-board.md).
const std::map<std::string, std::string> kDaiTokens = {
    {"U", "stone general"},  {"I'", "iron general"}, {"N'", "knight"},     {"X'", "violent ox"},
    {"F'", "flying dragon"}, {"W", "evil wolf"},     {"A'", "angry boar"}, {"C'", "cat sword"},
};

bool inside(const Board& b, int r, int c) { return r >= 0 && r < b.size && c >= 0 && c < b.size; }

using Sq = std::pair<int, int>;

// The squares the piece on (r, c) attacks: it could capture an enemy standing there.
std::set<Sq> reach(const Board& b, int r, int c) {
  const Piece& p = b.sq[r][c];
  const int f = p.owner;  // Black's "N" is up the diagram; White's is down
  std::set<Sq> out;
  if (p.name == "lion") {
    for (int dr = -2; dr <= 2; ++dr)
      for (int dc = -2; dc <= 2; ++dc)
        if ((dr || dc) && inside(b, r + dr, c + dc)) out.insert({r + dr, c + dc});
    return out;
  }
  const Moves m = moves_of(p.name);
  for (const auto& name : m.steps) {
    const Dir d = kCompass.at(name);
    if (inside(b, r + f * d.dr, c + f * d.dc)) out.insert({r + f * d.dr, c + f * d.dc});
  }
  for (const Dir d : m.jumps)
    if (inside(b, r + f * d.dr, c + f * d.dc)) out.insert({r + f * d.dr, c + f * d.dc});
  for (const auto& name : m.runs_of_two) {
    const Dir d = kCompass.at(name);
    for (int k = 1; k <= 2; ++k) {
      const int rr = r + f * d.dr * k, cc = c + f * d.dc * k;
      if (!inside(b, rr, cc)) break;
      out.insert({rr, cc});
      if (!b.sq[rr][cc].name.empty()) break;
    }
  }
  for (const auto& name : m.runs) {
    const Dir d = kCompass.at(name);
    for (int k = 1;; ++k) {
      const int rr = r + f * d.dr * k, cc = c + f * d.dc * k;
      if (!inside(b, rr, cc)) break;
      out.insert({rr, cc});
      if (!b.sq[rr][cc].name.empty()) break;
    }
  }
  return out;
}

bool is_lion(const Piece& p) { return p.name == "lion"; }
bool is_royal(const Piece& p) { return p.name == "king" || p.name == "crown prince"; }

std::string square_text(const Board& b, int r, int c) {
  return std::to_string(b.size - c) + static_cast<char>('a' + r);
}

struct RMove {
  int r0, c0, rm = -1, cm = -1, r1, c1;
  bool promote = false;
};

std::string text_of(const Board& b, const RMove& m) {
  std::string s = square_text(b, m.r0, m.c0);
  if (m.rm >= 0) s += square_text(b, m.rm, m.cm);
  s += square_text(b, m.r1, m.c1);
  if (m.promote) s += "+";
  return s;
}

// May the piece on (r0, c0) take the piece on (rt, ct), with (rm, cm) its first leg if any?
// The Lion-trading rules as lishogi plays them (docs/large-board.md).
bool may_take(const Board& b, int r0, int c0, int rm, int cm, int rt, int ct) {
  const Piece& target = b.sq[rt][ct];
  if (!b.lion_rule || !is_lion(target)) return true;
  if (!is_lion(b.sq[r0][c0])) {
    return b.lion_capture_row < 0 || (rt == b.lion_capture_row && ct == b.lion_capture_col);
  }
  if (std::max(std::abs(rt - r0), std::abs(ct - c0)) <= 1) return true;
  if (rm >= 0) {
    const Piece& first = b.sq[rm][cm];
    if (first.owner == -b.to_move && first.name != "pawn" && first.name != "go-between")
      return true;
  }
  Board bare = b;
  bare.sq[r0][c0] = Piece{};
  if (rm >= 0) bare.sq[rm][cm] = Piece{};
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if (bare.sq[r][c].owner == target.owner && !(r == rt && c == ct) &&
          reach(bare, r, c).count({rt, ct}))
        return false;
  if (rm >= 0 && b.sq[rm][cm].owner == target.owner && reach(b, rm, cm).count({rt, ct}))
    return false;
  return true;
}

bool in_zone(const Board& b, int owner, int r) {
  return owner > 0 ? r < b.zone : r >= b.size - b.zone;
}

void add(std::vector<RMove>& out, const Board& b, RMove m, bool captured) {
  const Piece& p = b.sq[m.r0][m.c0];
  if (p.promoted || !kPromotesTo.count(p.name)) {
    out.push_back(m);
    return;
  }
  const bool zf = in_zone(b, p.owner, m.r0), zt = in_zone(b, p.owner, m.r1);
  // Pieces that could not move again: pawn, lance, stone, iron on the last rank, knight on the
  // last two.
  const int from_far = p.owner > 0 ? m.r1 : b.size - 1 - m.r1;  // 0 = the last rank
  const bool stuck_one = p.name == "pawn" || p.name == "lance" || p.name == "stone general" ||
                         p.name == "iron general";
  const bool last = (stuck_one && from_far == 0) || (p.name == "knight" && from_far <= 1);
  const bool touches = zf || zt;
  const bool allowed = b.promote_in_zone ? touches : (zt && !zf) || (captured && touches) || last;
  if (!(last && b.forced_promotion)) out.push_back(m);
  if (allowed) {
    m.promote = true;
    out.push_back(m);
  }
}

// A two-leg move (r0,c0) -> (rm,cm) -> (r1,c1); (r1,c1) may be the start square.
void add_two_legs(std::vector<RMove>& out, const Board& b, int r0, int c0, int rm, int cm, int r1,
                  int c1) {
  if (!inside(b, rm, cm) || !inside(b, r1, c1)) return;
  const int me = b.to_move;
  const Piece& first = b.sq[rm][cm];
  if (first.owner == me) return;
  if (first.owner == -me && !may_take(b, r0, c0, -1, -1, rm, cm)) return;
  const bool back = r1 == r0 && c1 == c0;
  const Piece& last = b.sq[r1][c1];
  if (!back) {
    if (last.owner == me) return;
    if (last.owner == -me && !may_take(b, r0, c0, rm, cm, r1, c1)) return;
  }
  add(out, b, RMove{r0, c0, rm, cm, r1, c1, false},
      first.owner == -me || (!back && last.owner == -me));
}

std::vector<RMove> pseudo_moves(const Board& b) {
  std::vector<RMove> out;
  const int me = b.to_move;
  for (int r = 0; r < b.size; ++r) {
    for (int c = 0; c < b.size; ++c) {
      const Piece& p = b.sq[r][c];
      if (p.owner != me) continue;
      for (const Sq& t : reach(b, r, c)) {
        const Piece& there = b.sq[t.first][t.second];
        if (there.owner == me) continue;
        if (there.owner == -me && !may_take(b, r, c, -1, -1, t.first, t.second)) continue;
        add(out, b, RMove{r, c, -1, -1, t.first, t.second, false}, there.owner == -me);
      }
      if (p.name == "lion") {
        for (int dr = -1; dr <= 1; ++dr)
          for (int dc = -1; dc <= 1; ++dc)
            for (int er = -1; er <= 1; ++er)
              for (int ec = -1; ec <= 1; ++ec)
                if ((dr || dc) && (er || ec))
                  add_two_legs(out, b, r, c, r + dr, c + dc, r + dr + er, c + dc + ec);
      }
      std::vector<Dir> lines;
      if (p.name == "horned falcon") lines = {kCompass.at("N")};
      if (p.name == "soaring eagle") lines = {kCompass.at("NE"), kCompass.at("NW")};
      for (const Dir d : lines) {
        const int rm = r + me * d.dr, cm = c + me * d.dc;
        add_two_legs(out, b, r, c, rm, cm, rm + me * d.dr, cm + me * d.dc);
        add_two_legs(out, b, r, c, rm, cm, r, c);
      }
    }
  }
  return out;
}

Board apply(const Board& b, const RMove& m) {
  Board n = b;
  Piece mover = b.sq[m.r0][m.c0];
  const bool mover_lion = is_lion(mover);
  n.lion_capture_row = n.lion_capture_col = -1;
  const bool back = m.r1 == m.r0 && m.c1 == m.c0;
  if (!mover_lion) {
    if (!back && b.sq[m.r1][m.c1].owner == -b.to_move && is_lion(b.sq[m.r1][m.c1])) {
      n.lion_capture_row = m.r1, n.lion_capture_col = m.c1;
    } else if (m.rm >= 0 && b.sq[m.rm][m.cm].owner == -b.to_move && is_lion(b.sq[m.rm][m.cm])) {
      n.lion_capture_row = m.rm, n.lion_capture_col = m.cm;
    }
  }
  if (m.promote) {
    mover.name = kPromotesTo.at(mover.name);
    mover.promoted = true;
  }
  n.sq[m.r0][m.c0] = Piece{};
  if (m.rm >= 0) n.sq[m.rm][m.cm] = Piece{};
  n.sq[m.r1][m.c1] = mover;
  n.to_move = -b.to_move;
  return n;
}

bool legal(const Board& before, const Board& after) {
  if (before.capture_rule) return true;
  const int me = before.to_move;
  const Board& b = after;
  std::vector<Sq> royals;
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if (after.sq[r][c].owner == me && is_royal(after.sq[r][c])) royals.push_back({r, c});
  if (royals.size() != 1) return true;
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if (after.sq[r][c].owner == -me && reach(after, r, c).count(royals[0])) return false;
  return true;
}

bool attacked_by(const Board& b, int r0, int c0, int by) {
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if (b.sq[r][c].owner == by && reach(b, r, c).count({r0, c0})) return true;
  return false;
}

bool royal_in_check(const Board& b, int side) {
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if (b.sq[r][c].owner == side && is_royal(b.sq[r][c]) && attacked_by(b, r, c, -side))
        return true;
  return false;
}

std::string board_key(const Board& b) {
  std::string k(1, b.to_move > 0 ? 'b' : 'w');
  k += std::to_string(b.lion_capture_row) + "," + std::to_string(b.lion_capture_col) + ":";
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c) {
      const Piece& p = b.sq[r][c];
      if (p.owner == 0) continue;
      k += std::to_string(r * 16 + c) + (p.owner > 0 ? "+" : "-") + p.name +
           (p.promoted ? "*" : "") + ";";
    }
  return k;
}

// The reference's rules for the shared brute-force search (reference_mate.h).
struct MateRules {
  static auto moves(const Board& b) { return pseudo_moves(b); }
  static Board apply(const Board& b, const RMove& m) {
    return tsume::test::chu_reference::apply(b, m);
  }
  static bool legal(const Board& b, const Board& n) {
    return tsume::test::chu_reference::legal(b, n);
  }
  static bool checked(const Board& b, int side) { return royal_in_check(b, side); }
  static std::string key(const Board& b) { return board_key(b); }
  static std::string text(const Board& b, const RMove& m) { return text_of(b, m); }
};
using Brute = BruteMate<MateRules, Board>;

}  // namespace

bool in_check(const Board& board, int side) { return royal_in_check(board, side); }

std::vector<std::string> checking_moves(const Board& board) { return Brute::checking_moves(board); }

MateAnswer shortest_mate(const Board& board, int max_plies) {
  auto [length, first_moves] = Brute().shortest_mate(board, max_plies);
  return MateAnswer{length, std::move(first_moves)};
}

Board read_sfen(std::string_view sfen) {
  Board b;
  const std::string_view board = sfen.substr(0, sfen.find(' '));
  b.size = static_cast<int>(std::count(board.begin(), board.end(), '/')) + 1;
  if (b.size != 12 && b.size != 15) throw std::invalid_argument("reference: 12 or 15 ranks");
  const bool dai = b.size == 15;
  b.zone = dai ? 5 : 4;
  b.lion_rule = !dai;
  std::size_t i = 0;
  int r = 0, c = 0;
  for (; i < sfen.size() && sfen[i] != ' '; ++i) {
    const char ch = sfen[i];
    if (ch == '/') {
      ++r, c = 0;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      int n = ch - '0';
      if (i + 1 < sfen.size() && std::isdigit(static_cast<unsigned char>(sfen[i + 1])))
        n = n * 10 + (sfen[++i] - '0');
      c += n;
    } else {
      bool promoted = false;
      char letter = ch;
      if (ch == '+') promoted = true, letter = sfen[++i];
      std::string token(1, static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
      if (i + 1 < sfen.size() && sfen[i + 1] == '\'') token += sfen[++i];
      Piece p;
      p.owner = std::isupper(static_cast<unsigned char>(letter)) ? 1 : -1;
      if (dai && kDaiTokens.count(token)) {
        p.name = kDaiTokens.at(token);
      } else {
        if (token.size() != 1) throw std::invalid_argument("reference: bad token " + token);
        p.name = kLetters.at(token[0]);
      }
      if (promoted) p.name = kPromotesTo.at(p.name), p.promoted = true;
      b.sq[r][c++] = p;
    }
  }
  ++i;
  b.to_move = sfen.at(i) == 'b' ? 1 : -1;
  i += 2;
  if (sfen.at(i) != '-') {
    int file = 0;
    while (std::isdigit(static_cast<unsigned char>(sfen[i]))) file = file * 10 + (sfen[i++] - '0');
    b.lion_capture_col = b.size - file;
    b.lion_capture_row = sfen[i] - 'a';
  }
  return b;
}

std::vector<std::string> legal_moves(const Board& board) {
  std::vector<std::string> out;
  for (const RMove& m : pseudo_moves(board))
    if (legal(board, apply(board, m))) out.push_back(text_of(board, m));
  return out;
}

Board play(const Board& board, const std::string& move) {
  for (const RMove& m : pseudo_moves(board))
    if (text_of(board, m) == move) return apply(board, m);
  throw std::invalid_argument("reference: no move " + move);
}

std::uint64_t perft(const Board& board, int depth) {
  std::uint64_t n = 0;
  for (const RMove& m : pseudo_moves(board)) {
    const Board next = apply(board, m);
    if (!legal(board, next)) continue;
    n += depth <= 1 ? 1 : perft(next, depth - 1);
  }
  return n;
}

}  // namespace tsume::test::chu_reference
