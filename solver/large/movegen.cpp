#include "solver/large/movegen.h"

#include <array>
#include <cstdlib>

namespace tsume::large {

namespace {

// Offsets on the board for one kind and one side, derived from the kind's Movement.
struct KindMoves {
  struct Slide {
    int step;
    int range;
  };
  std::vector<Slide> slides;
  std::vector<int> leaps;
  std::vector<int> lion_lines;
  std::vector<Slide> skis;  // ski slides: from the second square on (tenjiku)
  std::vector<int> igui;
  int area = 0;
  bool lion = false;
  bool jumps = false;  // a range-jumping general: its unlimited slides may jump to capture
  // What reaches a target at (dx, dy) from the piece (attack detection): 0 nothing, kLeap
  // directly, kSlide along the unit direction (all squares in between must be empty). Where a
  // leap and a slide both reach a square, the leap counts.
  static constexpr int kSpan = 2 * kMaxSide - 1;
  static constexpr std::uint8_t kLeap = 1;
  static constexpr std::uint8_t kSlide = 2;
  static constexpr std::uint8_t kSki = 3;  // the squares after the first must be empty
  std::array<std::uint8_t, kSpan * kSpan> reach{};
  static int index(int dx, int dy) { return (dy + kMaxSide - 1) * kSpan + dx + kMaxSide - 1; }
};

struct Compiled {
  std::vector<std::array<KindMoves, 2>> kinds;  // [kind][side]
  std::vector<std::array<KindMoves, 2>> alt;    // [kind][side] from alt_betza, where it has one
  // The moves of a kind for a side under the position's rules.
  const KindMoves& of(const Position& pos, int kind, Side side) const {
    const int s = static_cast<int>(side);
    if (pos.rules().reads(pos.table().kinds[kind].alt_reading)) return alt[kind][s];
    return kinds[kind][s];
  }
};

int delta_of(Offset o, Side side) {
  // Black's forward is up the diagram (y decreasing); White's is down and its right is our left.
  const int dx = side == Side::Black ? o.dx : -o.dx;
  const int dy = side == Side::Black ? -o.df : o.df;
  return dy * kStride + dx;
}

std::pair<int, int> xy_of(Offset o, Side side) {
  return side == Side::Black ? std::pair{int{o.dx}, -int{o.df}} : std::pair{-int{o.dx}, int{o.df}};
}

KindMoves compile(const PieceKind& kind, Side side, bool alt = false) {
  KindMoves km;
  const Movement& mv = alt ? kind.alt_movement : kind.movement;
  const auto mark = [&](int dx, int dy, std::uint8_t how) {
    if (std::abs(dx) >= kMaxSide || std::abs(dy) >= kMaxSide) return;
    auto& r = km.reach[KindMoves::index(dx, dy)];
    if (r != KindMoves::kLeap) r = how;
  };
  for (const Offset leap : mv.leaps) {
    km.leaps.push_back(delta_of(leap, side));
    const auto [dx, dy] = xy_of(leap, side);
    mark(dx, dy, KindMoves::kLeap);
  }
  if (mv.lion) {
    km.lion = true;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (dx != 0 || dy != 0) mark(dx, dy, KindMoves::kLeap);
  }
  for (const auto& s : mv.slides) {
    const int range = s.range == Movement::kUnlimited ? kMaxSide - 1 : s.range;
    km.slides.push_back({delta_of(s.dir, side), range});
    const auto [ux, uy] = xy_of(s.dir, side);
    for (int k = 1; k <= range; ++k)
      mark(ux * k, uy * k, k == 1 ? KindMoves::kLeap : KindMoves::kSlide);
  }
  for (const Offset d : mv.lion_lines) km.lion_lines.push_back(delta_of(d, side));
  for (const auto& s : mv.skis) {
    const int range = s.range == Movement::kUnlimited ? kMaxSide - 1 : s.range;
    km.skis.push_back({delta_of(s.dir, side), range});
    const auto [ux, uy] = xy_of(s.dir, side);
    for (int k = 2; k <= range; ++k) mark(ux * k, uy * k, KindMoves::kSki);
  }
  for (const Offset d : mv.igui) {
    km.igui.push_back(delta_of(d, side));
    const auto [dx, dy] = xy_of(d, side);
    mark(dx, dy, KindMoves::kLeap);
  }
  km.area = mv.area;
  km.jumps = kind.rank > 0;
  return km;
}

Compiled compile_game(Game game) {
  Compiled c;
  for (const PieceKind& k : game_table(game).kinds) {
    c.kinds.push_back({compile(k, Side::Black), compile(k, Side::White)});
    c.alt.push_back({compile(k, Side::Black, true), compile(k, Side::White, true)});
  }
  return c;
}

// The offsets of every game, built once (thread-safe static initialisation).
const Compiled& compiled(Game game) {
  static const std::array<Compiled, kGameCount> all = {
      compile_game(Game::Chu), compile_game(Game::Dai), compile_game(Game::Tenjiku)};
  return all[static_cast<int>(game)];
}

int distance(Square a, Square b) {
  return std::max(std::abs(square_x(a) - square_x(b)), std::abs(square_y(a) - square_y(b)));
}

// Does the piece `c` on `from` attack `target`, on the board of `pos`?
bool reaches(const Position& pos, const Compiled& comp, Square from, Cell c, Square target) {
  const int dx = square_x(target) - square_x(from);
  const int dy = square_y(target) - square_y(from);
  if (std::abs(dx) >= kMaxSide || std::abs(dy) >= kMaxSide) return false;
  const KindMoves& km = comp.of(pos, cell_kind(c), cell_side(c));
  const std::uint8_t how = km.reach[KindMoves::index(dx, dy)];
  if (how == KindMoves::kLeap) return true;
  if (how != KindMoves::kSlide && how != KindMoves::kSki) return false;
  const int step = (dy > 0 ? 1 : dy < 0 ? -1 : 0) * kStride + (dx > 0 ? 1 : dx < 0 ? -1 : 0);
  const Square first = static_cast<Square>(how == KindMoves::kSki ? from + 2 * step : from + step);
  for (Square s = first; s != target; s = static_cast<Square>(s + step))
    if (pos.at(s) != kEmpty) return false;
  return true;
}

// Tenjiku: may a range-jumping general of rank `rank` take `victim` after jumping over at least
// one piece?
bool may_take_by_jump(const Position& pos, int rank, Cell victim) {
  const PieceKind& v = pos.table().kinds[cell_kind(victim)];
  switch (pos.rules().jump) {
  case JumpRule::Any:
    return true;
  case JumpRule::NoRoyal:
    return !v.royal;
  case JumpRule::Lower:
    return v.rank < rank;
  }
  return true;
}

// The squares an area move of up to `steps` king steps reaches from `from`: every square on a
// path of king steps whose squares before the last are empty (`from` itself excluded). `mark`
// is called once per square reached, whatever it holds.
template <typename Mark>
void area_squares(const Position& pos, Square from, int steps, Mark&& mark) {
  // Breadth first: `frontier` the empty squares reached by k steps, from which one more goes.
  std::array<Square, 64> frontier{};
  std::array<Square, 64> next{};
  std::array<std::uint8_t, kCells> seen{};
  int n = 0;
  frontier[n++] = from;
  seen[from] = 1;
  for (int k = 1; k <= steps && n > 0; ++k) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0) continue;
          const Square s = static_cast<Square>(frontier[i] + dy * kStride + dx);
          if (seen[s] || pos.at(s) == kOffBoard) continue;
          seen[s] = 1;
          mark(s);
          if (pos.at(s) == kEmpty && k < steps) next[m++] = s;
        }
      }
    }
    frontier = next;
    n = m;
  }
}

