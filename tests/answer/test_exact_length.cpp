// The length search's schedule (solver/answer/exact_length.h) against a scripted oracle: a
// problem whose exact length is `exact` and whose proofs report `reported` (a mate found is not
// always the shortest). The question "within d?" needs cost(d) nodes in all: `cost_at[d]` when
// given, else `base` times `growth` to the power d / 2, or `warm_cost_at[d]` once a question
// below d has been disproved (the deepening's estimates steer it; with `warm_after[d]`, once
// "within warm_after[d]" has been). A question stopped by its cap keeps what it spent (the table
// keeps its work) and is answered once its spending reaches the cost. With `node_limit`, the
// problem's own limit: the question that would pass it spends up to it and is stopped, and no
// budget is left.
#include "solver/answer/exact_length.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

namespace tsume {
namespace {

constexpr std::uint64_t M = 1'000'000;

struct Oracle {
  Plies exact = 0;
  Plies reported = 0;  // what a proof of "within d" finds: min(reported, d), at least exact
  bool budget_left = true;
  std::uint64_t node_limit = 0;  // 0: none
  double base = 1000;
  double growth = 3;
  std::map<Plies, std::uint64_t> cost_at{};
  std::map<Plies, std::uint64_t> warm_cost_at{};
  std::map<Plies, Plies> warm_after{};
  std::uint64_t nodes = 0;
  std::vector<Plies> asked{};
  std::vector<std::uint64_t> caps{};
  std::map<Plies, std::uint64_t> spent{};
  Plies lowest_disproof = 1000;
  Plies highest_disproof = 0;
  Plies last_proof = 0;

  std::uint64_t cost(Plies d) const {
    const bool warm =
        warm_after.count(d) ? highest_disproof >= warm_after.at(d) : lowest_disproof < d;
    if (warm && warm_cost_at.count(d)) return warm_cost_at.at(d);
    if (cost_at.count(d)) return cost_at.at(d);
    return static_cast<std::uint64_t>(base * std::pow(growth, d / 2));
  }

  LengthQuestions questions() {
    return {[this](Plies d, std::uint64_t cap) {
              asked.push_back(d);
              caps.push_back(cap);
              if (!budget_left) return Outcome::Unknown;
              const std::uint64_t need = cost(d), had = spent[d];
              const std::uint64_t left = need > had ? need - had : 0;
              if (node_limit != 0 && nodes + std::min(left, cap ? cap : left) > node_limit) {
                spent[d] += node_limit - nodes;
                nodes = node_limit;
                budget_left = false;
                return Outcome::Unknown;
              }
              if (cap != 0 && left > cap) {
                spent[d] += cap;
                nodes += cap;
                return Outcome::Unknown;
              }
              spent[d] += left;
              nodes += left;
              if (d >= exact) {
                last_proof = std::max(exact, std::min(reported, d));
                return Outcome::Proven;
              }
              lowest_disproof = std::min(lowest_disproof, d);
              highest_disproof = std::max(highest_disproof, d);
              return Outcome::Disproven;
            },
            [this] { return last_proof; }, [this] { return !budget_left; },
            [this] { return nodes; }};
  }
};

TEST(ExactLength, DescentEndsAtTheFirstDisproof) {
  // A mate in 15 found; the proof of "within 13" finds the mate in 9; "within 7" is disproved.
  Oracle o{.exact = 9, .reported = 9};
  const LengthSchedule schedule;
  const ExactLength r = minimise_length(15, o.questions(), schedule);
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 9);
  EXPECT_EQ(r.lower, 9);
  EXPECT_EQ(o.asked, (std::vector<Plies>{13, 7}));
  for (std::uint64_t c : o.caps) EXPECT_EQ(c, schedule.direct_cap);
}

TEST(ExactLength, TheDeepeningWinsTheRaceWhereTheDirectQuestionIsHard) {
  // Exact 25, found as 25; "within 23" asked cold takes 400 M nodes, but 3 M once the questions
  // below it have been answered. The descent's question stops at its 5 M cap; the race's first
  // turn (10 M) goes to the deepening, which asks 1, 3, ..., 21 (a window of 12 below 25) and
  // then 23, answered by what it had spent already.
  Oracle o{.exact = 25,
           .reported = 25,
           .growth = 2,
           .cost_at = {{23, 400 * M}},
           .warm_cost_at = {{23, 3 * M}}};
  const ExactLength r = minimise_length(25, o.questions(), LengthSchedule{.window = 12});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 25);
  std::vector<Plies> want{23};
  for (Plies d = 1; d <= 23; d += 2) want.push_back(d);
  EXPECT_EQ(o.asked, want);
  EXPECT_LT(o.nodes, 10 * M);
}

