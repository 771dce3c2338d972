#include "solver/large/game.h"

#include <algorithm>
#include <cctype>

namespace tsume::large {

namespace {

[[noreturn]] void bad(std::string_view text, std::string_view why) {
  throw std::invalid_argument("bad move notation '" + std::string(text) + "': " + std::string(why));
}

// The modifiers written before one atom.
struct Modifiers {
  int f = 0, b = 0, l = 0, r = 0;
  bool any() const { return f + b + l + r > 0; }
};

// Orthogonal unit directions the modifiers select (all four without modifiers).
std::vector<Offset> orthogonal(const Modifiers& m) {
  std::vector<Offset> out;
  const bool all = !m.any();
  if (all || m.f) out.push_back({0, 1});
  if (all || m.b) out.push_back({0, -1});
  if (all || m.l) out.push_back({-1, 0});
  if (all || m.r) out.push_back({1, 0});
  return out;
}

// Diagonal unit directions: the forward/backward halves times the left/right halves the
// modifiers select (a missing half means both).
std::vector<Offset> diagonal(const Modifiers& m, std::string_view text) {
  if (m.f && m.b && m.l && m.r) bad(text, "'s' or 'v' on a diagonal atom");
  std::vector<Offset> out;
  const bool any_v = m.f || m.b;
  const bool any_h = m.l || m.r;
  for (const int df : {1, -1}) {
    if (any_v && !(df > 0 ? m.f : m.b)) continue;
    for (const int dx : {-1, 1}) {
      if (any_h && !(dx < 0 ? m.l : m.r)) continue;
      out.push_back({static_cast<std::int8_t>(dx), static_cast<std::int8_t>(df)});
    }
  }
  return out;
}

void add_slide(Movement& mv, Offset dir, std::uint8_t range) {
  for (auto& s : mv.slides) {
    if (s.dir == dir) {
      s.range = std::max(s.range, range);
      return;
    }
  }
  mv.slides.push_back({dir, range});
}

void add_leap(Movement& mv, Offset to) {
  if (std::find(mv.leaps.begin(), mv.leaps.end(), to) == mv.leaps.end()) mv.leaps.push_back(to);
}

Offset times(Offset d, int k) {
  return {static_cast<std::int8_t>(d.dx * k), static_cast<std::int8_t>(d.df * k)};
}

}  // namespace

Movement parse_betza(std::string_view text) {
  Movement mv;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    Modifiers m;
    bool sv = false;
    bool ski = false;
    while (i < text.size() && std::islower(static_cast<unsigned char>(text[i]))) {
      switch (text[i]) {
      case 'f':
        ++m.f;
        break;
      case 'b':
        ++m.b;
        break;
      case 'l':
        ++m.l;
        break;
      case 'r':
        ++m.r;
        break;
      case 's':
        ++m.l, ++m.r, sv = true;
        break;
      case 'v':
        ++m.f, ++m.b, sv = true;
        break;
      case 'j':
        ski = true;
        break;
      default:
        bad(text, "unknown modifier");
      }
      ++i;
    }
    if (i >= text.size()) bad(text, "modifiers without an atom");
    const char atom = text[i++];
    int range = 0;
    bool lion_line = false;
    char line_kind = 0;
    if (atom == 'L' && i < text.size() && (text[i] == 'W' || text[i] == 'F')) {
      lion_line = true;
      line_kind = text[i++];
    }
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      range = range * 10 + (text[i++] - '0');
      if (range > kMaxSide) bad(text, "range too large");
    }
    const bool ranged = range > 0;
    const auto slide_range = [&](bool rider) -> std::uint8_t {
      if (ranged) return static_cast<std::uint8_t>(range);
      return rider ? Movement::kUnlimited : 1;
    };
    if (ski) {
      if (atom != 'R' && atom != 'B') bad(text, "'j' on an atom other than R or B");
      if (ranged && range < 2) bad(text, "a ski slide of range below 2");
      if (atom == 'B' && sv) bad(text, "'s' or 'v' on a diagonal atom");
      const std::uint8_t r = slide_range(true);
      for (const Offset d : atom == 'R' ? orthogonal(m) : diagonal(m, text))
        mv.skis.push_back({d, r});
      continue;
    }
    if (lion_line) {
      if (ranged) bad(text, "a range on a Lion line");
      const auto dirs = line_kind == 'W' ? orthogonal(m) : diagonal(m, text);
      for (const Offset d : dirs) {
        add_slide(mv, d, 1);
        add_leap(mv, times(d, 2));
        mv.lion_lines.push_back(d);
      }
      continue;
    }
    switch (atom) {
    case 'W':
    case 'R':
      for (const Offset d : orthogonal(m)) add_slide(mv, d, slide_range(atom == 'R'));
      break;
    case 'F':
    case 'B':
      if (sv) bad(text, "'s' or 'v' on a diagonal atom");
      for (const Offset d : diagonal(m, text)) add_slide(mv, d, slide_range(atom == 'B'));
      break;
    case 'K':
    case 'Q':
      if (m.any()) bad(text, "modifiers on K or Q (write the W and F parts)");
      for (const Offset d : orthogonal(m)) add_slide(mv, d, slide_range(atom == 'Q'));
      for (const Offset d : diagonal(m, text)) add_slide(mv, d, slide_range(atom == 'Q'));
      break;
    case 'D':
    case 'A':
      if (ranged) bad(text, "a range on a leap");
      for (const Offset d : atom == 'D' ? orthogonal(m) : diagonal(m, text))
        add_leap(mv, times(d, 2));
      break;
    case 'N': {
      if (ranged || sv || m.l || m.r) bad(text, "unsupported modifiers on N");
      for (const int dx : {-2, -1, 1, 2}) {
        for (const int sign : {1, -1}) {
          const int df = sign * (3 - std::abs(dx));
          if (m.f && (df < 0 || (m.f > 1 && df != 2))) continue;
          if (m.b && (df > 0 || (m.b > 1 && df != -2))) continue;
          add_leap(mv, {static_cast<std::int8_t>(dx), static_cast<std::int8_t>(df)});
        }
      }
      break;
    }
    case 'L':
      if (ranged || m.any()) bad(text, "modifiers or a range on L");
      mv.lion = true;
      break;
    case 'Z':
      if (!ranged || m.any()) bad(text, "Z needs a number of steps and takes no modifiers");
      mv.area = std::max(mv.area, range);
      break;
    case 'I':
      if (ranged || m.any()) bad(text, "modifiers or a range on I");
      for (const Offset d : orthogonal(m)) mv.igui.push_back(d);
      for (const Offset d : diagonal(m, text)) mv.igui.push_back(d);
      break;
    default:
      bad(text, "unknown atom");
    }
  }
  return mv;
}