bool enemy_lion(const Position& pos, Square s, Side mover) {
  const Cell c = pos.at(s);
  return is_piece(c) && cell_side(c) != mover && pos.table().kinds[cell_kind(c)].is_lion;
}

class Generator {
public:
  Generator(const Position& pos, std::vector<Move>& out)
      : Generator(pos, out, pos.side_to_move()) {}
  // The moves `side` would have if it were to move.
  Generator(const Position& pos, std::vector<Move>& out, Side side)
      : pos_(pos), comp_(compiled(pos.game())), out_(out), side_(side) {}

  // The moves of the piece on `from` alone.
  void piece_at(Square from) { piece(from, pos_.at(from)); }

  void run() {
    const GameTable& t = pos_.table();
    for (int y = 0; y < t.ranks; ++y) {
      for (int x = 0; x < t.files; ++x) {
        const Square s = make_square(x, y);
        const Cell c = pos_.at(s);
        if (is_piece(c) && cell_side(c) == side_) piece(s, c);
      }
    }
  }

private:
  bool own(Cell c) const { return is_piece(c) && cell_side(c) == side_; }
  bool enemy(Cell c) const { return is_piece(c) && cell_side(c) != side_; }

  // May the mover capture on `target` (an enemy piece) under the Lion-trading rule? `mid` is the
  // first leg of a two-leg move (kNoSquare for one leg).
  bool may_capture(Square from, Square mid, Square target) const {
    if (pos_.rules().lion == LionRule::None || !enemy_lion(pos_, target, side_)) return true;
    if (!kind_->is_lion) {
      // Counter-strike: after a non-Lion took a Lion, a non-Lion may take a Lion only there.
      return pos_.last_lion_capture() == kNoSquare || target == pos_.last_lion_capture();
    }
    if (distance(from, target) <= 1) return true;
    const Cell mid_cell = mid == kNoSquare ? kEmpty : pos_.at(mid);
    if (enemy(mid_cell) && !pos_.table().kinds[cell_kind(mid_cell)].cheap) return true;
    // A Lion may not take a protected Lion two squares away. lishogi tests protection with the
    // mover and the first leg's square vacated, and still counts a piece taken on that square.
    Position bare = pos_;
    bare.put(from, kEmpty);
    if (mid != kNoSquare) bare.put(mid, kEmpty);
    if (attacked(bare, target, opposite(side_))) return false;
    if (enemy(mid_cell) && reaches(pos_, comp_, mid, mid_cell, target)) return false;
    return true;
  }

