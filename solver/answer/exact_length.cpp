#include "solver/answer/exact_length.h"

#include <algorithm>

namespace tsume {
namespace {

// The deepening of the race: "within d?" for d rising by 2 from the bottom of a window below
// `upper`, one question after another, each resumed where a turn's budget stopped it (the table
// keeps its work).
class Deepening {
public:
  Deepening(const LengthQuestions& ask, const LengthSchedule& schedule)
      : ask_(ask), schedule_(schedule) {}

  // Questions within `budget` nodes (the last one may be stopped by it), lo and upper updated
  // as they are answered. True when they have met (the length is settled), false when a
  // question was stopped (by the budget or the problem's limits).
  bool turn(std::uint64_t budget, Plies& lo, Plies& upper) {
    const std::uint64_t end = ask_.nodes() + budget;
    answered_ = 0;
    while (lo < upper) {
      if (d_ < lo || d_ >= upper) restart(lo, upper);
      const std::uint64_t before = ask_.nodes();
      if (before >= end) return false;
      std::uint64_t cap = end - before;
      // (A skip is given up as soon as its cost reaches its cap: here cost_ < skip_cap_.)
      if (skip_cap_ != 0) cap = std::min(cap, skip_cap_ - cost_);
      const Outcome o = ask_.prove(d_, cap);
      cost_ += ask_.nodes() - before;
      if (o == Outcome::Unknown) {
        if (skip_cap_ == 0 || cost_ < skip_cap_ || ask_.exhausted()) return false;
        // The skip cost more than the questions it skipped would have: go on one question at a
        // time from where it left (its work stays in the table for when the deepening gets
        // there).
        d_ = skip_from_;
        skip_cap_ = 0;
        cost_ = 0;
        flat_ = 0;
        continue;
      }
      skip_cap_ = 0;
      ++answered_;
      has_answered_ = true;
      if (o == Outcome::Proven) {
        upper = std::min(ask_.proven_upper(), d_);
        restart(lo, upper);
        continue;
      }
      lo = d_ + 2;
      // Costs that no longer grow with the depth (`flat_runs` questions in a row): the questions
      // left are about as hard as this one, and only the last matters. Ask it next.
      const bool grew =
          previous_cost_ == 0 || cost_ < schedule_.flat_min_nodes ||
          static_cast<double>(cost_) >= schedule_.min_growth * static_cast<double>(previous_cost_);
      flat_ = grew ? 0 : flat_ + 1;
      previous_cost_ = cost_;
      cost_ = 0;
      d_ += 2;
      if (flat_ >= schedule_.flat_runs && d_ < upper - 2) {
        // The questions skipped would cost about as much as this one each: the skip is capped
        // at that, their number times this question's cost.
        skip_from_ = d_;
        skip_cap_ = static_cast<std::uint64_t>((upper - d_) / 2) * previous_cost_;
        d_ = upper - 2;
      }
    }
    return true;
  }
  // The questions the last turn answered.
  int answered() const { return answered_; }
  // Whether any turn so far has answered a question.
  bool has_answered() const { return has_answered_; }

private:
  void restart(Plies lo, Plies upper) {
    d_ = std::max<Plies>(lo, upper - 2 * schedule_.window);
    previous_cost_ = cost_ = 0;
    flat_ = 0;
    skip_cap_ = 0;
  }

  const LengthQuestions& ask_;
  const LengthSchedule& schedule_;
  Plies d_ = -1;                     // the question asked next (restarted when outside [lo, upper))
  std::uint64_t cost_ = 0;           // the nodes of question d_ so far, over turns
  std::uint64_t previous_cost_ = 0;  // the nodes of the question answered before
  int flat_ = 0;                     // consecutive questions whose cost did not grow
  std::uint64_t skip_cap_ = 0;       // while d_ is a skip: its nodes at most (else 0)
  Plies skip_from_ = -1;             // while d_ is a skip: the first question it skipped
  int answered_ = 0;                 // in the last turn
  bool has_answered_ = false;        // in any turn
};

}  // namespace

ExactLength minimise_length(Plies upper, const LengthQuestions& ask, LengthSchedule schedule) {
  Plies lo = 1;  // no mate is shorter than lo plies
  // The direct question, "within upper - 2?", with `cap` nodes; a proof lowers upper.
  const auto direct_question = [&](std::uint64_t cap) {
    const Outcome o = ask.prove(upper - 2, cap);
    if (o == Outcome::Proven) upper = std::min(ask.proven_upper(), upper - 2);
    return o;
  };
  // The two ends: the length settled (upper), or a limit reached with [lo, upper] still open.
  const auto settled = [&] { return ExactLength{upper, upper}; };
  const auto stopped = [&] { return ExactLength{upper, lo}; };
  // 1. The descent: the direct question with the descent's cap while it is proven.
  while (lo < upper) {
    const Outcome o = direct_question(schedule.direct_cap);
    if (o == Outcome::Disproven) return settled();
    if (o == Outcome::Unknown) {
      if (ask.exhausted()) return stopped();
      break;
    }
  }
  // 2. The race: the deepening and the direct question take turns, each turn's budget growing,
  // until the direct question proves a shorter mate: the first mate then overshoots by more
  // than the descent could close cheaply, and the rest is left to the deepening.
  Deepening deepening(ask, schedule);
  double turn = static_cast<double>(schedule.direct_cap);
  bool direct = true;
  while (lo < upper) {
    turn = std::min(turn * schedule.turn_growth, 1e18);  // far beyond any budget, and no overflow
    const auto deepening_budget =
        static_cast<std::uint64_t>(direct ? std::max(1.0, turn * schedule.deepening_share) : 1e18);
    if (!deepening.turn(deepening_budget, lo, upper) && ask.exhausted()) return stopped();
    if (!direct || lo >= upper) continue;
    if (schedule.direct_after_stall && deepening.answered() > 0) continue;
    // A deepening that has not answered the first question of its window has every question of
    // the window still ahead, each likely dearer than that one: the direct question's chance is
    // better than even.
    const double share = deepening.has_answered() ? 1.0 : schedule.direct_share_unanswered;
    const Outcome o = direct_question(static_cast<std::uint64_t>(turn * share));
    if (o == Outcome::Disproven) return settled();
    if (o == Outcome::Unknown && ask.exhausted()) return stopped();
    direct = o != Outcome::Proven;
  }
  return settled();
}

Outcome ask_given_length(Plies given, const LengthQuestions& ask, LengthSchedule schedule) {
  if (given <= 0 || given % 2 == 0) return Outcome::Unknown;
  return ask.prove(given, schedule.direct_cap);
}

}  // namespace tsume
