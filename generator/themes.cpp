#include "generator/themes.h"

#include <algorithm>
#include <bit>

#include "solver/core/movegen.h"

namespace tsume::gen {

namespace {

bool could_promote(const Position& pos, Move m) {
  if (m.is_drop() || m.is_promotion()) return false;
  const PieceType pt = type_of(pos.piece_on(m.from()));
  if (!is_promotable(pt)) return false;
  const Color c = pos.side_to_move();
  return in_promotion_zone(c, m.from()) || in_promotion_zone(c, m.to());
}

// A pawn drop in front of the king would mate but is forbidden (打ち歩詰め).
bool pawn_drop_mate_here(const Position& pos) {
  const Color us = pos.side_to_move();
  if (!pos.hand(us).has(PieceType::Pawn)) return false;
  const Square king = pos.king_square(~us);
  if (king == Square::None) return false;
  const int rank = rank_of(king) + (us == Color::Black ? 1 : -1);
  if (rank < 0 || rank >= kRankCount) return false;
  const Square front = make_square(file_of(king), rank);
  if (pos.piece_on(front) != Piece::None || pos.has_pawn_on_file(us, front)) return false;
  if (is_dead_square(us, PieceType::Pawn, front)) return false;
  return pos.is_pawn_drop_mate(front);
}

}  // namespace

std::vector<std::string> line_themes(const Position& start, const std::vector<Move>& pv) {
  bool sacrifice = false, non_promotion = false, pawn_drop = false, promotion = false;
  Position pos = start;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const Move m = pv[i];
    if (i % 2 == 0) {
      if (pawn_drop_mate_here(pos)) pawn_drop = true;
      if (could_promote(pos, m)) non_promotion = true;
      if (m.is_promotion()) promotion = true;
      if (i + 1 < pv.size() && !pv[i + 1].is_drop() && pv[i + 1].to() == m.to()) sacrifice = true;
    }
    pos.do_move(m);
  }
  std::vector<std::string> themes;
  if (sacrifice) themes.emplace_back("sacrifice");
  if (non_promotion) themes.emplace_back("non_promotion");
  if (pawn_drop) themes.emplace_back("pawn_drop_mate_avoidance");
  if (promotion) themes.emplace_back("promotion");
  if (!pv.empty() && pv.back().is_drop()) themes.emplace_back("drop_mate");
  return themes;
}

int difficulty_grade(std::uint64_t nodes) {
  const int log2 = static_cast<int>(std::bit_width(std::max<std::uint64_t>(nodes, 1))) - 1;
  return std::clamp(log2 / 2, 1, 10);
}

std::string replay_mate(const Position& start, const std::vector<Move>& pv) {
  if (pv.empty() || pv.size() % 2 == 0) return "the line has an even number of moves";
  Position pos = start;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    if (!pos.is_legal(pv[i])) return "move " + std::to_string(i + 1) + " is illegal";
    if (i % 2 == 0 && !pos.gives_check(pv[i]))
      return "move " + std::to_string(i + 1) + " does not check";
    pos.do_move(pv[i]);
  }
  MoveList legal;
  generate_legal(pos, legal);
  if (!pos.in_check() || !legal.empty()) return "the final position is not checkmate";
  return {};
}

}  // namespace tsume::gen