  void emit(Square from, Square mid, Square to, bool captured) {
    if (kind_->promotes_to < 0) {
      out_.push_back({from, mid, to, false});
      return;
    }
    const bool zone_from = pos_.in_zone(side_, from);
    const bool zone_to = pos_.in_zone(side_, to);
    const bool touches_zone = zone_from || zone_to;
    // Stuck: the piece could not move again from `to` (its last ranks lie inside the zone, so
    // both promotion rules let it promote there).
    const bool stuck = kind_->stuck_ranks > 0 && pos_.in_last_ranks(side_, to, kind_->stuck_ranks);
    const bool may_promote = pos_.rules().promotion == PromotionRule::Zone
                                 ? touches_zone
                                 : (!zone_from && zone_to) || (captured && touches_zone) || stuck;
    if (!(stuck && pos_.rules().forced_promotion)) out_.push_back({from, mid, to, false});
    if (may_promote) out_.push_back({from, mid, to, true});
  }

  // A one-leg move to `to` if the square is free or holds a capturable enemy.
  void single(Square from, Square to) {
    if (dedup_) {
      if (seen_[to] == stamp_) return;
      seen_[to] = stamp_;
    }
    const Cell c = pos_.at(to);
    if (c == kEmpty) {
      emit(from, kNoSquare, to, false);
    } else if (enemy(c) && may_capture(from, kNoSquare, to)) {
      emit(from, kNoSquare, to, true);
    }
  }

  // A two-leg move from -> mid -> to (to == from allowed).
  void double_leg(Square from, Square mid, Square to) {
    const Cell cm = pos_.at(mid);
    const bool mid_capture = enemy(cm);
    if (to == from) {
      emit(from, mid, to, mid_capture);
      return;
    }
    const Cell ct = pos_.at(to);
    if (ct == kOffBoard || own(ct)) return;
    if (enemy(ct) && !may_capture(from, mid, to)) return;
    emit(from, mid, to, mid_capture || enemy(ct));
  }

