#include "solver/search/shogi_rules.h"

#include "solver/core/attacks.h"

namespace tsume {

std::string ShogiRules::move_text(Move m) {
  static constexpr char kDropLetters[] = " PLNSBRG";  // indexed by the hand kinds, Pawn..Gold
  const auto square = [](Square s) {
    return std::string{static_cast<char>('1' + file_of(s)), static_cast<char>('a' + rank_of(s))};
  };
  if (m.is_drop())
    return std::string{kDropLetters[index_of(m.dropped_type())], '*'} + square(m.to());
  return square(m.from()) + square(m.to()) + (m.is_promotion() ? "+" : "");
}

bool ShogiRules::is_mirror_symmetric(const Position& pos) {
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    if (pos.piece_on(s) != pos.piece_on(mirror(s))) return false;
  }
  return true;
}

bool ShogiRules::on_one_ray_from_king(const Position& pos, Square s, Square t) {
  const Square king = pos.king_square(~pos.side_to_move());
  if (king == Square::None) return false;
  return between(king, s).test(t) || between(king, t).test(s);
}

std::vector<ShogiRules::Removal> ShogiRules::removals(const Position& root, bool board_pieces) {
  const Color attacker = root.side_to_move(), defender = ~attacker;
  std::vector<Removal> removed;
  for (int i = 0; i < kSquareCount && board_pieces; ++i) {
    const Square sq = square_at(i);
    const Piece p = root.piece_on(sq);
    if (p == Piece::None || is_royal(type_of(p))) continue;
    BoardSetup setup = root.setup();
    setup.at(sq) = Piece::None;
    if (has_drops(setup.variant)) setup.hand(defender).add(unpromote(type_of(p)));
    removed.push_back({sq, p, setup});
  }
  for (int k = index_of(PieceType::Pawn); k <= index_of(PieceType::Gold); ++k) {
    const auto pt = static_cast<PieceType>(k);
    if (!root.hand(attacker).has(pt)) continue;
    BoardSetup setup = root.setup();
    setup.hand(attacker).remove(pt);
    setup.hand(defender).add(pt);
    removed.push_back({Square::None, make_piece(attacker, pt), setup});
  }
  return removed;
}

ShogiRules::ComparisonMoves::ComparisonMoves(const Position& pos, Color attacker, Square s) {
  const Square ksq = pos.king_square(pos.side_to_move());
  const Bitboard checkers = pos.checkers();
  if (ksq == Square::None || checkers.empty() || checkers.more_than_one()) return;
  const Square from = checkers.lsb();
  if (!between(ksq, from).test(s)) return;
  const PieceType pt = type_of(pos.piece_on(from));
  if (!is_dead_square(attacker, pt, s)) moves_[size_++] = Move::board(from, s, false);
  if (is_promotable(pt) && (in_promotion_zone(attacker, from) || in_promotion_zone(attacker, s)))
    moves_[size_++] = Move::board(from, s, true);
}

}  // namespace tsume