int GameTable::kind_of(std::string_view token) const {
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].token == token) return static_cast<int>(k);
  return -1;
}

std::optional<Game> parse_game(std::string_view name) {
  if (name == "chu") return Game::Chu;
  if (name == "dai") return Game::Dai;
  if (name == "tenjiku") return Game::Tenjiku;
  return std::nullopt;
}

std::string_view game_name(Game game) {
  switch (game) {
  case Game::Chu:
    return "chu";
  case Game::Dai:
    return "dai";
  case Game::Tenjiku:
    return "tenjiku";
  }
  return "?";
}

namespace {

// One row of a game's table as written below: the promoted kind is named by its token.
struct Row {
  const char* name;
  const char* token;
  const char* betza;
  const char* promotes_to;  // token, or "" for none
  enum Flag : unsigned {
    kNone = 0,
    kRoyal = 1,
    kLion = 2,
    kCheap = 4,
    kLastRank = 8,
    kLastTwoRanks = 16,
    kBurns = 32
  };
  unsigned flags = kNone;
  int rank = 0;          // tenjiku's range-jumping rank (PieceKind::rank)
  const char* alt = "";  // PieceKind::alt_betza
  Reading reading = Reading::None;
};

// Chu shogi (中将棋), 12x12, the lishogi letters (docs/large-board.md gives the sources: the
// survey ../shared/VARIANTS.md, Wikipedia "Chu shogi", lishogi's chushogi rules).
constexpr Row kChuRows[] = {
    {"King", "K", "K", "", Row::kRoyal},
    {"Drunk Elephant", "E", "FsfW", "+E"},
    {"Gold General", "G", "WfF", "+G"},
    {"Silver General", "S", "FfW", "+S"},
    {"Copper General", "C", "vWfF", "+C"},
    {"Ferocious Leopard", "F", "FvW", "+F"},
    {"Lance", "L", "fR", "+L", Row::kLastRank},
    {"Reverse Chariot", "A", "vR", "+A"},
    {"Bishop", "B", "B", "+B"},
    {"Blind Tiger", "T", "FsbW", "+T"},
    {"Phoenix", "X", "WA", "+X"},
    {"Kirin", "O", "FD", "+O"},
    {"Side Mover", "M", "sRvW", "+M"},
    {"Vertical Mover", "V", "vRsW", "+V"},
    {"Rook", "R", "R", "+R"},
    {"Dragon Horse", "H", "BW", "+H"},
    {"Dragon King", "D", "RF", "+D"},
    {"Free King", "Q", "Q", ""},
    {"Lion", "N", "L", "", Row::kLion},
    {"Pawn", "P", "fW", "+P", Row::kCheap | Row::kLastRank},
    {"Go-Between", "I", "vW", "+I", Row::kCheap},
    // Promoted kinds.
    {"Crown Prince", "+E", "K", "", Row::kRoyal},
    {"Rook (promoted Gold)", "+G", "R", ""},
    {"Vertical Mover (promoted Silver)", "+S", "vRsW", ""},
    {"Side Mover (promoted Copper)", "+C", "sRvW", ""},
    {"Bishop (promoted Leopard)", "+F", "B", ""},
    {"White Horse", "+L", "vRfB", ""},
    {"Whale", "+A", "vRbB", ""},
    {"Dragon Horse (promoted Bishop)", "+B", "BW", ""},
    {"Flying Stag", "+T", "vRK", ""},
    {"Free King (promoted Phoenix)", "+X", "Q", ""},
    {"Lion (promoted Kirin)", "+O", "L", "", Row::kLion},
    {"Free Boar", "+M", "BsR", ""},
    {"Flying Ox", "+V", "BvR", ""},
    {"Dragon King (promoted Rook)", "+R", "RF", ""},
    {"Horned Falcon", "+H", "BsbRfLW", ""},
    {"Soaring Eagle", "+D", "RbBfLF", ""},
    {"Tokin", "+P", "WfF", ""},
    {"Drunk Elephant (promoted Go-Between)", "+I", "FsfW", ""},
};

// Dai shogi (大将棋), 15x15: chu's kinds with the same letters, plus eight kinds that all promote
// to Gold (../shared/VARIANTS.md section 2: HaChu's daiPieces, ShogiVar's vardai.scm and mShogi
// agree on every move). Their tokens are HaChu's dressed letters, except Knight and Iron, whose
// HaChu letters N and I are the Lion and the Go-Between in lishogi's chu letters: N' and I'.
constexpr Row kDaiExtraRows[] = {
    {"Stone General", "U", "fF", "+U", Row::kLastRank},
    {"Iron General", "I'", "fWfF", "+I'", Row::kLastRank},
    {"Knight", "N'", "ffN", "+N'", Row::kLastTwoRanks},
    {"Violent Ox", "X'", "W2", "+X'"},
    {"Flying Dragon", "F'", "F2", "+F'"},
    {"Evil Wolf", "W", "fsWfF", "+W"},
    {"Angry Boar", "A'", "W", "+A'"},
    {"Cat Sword", "C'", "F", "+C'"},
    {"Gold (promoted Stone)", "+U", "WfF", ""},
    {"Gold (promoted Iron)", "+I'", "WfF", ""},
    {"Gold (promoted Knight)", "+N'", "WfF", ""},
    {"Gold (promoted Violent Ox)", "+X'", "WfF", ""},
    {"Gold (promoted Flying Dragon)", "+F'", "WfF", ""},
    {"Gold (promoted Evil Wolf)", "+W", "WfF", ""},
    {"Gold (promoted Angry Boar)", "+A'", "WfF", ""},
    {"Gold (promoted Cat Sword)", "+C'", "WfF", ""},
};

std::vector<Row> dai_rows() {
  std::vector<Row> rows(std::begin(kChuRows), std::end(kChuRows));
  rows.insert(rows.end(), std::begin(kDaiExtraRows), std::end(kDaiExtraRows));
  return rows;
}
const std::vector<Row> kDaiRowsVector = dai_rows();

// Tenjiku shogi (天竺将棋), 16x16: the consensus rules of ../shared/VARIANTS.md section 3
// (Wikipedia, H. G. Muller, Ludii, the Jocly-style model); the disputed points and their
// defaults are in docs/large-board.md. Tokens: chu's letters for chu's kinds, dai's N' and I' for
// the Knight and the Iron General, HaChu's dressed letters (tenIDs) for the new kinds.
constexpr Row kTenjikuRows[] = {
    {"King", "K", "K", "", Row::kRoyal, 4},
    {"Drunk Elephant", "E", "FsfW", "+E"},
    {"Great General", "Q!", "Q", "", Row::kNone, 3},
    {"Vice General", "V!", "BZ3", "", Row::kNone, 2},
    {"Rook General", "R!", "R", "+R!", Row::kNone, 1},
    {"Bishop General", "B!", "B", "+B!", Row::kNone, 1},
    {"Fire Demon", "D!", "BsRZ3", "", Row::kBurns, 0, "BvRZ3", Reading::FireDemonVertical},
    {"Lion Hawk", "H!", "BL", "", Row::kNone, 0, "BZ2", Reading::LionHawkArea},
    {"Free Eagle", "Q'", "QDALF", "", Row::kNone, 0, "QD", Reading::FreeEagleOrthogonal},
    {"Free King", "Q", "Q", "+Q"},
    {"Lion", "N", "L", "+N", Row::kLion},
    {"Kirin", "O", "FD", "+O"},
    {"Phoenix", "X", "WA", "+X"},
    {"Soaring Eagle", "E!", "RbBfLF", "+E!"},
    {"Horned Falcon", "F!", "BsbRfLW", "+F!"},
    {"Water Buffalo", "W!", "BsRvR2", "+W!"},
    {"Chariot Soldier", "C!", "BvRsR2", "+C!"},
    {"Side Soldier", "S'", "sRfR2bW", "+S'"},
    {"Vertical Soldier", "V'", "fRsR2bW", "+V'"},
    {"Dragon King", "D", "RF", "+D"},
    {"Dragon Horse", "H", "BW", "+H"},
    {"Rook", "R", "R", "+R"},
    {"Bishop", "B", "B", "+B"},
    {"Vertical Mover", "V", "vRsW", "+V"},
    {"Side Mover", "M", "sRvW", "+M"},
    {"Reverse Chariot", "A", "vR", "+A"},
    {"Blind Tiger", "T", "FsbW", "+T"},
    {"Ferocious Leopard", "F", "FvW", "+F"},
    {"Gold General", "G", "WfF", "+G"},
    {"Silver General", "S", "FfW", "+S"},
    {"Copper General", "C", "vWfF", "+C"},
    {"Iron General", "I'", "fWfF", "+I'", Row::kLastRank},
    {"Knight", "N'", "ffN", "+N'", Row::kLastTwoRanks},
    {"Lance", "L", "fR", "+L", Row::kLastRank},
    {"Dog", "D'", "fWbF", "+D'"},
    {"Pawn", "P", "fW", "+P", Row::kCheap | Row::kLastRank},
    // Promoted kinds.
    {"Crown Prince", "+E", "K", "", Row::kRoyal, 4},
    {"Great General (promoted Rook General)", "+R!", "Q", "", Row::kNone, 3},
    {"Vice General (promoted Bishop General)", "+B!", "BZ3", "", Row::kNone, 2},
    {"Lion Hawk (promoted Lion)", "+N", "BL", "", Row::kNone, 0, "BZ2", Reading::LionHawkArea},
    {"Free Eagle (promoted Free King)", "+Q", "QDALF", "", Row::kNone, 0, "QD",
     Reading::FreeEagleOrthogonal},
    {"Lion (promoted Kirin)", "+O", "L", "", Row::kLion},
    {"Free King (promoted Phoenix)", "+X", "Q", ""},
    {"Rook General (promoted Soaring Eagle)", "+E!", "R", "", Row::kNone, 1},
    {"Bishop General (promoted Horned Falcon)", "+F!", "B", "", Row::kNone, 1},
    {"Fire Demon (promoted Water Buffalo)", "+W!", "BsRZ3", "", Row::kBurns, 0, "BvRZ3",
     Reading::FireDemonVertical},
    {"Heavenly Tetrarchs", "+C!", "jvRjBjsR3I", "", Row::kNone, 0, "BvRsR2",
     Reading::TetrarchsChariot},
    {"Water Buffalo (promoted Side Soldier)", "+S'", "BsRvR2", ""},
    {"Chariot Soldier (promoted Vertical Soldier)", "+V'", "BvRsR2", ""},
    {"Soaring Eagle (promoted Dragon King)", "+D", "RbBfLF", ""},
    {"Horned Falcon (promoted Dragon Horse)", "+H", "BsbRfLW", ""},
    {"Dragon King (promoted Rook)", "+R", "RF", ""},
    {"Dragon Horse (promoted Bishop)", "+B", "BW", ""},
    {"Flying Ox", "+V", "BvR", ""},
    {"Free Boar", "+M", "BsR", ""},
    {"Whale", "+A", "vRbB", ""},
    {"Flying Stag", "+T", "vRK", ""},
    {"Bishop (promoted Leopard)", "+F", "B", ""},
    {"Rook (promoted Gold)", "+G", "R", ""},
    {"Vertical Mover (promoted Silver)", "+S", "vRsW", ""},
    {"Side Mover (promoted Copper)", "+C", "sRvW", ""},
    {"Vertical Soldier (promoted Iron)", "+I'", "fRsR2bW", ""},
    {"Side Soldier (promoted Knight)", "+N'", "sRfR2bW", ""},
    {"White Horse", "+L", "vRfB", ""},
    {"Multi General", "+D'", "fRbB", ""},
    {"Tokin", "+P", "WfF", ""},
};

GameTable build(Game game, std::string name, int files, int ranks, int zone, const Row* rows,
                std::size_t count, std::string start) {
  GameTable t;
  t.game = game;
  t.name = std::move(name);
  t.files = files;
  t.ranks = ranks;
  t.zone = zone;
  t.start_sfen = std::move(start);
  for (std::size_t i = 0; i < count; ++i) {
    const Row& r = rows[i];
    PieceKind k;
    k.name = r.name;
    k.token = r.token;
    k.betza = r.betza;
    k.royal = (r.flags & Row::kRoyal) != 0;
    k.is_lion = (r.flags & Row::kLion) != 0;
    k.cheap = (r.flags & Row::kCheap) != 0;
    k.stuck_ranks = (r.flags & Row::kLastTwoRanks) != 0 ? 2
                    : (r.flags & Row::kLastRank) != 0   ? 1
                                                        : 0;
    k.rank = r.rank;
    k.burns = (r.flags & Row::kBurns) != 0;
    k.movement = parse_betza(r.betza);
    k.alt_betza = r.alt;
    if (!k.alt_betza.empty()) k.alt_movement = parse_betza(k.alt_betza);
    k.alt_reading = r.reading;
    if (k.alt_betza.empty() != (k.alt_reading == Reading::None))
      throw std::logic_error("game table: a second reading needs its switch: " + k.name);
    t.kinds.push_back(std::move(k));
  }
  for (std::size_t i = 0; i < count; ++i) {
    const std::string_view target = rows[i].promotes_to;
    if (target.empty()) continue;
    const int k = t.kind_of(target);
    if (k < 0) throw std::logic_error("game table: unknown promotion " + std::string(target));
    t.kinds[i].promotes_to = k;
  }
  return t;
}

}  // namespace