  // The first leg may stop on `mid`: on the board, not the mover's own piece, and capturable.
  bool first_leg(Square from, Square mid) const {
    const Cell c = pos_.at(mid);
    if (c == kOffBoard || own(c)) return false;
    return !enemy(c) || may_capture(from, kNoSquare, mid);
  }

  void piece(Square from, Cell c) {
    const int kind = cell_kind(c);
    kind_ = &pos_.table().kinds[kind];
    const KindMoves& km = comp_.of(pos_, kind, side_);
    // Tenjiku's area moves reach squares the slides reach too: one move per square.
    dedup_ = km.area > 0;
    if (dedup_ && ++stamp_ == 0) seen_.fill(0), stamp_ = 1;
    for (const int leap : km.leaps) {
      const Square to = static_cast<Square>(from + leap);
      if (pos_.at(to) != kOffBoard && !own(pos_.at(to))) single(from, to);
    }
    for (const auto& s : km.slides) {
      Square to = from;
      for (int k = 1; k <= s.range; ++k) {
        to = static_cast<Square>(to + s.step);
        const Cell t = pos_.at(to);
        if (t == kOffBoard || own(t)) break;
        // Else the leap loop (or the Lion's, within two steps) has it.
        if (!is_leap_listed(km, to - from) && !(km.lion && k <= 2)) single(from, to);
        if (t != kEmpty) break;
      }
      if (km.jumps && s.range >= kMaxSide - 1) jump_captures(from, s.step);
    }
    for (const auto& s : km.skis) {
      for (int k = 2; k <= s.range; ++k) {
        const Square to = static_cast<Square>(from + k * s.step);
        const Cell t = pos_.at(to);
        if (t == kOffBoard || own(t)) break;
        single(from, to);
        if (t != kEmpty) break;
      }
    }
    for (const int d : km.igui) {
      const Square mid = static_cast<Square>(from + d);
      if (enemy(pos_.at(mid))) emit(from, mid, from, true);
    }
    if (km.area > 0) {
      area_squares(pos_, from, km.area, [&](Square to) {
        if (!own(pos_.at(to))) single(from, to);
      });
    }
    if (km.lion) {
      for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
          if (dx == 0 && dy == 0) continue;
          const Square to = static_cast<Square>(from + dy * kStride + dx);
          if (pos_.at(to) != kOffBoard && !own(pos_.at(to))) single(from, to);
        }
      }
      for (int my = -1; my <= 1; ++my) {
        for (int mx = -1; mx <= 1; ++mx) {
          if (mx == 0 && my == 0) continue;
          const Square mid = static_cast<Square>(from + my * kStride + mx);
          if (!first_leg(from, mid)) continue;
          for (int ty = -1; ty <= 1; ++ty)
            for (int tx = -1; tx <= 1; ++tx)
              if (tx != 0 || ty != 0)
                double_leg(from, mid, static_cast<Square>(mid + ty * kStride + tx));
        }
      }
    }
    for (const int d : km.lion_lines) {
      const Square mid = static_cast<Square>(from + d);
      if (!first_leg(from, mid)) continue;
      double_leg(from, mid, static_cast<Square>(mid + d));
      double_leg(from, mid, from);
    }
  }

  // A range-jumping general's captures along `step` over at least one piece: it may jump over
  // pieces (of either side) of lower rank than its own, and take an enemy beyond them.
  void jump_captures(Square from, int step) {
    const int rank = kind_->rank;
    Square s = from;
    bool jumped = false;
    for (;;) {
      s = static_cast<Square>(s + step);
      const Cell c = pos_.at(s);
      if (c == kOffBoard) return;
      if (c == kEmpty) continue;
      if (jumped && enemy(c) && may_take_by_jump(pos_, rank, c)) single(from, s);
      if (pos_.table().kinds[cell_kind(c)].rank >= rank) return;
      jumped = true;
    }
  }

  // Is the one-step offset also one of the kind's leaps (emitted by the leap loop)?
  static bool is_leap_listed(const KindMoves& km, int offset) {
    for (const int l : km.leaps)
      if (l == offset) return true;
    return false;
  }

  const Position& pos_;
  const Compiled& comp_;
  std::vector<Move>& out_;
  Side side_;
  const PieceKind* kind_ = nullptr;
  bool dedup_ = false;
  std::uint32_t stamp_ = 0;
  std::array<std::uint32_t, kCells> seen_{};
};

}  // namespace

