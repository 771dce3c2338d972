// What a decided node returns and stores: lengths, hands and repetitions from its children,
// on positions and child values set up by hand.
#include "solver/search/node_outcome.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include "solver/io/sfen.h"

namespace tsume {
namespace {

Position position(const char* sfen) { return test::position_as_given(sfen); }

Child child(const Position& pos, const char* usi, const SearchResult& value) {
  Child c;
  static_cast<SearchResult&>(c) = value;
  auto m = io::parse_usi_move(usi, pos);
  EXPECT_TRUE(m.ok()) << usi;
  c.move = m.ok() ? m.value() : Move::none();
  return c;
}

Hand golds(int n) {
  Hand h;
  h.set(PieceType::Gold, n);
  return h;
}

// Black to move with a gold in hand against the king on 5a (the pawn on 5c guards 5b).
constexpr const char* kAttackerNode = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
// White to move, checked down file 1 by the lance; white holds a pawn.
constexpr const char* kDefenderNode = "8k/9/9/9/9/9/9/9/8L w p 1";

TEST(ProvenOutcome, AnAttackerNodeTakesItsShortestMateOnePlyLonger) {
  const Position pos = position(kAttackerNode);
  const std::vector<Child> children = {
      child(pos, "5c5b+", SearchResult::proven(4, Hand())),
      child(pos, "G*5b", SearchResult::proven(0, Hand())),
      child(pos, "G*4b", SearchResult::open(2, 3)),
  };
  const SearchResult r = proven_outcome(pos, Color::Black, children);
  EXPECT_TRUE(r.is_proven());
  EXPECT_EQ(r.upper, 1);
  EXPECT_EQ(r.proof_hand, golds(1));  // the dropped gold must be in hand
}

TEST(ProvenOutcome, ADefenderNodeTakesItsLongestDefenceOnePlyLonger) {
  const Position pos = position(kDefenderNode);
  const std::vector<Child> children = {
      child(pos, "1a2a", SearchResult::proven(2, Hand())),
      child(pos, "P*1e", SearchResult::proven(4, Hand())),
  };
  EXPECT_EQ(proven_outcome(pos, Color::Black, children).upper, 5);
}

TEST(ProvenOutcome, AFutileInterpositionCountsByItsComparisonLength) {
  const Position pos = position(kDefenderNode);
  std::vector<Child> children = {
      child(pos, "1a2a", SearchResult::proven(2, Hand())),
      child(pos, "P*1e", SearchResult::proven(4, Hand())),
  };
  children[1].futile = true;
  EXPECT_EQ(proven_outcome(pos, Color::Black, children).upper, 4);
  children[1].upper = 1;
  EXPECT_EQ(proven_outcome(pos, Color::Black, children).upper, 3);  // the king move's 2 + 1
}

TEST(DisprovenOutcome, AnAttackerNodeRestsOnTheEarliestRepetitionOfItsChecks) {
  const Position pos = position(kAttackerNode);
  const std::vector<Child> children = {
      child(pos, "G*5b", SearchResult::disproven(3, Hand(), 7)),
      child(pos, "G*4b", SearchResult::disproven(5, Hand(), 4)),
      child(pos, "5c5b+", SearchResult::disproven(9, Hand())),
  };
  const SearchResult r = disproven_outcome(pos, Color::Black, children, 2, nullptr);
  EXPECT_TRUE(r.is_disproven());
  EXPECT_EQ(r.rep_ply, 4);
  EXPECT_EQ(r.lower, 4);  // no check mates in fewer than 3 plies: none in fewer than 4 here
}

TEST(DisprovenOutcome, TheBoundIsAtLeastTheBudgetPlusOne) {
  const Position pos = position(kAttackerNode);
  const std::vector<Child> children = {child(pos, "G*5b", SearchResult::disproven(1, Hand()))};
  EXPECT_EQ(disproven_outcome(pos, Color::Black, children, 6, nullptr).lower, 7);
}

TEST(DisprovenOutcome, ADefenderNodePrefersARefutationOnNoRepetition) {
  const Position pos = position(kDefenderNode);
  const std::vector<Child> children = {
      child(pos, "1a2a", SearchResult::disproven(kNoMate, Hand(), 3)),
      child(pos, "1a2b", SearchResult::disproven(4, Hand::full())),
  };
  const SearchResult r = disproven_outcome(pos, Color::Black, children, 2, nullptr);
  EXPECT_FALSE(r.rests_on_repetition());
  EXPECT_EQ(r.lower, 5);
}

TEST(DisprovenOutcome, ADefenderNodePrefersTheLongerOfEqualRefutations) {
  const Position pos = position(kDefenderNode);
  const std::vector<Child> children = {
      child(pos, "1a2a", SearchResult::disproven(4, Hand::full())),
      child(pos, "1a2b", SearchResult::disproven(7, Hand::full())),
      child(pos, "P*1e", SearchResult::open(1, 1)),
  };
  EXPECT_EQ(disproven_outcome(pos, Color::Black, children, 2, nullptr).lower, 8);
}

TEST(DisprovenOutcome, ADropRefutationNotJudgedHoldsForThisBudgetAndHandOnly) {
  const Position pos = position(kDefenderNode);
  const std::vector<Child> children = {
      child(pos, "1a2a", SearchResult::proven(2, Hand())),
      child(pos, "P*1e", SearchResult::disproven(9, Hand::full())),
  };
  const FutilityCache untested;
  const SearchResult r = disproven_outcome(pos, Color::Black, children, 2, &untested);
  EXPECT_EQ(r.lower, 3);
  EXPECT_EQ(r.disproof_hand, pos.hand(Color::Black));
  // Without futility the drop refutes every budget below its own bound.
  EXPECT_EQ(disproven_outcome(pos, Color::Black, children, 2, nullptr).lower, 10);
  // With its comparison position judged, the drop holds up to the comparison's bound.
  FutilityCache judged;
  judged.record(make_square(0, 4), {kNoMate, 6}, 2);
  EXPECT_EQ(disproven_outcome(pos, Color::Black, children, 2, &judged).lower, 6);
}

TEST(StoreOutcome, AProofIsStoredEvenWhenTheSearchWasCut) {
  TranspositionTable tt(1);
  store_outcome(tt, 42, golds(1), 3, SearchResult::proven(5, golds(1)), 10, true);
  EXPECT_EQ(tt.probe(42, golds(1)).upper, 5);
}

TEST(StoreOutcome, ADisproofOnARepetitionInsideTheSubtreeIsStoredAndClean) {
  TranspositionTable tt(1);
  const SearchResult r =
      store_outcome(tt, 42, golds(1), 3, SearchResult::disproven(kNoMate, golds(1), 5), 10, false);
  EXPECT_FALSE(r.rests_on_repetition());
  EXPECT_EQ(tt.probe(42, golds(1)).lower, kNoMate);
}

TEST(StoreOutcome, ADisproofOnARepetitionAboveTheNodeStaysOnThePath) {
  TranspositionTable tt(1);
  const SearchResult r =
      store_outcome(tt, 42, golds(1), 3, SearchResult::disproven(kNoMate, golds(1), 1), 10, false);
  EXPECT_EQ(r.rep_ply, 1);
  EXPECT_EQ(tt.probe(42, golds(1)).lower, 0);
}

TEST(StoreOutcome, ACutSearchStoresNoDisproofAndNoEstimate) {
  TranspositionTable tt(1);
  store_outcome(tt, 42, golds(1), 3, SearchResult::disproven(6, golds(1)), 10, true);
  store_outcome(tt, 43, golds(1), 3, SearchResult::open(4, 5), 10, true);
  EXPECT_EQ(tt.probe(42, golds(1)).lower, 0);
  EXPECT_FALSE(tt.probe(43, golds(1)).found);
  store_outcome(tt, 43, golds(1), 3, SearchResult::open(4, 5), 10, false);
  const TTProbe p = tt.probe(43, golds(1));
  EXPECT_TRUE(p.found);
  EXPECT_EQ(p.pn, 4u);
  EXPECT_EQ(p.dn, 5u);
}

}  // namespace
}  // namespace tsume
