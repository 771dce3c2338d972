// What the checker (check.h) asks of a game beyond the answer layer's AnswerRules
// (answer_rules.h), as a concept. So far it covers the exemptions from a cook that are decided
// by the moves alone (exemptions.h), which are written against it:
// - mirror geometry: a move reflected left-right (`mirror`), and whether a position's board is
//   its own mirror image (`is_mirror_symmetric`), for mirror-image alternatives (鏡像);
// - move shapes: the same board move never promoting (`without_promotion`; promotion
//   non-limitation), the kind a drop puts down (`dropped_kind`, compared only between drops),
//   and whether two squares lie on one ray from the king of the side not to move, one strictly
//   between it and the other (`on_one_ray_from_king`; drop-distance non-limitation).
// The rest of the checker (the unnecessary-piece test's board edits, legality of a given line,
// the verdict's piece and square records) is still written for shogi's Position.
#pragma once

#include <concepts>

#include "solver/answer/answer_rules.h"
#include "solver/core/types.h"

namespace tsume {

template <class R>
concept CheckRules = AnswerRules<R> &&
    requires(const typename R::Position& cpos, typename R::Move m, Square s) {
  { R::mirror(m) } -> std::same_as<typename R::Move>;
  { R::is_mirror_symmetric(cpos) } -> std::same_as<bool>;
  { R::without_promotion(m) } -> std::same_as<typename R::Move>;
  { R::dropped_kind(m) } -> std::same_as<int>;
  { R::on_one_ray_from_king(cpos, s, s) } -> std::same_as<bool>;
};

}  // namespace tsume