std::string move_text(const Position& pos, const Move& move) {
  std::string s = square_name(pos, move.from);
  if (move.mid != kNoSquare) s += square_name(pos, move.mid);
  s += square_name(pos, move.to);
  if (move.promote) s += '+';
  return s;
}

void generate_pseudo_legal(const Position& pos, std::vector<Move>& out) {
  Generator(pos, out).run();
}

namespace {

Position after_by(const Position& pos, const Move& move, Side side);

// Tenjiku: does the piece `c` on `from` reach `target` by a move its reach table does not
// describe: a capture by a range jump, an area move, or burning (also by a piece whose
// promotion makes a Fire Demon)?
bool tenjiku_reaches(const Position& pos, const Compiled& comp, Square from, Cell c,
                     Square target) {
  const PieceKind& kind = pos.table().kinds[cell_kind(c)];
  const Side by = cell_side(c);
  const KindMoves& km = comp.of(pos, cell_kind(c), by);
  const int dx = square_x(target) - square_x(from);
  const int dy = square_y(target) - square_y(from);
  const int dist = std::max(std::abs(dx), std::abs(dy));
  if (km.jumps && (dx == 0 || dy == 0 || dx == dy || dx == -dy)) {
    const int step = (dy > 0 ? 1 : dy < 0 ? -1 : 0) * kStride + (dx > 0 ? 1 : dx < 0 ? -1 : 0);
    bool along = false;
    for (const auto& s : km.slides) along = along || (s.step == step && s.range >= kMaxSide - 1);
    if (along) {
      bool jumped = false;
      bool open = true;
      for (Square s = static_cast<Square>(from + step); s != target;
           s = static_cast<Square>(s + step)) {
        const Cell q = pos.at(s);
        if (q == kEmpty) continue;
        if (pos.table().kinds[cell_kind(q)].rank >= kind.rank) {
          open = false;
          break;
        }
        jumped = true;
      }
      if (open && (!jumped || may_take_by_jump(pos, kind.rank, pos.at(target)))) return true;
    }
  }
  if (km.area > 0 && dist <= km.area) {
    bool found = false;
    area_squares(pos, from, km.area, [&](Square s) { found = found || s == target; });
    if (found) return true;
  }
  const bool burner =
      kind.burns || (kind.promotes_to >= 0 && pos.table().kinds[kind.promotes_to].burns);
  if (burner) {
    // Burning: a move that ends next to the target and burns it. Only the moves of this piece
    // are generated, and only when one could end next to the target.
    bool near = dist <= km.area + 1;
    for (const auto& s : km.slides) {
      for (int k = 1; k <= s.range && !near; ++k) {
        const Square q = static_cast<Square>(from + k * s.step);
        if (pos.at(q) == kOffBoard) break;
        near = std::max(std::abs(square_x(q) - square_x(target)),
                        std::abs(square_y(q) - square_y(target))) <= 1;
      }
    }
    if (near) {
      std::vector<Move> moves;
      Generator(pos, moves, by).piece_at(from);
      for (const Move& m : moves) {
        if (m.to == m.from || std::max(std::abs(square_x(m.to) - square_x(target)),
                                       std::abs(square_y(m.to) - square_y(target))) != 1)
          continue;
        if (after_by(pos, m, by).at(target) != pos.at(target)) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool attacked(const Position& pos, Square target, Side by) {
  const Compiled& comp = compiled(pos.game());
  const GameTable& t = pos.table();
  if (pos.game() == Game::Tenjiku) {
    for (int y = 0; y < t.ranks; ++y) {
      for (int x = 0; x < t.files; ++x) {
        const Square s = make_square(x, y);
        const Cell c = pos.at(s);
        if (is_piece(c) && cell_side(c) == by && s != target &&
            (reaches(pos, comp, s, c, target) || tenjiku_reaches(pos, comp, s, c, target)))
          return true;
      }
    }
    return false;
  }
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = pos.at(s);
      if (is_piece(c) && cell_side(c) == by && s != target && reaches(pos, comp, s, c, target))
        return true;
    }
  }
  return false;
}

bool piece_attacks(const Position& pos, Square from, Square target) {
  const Cell c = pos.at(from);
  return is_piece(c) && from != target && reaches(pos, compiled(pos.game()), from, c, target);
}

int royal_count(const Position& pos, Side side) {
  int n = 0;
  const GameTable& t = pos.table();
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (is_piece(c) && cell_side(c) == side && t.kinds[cell_kind(c)].royal) ++n;
    }
  }
  return n;
}

bool in_check(const Position& pos, Side side) {
  const GameTable& t = pos.table();
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = pos.at(s);
      if (is_piece(c) && cell_side(c) == side && t.kinds[cell_kind(c)].royal &&
          attacked(pos, s, opposite(side)))
        return true;
    }
  }
  return false;
}

