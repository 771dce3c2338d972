#include "tests/large/reference_tenjiku.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <utility>

#include "tests/large/reference_mate.h"

namespace tsume::test::tenjiku_reference {

namespace {

constexpr int kSize = 16;
constexpr int kZone = 5;

// A direction as Black sees it: dr rows (negative = up the diagram, towards White), dc columns.
struct Dir {
  int dr;
  int dc;
};
const std::map<std::string, Dir> kCompass = {
    {"N", {-1, 0}},  {"S", {1, 0}},    {"E", {0, 1}},  {"W", {0, -1}},
    {"NE", {-1, 1}}, {"NW", {-1, -1}}, {"SE", {1, 1}}, {"SW", {1, -1}},
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

const std::string kAll = "N S E W NE NW SE SW";
const std::string kDiag = "NE NW SE SW";
const std::string kOrth = "N S E W";

// How a named piece moves, in words.
struct Moves {
  std::vector<std::string> steps;                 // one square
  std::vector<std::string> runs;                  // any distance, stopped by the first piece
  std::vector<std::pair<std::string, int>> upto;  // at most n squares
  std::vector<Dir> jumps;                         // land directly
  bool lion = false;                              // the full Lion power
  std::vector<std::string> lion_lines;  // Lion power along one line (step, jump, two steps)
  int general = 0;  // range-jumping rank: may jump over lower ranks to capture along its runs
  int area = 0;     // up to this many king steps through empty squares
  bool burns = false;
  std::vector<std::pair<std::string, int>> skis;  // skip the first square; up to n (0: any)
  bool igui_all = false;                          // capture any adjacent enemy without moving
};

Moves moves_of(const std::string& name, const Board& b) {
  Moves m;
  const auto steps = [](const std::string& s) { return words(s); };
  if (name == "king" || name == "crown prince") {
    m.steps = steps(kAll);
  } else if (name == "drunk elephant") {
    m.steps = steps("N NE NW E W SE SW");
  } else if (name == "gold" || name == "tokin") {
    m.steps = steps("N NE NW E W S");
  } else if (name == "silver") {
    m.steps = steps("N NE NW SE SW");
  } else if (name == "copper") {
    m.steps = steps("N NE NW S");
  } else if (name == "iron") {
    m.steps = steps("N NE NW");
  } else if (name == "ferocious leopard") {
    m.steps = steps("N NE NW S SE SW");
  } else if (name == "blind tiger") {
    m.steps = steps("NE NW SE SW E W S");
  } else if (name == "dog") {
    m.steps = steps("N SE SW");
  } else if (name == "pawn") {
    m.steps = steps("N");
  } else if (name == "knight") {
    m.jumps = {{-2, -1}, {-2, 1}};
  } else if (name == "lance") {
    m.runs = words("N");
  } else if (name == "reverse chariot") {
    m.runs = words("N S");
  } else if (name == "bishop") {
    m.runs = words(kDiag);
  } else if (name == "rook") {
    m.runs = words(kOrth);
  } else if (name == "free king") {
    m.runs = words(kAll);
  } else if (name == "dragon horse") {
    m.runs = words(kDiag), m.steps = words(kOrth);
  } else if (name == "dragon king") {
    m.runs = words(kOrth), m.steps = words(kDiag);
  } else if (name == "side mover") {
    m.runs = words("E W"), m.steps = words("N S");
  } else if (name == "vertical mover") {
    m.runs = words("N S"), m.steps = words("E W");
  } else if (name == "phoenix") {
    m.steps = words(kOrth), m.jumps = {{-2, -2}, {-2, 2}, {2, -2}, {2, 2}};
  } else if (name == "kirin") {
    m.steps = words(kDiag), m.jumps = {{-2, 0}, {2, 0}, {0, -2}, {0, 2}};
  } else if (name == "white horse") {
    m.runs = words("N S NE NW");
  } else if (name == "whale") {
    m.runs = words("N S SE SW");
  } else if (name == "flying stag") {
    m.runs = words("N S"), m.steps = words("E W NE NW SE SW");
  } else if (name == "free boar") {
    m.runs = words("NE NW SE SW E W");
  } else if (name == "flying ox") {
    m.runs = words("NE NW SE SW N S");
  } else if (name == "multi general") {
    m.runs = words("N SE SW");
  } else if (name == "horned falcon") {
    m.runs = words("NE NW SE SW E W S"), m.lion_lines = {"N"};
  } else if (name == "soaring eagle") {
    m.runs = words("N S E W SE SW"), m.lion_lines = {"NE", "NW"};
  } else if (name == "lion") {
    m.lion = true;
  } else if (name == "lion hawk" && b.lion_hawk_area) {
    // A Bishop that also moves as an area mover of two steps.
    m.runs = words(kDiag), m.area = 2;
  } else if (name == "lion hawk") {
    m.lion = true, m.runs = words(kDiag);
  } else if (name == "free eagle" && b.free_eagle_orthogonal) {
    // A Free King that also jumps to the second square straight ahead, back and sideways.
    m.runs = words(kAll);
    for (const auto& d : words(kOrth))
      m.jumps.push_back({2 * kCompass.at(d).dr, 2 * kCompass.at(d).dc});
  } else if (name == "free eagle") {
    // A Free King that also jumps to the second square in every direction and has the Lion's
    // power along the four diagonals.
    m.runs = words(kAll);
    for (const auto& d : words(kAll))
      m.jumps.push_back({2 * kCompass.at(d).dr, 2 * kCompass.at(d).dc});
    m.lion_lines = words(kDiag);
  } else if (name == "side soldier") {
    m.runs = words("E W"), m.upto = {{"N", 2}}, m.steps = words("S");
  } else if (name == "vertical soldier") {
    m.runs = words("N"), m.upto = {{"E", 2}, {"W", 2}}, m.steps = words("S");
  } else if (name == "chariot soldier" || (name == "heavenly tetrarchs" && b.tetrarchs_chariot)) {
    m.runs = words("N S NE NW SE SW"), m.upto = {{"E", 2}, {"W", 2}};
  } else if (name == "water buffalo") {
    m.runs = words("NE NW SE SW E W"), m.upto = {{"N", 2}, {"S", 2}};
  } else if (name == "great general") {
    m.runs = words(kAll), m.general = 3;
  } else if (name == "vice general") {
    m.runs = words(kDiag), m.general = 2, m.area = 3;
  } else if (name == "rook general") {
    m.runs = words(kOrth), m.general = 1;
  } else if (name == "bishop general") {
    m.runs = words(kDiag), m.general = 1;
  } else if (name == "fire demon") {
    // Slides as a Free Boar (diagonals and sideways; as a Flying Ox, diagonals and vertically,
    // under the switch), moves as an area mover of three steps, and burns.
    m.runs = words(b.fire_demon_vertical ? "NE NW SE SW N S" : "NE NW SE SW E W"), m.area = 3;
    m.burns = true;
  } else if (name == "heavenly tetrarchs") {
    m.skis = {{"N", 0}, {"S", 0}, {"NE", 0}, {"NW", 0}, {"SE", 0}, {"SW", 0}, {"E", 3}, {"W", 3}};
    m.igui_all = true;
  } else {
    throw std::logic_error("reference: no moves for " + name);
  }
  return m;
}

// The rank of a piece for the range-jumping generals: the royals above the Great General above
// the Vice General above the Rook and Bishop Generals above everything else.
int rank_of(const Piece& p) {
  if (p.name == "king" || p.name == "crown prince") return 4;
  if (p.name == "great general") return 3;
  if (p.name == "vice general") return 2;
  if (p.name == "rook general" || p.name == "bishop general") return 1;
  return 0;
}

bool is_royal(const Piece& p) { return p.name == "king" || p.name == "crown prince"; }

const std::map<std::string, std::string> kTokens = {
    {"K", "king"},
    {"E", "drunk elephant"},
    {"Q!", "great general"},
    {"V!", "vice general"},
    {"R!", "rook general"},
    {"B!", "bishop general"},
    {"D!", "fire demon"},
    {"H!", "lion hawk"},
    {"Q'", "free eagle"},
    {"Q", "free king"},
    {"N", "lion"},
    {"O", "kirin"},
    {"X", "phoenix"},
    {"E!", "soaring eagle"},
    {"F!", "horned falcon"},
    {"W!", "water buffalo"},
    {"C!", "chariot soldier"},
    {"S'", "side soldier"},
    {"V'", "vertical soldier"},
    {"D", "dragon king"},
    {"H", "dragon horse"},
    {"R", "rook"},
    {"B", "bishop"},
    {"V", "vertical mover"},
    {"M", "side mover"},
    {"A", "reverse chariot"},
    {"T", "blind tiger"},
    {"F", "ferocious leopard"},
    {"G", "gold"},
    {"S", "silver"},
    {"C", "copper"},
    {"I'", "iron"},
    {"N'", "knight"},
    {"L", "lance"},
    {"D'", "dog"},
    {"P", "pawn"},
};
const std::map<std::string, std::string> kPromotesTo = {
    {"drunk elephant", "crown prince"},
    {"rook general", "great general"},
    {"bishop general", "vice general"},
    {"free king", "free eagle"},
    {"lion", "lion hawk"},
    {"kirin", "lion"},
    {"phoenix", "free king"},
    {"soaring eagle", "rook general"},
    {"horned falcon", "bishop general"},
    {"water buffalo", "fire demon"},
    {"chariot soldier", "heavenly tetrarchs"},
    {"side soldier", "water buffalo"},
    {"vertical soldier", "chariot soldier"},
    {"dragon king", "soaring eagle"},
    {"dragon horse", "horned falcon"},
    {"rook", "dragon king"},
    {"bishop", "dragon horse"},
    {"vertical mover", "flying ox"},
    {"side mover", "free boar"},
    {"reverse chariot", "whale"},
    {"blind tiger", "flying stag"},
    {"ferocious leopard", "bishop"},
    {"gold", "rook"},
    {"silver", "vertical mover"},
    {"copper", "side mover"},
    {"iron", "vertical soldier"},
    {"knight", "side soldier"},
    {"lance", "white horse"},
    {"dog", "multi general"},
    {"pawn", "tokin"},
};

bool inside(int r, int c) { return r >= 0 && r < kSize && c >= 0 && c < kSize; }

std::string square_text(int r, int c) {
  return std::to_string(kSize - c) + static_cast<char>('a' + r);
}

struct RMove {
  int r0, c0, rm = -1, cm = -1, r1, c1;
  bool promote = false;
};

std::string text_of(const RMove& m) {
  std::string s = square_text(m.r0, m.c0);
  if (m.rm >= 0) s += square_text(m.rm, m.cm);
  s += square_text(m.r1, m.c1);
  if (m.promote) s += "+";
  return s;
}

using MoveMap = std::map<std::string, RMove>;

bool in_zone(int owner, int r) { return owner > 0 ? r < kZone : r >= kSize - kZone; }

// Adds a move (and its promoting twin where the promotion rule allows one). The map keeps one
// move per text: a square reached by two kinds of move is one move.
void add(MoveMap& out, const Board& b, RMove m, bool captured) {
  const Piece& p = b.sq[m.r0][m.c0];
  if (p.promoted || !kPromotesTo.count(p.name)) {
    out.emplace(text_of(m), m);
    return;
  }
  const bool zf = in_zone(p.owner, m.r0), zt = in_zone(p.owner, m.r1);
  const int from_far = p.owner > 0 ? m.r1 : kSize - 1 - m.r1;  // 0 = the last rank
  const bool stuck_one = p.name == "pawn" || p.name == "lance" || p.name == "iron";
  const bool last = (stuck_one && from_far == 0) || (p.name == "knight" && from_far <= 1);
  if (!(last && b.forced_promotion)) out.emplace(text_of(m), m);
  if ((!zf && zt) || (captured && (zf || zt)) || last) {
    m.promote = true;
    out.emplace(text_of(m), m);
  }
}

// One-leg move to (r, c) if it is on the board and not the mover's own piece.
void add_to(MoveMap& out, const Board& b, int r0, int c0, int r, int c) {
  if (!inside(r, c) || b.sq[r][c].owner == b.sq[r0][c0].owner) return;
  add(out, b, RMove{r0, c0, -1, -1, r, c, false}, b.sq[r][c].owner != 0);
}

// A two-leg move (r0,c0) -> (rm,cm) -> (r1,c1); (r1,c1) may be the start square.
void add_two_legs(MoveMap& out, const Board& b, int r0, int c0, int rm, int cm, int r1, int c1) {
  if (!inside(rm, cm) || !inside(r1, c1)) return;
  const int me = b.sq[r0][c0].owner;
  const Piece& first = b.sq[rm][cm];
  if (first.owner == me) return;
  const bool back = r1 == r0 && c1 == c0;
  if (!back && b.sq[r1][c1].owner == me) return;
  add(out, b, RMove{r0, c0, rm, cm, r1, c1, false},
      first.owner == -me || (!back && b.sq[r1][c1].owner == -me));
}

// Depth-first over the paths of up to `left` king steps from (r, c): every square reached is a
// destination; the walk goes on only from empty squares.
void area_walk(MoveMap& out, const Board& b, int r0, int c0, int r, int c, int left) {
  if (left == 0) return;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int rr = r + dr, cc = c + dc;
      if ((!dr && !dc) || !inside(rr, cc) || (rr == r0 && cc == c0)) continue;
      const Piece& there = b.sq[rr][cc];
      if (there.owner == b.sq[r0][c0].owner) continue;
      add_to(out, b, r0, c0, rr, cc);
      if (there.owner == 0) area_walk(out, b, r0, c0, rr, cc, left - 1);
    }
  }
}

// The moves of the piece on (r, c), for its owner.
void piece_moves(MoveMap& out, const Board& b, int r, int c) {
  const Piece& p = b.sq[r][c];
  const int f = p.owner;  // Black's "N" is up the diagram; White's is down
  const Moves m = moves_of(p.name, b);
  for (const auto& name : m.steps) {
    const Dir d = kCompass.at(name);
    add_to(out, b, r, c, r + f * d.dr, c + f * d.dc);
  }
  for (const Dir d : m.jumps) add_to(out, b, r, c, r + f * d.dr, c + f * d.dc);
  std::vector<std::pair<std::string, int>> limited = m.upto;
  for (const auto& name : m.runs) limited.push_back({name, kSize});
  for (const auto& [name, n] : limited) {
    const Dir d = kCompass.at(name);
    for (int k = 1; k <= n; ++k) {
      const int rr = r + f * d.dr * k, cc = c + f * d.dc * k;
      if (!inside(rr, cc) || b.sq[rr][cc].owner == p.owner) break;
      add_to(out, b, r, c, rr, cc);
      if (b.sq[rr][cc].owner != 0) break;
    }
  }
  if (m.general > 0) {
    // Along its runs, a general captures beyond any pieces of lower rank than its own.
    for (const auto& name : m.runs) {
      const Dir d = kCompass.at(name);
      int jumped = 0;
      for (int k = 1;; ++k) {
        const int rr = r + f * d.dr * k, cc = c + f * d.dc * k;
        if (!inside(rr, cc)) break;
        const Piece& there = b.sq[rr][cc];
        if (there.owner == 0) continue;
        if (there.owner == -p.owner && jumped > 0) {
          const bool ok = b.victim == Victim::Any ||
                          (b.victim == Victim::NoRoyal && !is_royal(there)) ||
                          (b.victim == Victim::Lower && rank_of(there) < m.general);
          if (ok) add_to(out, b, r, c, rr, cc);
        }
        if (rank_of(there) >= m.general) break;
        ++jumped;
      }
    }
  }
  for (const auto& [name, n] : m.skis) {
    const Dir d = kCompass.at(name);
    for (int k = 2; n == 0 || k <= n; ++k) {
      const int rr = r + f * d.dr * k, cc = c + f * d.dc * k;
      if (!inside(rr, cc) || b.sq[rr][cc].owner == p.owner) break;
      add_to(out, b, r, c, rr, cc);
      if (b.sq[rr][cc].owner != 0) break;
    }
  }
  if (m.igui_all) {
    for (const auto& name : words(kAll)) {
      const Dir d = kCompass.at(name);
      const int rr = r + d.dr, cc = c + d.dc;
      if (inside(rr, cc) && b.sq[rr][cc].owner == -p.owner)
        add(out, b, RMove{r, c, rr, cc, r, c, false}, true);
    }
  }
  if (m.area > 0) area_walk(out, b, r, c, r, c, m.area);
  if (m.lion) {
    for (int dr = -2; dr <= 2; ++dr)
      for (int dc = -2; dc <= 2; ++dc)
        if (dr || dc) add_to(out, b, r, c, r + dr, c + dc);
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        for (int er = -1; er <= 1; ++er)
          for (int ec = -1; ec <= 1; ++ec)
            if ((dr || dc) && (er || ec))
              add_two_legs(out, b, r, c, r + dr, c + dc, r + dr + er, c + dc + ec);
  }
  for (const auto& name : m.lion_lines) {
    const Dir d = kCompass.at(name);
    const int rm = r + f * d.dr, cm = c + f * d.dc;
    add_to(out, b, r, c, rm, cm);
    add_to(out, b, r, c, rm + f * d.dr, cm + f * d.dc);
    add_two_legs(out, b, r, c, rm, cm, rm + f * d.dr, cm + f * d.dc);
    add_two_legs(out, b, r, c, rm, cm, r, c);
  }
}

MoveMap pseudo_moves(const Board& b, int side) {
  MoveMap out;
  for (int r = 0; r < kSize; ++r)
    for (int c = 0; c < kSize; ++c)
      if (b.sq[r][c].owner == side) piece_moves(out, b, r, c);
  return out;
}

bool burns(const Piece& p) { return p.name == "fire demon"; }

// The board after the move of the piece on (m.r0, m.c0), whoever owns it.
Board apply(const Board& b, const RMove& m) {
  Board n = b;
  Piece mover = b.sq[m.r0][m.c0];
  const int me = mover.owner;
  if (m.promote) {
    mover.name = kPromotesTo.at(mover.name);
    mover.promoted = true;
  }
  n.sq[m.r0][m.c0] = Piece{};
  if (m.rm >= 0) n.sq[m.rm][m.cm] = Piece{};
  n.sq[m.r1][m.c1] = mover;
  // A piece that ends its move next to an enemy Fire Demon burns (and a Fire Demon so placed
  // burns nothing); else a Fire Demon that has moved burns every enemy next to it.
  bool burnt = false;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const int rr = m.r1 + dr, cc = m.c1 + dc;
      if ((dr || dc) && inside(rr, cc) && n.sq[rr][cc].owner == -me && burns(n.sq[rr][cc]))
        burnt = true;
    }
  if (burnt && b.passive_burn) {
    n.sq[m.r1][m.c1] = Piece{};
  } else if (burns(mover)) {
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int rr = m.r1 + dr, cc = m.c1 + dc;
        if ((dr || dc) && inside(rr, cc) && n.sq[rr][cc].owner == -me) n.sq[rr][cc] = Piece{};
      }
  }
  n.to_move = -b.to_move;
  return n;
}

