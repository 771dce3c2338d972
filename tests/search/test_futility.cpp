// Futile interpositions (無駄合): the node's record of the squares judged, and the futility
// question of the search, on positions analysed by hand.
#include "solver/search/futility.h"
#include "tests/search/search_test_support.h"

#include <gtest/gtest.h>

#include "solver/io/sfen.h"
#include "solver/search/dfpn.h"

namespace tsume {
namespace {

Position position(const char* sfen) { return test::position_as_given(sfen); }

using test::sq;

// The lance on 1i checks the king on 1a, boxed in by its own lance and pawn; the gold on 2c
// guards 1b. White holds one pawn. With the lance on any of 1b-1h the interpositions below it
// are captured with mate (2 plies), or are futile themselves: a drop on 1e is futile.
constexpr const char* kGuardedFile = "7lk/7p1/7G1/9/9/9/9/9/8L w p 1";
// The same without the gold: P*1b and the lance's capture there are answered by the king
// taking it, and the attacker has nothing left. No drop is futile.
constexpr const char* kUnguardedFile = "7lk/7p1/9/9/9/9/9/9/8L w p 1";

TEST(ComparisonBounds, DecideWhenAMateOrItsAbsenceIsKnownForTheBudget) {
  EXPECT_TRUE((ComparisonBounds{3, 0}.decide(3)));         // mate within 3
  EXPECT_TRUE((ComparisonBounds{kNoMate, 4}.decide(3)));   // no mate within 3
  EXPECT_FALSE((ComparisonBounds{5, 2}.decide(3)));        // either may hold
  EXPECT_FALSE((ComparisonBounds{kNoMate, 0}.decide(3)));  // nothing known
}

Child drop_child(Square s) {
  Child c;
  c.move = Move::drop(PieceType::Pawn, s);
  c.mark_disproven();
  c.lower = 3;
  return c;
}

TEST(FutilityCache, AFutileDropIsProvenByItsComparisonLength) {
  FutilityCache cache;
  const Square s = sq(1, 'e');
  EXPECT_FALSE(cache.tested(s));
  cache.record(s, {2, 1}, 3);
  EXPECT_TRUE(cache.tested(s));
  EXPECT_EQ(cache.comparison_lower(s), 1);
  Hand ours;
  ours.set(PieceType::Gold, 1);
  Child c = drop_child(s);
  cache.apply(c, ours);
  EXPECT_TRUE(c.futile);
  EXPECT_TRUE(c.is_proven());
  EXPECT_EQ(c.upper, 2);  // not 3: the interposition itself is not counted
  EXPECT_EQ(c.proof_hand, ours);
}

TEST(FutilityCache, ADropWhoseComparisonMatesTooLateStaysAsItIs) {
  FutilityCache cache;
  const Square s = sq(1, 'e');
  cache.record(s, {5, 1}, 3);
  EXPECT_TRUE(cache.tested(s));
  Child c = drop_child(s);
  cache.apply(c, Hand());
  EXPECT_FALSE(c.futile);
  EXPECT_TRUE(c.is_disproven());
  EXPECT_EQ(c.lower, 3);
}

TEST(FutilityCache, ProbedAndTestedAreSeparateMarks) {
  FutilityCache cache;
  const Square s = sq(1, 'd');
  cache.mark_probed(s);
  EXPECT_TRUE(cache.probed(s));
  EXPECT_FALSE(cache.tested(s));
  EXPECT_FALSE(cache.probed(sq(1, 'e')));
}

Outcome futile_drop(const char* sfen, Square s, Plies max_len) {
  Position pos = position(sfen);
  TranspositionTable tt(4);
  SearchLimits limits;
  limits.max_nodes = 100'000;
  SearchBudget budget(limits);
  MateSearch search(tt, budget, Color::Black);
  return search.futile_drop(pos, s, max_len);
}

TEST(FutileDrop, ADropIsFutileWhenTheCheckerMovedThereMates) {
  // Lance on 1e: any pawn drop is taken with mate, 2 plies.
  EXPECT_EQ(futile_drop(kGuardedFile, sq(1, 'e'), 2), Outcome::Proven);
  EXPECT_EQ(futile_drop(kGuardedFile, sq(1, 'e'), 1), Outcome::Disproven);
}

TEST(FutileDrop, ADropIsNotFutileWhenTheComparisonPositionEscapes) {
  EXPECT_EQ(futile_drop(kUnguardedFile, sq(1, 'e'), 9), Outcome::Disproven);
}

}  // namespace
}  // namespace tsume