namespace {

// Tenjiku's burning, after the mover has landed on `to` (docs/large-board.md): a piece that ends
// its move next to an enemy Fire Demon is burnt (passive burning, a rule switch); else a Fire
// Demon that ends its move burns every enemy piece next to it.
void burn(Position& next, Square to, Side side) {
  const GameTable& t = next.table();
  const Cell mover = next.at(to);
  const auto each_neighbour = [&](auto&& f) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (dx != 0 || dy != 0) f(static_cast<Square>(to + dy * kStride + dx));
  };
  if (next.rules().passive_burn) {
    bool burnt = false;
    each_neighbour([&](Square s) {
      const Cell c = next.at(s);
      burnt = burnt || (is_piece(c) && cell_side(c) != side && t.kinds[cell_kind(c)].burns);
    });
    if (burnt) {
      next.put(to, kEmpty);
      return;
    }
  }
  if (!t.kinds[cell_kind(mover)].burns) return;
  each_neighbour([&](Square s) {
    const Cell c = next.at(s);
    if (is_piece(c) && cell_side(c) != side) next.put(s, kEmpty);
  });
}

Position after_by(const Position& pos, const Move& move, Side side) {
  Position next = pos;
  const Cell mover = pos.at(move.from);
  const Cell old_mid = move.mid == kNoSquare ? kEmpty : pos.at(move.mid);
  const PieceKind& kind = pos.table().kinds[cell_kind(mover)];
  next.put(move.from, kEmpty);
  if (move.mid != kNoSquare) next.put(move.mid, kEmpty);
  next.put(move.to, move.promote ? make_cell(kind.promotes_to, side) : mover);
  Square lion_capture = kNoSquare;
  if (!kind.is_lion) {
    if (enemy_lion(pos, move.to, side) && move.to != move.from) {
      lion_capture = move.to;
    } else if (move.mid != kNoSquare && is_piece(old_mid) && enemy_lion(pos, move.mid, side)) {
      lion_capture = move.mid;
    }
  }
  next.set_last_lion_capture(lion_capture);
  if (pos.game() == Game::Tenjiku) burn(next, move.to, side);
  next.set_side_to_move(opposite(side));
  next.set_move_number(pos.move_number() + 1);
  return next;
}

}  // namespace

Position after(const Position& pos, const Move& move) {
  return after_by(pos, move, pos.side_to_move());
}

namespace {

// `royals_before`: the mover's royals before the move (tenjiku, where a move may lose the mover
// its own royal by passive burning: then it is illegal if that was its last one).
bool legal_after(const Position& next, Side mover, int royals_before = 0) {
  if (next.rules().royal == RoyalRule::Capture) return true;
  const GameTable& t = next.table();
  Square royal = kNoSquare;
  int count = 0;
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = next.at(s);
      if (is_piece(c) && cell_side(c) == mover && t.kinds[cell_kind(c)].royal) {
        royal = s;
        ++count;
      }
    }
  }
  if (count == 0 && royals_before > 0) return false;
  return count != 1 || !attacked(next, royal, opposite(mover));
}

}  // namespace

