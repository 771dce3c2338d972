// The exact minimax length of a mate, from an upper bound (the length of a mate found): shared
// by `tsume solve` (solve.cpp) and `tsume check` (check.cpp).
//
// Every mate length has the attacker's parity (odd), so the exact length is the smallest odd L
// with "mate within L plies?" proven. The search keeps an interval [lo, upper] of lengths not
// yet excluded: a disproof of "within d" raises lo to d + 2, a proof lowers upper to the proof's
// length (at most d).
//
// 1. Descent: "within upper - 2?", each question with at most `direct_cap` nodes. Proofs are
//    cheap and the last question, the disproof, usually is too: most problems end here. (With
//    a 1 M cap the deepening took 9-35 % more nodes than the direct disproof on five hard 図巧
//    problems whose disproof needs 1-3 M nodes; with 5 M the scaling set of scripts/scaling.sh
//    is solved with the same nodes as by the plain descent.)
// 2. A race, when a question takes more than that: the deepening and the direct question take
//    turns, each turn with a budget that grows (`turn_growth` times the last), until one of
//    them settles the length. A question stopped by its turn's budget keeps its work in the
//    table for its next turn. The direct question gets its turn only after a turn in which the
//    deepening answered no question (`direct_after_stall`): while the deepening's questions are
//    answered within its turns it is closing in at the rate its costs grow, and a turn of the
//    direct question costs as much for a question it may never settle; once the deepening's
//    question outgrows a turn, the direct question's chance is as good as the deepening's.
//    - The deepening asks "within d?" for d rising by 2 from the bottom of a window of `window`
//      questions below upper. Each disproof leaves in the table length bounds and proof/disproof
//      numbers measured at depth d, which can steer the search at depth d + 2 better than
//      df-pn's initial estimates; once the cost has stopped growing twice in a row (each
//      question about as hard as the last) it goes straight to the last question. Once is not
//      enough: 図巧 095's "within 25" costs 1.2 times "within 23" amid twofold growth, and
//      skipping from there to "within 37" took 175 M nodes, going on 120 M. Nor is twice proof
//      against it, so the skip is capped at what the questions it skips would cost one by one
//      (their number times the last question's cost); a skip stopped by that cap leaves its work
//      in the table and the deepening goes on from the first question it skipped (095 on two
//      threads: "within 29" and "31" cost 7.4 M and 9.0 M nodes, then the skip to "within 37"
//      172 M; in another run of two threads 33, 35 and 37 asked one by one took 61 M).
//    - The direct question "within upper - 2?" again, with the turn's budget.
//    - While the deepening has answered no question at all, the direct question's turns are
//      twice the deepening's (`direct_share_unanswered`): the whole window is still ahead of the
//      deepening, so the direct question is the better bet (図巧 071, one thread: 32.3 M nodes,
//      37.3 s, against 52.7 M, 56.3 s with equal turns; 006, where the direct question settles
//      in its first turn of the race, unchanged).
//    Neither is best everywhere (docs/benchmarks.md, one thread, 2 GB table): 図巧 071 takes
//    18.6 M nodes asked directly and 136 M by the deepening alone, 004 10.7 M against 20.6 M;
//    095 more than 126 M directly and about 90 M in the deepening's own questions, 021 more than
//    400 M directly and 262 M by deepening alone (commit d51713b). Taking turns costs at most
//    about twice the better of the two where either alone can cost seven times the other
//    (071: 53 M); with the direct question's turns only after a stall, 095 takes 120 M (166 M
//    with a turn after every turn of the deepening) and 021 368 M (489 M), and 031, whose
//    deepening answers its cheap first questions and then the dear ones, 34 M (23 M). When the
//    direct question proves a shorter mate during the race, the first mate overshoots the exact
//    length by more than the descent could close cheaply, and every further proof of a shorter mate
//    is as dear (Microcosmos: mates of 1537-1561 plies first, exact 1525); the direct question then
//    takes no more turns and the deepening, whose window reaches below, goes on without a turn's
//    cap.
#pragma once

#include <cstdint>
#include <functional>

#include "solver/search/dfpn.h"
#include "solver/search/mate_len.h"

namespace tsume {

struct LengthSchedule {
  std::uint64_t direct_cap = 5'000'000;  // nodes per question of the descent
  int window = 12;                       // questions of the deepening below upper
  double turn_growth = 2;                // each turn of the race: this times the last (first:
                                         // direct_cap times this)
  double deepening_share = 1;            // the deepening's turn: this times the direct question's
  // The direct question takes its turn only after a turn in which the deepening answered no
  // question (it has stalled); while the deepening answers questions, it keeps the turn.
  bool direct_after_stall = true;
  // The direct question's turn, while the deepening has answered no question yet: this times
  // the deepening's turn (図巧 071, one thread: the deepening's first question, "within 31" of
  // 55 plies, still open after 30 M nodes; the direct question settled in 21.5 M).
  double direct_share_unanswered = 2;
  // The deepening skips to the last question (upper - 2) once `flat_runs` questions in a row,
  // each of at least `flat_min_nodes`, cost less than `min_growth` times the one before; the
  // skip may take as many nodes as the questions skipped, at the last one's cost each.
  std::uint64_t flat_min_nodes = 100'000;
  double min_growth = 1.5;
  int flat_runs = 2;
};

struct ExactLength {
  Plies upper = -1;  // a mate in this many plies exists
  // No mate is shorter than this many plies: `upper` once the length is settled, else the
  // bottom of the lengths the questions answered so far have not excluded (1 when none was
  // disproven).
  Plies lower = 1;
  // No mate is shorter than `upper` (false: a limit stopped the search).
  bool exact() const { return lower == upper; }
};

struct LengthQuestions {
  // "Mate within d plies?" on the problem, with at most `cap` nodes (0: only the problem's
  // own limits).
  std::function<Outcome(Plies d, std::uint64_t cap)> prove;
  // The length of the mate that the last proof found (the table's upper bound of the problem).
  std::function<Plies()> proven_upper;
  // Whether the problem's own limits are spent.
  std::function<bool()> exhausted;
  // The nodes the questions have taken so far.
  std::function<std::uint64_t()> nodes;
};

ExactLength minimise_length(Plies upper, const LengthQuestions& ask, LengthSchedule schedule = {});

// "Mate within `given` plies?" for a given line of that length (tsume check asks it before the
// unbounded proof, so that the minimisation can start from the given length). It is capped like
// a question of the descent: a given line shorter than the problem's exact length makes it a
// disproof, which asked directly can cost far more than minimise_length's deepening (図巧 021:
// a 21-ply given line, a 25-ply problem; "mate within 21?" asked directly was still open after
// an hour). Unknown for an even or empty `given` (no mate has that parity).
Outcome ask_given_length(Plies given, const LengthQuestions& ask, LengthSchedule schedule = {});

}  // namespace tsume
