// What the answer layer (solve, exact lengths, the main line) asks of a game beyond the mate
// search's MateRules (search/rules.h), as a concept: the answer code is written against it, so
// that another rule set that models it gets `tsume solve` from the same code.
//
// Beyond MateRules a model provides:
// - a "no move" value (`R::no_move()`), compared with `==` (a tie-break that found nothing, a
//   line that stops);
// - move lists that can be filled and read by the answer code (push, size, indexing, contains),
//   as the main line reorders and filters the generated checks and evasions;
// - nothing else: surplus (駒余り) is read from the attacker's Hand (empty in a game without
//   drops), drop interpositions from `is_drop`/`drop_square`, the memo of the surplus game from
//   the full key.
#pragma once

#include <concepts>
#include <cstddef>

#include "solver/search/rules.h"

namespace tsume {

template <class R>
concept AnswerRules = MateRules<R> && std::default_initializable<typename R::MoveList> &&
    requires(typename R::Move m, typename R::MoveList& moves, const typename R::MoveList& cmoves,
             std::size_t i) {
  { R::no_move() } -> std::same_as<typename R::Move>;
  { m == m } -> std::convertible_to<bool>;
  moves.push(m);
  { cmoves.size() } -> std::convertible_to<std::size_t>;
  { cmoves.empty() } -> std::convertible_to<bool>;
  { cmoves[i] } -> std::convertible_to<typename R::Move>;
  { cmoves.contains(m) } -> std::convertible_to<bool>;
};

}  // namespace tsume
