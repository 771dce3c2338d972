// The per-thread memo of generated move lists: a hit gives back exactly the list remembered
// for that key, a key that shares an entry with another never gets the other's list, and lists
// longer than an entry are not kept.
#include "solver/search/move_cache.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/search/children.h"

namespace tsume {
namespace {

using Cache = MoveListCache<Move, MoveList>;

std::vector<Move> as_vector(const MoveList& l) { return {l.begin(), l.end()}; }

TEST(MoveListCache, AHitGivesBackTheListInItsOrder) {
  const Position pos = test::position_as_given("8k/9/9/9/7s1/9/9/7g1/8R w gs 1");
  MoveList evasions;
  generate_evasions(pos, evasions);
  ASSERT_EQ(evasions.size(), 20u);  // see test_children.cpp: 6 board evasions, 14 drops
  auto cache = std::make_unique<Cache>();
  MoveList found;
  EXPECT_FALSE(cache->find(pos.key(), found));
  cache->remember(pos.key(), evasions);
  ASSERT_TRUE(cache->find(pos.key(), found));
  EXPECT_EQ(as_vector(found), as_vector(evasions));
}

TEST(MoveListCache, AKeySharingAnEntryNeverGetsTheOthersList) {
  auto cache = std::make_unique<Cache>();
  MoveList one, two, found;
  one.push(Move::drop(PieceType::Gold, make_square(4, 1)));
  two.push(Move::drop(PieceType::Silver, make_square(4, 1)));
  two.push(Move::drop(PieceType::Rook, make_square(4, 2)));
  // The entry is chosen by bits 40 and up: these two keys share one, and differ below.
  const std::uint64_t a = 0x0000'0100'0000'0001u, b = 0x0000'0100'0000'0002u;
  cache->remember(a, one);
  ASSERT_TRUE(cache->find(a, found));
  EXPECT_EQ(as_vector(found), as_vector(one));
  EXPECT_FALSE(cache->find(b, found));
  cache->remember(b, two);  // replaces a
  EXPECT_FALSE(cache->find(a, found));
  ASSERT_TRUE(cache->find(b, found));
  EXPECT_EQ(as_vector(found), as_vector(two));
}

TEST(MoveListCache, AnEmptyListIsRememberedAndALongOneIsNot) {
  auto cache = std::make_unique<Cache>();
  MoveList empty, found;
  found.push(Move::drop(PieceType::Pawn, make_square(0, 0)));
  cache->remember(7, empty);
  ASSERT_TRUE(cache->find(7, found));
  EXPECT_TRUE(found.empty());
  // A full hand beside a lone king: far more checks than an entry holds.
  const Position pos = test::position_as_given("4k4/9/9/9/9/9/9/9/9 b RBGSNL 1");
  MoveList checks;
  generate_checks(pos, checks);
  ASSERT_GT(checks.size(), Cache::kMaxMoves);
  cache->remember(pos.key(), checks);
  EXPECT_FALSE(cache->find(pos.key(), found));
}

// Expanding a node twice on one thread (the second time from the memo) gives the same
// children with the same values as expanding it on a thread whose memo is cold.
TEST(MoveListCache, ExpansionFromTheMemoEqualsAColdExpansion) {
  Position pos = test::position_as_given("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
  TranspositionTable table(1);
  std::vector<Child> first, second, cold;
  expand_children(pos, Color::Black, table, first);
  expand_children(pos, Color::Black, table, second);
  std::thread([&] {
    Position p = pos;
    TranspositionTable t(1);
    expand_children(p, Color::Black, t, cold);
  }).join();
  ASSERT_EQ(first.size(), 7u);
  ASSERT_EQ(second.size(), first.size());
  ASSERT_EQ(cold.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(second[i].move, first[i].move);
    EXPECT_EQ(cold[i].move, first[i].move);
    EXPECT_EQ(first[i].pn, cold[i].pn);
    EXPECT_EQ(first[i].dn, cold[i].dn);
  }
}

}  // namespace
}  // namespace tsume
