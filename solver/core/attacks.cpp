#include "solver/core/attacks.h"

namespace tsume::detail {
namespace {

struct Step {
  int df, dr;
};
constexpr Step kSteps[kDirectionCount] = {{0, -1}, {0, 1},  {1, 0},   {-1, 0},
                                          {1, -1}, {-1, 1}, {-1, -1}, {1, 1}};

constexpr bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

constexpr Bitboard offsets(Square s, std::initializer_list<Step> steps) {
  Bitboard b;
  for (const Step st : steps) {
    const int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
    if (on_board(f, r)) b.set(make_square(f, r));
  }
  return b;
}

// Step moves of Black; White's are the same with the rank step negated.
constexpr Bitboard black_steps(PieceType pt, Square s) {
  switch (pt) {
  case PieceType::Pawn:
    return offsets(s, {{0, -1}});
  case PieceType::Knight:
    return offsets(s, {{1, -2}, {-1, -2}});
  case PieceType::Silver:
    return offsets(s, {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}});
  case PieceType::Gold:
  case PieceType::ProPawn:
  case PieceType::ProLance:
  case PieceType::ProKnight:
  case PieceType::ProSilver:
    return offsets(s, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}});
  case PieceType::King:
  case PieceType::Prince:  // the Crown Prince moves as a king
    return offsets(s, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
  case PieceType::Elephant:  // every king step but straight back (Betza FsfW)
    return offsets(s, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}});
  default:
    return Bitboard();
  }
}

constexpr Square mirror_rank(Square s) { return make_square(file_of(s), 8 - rank_of(s)); }

constexpr Bitboard flip_ranks(Bitboard b) {
  Bitboard out;
  for (Square s : b) out.set(mirror_rank(s));
  return out;
}

constexpr Bitboard ray_from(Square s, int dir) {
  Bitboard b;
  int f = file_of(s) + kSteps[dir].df, r = rank_of(s) + kSteps[dir].dr;
  while (on_board(f, r)) {
    b.set(make_square(f, r));
    f += kSteps[dir].df;
    r += kSteps[dir].dr;
  }
  return b;
}

constexpr AttackTables make_tables() {
  AttackTables t{};
  for (int d = 0; d < kDirectionCount; ++d)
    for (int i = 0; i < kSquareCount; ++i) t.ray[d][i] = ray_from(square_at(i), d);
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    for (int p = 1; p < kPieceTypeCount; ++p) {
      const auto pt = static_cast<PieceType>(p);
      Bitboard black = black_steps(pt, s);
      if (pt == PieceType::Lance) black = t.ray[kUp][i];
      if (pt == PieceType::Bishop)
        black = t.ray[kUpLeft][i] | t.ray[kUpRight][i] | t.ray[kDownLeft][i] | t.ray[kDownRight][i];
      if (pt == PieceType::Rook)
        black = t.ray[kUp][i] | t.ray[kDown][i] | t.ray[kLeft][i] | t.ray[kRight][i];
      if (pt == PieceType::Horse || pt == PieceType::Dragon) {
        const PieceType base = unpromote(pt);
        black = black_steps(PieceType::King, s);
        for (int d = base == PieceType::Rook ? 0 : 4, e = d + 4; d < e; ++d) black |= t.ray[d][i];
      }
      t.step[0][p][i] = black;
    }
  }
  // White's tables: the Black table of the rank-mirrored square, mirrored back.
  for (int i = 0; i < kSquareCount; ++i)
    for (int p = 1; p < kPieceTypeCount; ++p)
      t.step[1][p][i] = flip_ranks(t.step[0][p][index_of(mirror_rank(square_at(i)))]);
  for (int a = 0; a < kSquareCount; ++a)
    for (int d = 0; d < kDirectionCount; ++d)
      for (Square b : t.ray[d][a]) {
        t.between[a][index_of(b)] = t.ray[d][a] & ~(t.ray[d][index_of(b)] | Bitboard::square(b));
        const int back = d ^ 1;  // directions are stored in opposite pairs
        t.line[a][index_of(b)] = t.ray[d][a] | t.ray[back][a] | Bitboard::square(square_at(a));
      }
  return t;
}

}  // namespace

constinit const AttackTables kAttackTables = make_tables();

}  // namespace tsume::detail
