#include "solver/large/soundness.h"

#include <algorithm>
#include <chrono>

#include "solver/large/checks.h"
#include "solver/large/dfpn_large.h"

namespace tsume::large {

namespace {

using R = LargeRules;

// The same path with the other promotion choice.
bool promotion_twin(const Move& a, const Move& b) {
  return a.from == b.from && a.mid == b.mid && a.to == b.to && a.promote != b.promote;
}

std::string plies_text(int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

}  // namespace

const char* soundness_name(Soundness s) {
  switch (s) {
  case Soundness::Sound:
    return "SOUND";
  case Soundness::SoundWithFlaws:
    return "SOUND_WITH_FLAWS";
  case Soundness::Cooked:
    return "COOKED";
  case Soundness::NoMate:
    return "NO_MATE";
  case Soundness::Unknown:
    break;
  }
  return "UNKNOWN";
}

SoundnessResult check_soundness(const Position& root, const SoundnessOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SoundnessResult result;
  MateLimits limits = options.limits;
  if (options.stated_length) limits.max_plies = std::max(limits.max_plies, *options.stated_length);
  const MateResult solved = solve_mate_dfpn(root, limits);
  result.nodes = solved.nodes;
  if (solved.status == MateStatus::NoMate) {
    result.verdict = Soundness::NoMate;
    result.reason = "no mate: every line ends with the attacker out of checks";
    return result;
  }
  if (solved.status == MateStatus::Unknown && solved.bounded && options.stated_length) {
    // Searched to at least the stated length: no mate within it.
    result.verdict = Soundness::NoMate;
    result.reason = "no mate within the stated " + plies_text(*options.stated_length);
    return result;
  }
  if (solved.status == MateStatus::Unknown) {
    result.limit = solved.bounded ? "plies" : solved.out_of_time ? "time" : "nodes";
    result.verdict = Soundness::Unknown;
    result.reason = solved.bounded ? "no mate within " + plies_text(limits.max_plies) +
                                         "; a longer one not "
                                         "ruled out"
                                   : "the solve ran out of " + result.limit;
    return result;
  }
  result.length = solved.length;
  result.main_line = solved.pv;
  if (!solved.line_complete) {
    result.verdict = Soundness::Unknown;
    result.limit = solved.out_of_time ? "time" : "nodes";
    result.reason =
        "the solve ran out of " + result.limit + " before the exact length and main line";
    return result;
  }
  const int length = solved.length;
  if (options.stated_length && *options.stated_length != length) {
    // The solve's length is exact (shortest attack, longest defence).
    if (length < *options.stated_length) {
      result.verdict = Soundness::Cooked;
      result.reason = "mates in " + plies_text(length) + ", shorter than the stated " +
                      std::to_string(*options.stated_length);
      SoundnessFinding f;
      f.kind = "cook";
      f.main = solved.pv.front();
      f.alternative = solved.pv.front();
      f.length = length;
      f.note = "a shorter mate than the stated length";
      result.cooks.push_back(f);
    } else {
      result.verdict = Soundness::NoMate;
      result.reason = "no mate within the stated " + plies_text(*options.stated_length) +
                      " (the shortest forced mate takes " + std::to_string(length) + ")";
    }
    return result;
  }

  // The alternatives at each attacker node of the main line, on one shared table.
  TranspositionTable table(64);
  R::Position pos(root);
  const Color attacker = R::side_to_move(pos);
  bool out_of_time = false;  // the time limit stopped a question: the others are not asked
  for (int ply = 0; ply < length && !out_of_time; ply += 2) {
    const int left = length - ply;  // plies from this node to the mate
    const Move main = solved.pv[static_cast<std::size_t>(ply)];
    for (const Move& c : generate_checks(pos.board())) {
      if (c == main) continue;
      ++result.alternatives;
      SoundnessFinding f;
      f.ply = ply;
      f.main = main;
      f.alternative = c;
      if (left == 1) {
        // The last node: only a check that mates at once is another solution.
        if (!is_mated(after(pos.board(), c))) {
          ++result.disproved;
          continue;
        }
        f.length = 1;
        if (length == 1) {
          f.kind = "cook";
          f.note = "another mate in 1";
          result.cooks.push_back(f);
        } else {
          f.kind = "final_move_alternative";
          f.note = "another mating last move";
          result.flaws.push_back(f);
        }
        continue;
      }
      const SearchLimits step_limits = budget_limits(options.limits, options.step_nodes, start);
      SearchBudget budget(step_limits);
      LargeMateSearch search(table, budget, attacker);
      R::Position child(after(pos.board(), c));
      const Outcome o = search.prove(child, left - 1);
      f.nodes = budget.nodes();
      result.nodes += budget.nodes();
      if (o == Outcome::Disproven) {
        ++result.disproved;
      } else if (o == Outcome::Proven) {
        f.length = std::min<int>(search.lookup(child).upper, left - 1) + 1;
        if (promotion_twin(c, main)) {
          f.kind = "non_limitation";
          f.note = "the main move with the other promotion choice also mates";
          result.flaws.push_back(f);
        } else {
          f.kind = "cook";
          f.note = "another check that mates within the plies left";
          result.cooks.push_back(f);
        }
      } else {
        f.kind = "undecided";
        f.note = "mate within " + plies_text(left - 1) + " after it neither proven nor disproven";
        if (stopped_by_time(options.limits, budget, step_limits, start)) {
          out_of_time = true;
          f.note += "; the time ran out (the checks after it not asked)";
        }
        result.undecided.push_back(f);
        if (out_of_time) break;
      }
    }
    // On along the main line: the attacker's move and the defender's reply.
    pos = R::Position(after(pos.board(), main));
    if (ply + 1 < length)
      pos = R::Position(after(pos.board(), solved.pv[static_cast<std::size_t>(ply + 1)]));
  }

  if (!result.cooks.empty()) {
    result.verdict = Soundness::Cooked;
    result.reason = std::to_string(result.cooks.size()) + " cook" +
                    (result.cooks.size() == 1 ? "" : "s") + " on the main line";
  } else if (!result.undecided.empty()) {
    result.verdict = Soundness::Unknown;
    result.limit = out_of_time ? "time" : "step-nodes";
    result.reason = std::to_string(result.undecided.size()) + " alternative" +
                    (result.undecided.size() == 1 ? "" : "s") + " left open by " +
                    (out_of_time ? "--time (the later ones not asked)" : "--step-nodes");
  } else if (!result.flaws.empty()) {
    result.verdict = Soundness::SoundWithFlaws;
    result.reason = "the mate is unique up to the flaws listed";
  } else {
    result.verdict = Soundness::Sound;
    result.reason = "no other check mates within the plies left at any attacker move of the "
                    "main line";
  }
  return result;
}

}  // namespace tsume::large