std::vector<std::pair<int, int>> royals(const Board& b, int side) {
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < kSize; ++r)
    for (int c = 0; c < kSize; ++c)
      if (b.sq[r][c].owner == side && is_royal(b.sq[r][c])) out.push_back({r, c});
  return out;
}

// Could some move of `by` take or burn the piece on (kr, kc)?
bool attacked_by(const Board& b, int kr, int kc, int by) {
  const int owner = b.sq[kr][kc].owner;
  for (const auto& [text, reply] : pseudo_moves(b, by)) {
    // A reply takes the piece on its last or first leg, or burns it: it ends next to the piece
    // as a Fire Demon (or promotes to one). Only those are played out.
    if (reply.r1 == kr && reply.c1 == kc) return true;
    if (reply.rm == kr && reply.cm == kc) return true;
    const Piece& p = b.sq[reply.r0][reply.c0];
    const bool demon = burns(p) || (reply.promote && kPromotesTo.at(p.name) == "fire demon");
    if (demon && std::abs(reply.r1 - kr) <= 1 && std::abs(reply.c1 - kc) <= 1 &&
        apply(b, reply).sq[kr][kc].owner != owner)
      return true;
  }
  return false;
}

// The pseudo-royal rule: the mover may not lose its last royal, nor leave its only royal where
// some move of the opponent would take or burn it.
bool legal(const Board& before, const Board& after) {
  if (before.capture_rule) return true;
  const int me = before.to_move;
  const auto mine = royals(after, me);
  if (mine.empty()) return royals(before, me).empty();
  if (mine.size() != 1) return true;
  const auto [kr, kc] = mine[0];
  return !attacked_by(after, kr, kc, -me);
}