bool is_legal(const Position& pos, const Move& move) {
  const Side side = pos.side_to_move();
  const int before = pos.game() == Game::Tenjiku ? royal_count(pos, side) : 0;
  return legal_after(after(pos, move), side, before);
}

std::vector<Move> legal_moves(const Position& pos) {
  std::vector<Move> pseudo;
  generate_pseudo_legal(pos, pseudo);
  if (pos.rules().royal == RoyalRule::Capture) return pseudo;
  if (pos.game() == Game::Tenjiku) {
    // Burning, range jumps and area moves make the shortcuts below wrong (a move may lose the
    // mover's own royal, or open a line through pieces of lower rank): the full test for every
    // move.
    const Side side = pos.side_to_move();
    const int before = royal_count(pos, side);
    std::vector<Move> out;
    out.reserve(pseudo.size());
    for (const Move& m : pseudo)
      if (legal_after(after(pos, m), side, before)) out.push_back(m);
    return out;
  }
  // The royal rule needs the full test (make the move, look for an attack on the lone royal)
  // only where the move can matter. With two royals or more nothing is illegal (a move never
  // loses an own piece). With one royal, not in check, a move of another piece can expose it only
  // by vacating a square (`from`, or `mid` of a two-leg move) on a line between the royal and an
  // opponent's piece: leaps and steps do not depend on what stands between, and the captured
  // pieces attacked nothing new. A promotion to a royal makes a second one.
  const Side side = pos.side_to_move();
  const GameTable& t = pos.table();
  Square royal = kNoSquare;
  int royals = 0;
  for (int y = 0; y < t.ranks; ++y) {
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = pos.at(s);
      if (is_piece(c) && cell_side(c) == side && t.kinds[cell_kind(c)].royal) royal = s, ++royals;
    }
  }
  if (royals >= 2) return pseudo;
  const bool checked = royals == 1 && attacked(pos, royal, opposite(side));
  // Could vacating `from` and `mid` open a line from an opponent's piece to the royal? Walks the
  // line from the royal through `s`, those two squares taken as empty: true if the first piece
  // met is the opponent's (then the full test decides).
  const auto opens_line = [&](const Move& m, Square s) {
    if (s == kNoSquare) return false;
    const int dx = square_x(s) - square_x(royal);
    const int dy = square_y(s) - square_y(royal);
    if (dx != 0 && dy != 0 && dx != dy && dx != -dy) return false;
    const int step = (dy > 0 ? 1 : dy < 0 ? -1 : 0) * kStride + (dx > 0 ? 1 : dx < 0 ? -1 : 0);
    for (Square q = static_cast<Square>(royal + step);; q = static_cast<Square>(q + step)) {
      const Cell c = pos.at(q);
      if (c == kOffBoard) return false;
      if (q == m.from || q == m.mid || c == kEmpty) continue;
      return cell_side(c) != side;
    }
  };
  std::vector<Move> out;
  out.reserve(pseudo.size());
  for (const Move& m : pseudo) {
    const PieceKind& kind = t.kinds[cell_kind(pos.at(m.from))];
    const bool makes_royal = m.promote && t.kinds[kind.promotes_to].royal;
    bool legal;
    if (royals == 0) {
      legal = !makes_royal || is_legal(pos, m);
    } else if (makes_royal) {
      legal = true;
    } else if (checked || kind.royal || opens_line(m, m.from) || opens_line(m, m.mid)) {
      legal = is_legal(pos, m);
    } else {
      legal = true;
    }
    if (legal) out.push_back(m);
  }
  return out;
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  const auto moves = legal_moves(pos);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const Move& m : moves) n += perft(after(pos, m), depth - 1);
  return n;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (const Move& m : legal_moves(pos))
    out.emplace_back(m, depth <= 1 ? 1 : perft(after(pos, m), depth - 1));
  return out;
}

}  // namespace tsume::large
