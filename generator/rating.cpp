#include "generator/rating.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "solver/core/movegen.h"

namespace tsume::gen {

namespace {

bool is_long_range(PieceType pt) {
  return pt == PieceType::Lance || pt == PieceType::Bishop || pt == PieceType::Rook ||
         pt == PieceType::Horse || pt == PieceType::Dragon;
}

int king_distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

}  // namespace

RatingFeatures rating_features(const Position& start, const std::vector<Move>& pv,
                               std::uint64_t solve_nodes) {
  RatingFeatures f;
  f.length = static_cast<int>(pv.size());
  f.log2_nodes = std::log2(static_cast<double>(std::max<std::uint64_t>(solve_nodes, 1)));
  Position pos = start;
  int defender_nodes = 0;
  std::size_t replies = 0;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const Move m = pv[i];
    if (i % 2 == 0) {
      const Color us = pos.side_to_move();
      const Square king = pos.king_square(~us);
      const PieceType pt = m.is_drop() ? m.dropped_type() : type_of(pos.piece_on(m.from()));
      if (i + 1 < pv.size() && !pv[i + 1].is_drop() && pv[i + 1].to() == m.to()) ++f.sacrifices;
      if (!m.is_drop()) {
        const bool could = is_promotable(pt) && !m.is_promotion() &&
                           (in_promotion_zone(us, m.from()) || in_promotion_zone(us, m.to()));
        if (could) ++f.non_promotions;
        if (pos.piece_on(m.to()) == Piece::None && !m.is_promotion()) ++f.quiet_moves;
      }
      // A long slider move travels 3+ squares; a slider dropped 3+ squares from the king.
      if (is_long_range(pt) &&
          (m.is_drop() ? king != Square::None && king_distance(m.to(), king) >= 3
                       : king_distance(m.from(), m.to()) >= 3))
        ++f.long_slider_moves;
    } else {
      MoveList legal;
      generate_legal(pos, legal);
      replies += legal.size();
      ++defender_nodes;
    }
    pos.do_move(m);
  }
  if (defender_nodes > 0) f.defender_branching = static_cast<double>(replies) / defender_nodes;
  return f;
}

double rating(const RatingFeatures& f) {
  // Hand-set weights: two plies count one point; each hard-to-see move type about as much as
  // two plies more; solver effort and defender choice a little (log scale).
  return 0.5 * f.length + 0.5 * std::log2(1.0 + f.defender_branching) + 1.0 * f.sacrifices +
         0.5 * f.quiet_moves + 1.0 * f.non_promotions + 0.5 * f.long_slider_moves +
         0.25 * f.log2_nodes;
}

std::string rating_features_json(const RatingFeatures& f) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "{\"length\":%d,\"branching\":%.2f,\"sacrifices\":%d,\"quiet\":%d,"
                "\"non_promotions\":%d,\"long_sliders\":%d,\"log2_nodes\":%.2f}",
                f.length, f.defender_branching, f.sacrifices, f.quiet_moves, f.non_promotions,
                f.long_slider_moves, f.log2_nodes);
  return buf;
}

}  // namespace tsume::gen