const GameTable& game_table(Game game) {
  switch (game) {
  case Game::Chu: {
    static const GameTable chu =
        build(Game::Chu, "chu", 12, 12, 4, kChuRows, std::size(kChuRows),
              "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
              "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
    return chu;
  }
  case Game::Dai: {
    static const GameTable dai =
        build(Game::Dai, "dai", 15, 15, 5, kDaiRowsVector.data(), kDaiRowsVector.size(),
              "ln'ui'csgkgsci'un'l/a1c'1f1tet1f1c'1a/1x'1a'1wxnow1a'1x'1/rf'mvbhdqdhbvmf'r/"
              "ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/"
              "1X'1A'1WONXW1A'1X'1/A1C'1F1TET1F1C'1A/LN'UI'CSGKGSCI'UN'L b - 1");
    return dai;
  }
  case Game::Tenjiku: {
    static const GameTable tenjiku =
        build(Game::Tenjiku, "tenjiku", 16, 16, 5, kTenjikuRows, std::size(kTenjikuRows),
              "ln'fi'csgekgsci'fn'l/a1c!c!1txqnot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/"
              "mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/"
              "PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
              "A1C!C!1TONQXT1C!C!1A/LN'FI'CSGKEGSCI'FN'L b - 1");
    return tenjiku;
  }
  }
  throw std::logic_error("game_table: unknown game");
}

}  // namespace tsume::large
