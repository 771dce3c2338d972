#include "solver/answer/exact_length.h"

#include <algorithm>

namespace tsume {

ExactLength minimise_length(Plies upper, const LengthQuestions& ask, LengthSchedule schedule) {
  Plies lo = 1;  // no mate is shorter than lo plies
  while (lo < upper) {
    const Outcome o = ask.prove(upper - 2, schedule.direct_cap);
    if (o == Outcome::Disproven) return {upper, true};
    if (o == Outcome::Unknown) {
      if (ask.exhausted()) return {upper, false};
      break;
    }
    upper = std::min(ask.proven_upper(), upper - 2);
  }
  while (lo < upper) {
    std::uint64_t previous_cost = 0;
    int flat = 0;  // consecutive questions whose cost did not grow
    for (Plies d = std::max<Plies>(lo, upper - 2 * schedule.window);; d += 2) {
      const std::uint64_t before = ask.nodes();
      const Outcome o = ask.prove(d, 0);
      if (o == Outcome::Unknown) return {upper, false};
      if (o == Outcome::Proven) {
        upper = std::min(ask.proven_upper(), d);
        break;
      }
      lo = d + 2;
      if (lo >= upper) break;
      // Costs that no longer grow with the depth (`flat_runs` questions in a row): the questions
      // left are about as hard as this one, and only the last matters. Ask it now.
      const std::uint64_t cost = ask.nodes() - before;
      const bool grew =
          previous_cost == 0 || cost < schedule.flat_min_nodes ||
          static_cast<double>(cost) >= schedule.min_growth * static_cast<double>(previous_cost);
      flat = grew ? 0 : flat + 1;
      if (flat >= schedule.flat_runs) d = std::max<Plies>(d, upper - 4);
      previous_cost = cost;
    }
  }
  return {upper, true};
}

Outcome ask_given_length(Plies given, const LengthQuestions& ask, LengthSchedule schedule) {
  if (given <= 0 || given % 2 == 0) return Outcome::Unknown;
  return ask.prove(given, schedule.direct_cap);
}

}  // namespace tsume