TEST(ExactLength, TheDirectQuestionWinsTheRaceWhereTheDeepeningIsDear) {
  // As 図巧 071 (exact 55; one thread): "within 53" takes 18 M nodes asked directly, while the
  // deepening's first question, "within 31", takes 40 M. The deepening's first turn (10 M)
  // answers nothing, so the direct question's turn is twice that (20 M): it is answered there,
  // after 5 + 10 + 13 M nodes.
  Oracle o{.exact = 55, .reported = 55, .cost_at = {{53, 18 * M}, {31, 40 * M}}};
  const ExactLength r = minimise_length(55, o.questions(), LengthSchedule{.window = 12});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 55);
  EXPECT_EQ(o.asked, (std::vector<Plies>{53, 31, 53}));
  EXPECT_EQ(o.caps, (std::vector<std::uint64_t>{5 * M, 10 * M, 20 * M}));
  EXPECT_EQ(o.nodes, 28 * M);
}

TEST(ExactLength, WithEqualTurnsTheDirectQuestionWinsATurnLater) {
  // The same problem with the direct question's turns equal to the deepening's while it has
  // answered nothing: turns of 10 M and then 20 M each, the direct question answered in its
  // second turn, after 5 + 10 + 10 + 20 + 3 M nodes.
  Oracle o{.exact = 55, .reported = 55, .cost_at = {{53, 18 * M}, {31, 40 * M}}};
  const ExactLength r = minimise_length(55, o.questions(),
                                        LengthSchedule{.window = 12, .direct_share_unanswered = 1});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 55);
  EXPECT_EQ(o.asked, (std::vector<Plies>{53, 31, 53, 31, 53}));
  EXPECT_EQ(o.caps, (std::vector<std::uint64_t>{5 * M, 10 * M, 10 * M, 20 * M, 20 * M}));
  EXPECT_EQ(o.nodes, 48 * M);
}

TEST(ExactLength, TheDeepeningsShareScalesItsTurns) {
  // The same problem with the deepening's turns half the direct question's (and the direct
  // question's turns not doubled while the deepening has answered nothing).
  Oracle o{.exact = 55, .reported = 55, .cost_at = {{53, 18 * M}, {31, 40 * M}}};
  const ExactLength r = minimise_length(
      55, o.questions(),
      LengthSchedule{.window = 12, .deepening_share = 0.5, .direct_share_unanswered = 1});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(o.caps, (std::vector<std::uint64_t>{5 * M, 5 * M, 10 * M, 10 * M, 20 * M}));
  EXPECT_EQ(o.nodes, (5 + 5 + 10 + 10 + 3) * M);
}

TEST(ExactLength, AProofByTheDirectQuestionLeavesTheRestToTheDeepening) {
  // Found as 41, exact 21. "Within 39" stops at the descent's cap; the deepening (window of 3,
  // from 35) spends its first turn (10 M) on a dear proof; the direct question then, with a turn
  // twice that (the deepening has answered nothing), proves "within 39", finding the mate in 21.
  // The first mate overshot: the direct question takes no more turns, and the deepening, restarted
  // below 21, is asked without a turn's cap (15, 17, 19).
  Oracle o{.exact = 21, .reported = 21, .cost_at = {{39, 7 * M}, {35, 50 * M}}};
  const ExactLength r = minimise_length(41, o.questions(), LengthSchedule{.window = 3});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 21);
  EXPECT_EQ(o.asked, (std::vector<Plies>{39, 35, 39, 15, 17, 19}));
  ASSERT_EQ(o.caps.size(), 6u);
  EXPECT_EQ(o.caps[1], 10 * M);
  EXPECT_EQ(o.caps[2], 20 * M);
  for (std::size_t i = 3; i < 6; ++i) EXPECT_GT(o.caps[i], 1'000'000 * M);
}

TEST(ExactLength, DeepeningStopsAtTheFirstProofAndGoesOnBelowIt) {
  // Found as 41, exact 21. Descent: 39, 37, ..., 21 proven (each proof finds d itself), 19
  // stopped at the cap. The deepening, a window of 3 below 21: 15 and 17 disproved, and 19,
  // cheap once they are, disproved with what it had spent already.
  Oracle o{.exact = 21,
           .reported = 41,
           .growth = 1,
           .cost_at = {{19, 50 * M}},
           .warm_cost_at = {{19, 1 * M}}};
  const ExactLength r = minimise_length(41, o.questions(), LengthSchedule{.window = 3});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 21);
  std::vector<Plies> want;
  for (Plies d = 39; d >= 19; d -= 2) want.push_back(d);
  for (Plies d : {15, 17, 19}) want.push_back(d);
  EXPECT_EQ(o.asked, want);
}