// Is a royal of `side` attacked (could a move of the other side take or burn it)?
bool royal_in_check(const Board& b, int side) {
  for (const auto& [r, c] : royals(b, side))
    if (attacked_by(b, r, c, -side)) return true;
  return false;
}

std::string board_key(const Board& b) {
  std::string k(1, b.to_move > 0 ? 'b' : 'w');
  for (int r = 0; r < kSize; ++r)
    for (int c = 0; c < kSize; ++c) {
      const Piece& p = b.sq[r][c];
      if (p.owner == 0) continue;
      k += std::to_string(r * kSize + c) + (p.owner > 0 ? "+" : "-") + p.name + ";";
    }
  return k;
}

// The reference's rules for the shared brute-force search (reference_mate.h).
struct MateRules {
  static auto moves(const Board& b) { return pseudo_moves(b, b.to_move); }
  static Board apply(const Board& b, const MoveMap::value_type& m) {
    return tsume::test::tenjiku_reference::apply(b, m.second);
  }
  static bool legal(const Board& b, const Board& n) {
    return tsume::test::tenjiku_reference::legal(b, n);
  }
  static bool checked(const Board& b, int side) { return royal_in_check(b, side); }
  static std::string key(const Board& b) { return board_key(b); }
  static std::string text(const Board& b, const MoveMap::value_type& m) {
    (void)b;
    return m.first;
  }
};
using Brute = BruteMate<MateRules, Board>;

}  // namespace

