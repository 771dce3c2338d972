// Children of a node: df-pn+ initial values, the mates and refutations found at expansion,
// move ordering, the one-drop-per-square rule and re-reading from the table.
#include "solver/search/children.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "solver/core/checkgen.h"
#include "solver/io/sfen.h"

namespace tsume {
namespace {

Position position(const char* sfen) { return test::position_as_given(sfen); }

// White king on 1a checked down the file by the rook on 1i. Evasions: the king to 2a or 2b,
// the gold on 2h takes the rook, the silver interposes on 1d or 1f, the gold on 1h, and a gold
// or a silver from the hand on each of 1b-1h (14 drops onto 7 squares): 20 in all.
constexpr const char* kRookDownTheFile = "8k/9/9/9/7s1/9/9/7g1/8R w gs 1";
// The black pawn on 5c guards 5b: G*5b mates the king on 5a; the other checks (gold drops on
// 4a, 6a, 4b and 6b, 5c5b and 5c5b+) each put an unguarded piece next to the king.
constexpr const char* kHeadGoldMate = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";

TEST(InitialValues, DropsOntoOneSquareCountOnceForANewDefenderNode) {
  const Position pos = position(kRookDownTheFile);
  MoveList evasions;
  generate_evasions(pos, evasions);
  EXPECT_EQ(evasions.size(), 20u);
  EXPECT_EQ(initial_defender_pn(evasions), 13u);  // 6 board evasions + 7 drop squares
}

TEST(InitialValues, ANewAttackerNodeNeedsEveryCheckRefuted) {
  const Position pos = position(kHeadGoldMate);
  MoveList checks;
  generate_checks(pos, checks);
  EXPECT_EQ(checks.size(), 7u);
  EXPECT_EQ(initial_attacker_dn(checks), 7u);
}

TEST(ExpandChildren, ACheckWithNoEvasionIsAMateFoundAndStored) {
  Position pos = position(kHeadGoldMate);
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  ASSERT_EQ(children.size(), 7u);
  int mates = 0;
  for (const Child& c : children) {
    if (c.upper != 0) continue;
    ++mates;
    EXPECT_EQ(io::to_usi(c.move), "G*5b");
    EXPECT_EQ(tt.probe(c.key, c.hand).upper, 0);
  }
  EXPECT_EQ(mates, 1);
}

TEST(ExpandChildren, ACheckAnsweredOnTheBoardLastsTwoPlies) {
  Position pos = position(kHeadGoldMate);
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  for (const Child& c : children) {
    if (c.upper == 0) continue;
    EXPECT_EQ(c.lower, 2) << io::to_usi(c.move);  // the king captures the checker
    EXPECT_TRUE(c.is_open());
  }
}

TEST(ExpandChildren, AnEvasionLeavingNoCheckIsRefutedAndStored) {
  // A lone lance checks the king on 1e; after each king move (2d, 2e, 2f) it has no check
  // left, as it never leaves file 1 (promoted on 1c it guards 2b and 2c, not the king).
  Position pos = position("9/9/9/9/8k/9/9/9/8L w - 1");
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  ASSERT_EQ(children.size(), 3u);
  for (const Child& c : children) {
    EXPECT_TRUE(c.is_disproven());
    EXPECT_EQ(c.lower, kNoMate);
    EXPECT_EQ(tt.probe(c.key, c.hand).lower, kNoMate);
  }
}

// The checks after `m`, counted on a copy of the position: the df-pn+ disproof number of the
// new attacker node it leads to.
std::size_t checks_after(Position pos, Move m) {
  pos.do_move(m);
  MoveList checks;
  generate_checks(pos, checks);
  return checks.size();
}

TEST(ExpandChildren, ADropWaitingForAnEarlierOneIsValuedWhenTakenUp) {
  // Seven squares with a silver and a gold drop each: the first drop onto each square is
  // valued at once, the other waits, unvalued, and gets the same values once taken up.
  Position pos = position(kRookDownTheFile);
  const std::uint64_t key = pos.board_key();
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  ASSERT_EQ(children.size(), 20u);
  Bitboard seen;
  int waiting = 0;
  for (Child& c : children) {
    if (!c.move.is_drop()) {
      EXPECT_FALSE(c.unvalued);
      continue;
    }
    const Square s = ShogiRules::drop_square(c.move);
    if (!seen.test(s)) {
      seen.set(s);
      EXPECT_FALSE(c.unvalued) << io::to_usi(c.move);
      EXPECT_EQ(c.dn, checks_after(pos, c.move)) << io::to_usi(c.move);
      continue;
    }
    ++waiting;
    EXPECT_TRUE(c.unvalued) << io::to_usi(c.move);
    value_waiting_child<ShogiRules>(pos, Color::Black, tt, c);
    EXPECT_FALSE(c.unvalued);
    EXPECT_EQ(c.dn, checks_after(pos, c.move)) << io::to_usi(c.move);
  }
  EXPECT_EQ(waiting, 7);
  EXPECT_EQ(pos.board_key(), key);
}

TEST(ExpandChildren, AWaitingDropTakesTheTablesValuesWhenTakenUp) {
  Position pos = position(kRookDownTheFile);
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  const auto waiting =
      std::find_if(children.begin(), children.end(), [](const Child& c) { return c.unvalued; });
  ASSERT_NE(waiting, children.end());
  tt.store_estimate(waiting->key, waiting->hand, 6, 9, 1);  // as a sibling's search would
  value_waiting_child<ShogiRules>(pos, Color::Black, tt, *waiting);
  EXPECT_EQ(waiting->pn, 6u);
  EXPECT_EQ(waiting->dn, 9u);
}

int evasion_rank(const Position& pos, Move m) {
  if (m.is_drop()) return 3;
  if (m.from() == pos.king_square(pos.side_to_move())) return 0;
  if (pos.piece_on(m.to()) != Piece::None) return 1;
  return 2;
}

TEST(MoveOrdering, KingMovesThenCapturesThenMovedInterpositionsThenDrops) {
  Position pos = position(kRookDownTheFile);
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  ASSERT_EQ(children.size(), 20u);
  std::vector<int> ranks;
  for (const Child& c : children) ranks.push_back(evasion_rank(pos, c.move));
  EXPECT_TRUE(std::is_sorted(ranks.begin(), ranks.end()));
  EXPECT_EQ(std::count(ranks.begin(), ranks.end(), 0), 2);
  EXPECT_EQ(std::count(ranks.begin(), ranks.end(), 1), 1);
  EXPECT_EQ(std::count(ranks.begin(), ranks.end(), 2), 3);
}

TEST(MoveOrdering, APromotionComesBeforeEqualChecks) {
  // Every check lands next to the king; only 5c5b+ promotes.
  Position pos = position(kHeadGoldMate);
  TranspositionTable tt(1);
  std::vector<Child> children;
  expand_children(pos, Color::Black, tt, children);
  ASSERT_FALSE(children.empty());
  EXPECT_EQ(io::to_usi(children.front().move), "5c5b+");
}

Child drop_child(PieceType pt, Square s) {
  Child c;
  c.move = Move::drop(pt, s);
  return c;
}

TEST(OneDropPerSquare, ASecondOpenDropOntoTheSameSquareWaits) {
  Bitboard pending;
  const Square s = make_square(0, 3);
  EXPECT_FALSE(waits_for_earlier_drop(drop_child(PieceType::Pawn, s), pending));
  EXPECT_TRUE(waits_for_earlier_drop(drop_child(PieceType::Gold, s), pending));
  EXPECT_FALSE(waits_for_earlier_drop(drop_child(PieceType::Gold, make_square(0, 4)), pending));
}

TEST(OneDropPerSquare, AProvenDropLetsTheNextOneIn) {
  Bitboard pending;
  const Square s = make_square(0, 3);
  Child proven = drop_child(PieceType::Pawn, s);
  proven.mark_proven();
  EXPECT_FALSE(waits_for_earlier_drop(proven, pending));
  EXPECT_FALSE(waits_for_earlier_drop(drop_child(PieceType::Gold, s), pending));
  Child board;
  board.move = Move::board(make_square(1, 3), s, false);
  EXPECT_FALSE(waits_for_earlier_drop(board, pending));  // moved interpositions never wait
}

Child child_at(std::uint64_t key) {
  Child c;
  c.key = key;
  return c;
}

TEST(RefreshChild, AProofWithinTheBudgetSettlesTheChild) {
  TranspositionTable tt(1);
  tt.store_proof(42, Hand(), 3, 1);
  Child c = child_at(42);
  EXPECT_FALSE(refresh_child(c, tt, 3));
  EXPECT_TRUE(c.is_proven());
  EXPECT_EQ(c.upper, 3);
}

TEST(RefreshChild, AProofLongerThanTheBudgetLeavesTheChildOpen) {
  TranspositionTable tt(1);
  tt.store_proof(42, Hand(), 3, 1);
  Child c = child_at(42);
  EXPECT_TRUE(refresh_child(c, tt, 2));
  EXPECT_EQ(c.upper, 3);  // the bound is kept for a later, larger budget
}

TEST(RefreshChild, ADisproofBeyondTheBudgetRefutesTheChild) {
  TranspositionTable tt(1);
  tt.store_disproof(42, Hand::full(), 5, 1);
  Child c = child_at(42);
  EXPECT_TRUE(refresh_child(c, tt, 5));
  c = child_at(42);
  EXPECT_FALSE(refresh_child(c, tt, 4));
  EXPECT_TRUE(c.is_disproven());
  EXPECT_EQ(c.lower, 5);
}

TEST(RefreshChild, ALocalChildIsNotReadAgain) {
  TranspositionTable tt(1);
  tt.store_proof(42, Hand(), 1, 1);
  Child c = child_at(42);
  c.local = true;
  EXPECT_TRUE(refresh_child(c, tt, 3));
  EXPECT_EQ(c.upper, kNoMate);
}

TEST(RefreshChild, ASharedTableIsReadAgainOnlyAfterAStoreIntoTheBucket) {
  // In a shared table a child's reading is stamped with its bucket's version; until a store
  // into that bucket the child keeps the values it holds (here set by hand to tell a reading
  // from none), and the next reading after a store takes the table's.
  TranspositionTable tt(1);
  tt.set_shared(true);
  tt.store_estimate(42, Hand(), 3, 4, 1);
  Child c = child_at(42);
  EXPECT_TRUE(refresh_child(c, tt, 9));
  EXPECT_EQ(c.pn, 3u);
  c.pn = 5;
  tt.store_estimate(43, Hand(), 7, 7, 1);  // another bucket
  EXPECT_TRUE(refresh_child(c, tt, 9));
  EXPECT_EQ(c.pn, 5u);
  tt.store_estimate(42 + tt.bucket_count(), Hand(), 8, 8, 1);  // another key, the same bucket
  EXPECT_TRUE(refresh_child(c, tt, 9));
  EXPECT_EQ(c.pn, 3u);
  tt.store_proof(42, Hand(), 7, 1);
  EXPECT_FALSE(refresh_child(c, tt, 9));
  EXPECT_TRUE(c.is_proven());
  // One thread: no stamps, every refresh reads the table.
  tt.set_shared(false);
  Child d = child_at(43);
  EXPECT_TRUE(refresh_child(d, tt, 9));
  d.pn = 5;
  EXPECT_TRUE(refresh_child(d, tt, 9));
  EXPECT_EQ(d.pn, 7u);
}

TEST(ChildUpdate, ARepetitionResultKeepsTheChildOnThePath) {
  Child c = child_at(42);
  c.update(SearchResult::disproven(kNoMate, Hand(), 2));
  EXPECT_TRUE(c.is_disproven());
  EXPECT_TRUE(c.local);
  EXPECT_EQ(c.rep_ply, 2);
  Child d = child_at(43);
  d.update(SearchResult::open(4, 9));
  EXPECT_FALSE(d.local);
  EXPECT_EQ(d.pn, 4u);
}

}  // namespace
}  // namespace tsume