TEST(ExactLength, AProofInsideTheWindowRestartsItLower) {
  // Found as 31, exact 23, and proofs find at best a mate in 27. "Within 29?" stops at the cap;
  // the deepening (window of 2) proves 27, its window moves below it: 23 proven (the proof now
  // finds 23), then 19 and 21 disproved.
  Oracle o{.exact = 23,
           .reported = 27,
           .cost_at = {{29, 50 * M}, {27, 1 * M}, {23, 2 * M}, {19, 1 * M}, {21, 1 * M}}};
  const ExactLength r = minimise_length(31, o.questions(), LengthSchedule{.window = 2});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 23);
  EXPECT_EQ(o.asked, (std::vector<Plies>{29, 27, 23, 19, 21}));
}

TEST(ExactLength, FlatCostsSkipToTheLastQuestion) {
  // Exact 41; "within 39" stops at the cap. Deepening from 41 - 24 = 17: "within 17", "19" and
  // "21" cost the same 200,000 nodes (no growth twice in a row), so the rest of the window is
  // skipped and "within 39" is asked next.
  Oracle o{.exact = 41,
           .reported = 41,
           .base = 200'000,
           .growth = 1,
           .cost_at = {{39, 50 * M}},
           .warm_cost_at = {{39, 200'000}}};
  const ExactLength r = minimise_length(41, o.questions(), LengthSchedule{.window = 12});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 41);
  EXPECT_EQ(o.asked, (std::vector<Plies>{39, 17, 19, 21, 39}));
}

// As 図巧 095 (exact 39, deepening from 15): the costs grow about twofold per question but
// "within 25" costs only 1.2 times "within 23"; "within 37" costs 100 M nodes cold, 20 M once
// the table has the deepening's estimates.
Oracle like_zukou_095() {
  return Oracle{.exact = 39,
                .reported = 39,
                .cost_at = {{15, 170'000},
                            {17, 320'000},
                            {19, 700'000},
                            {21, 1'600'000},
                            {23, 3'100'000},
                            {25, 3'600'000},
                            {27, 8'000'000},
                            {29, 9'000'000},
                            {31, 10'000'000},
                            {37, 100 * M}},
                .warm_cost_at = {{37, 20 * M}}};
}

TEST(ExactLength, OneFlatQuestionAmidGrowthDoesNotSkip) {
  // One flat question is not a trend: the deepening goes on to 27 (stopped by its first turn's
  // 10 M, resumed in the second), and skips only when the cost has stopped growing twice in a
  // row (29 and 31), to "within 37", answered in the third turn. The deepening answered
  // questions in each turn, so it kept the turn: the direct question is not asked again.
  Oracle o = like_zukou_095();
  const ExactLength r = minimise_length(39, o.questions(), LengthSchedule{.window = 12});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 39);
  EXPECT_EQ(o.asked, (std::vector<Plies>{37, 15, 17, 19, 21, 23, 25, 27, 27, 29, 31, 31, 37}));
  // (37's 20 M in all, 5 M of them spent in the descent.)
  EXPECT_EQ(o.nodes, 170'000 + 320'000 + 700'000 + 1'600'000 + 3'100'000 + 3'600'000 + 8 * M +
                         9 * M + 10 * M + 20 * M);
}

TEST(ExactLength, ASkipCostsAtMostTheQuestionsItSkips) {
  // The same problem as two threads may find it: "within 33" and "35" cost 16 M and 12 M, and
  // "within 37" 170 M nodes unless "within 35" has been disproved (20 M then). The skip after
  // 29 and 31 (flat twice) is capped at the three questions it skips at 10 M each (31's cost):
  // stopped there, the deepening goes on from 33 one question at a time, and 37, asked after 35,
  // is answered by the 35 M it already had.
  Oracle o = like_zukou_095();
  o.cost_at[33] = 16 * M;
  o.cost_at[35] = 12 * M;
  o.cost_at[37] = 170 * M;
  o.warm_after[37] = 35;
  const ExactLength r = minimise_length(39, o.questions(), LengthSchedule{.window = 12});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 39);
  EXPECT_EQ(o.asked, (std::vector<Plies>{37, 15, 17, 19, 21, 23, 25, 27, 27, 29, 31, 31, 37, 33, 33,
                                         35, 37}));
  EXPECT_EQ(o.caps[12], 30 * M);
  EXPECT_EQ(o.nodes, 5 * M + 170'000 + 320'000 + 700'000 + 1'600'000 + 3'100'000 + 3'600'000 +
                         8 * M + 9 * M + 10 * M + 30 * M + 16 * M + 12 * M);
}

TEST(ExactLength, WithoutTheStallRuleTheDirectQuestionTakesEveryOtherTurn) {
  // The same problem with the direct question given a turn after every turn of the deepening
  // (direct_after_stall off): "within 37" gets its second 10 M turn between the deepening's
  // first and second, which is spent for nothing (20 M answer it only once the deepening has
  // answered 15-31), and is answered in its next turn.
  Oracle o = like_zukou_095();
  const ExactLength r =
      minimise_length(39, o.questions(), LengthSchedule{.window = 12, .direct_after_stall = false});
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 39);
  EXPECT_EQ(o.asked, (std::vector<Plies>{37, 15, 17, 19, 21, 23, 25, 27, 37, 27, 29, 31, 37}));
}

TEST(ExactLength, NoBudgetLeftIsNotExact) {
  Oracle o{.exact = 9, .reported = 9, .budget_left = false};
  const ExactLength r = minimise_length(9, o.questions());
  EXPECT_FALSE(r.exact());
  EXPECT_EQ(r.upper, 9);
  EXPECT_EQ(r.lower, 1);
  EXPECT_EQ(o.asked, (std::vector<Plies>{7}));
}

TEST(ExactLength, ALimitInTheDeepeningKeepsTheLengthsItExcluded) {
  // Exact 25, found as 25; "within d?" costs 1000 * 2^(d/2) nodes, "within 23" 400 M. The
  // descent's question spends its 5 M cap; the deepening then disproves 1, 3, ..., 15 (255,000
  // nodes in all) and the problem's limit, 5.5 M, stops "within 17" (256,000 more): no mate is
  // shorter than 17, and a mate in 25 is known.
  Oracle o{.exact = 25,
           .reported = 25,
           .node_limit = 5'500'000,
           .growth = 2,
           .cost_at = {{23, 400 * M}}};
  const ExactLength r = minimise_length(25, o.questions(), LengthSchedule{.window = 12});
  EXPECT_FALSE(r.exact());
  EXPECT_EQ(r.upper, 25);
  EXPECT_EQ(r.lower, 17);
  std::vector<Plies> want{23};
  for (Plies d = 1; d <= 17; d += 2) want.push_back(d);
  EXPECT_EQ(o.asked, want);
}

TEST(ExactLength, AShorterMateFoundBeforeTheLimitLowersTheUpperBoundOnly) {
  // Exact 21, found as 25: the descent proves "within 23" in 1,000 nodes (a mate in 23), then
  // "within 21" cold would take 400 M and spends the descent's 5 M cap; the deepening below 23
  // disproves 1, 3, ..., 11 (63,000 nodes) and the limit, 5.1 M, stops "within 13".
  Oracle o{.exact = 21,
           .reported = 23,
           .node_limit = 5'100'000,
           .growth = 2,
           .cost_at = {{23, 1000}, {21, 400 * M}}};
  const ExactLength r = minimise_length(25, o.questions(), LengthSchedule{.window = 12});
  EXPECT_FALSE(r.exact());
  EXPECT_EQ(r.upper, 23);
  EXPECT_EQ(r.lower, 13);
}

TEST(ExactLength, MateInOneNeedsNoQuestion) {
  Oracle o{.exact = 1, .reported = 1};
  const ExactLength r = minimise_length(1, o.questions());
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 1);
  EXPECT_TRUE(o.asked.empty());
}

TEST(ExactLength, AGivenLengthIsAskedWithTheDescentsCap) {
  // A given line of 21 plies for a problem of 25 (a longer defence the line misses): "within 21"
  // is a disproof past the cap. It gets the cap of a descent question, not the whole budget,
  // and the length is then found from the mate of 25 as usual.
  Oracle o{.exact = 25,
           .reported = 25,
           .growth = 2,
           .cost_at = {{21, 400 * M}, {23, 400 * M}},
           .warm_cost_at = {{21, 1 * M}, {23, 1 * M}}};
  const LengthSchedule schedule;
  EXPECT_EQ(ask_given_length(21, o.questions(), schedule), Outcome::Unknown);
  EXPECT_EQ(o.asked, (std::vector<Plies>{21}));
  EXPECT_EQ(o.caps, (std::vector<std::uint64_t>{schedule.direct_cap}));
  const ExactLength r = minimise_length(25, o.questions(), schedule);
  EXPECT_TRUE(r.exact());
  EXPECT_EQ(r.upper, 25);
}

TEST(ExactLength, ARightGivenLengthIsProvenAndAnEvenOneNotAsked) {
  Oracle o{.exact = 21, .reported = 21, .growth = 1};
  EXPECT_EQ(ask_given_length(20, o.questions()), Outcome::Unknown);
  EXPECT_EQ(ask_given_length(0, o.questions()), Outcome::Unknown);
  EXPECT_TRUE(o.asked.empty());
  EXPECT_EQ(ask_given_length(21, o.questions()), Outcome::Proven);
  EXPECT_EQ(o.asked, (std::vector<Plies>{21}));
}

}  // namespace
}  // namespace tsume