Board read_sfen(std::string_view sfen) {
  Board b;
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
      if (i + 1 < sfen.size() && (sfen[i + 1] == '\'' || sfen[i + 1] == '!')) token += sfen[++i];
      Piece p;
      p.owner = std::isupper(static_cast<unsigned char>(letter)) ? 1 : -1;
      p.name = kTokens.at(token);
      if (promoted) p.name = kPromotesTo.at(p.name), p.promoted = true;
      if (r >= kSize || c >= kSize) throw std::invalid_argument("reference: board too large");
      b.sq[r][c++] = p;
    }
  }
  if (r != kSize - 1) throw std::invalid_argument("reference: 16 ranks");
  ++i;
  b.to_move = sfen.at(i) == 'b' ? 1 : -1;
  return b;
}

std::vector<std::string> legal_moves(const Board& board) {
  std::vector<std::string> out;
  for (const auto& [text, m] : pseudo_moves(board, board.to_move))
    if (legal(board, apply(board, m))) out.push_back(text);
  return out;
}

Board play(const Board& board, const std::string& move) {
  const MoveMap moves = pseudo_moves(board, board.to_move);
  const auto it = moves.find(move);
  if (it == moves.end()) throw std::invalid_argument("reference: no move " + move);
  return apply(board, it->second);
}

bool in_check(const Board& board, int side) { return royal_in_check(board, side); }

std::vector<std::string> checking_moves(const Board& board) { return Brute::checking_moves(board); }

MateAnswer shortest_mate(const Board& board, int max_plies) {
  auto [length, first_moves] = Brute().shortest_mate(board, max_plies);
  return MateAnswer{length, std::move(first_moves)};
}

std::uint64_t perft(const Board& board, int depth) {
  std::uint64_t n = 0;
  for (const auto& [text, m] : pseudo_moves(board, board.to_move)) {
    const Board next = apply(board, m);
    if (!legal(board, next)) continue;
    n += depth <= 1 ? 1 : perft(next, depth - 1);
  }
  return n;
}

}  // namespace tsume::test::tenjiku_reference
