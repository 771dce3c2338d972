#include "generator/guided.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "generator/candidate.h"
#include "generator/generator.h"
#include "solver/core/attacks.h"
#include "solver/core/movegen.h"
#include "solver/core/position.h"

namespace tsume::gen {

namespace {

constexpr PieceType kGuards[] = {PieceType::Pawn, PieceType::Lance, PieceType::Knight,
                                 PieceType::Silver, PieceType::Gold};

constexpr PieceType kAttackerGuards[] = {PieceType::Pawn,   PieceType::Lance, PieceType::Knight,
                                         PieceType::Silver, PieceType::Gold,  PieceType::Bishop,
                                         PieceType::Rook};

Bitboard occupancy(const BoardSetup& setup) {
  Bitboard occ;
  for (int i = 0; i < kSquareCount; ++i)
    if (setup.board[i] != Piece::None) occ.set(square_at(i));
  return occ;
}

bool near(Square s, Square target) {
  return std::abs(file_of(s) - file_of(target)) <= 2 && std::abs(rank_of(s) - rank_of(target)) <= 2;
}

// The mutations `of(setup, square)` of the squares in `counts`, most frequent first (ties by
// square index), at most `limit`, each setup once.
template <typename Of>
std::vector<BoardSetup> by_frequency(const BoardSetup& setup, const std::map<int, int>& counts,
                                     std::size_t limit, const Of& of) {
  std::vector<std::pair<int, int>> order;  // (-count, square)
  for (const auto& [square, count] : counts) order.emplace_back(-count, square);
  std::sort(order.begin(), order.end());
  std::vector<BoardSetup> out;
  for (const auto& [count, square] : order) {
    for (BoardSetup& m : of(setup, square_at(square))) {
      if (out.size() >= limit) return out;
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(std::move(m));
    }
  }
  return out;
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
    if (!near(s, target)) continue;
    for (const PieceType pt : kGuards)
      if (hand.has(pt) && attacks(Color::White, pt, s, occ).test(target)) add(s, pt);
  }
  return out;
}

std::vector<BoardSetup> guided_mutations(const BoardSetup& setup, const std::map<int, int>& cooks,
                                         std::size_t limit) {
  return by_frequency(setup, cooks, limit, guard_mutations);
}

std::vector<Square> escape_squares(TranspositionTable& filter, const Position& r, Move reply,
                                   Plies plies, std::uint64_t nodes, const std::atomic<bool>* stop,
                                   std::uint64_t* spent) {
  std::vector<Square> out;
  const Color defender = r.side_to_move();
  const Square king = r.king_square(defender);
  if (!is_ok(king)) return out;
  MoveList moves;
  generate_legal(r, moves);
  for (const Move m : moves) {
    if (m == reply || m.is_drop() || m.from() != king) continue;
    if (stop && stop->load(std::memory_order_relaxed)) break;
    Position x = r;
    x.do_move(m);
    if (!mates_within(filter, x, plies, nodes, stop, spent)) out.push_back(m.to());
  }
  return out;
}

std::vector<BoardSetup> escape_guards(const BoardSetup& setup, Square target) {
  std::vector<BoardSetup> out;
  if (setup.variant != Variant::Shogi || !is_ok(target)) return out;
  const Bitboard occ = occupancy(setup);
  const auto keep = [&](BoardSetup& m) {
    refill_defender_hand(m);
    if (Position::validate(m).empty()) out.push_back(std::move(m));
  };
  const Hand rest = setup.hand(Color::White), own = setup.hand(Color::Black);
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    if (s == target || setup.board[i] != Piece::None || !near(s, target)) continue;
    for (const PieceType pt : kAttackerGuards) {
      if (!attacks(Color::Black, pt, s, occ).test(target)) continue;
      if (rest.has(pt)) {
        BoardSetup m = setup;
        m.at(s) = make_piece(Color::Black, pt);
        keep(m);
      }
      if (own.has(pt)) {
        BoardSetup m = setup;
        m.at(s) = make_piece(Color::Black, pt);
        m.hand(Color::Black).remove(pt);
        keep(m);
      }
    }
  }
  if (setup.at(target) == Piece::None)
    for (const PieceType pt : kGuards)
      if (rest.has(pt)) {
        BoardSetup m = setup;
        m.at(target) = make_piece(Color::White, pt);
        keep(m);
      }
  return out;
}

std::vector<BoardSetup> escape_mutations(const BoardSetup& setup, const std::map<int, int>& escapes,
                                         std::size_t limit) {
  return by_frequency(setup, escapes, limit, escape_guards);
}

}  // namespace tsume::gen
