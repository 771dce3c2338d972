// The value of a node: its named states and the bounds it keeps.
#include "solver/search/search_result.h"

#include <gtest/gtest.h>

namespace tsume {
namespace {

Hand golds(int n) {
  Hand h;
  h.set(PieceType::Gold, n);
  return h;
}

TEST(SearchResult, ANewValueIsOpenAndKnowsNoBound) {
  const SearchResult r;
  EXPECT_TRUE(r.is_open());
  EXPECT_EQ(r.lower, 0);
  EXPECT_EQ(r.upper, kNoMate);
  EXPECT_FALSE(r.rests_on_repetition());
}

TEST(SearchResult, AProofHasNoDisproofNumberLeft) {
  const SearchResult r = SearchResult::proven(5, golds(1));
  EXPECT_TRUE(r.is_proven());
  EXPECT_FALSE(r.is_open());
  EXPECT_EQ(r.dn, kInfinitePnDn);
  EXPECT_EQ(r.upper, 5);
  EXPECT_EQ(r.proof_hand, golds(1));
  EXPECT_EQ(r.lower, 0);  // a mate in 5 says nothing about shorter ones
}

TEST(SearchResult, ADisproofThroughARepetitionRestsOnIt) {
  const SearchResult r = SearchResult::disproven(kNoMate, golds(2), 4);
  EXPECT_TRUE(r.is_disproven());
  EXPECT_EQ(r.pn, kInfinitePnDn);
  EXPECT_EQ(r.lower, kNoMate);
  EXPECT_EQ(r.upper, kNoMate);
  EXPECT_EQ(r.disproof_hand, golds(2));
  EXPECT_TRUE(r.rests_on_repetition());
  EXPECT_EQ(r.rep_ply, 4);
  EXPECT_FALSE(SearchResult::disproven(3, golds(2)).rests_on_repetition());
}

TEST(SearchResult, PhiIsProofAtAttackerNodesAndDisproofAtDefenderNodes) {
  const SearchResult r = SearchResult::open(3, 7);
  EXPECT_EQ(r.phi_delta(true).phi, 3u);
  EXPECT_EQ(r.phi_delta(true).delta, 7u);
  EXPECT_EQ(r.phi_delta(false).phi, 7u);
  EXPECT_EQ(r.phi_delta(false).delta, 3u);
  const SearchResult back = SearchResult::from_phi_delta(false, {7, 3});
  EXPECT_EQ(back.pn, 3u);
  EXPECT_EQ(back.dn, 7u);
}

TEST(SearchResult, BoundsOnlyTightenWithTheirHands) {
  SearchResult r;
  r.tighten_bounds(SearchResult::proven(9, golds(1)));
  r.tighten_bounds(SearchResult::disproven(3, golds(2)));
  EXPECT_EQ(r.upper, 9);
  EXPECT_EQ(r.lower, 3);
  r.tighten_bounds(SearchResult::proven(11, golds(0)));  // looser: kept out
  r.tighten_bounds(SearchResult::disproven(2, golds(0)));
  EXPECT_EQ(r.upper, 9);
  EXPECT_EQ(r.proof_hand, golds(1));
  EXPECT_EQ(r.lower, 3);
  EXPECT_EQ(r.disproof_hand, golds(2));
  r.tighten_bounds(SearchResult::proven(7, golds(3)));
  EXPECT_EQ(r.upper, 7);
  EXPECT_EQ(r.proof_hand, golds(3));
  EXPECT_TRUE(r.is_open());  // the numbers are the budget's business, not the bounds'
}

}  // namespace
}  // namespace tsume
