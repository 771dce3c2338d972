// The leaf search of the bounded questions (leaf_search.h) against the brute-force mate search
// of the tests (tests/core/reference_mate.h, minimax over the naive reference rules) on the
// positions with the attacker to move near the end of every main line of 将棋図巧
// (problems/zukou.tsv), searched for mates within 3 and within 5 plies: mates in 1, 3 and 5,
// and positions with longer mates, where nothing mates within the plies. Each answer is checked
// with the hands it claims too: a proof with the attacker holding only its proof hand, a disproof
// with the attacker holding as much of its disproof hand as the pieces allow (taken from the
// defender's hand, tsume convention).
#include "solver/search/leaf_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "solver/io/sfen.h"
#include "solver/search/shogi_rules.h"
#include "tests/core/reference_mate.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

namespace ref = test::reference;

// The last `count` positions with the attacker to move along each main line of `file` in
// problems/ (sho.tsv: under sho rules).
std::vector<Position> positions_near_the_end(const std::string& file, std::size_t count) {
  std::vector<Position> out;
  for (const test::Problem& p : test::read_problems(std::string(TSUME_PROBLEMS_DIR) + "/" + file)) {
    const std::vector<Position> line =
        test::main_line_positions(p, nullptr, file == "sho.tsv" ? Variant::Sho : Variant::Shogi);
    EXPECT_EQ(line.size(), p.main_line.size() + 1) << p.id;
    std::vector<Position> attacker_to_move;
    for (std::size_t i = 0; i < line.size(); i += 2) attacker_to_move.push_back(line[i]);
    const std::size_t first = attacker_to_move.size() > count ? attacker_to_move.size() - count : 0;
    out.insert(out.end(), attacker_to_move.begin() + static_cast<std::ptrdiff_t>(first),
               attacker_to_move.end());
  }
  return out;
}

// `setup` with the attacker's hand set to `h` as far as the pieces allow: raised from the
// defender's hand, or lowered into it.
BoardSetup with_attacker_hand(BoardSetup setup, Color attacker, Hand h) {
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    const int total = setup.hand(attacker).count(pt) + setup.hand(~attacker).count(pt);
    const int n = std::min(h.count(pt), total);
    setup.hand(attacker).set(pt, n);
    setup.hand(~attacker).set(pt, total - n);
  }
  return setup;
}

struct Tally {
  int proven = 0, disproven = 0, unknown = 0;
};

// Checks the leaf answer within `plies` of every position against `reference`. Without
// `futility` both count every interposition and must agree on whether there is a mate within
// `plies`, a proof's length at least the shortest; with it (the reference discounting futile
// interpositions) an unknown answer is allowed too.
Tally check_against(ref::MateSearch& reference, bool futility,
                    const std::vector<Position>& positions, Plies plies) {
  Tally t;
  for (Position pos : positions) {
    const Color attacker = pos.side_to_move();
    const BoardSetup setup = pos.setup();
    const std::string where = io::to_sfen(setup);
    const LeafResult r = leaf_search<ShogiRules>(pos, attacker, plies, futility);
    EXPECT_EQ(pos.setup(), setup) << where << ": the position is not restored";
    switch (r.kind) {
    case LeafResult::Kind::Proven: {
      ++t.proven;
      const std::optional<int> len = reference.mate_length(setup, plies);
      EXPECT_TRUE(len.has_value()) << where << ": proven, but no mate within " << plies;
      EXPECT_LE(r.length, plies) << where;
      // Every interposition counted, the leaf's mates in one and in three are the shortest
      // (the mates in one are tried first); one of five may have a shorter one beside it.
      if (len && !futility && r.length < 5) {
        EXPECT_EQ(r.length, *len) << where;
      } else if (len) {
        EXPECT_GE(r.length, *len) << where;
      }
      EXPECT_TRUE(setup.hand(attacker).covers(r.hand)) << where;
      EXPECT_TRUE(reference.attacker_wins(with_attacker_hand(setup, attacker, r.hand), plies))
          << where << ": no mate with the proof hand alone";
      break;
    }
    case LeafResult::Kind::Disproven:
      ++t.disproven;
      EXPECT_FALSE(reference.attacker_wins(setup, plies)) << where << ": disproven, but mated";
      EXPECT_GE(r.length, plies + 2) << where;
      EXPECT_TRUE(r.hand.covers(setup.hand(attacker))) << where;
      EXPECT_FALSE(reference.attacker_wins(with_attacker_hand(setup, attacker, r.hand), plies))
          << where << ": a mate within the disproof hand";
      break;
    case LeafResult::Kind::Unknown:
      ++t.unknown;
      EXPECT_TRUE(futility) << where << ": unknown with every interposition counted";
      break;
    }
  }
  return t;
}

// Each test runs once for each depth the leaf search settles (kLeafSearchMinPlies and
// kLeafSearchPlies: 3 and 5).
class LeafSearchWithin : public ::testing::TestWithParam<Plies> {};

INSTANTIATE_TEST_SUITE_P(Plies, LeafSearchWithin,
                         ::testing::Values(kLeafSearchMinPlies, kLeafSearchPlies),
                         [](const ::testing::TestParamInfo<Plies>& depth) {
                           return std::to_string(depth.param);
                         });

TEST_P(LeafSearchWithin, AgreesWithTheReferenceWhenEveryInterpositionCounts) {
  ref::MateSearch reference(ref::FutileRule::Count);
  const Tally t =
      check_against(reference, false, positions_near_the_end("zukou.tsv", 8), GetParam());
  // Both answers occur often enough for the comparison to mean something.
  EXPECT_GE(t.proven, 100);
  EXPECT_GE(t.disproven, 100);
}

TEST_P(LeafSearchWithin, NeverContradictsTheReferenceWhenFutileInterpositionsDoNotCount) {
  ref::MateSearch reference(ref::FutileRule::Discount);
  const Tally t =
      check_against(reference, true, positions_near_the_end("zukou.tsv", 8), GetParam());
  EXPECT_GE(t.proven, 100);
  EXPECT_GE(t.disproven, 100);
}

// Sho shogi (problems/sho.tsv): no drops, so nothing is left unknown, and a second royal.
TEST_P(LeafSearchWithin, AgreesWithTheReferenceInShoShogi) {
  ref::MateSearch reference(ref::FutileRule::Count);
  const Tally t = check_against(reference, true, positions_near_the_end("sho.tsv", 8), GetParam());
  EXPECT_EQ(t.unknown, 0);
  EXPECT_GE(t.proven, 10);
  EXPECT_GE(t.disproven, 1);
}

}  // namespace
}  // namespace tsume
