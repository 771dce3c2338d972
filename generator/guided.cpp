#include "generator/guided.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "generator/candidate.h"
#include "solver/core/attacks.h"
#include "solver/core/position.h"

namespace tsume::gen {

namespace {

constexpr PieceType kGuards[] = {PieceType::Pawn, PieceType::Lance, PieceType::Knight,
                                 PieceType::Silver, PieceType::Gold};

Bitboard occupancy(const BoardSetup& setup) {
  Bitboard occ;
  for (int i = 0; i < kSquareCount; ++i)
    if (setup.board[i] != Piece::None) occ.set(square_at(i));
  return occ;
}

}  // namespace

std::vector<BoardSetup> guard_mutations(const BoardSetup& setup, Square target) {
  std::vector<BoardSetup> out;
  if (setup.variant != Variant::Shogi || !is_ok(target)) return out;
  const Bitboard occ = occupancy(setup);
  const auto add = [&](Square s, PieceType pt) {
    BoardSetup m = setup;
    m.at(s) = make_piece(Color::White, pt);
    refill_defender_hand(m);
    if (Position::validate(m).empty()) out.push_back(m);
  };
  const Hand hand = setup.hand(Color::White);
  if (setup.at(target) == Piece::None)
    for (const PieceType pt : kGuards)
      if (hand.has(pt)) add(target, pt);
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    if (s == target || setup.board[i] != Piece::None) continue;
    if (std::abs(file_of(s) - file_of(target)) > 2 || std::abs(rank_of(s) - rank_of(target)) > 2)
      continue;
    for (const PieceType pt : kGuards)
      if (hand.has(pt) && attacks(Color::White, pt, s, occ).test(target)) add(s, pt);
  }
  return out;
}

std::vector<BoardSetup> guided_mutations(const BoardSetup& setup, const std::map<int, int>& cooks,
                                         std::size_t limit) {
  std::vector<std::pair<int, int>> order;  // (-count, square)
  for (const auto& [square, count] : cooks) order.emplace_back(-count, square);
  std::sort(order.begin(), order.end());
  std::vector<BoardSetup> out;
  for (const auto& [count, square] : order) {
    for (BoardSetup& m : guard_mutations(setup, square_at(square))) {
      if (out.size() >= limit) return out;
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(std::move(m));
    }
  }
  return out;
}

}  // namespace tsume::gen
