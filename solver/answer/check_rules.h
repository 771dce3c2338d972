// What the checker (check.h) asks of a game beyond the answer layer's AnswerRules
// (answer_rules.h), as a concept; the checker and the exemptions from a cook (exemptions.h) are
// written against it:
// - mirror geometry: a move reflected left-right (`mirror`), and whether a position's board is
//   its own mirror image (`is_mirror_symmetric`), for mirror-image alternatives (鏡像);
// - move shapes: the same board move never promoting (`without_promotion`; promotion
//   non-limitation), the kind a drop puts down (`dropped_kind`, compared only between drops),
//   and whether two squares lie on one ray from the king of the side not to move, one strictly
//   between it and the other (`on_one_ray_from_king`; drop-distance non-limitation);
// - the legality of a given move (`is_legal`: a composer's line need not be legal);
// - the unnecessary-piece test (不要駒): a piece type with a "none" value (`Piece`, `no_piece`)
//   for its records, the pieces it takes off (`removals(root, board_pieces)`, each a `Removal`
//   with its `square`, Square::None for a hand piece, and `piece`), and the smaller problem
//   without one (`without(removal, pos)`: empty, or why that position is illegal).
#pragma once

#include <concepts>
#include <string>
#include <vector>

#include "solver/answer/answer_rules.h"
#include "solver/core/types.h"

namespace tsume {

template <class R>
concept CheckRules = AnswerRules<R> &&
    requires(const typename R::Position& cpos, typename R::Position& pos, typename R::Move m,
             Square s, const typename R::Removal& removal) {
  { R::mirror(m) } -> std::same_as<typename R::Move>;
  { R::is_mirror_symmetric(cpos) } -> std::same_as<bool>;
  { R::without_promotion(m) } -> std::same_as<typename R::Move>;
  { R::dropped_kind(m) } -> std::same_as<int>;
  { R::on_one_ray_from_king(cpos, s, s) } -> std::same_as<bool>;
  { R::is_legal(cpos, m) } -> std::same_as<bool>;
  { R::no_piece() } -> std::same_as<typename R::Piece>;
  { removal.square } -> std::convertible_to<Square>;
  { removal.piece } -> std::convertible_to<typename R::Piece>;
  { R::removals(cpos, true) } -> std::same_as<std::vector<typename R::Removal>>;
  { R::without(removal, pos) } -> std::same_as<std::string>;
};

}  // namespace tsume
