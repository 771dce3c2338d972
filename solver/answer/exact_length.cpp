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
    for (Plies d = std::max<Plies>(lo, upper - 2 * schedule.window);; d += 2) {
      const Outcome o = ask.prove(d, 0);
      if (o == Outcome::Unknown) return {upper, false};
      if (o == Outcome::Proven) {
        upper = std::min(ask.proven_upper(), d);
        break;
      }
      lo = d + 2;
      if (lo >= upper) break;
    }
  }
  return {upper, true};
}

}  // namespace tsume
