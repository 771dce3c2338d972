// The df-pn search on positions whose answers are known by hand analysis or from SPEC.md.
#include "solver/search/dfpn.h"

#include <gtest/gtest.h>

#include "solver/io/sfen.h"
#include "tests/search/search_test_support.h"

namespace tsume {
namespace {

Position position(const char* sfen) {
  auto p = io::read_position(sfen);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message());
  return p.ok() ? p.value() : Position();
}

// "Mate within max_len?" from `sfen`, in `table` (a fresh one when null).
Outcome prove(const char* sfen, Plies max_len, MateSearchOptions options = {},
              TranspositionTable* table = nullptr) {
  Position pos = position(sfen);
  TranspositionTable fresh(8);
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  SearchBudget budget(limits);
  MateSearch search(table ? *table : fresh, budget, pos.side_to_move());
  return search.prove(pos, max_len, options);
}

// Gold drop on the head of a king boxed in by its own pieces: mate in 1.
constexpr const char* kHeadGoldMate = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";

TEST(MateSearch, ProvesAOnePlyMate) {
  EXPECT_EQ(prove(kHeadGoldMate, kUnboundedPlies), Outcome::Proven);
  EXPECT_EQ(prove(kHeadGoldMate, 1), Outcome::Proven);
}

TEST(MateSearch, ALengthBudgetBelowTheMateIsDisproven) {
  // SPEC.md section 5: mate in 3 when futile interpositions are not counted.
  constexpr const char* kThree = "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1";
  EXPECT_EQ(prove(kThree, 3, {.futility = true}), Outcome::Proven);
  EXPECT_EQ(prove(kThree, 1, {.futility = true}), Outcome::Disproven);
}

TEST(MateSearch, FutileInterpositionsAreNotCounted) {
  // SPEC.md section 5: a 3-ply problem once futile drops are ignored; counted, they make it
  // longer.
  constexpr const char* kBishops = "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1";
  EXPECT_EQ(prove(kBishops, 3, {.futility = true}), Outcome::Proven);
  EXPECT_EQ(prove(kBishops, 1, {.futility = true}), Outcome::Disproven);
  EXPECT_EQ(prove(kBishops, 3), Outcome::Disproven);
}

TEST(MateSearch, DisprovesALonePawnAgainstACornerKing) {
  // The pawn drop on 1b is captured by the king; nothing else gives check.
  EXPECT_EQ(prove("8k/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1", kUnboundedPlies), Outcome::Disproven);
}

TEST(MateSearch, PawnDropMateIsNoMate) {
  // 打ち歩詰め: the only mating move would be the pawn drop on 1b (king on 1a boxed in by its
  // own lance on 2a and the silver on 1c guarding 2b); it is illegal, and no other check mates.
  EXPECT_EQ(prove("7lk/9/8S/9/9/9/9/9/9 b P2r2b4g3s4n3l17p 1", kUnboundedPlies),
            Outcome::Disproven);
}

TEST(MateSearch, PerpetualCheckIsNoMate) {
  // A lone dragon can check the central king forever (repetition) but never mate it.
  EXPECT_EQ(prove("9/9/9/9/4k4/9/9/9/+R8 b r2b4g4s4n4l18p 1", kUnboundedPlies), Outcome::Disproven);
}

TEST(MateSearch, AForbiddenPositionIsNoMateForItsOwnHandsOnly) {
  // kHeadGoldMate: G*5b is the only mate at all (the other checks, G*4a, G*6a, G*4b, G*6b and
  // the pawn's 5c5b(+), lose the checking piece to the king, and Black has nothing left). With
  // the mated position after G*5b forbidden there is no mate. Forbidding the same board with
  // other hands (Black holding a pawn more, White one less) forbids another position: the mate
  // stands. Nothing of the forbidden search stays in the table: it proves the mate again.
  const Position mated = test::position_as_given("4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 1");
  const Position other = test::position_as_given("4k4/4G4/4P4/9/9/9/9/9/9 w P2r2b3g4s4n4l16p 1");
  ASSERT_EQ(mated.board_key(), other.board_key());
  ForbiddenPositions line;
  line.add(other.board_key(), other.hand(Color::Black));
  EXPECT_EQ(prove(kHeadGoldMate, kUnboundedPlies, {.forbidden = &line}), Outcome::Proven);
  line.add(mated.board_key(), mated.hand(Color::Black));
  TranspositionTable table(8);
  EXPECT_EQ(prove(kHeadGoldMate, kUnboundedPlies, {.forbidden = &line}, &table),
            Outcome::Disproven);
  EXPECT_EQ(prove(kHeadGoldMate, kUnboundedPlies, {}, &table), Outcome::Proven);
}

}  // namespace
}  // namespace tsume

namespace tsume {
namespace {

TEST(MateSearch, FutilityTestLeavesThePositionUnchanged) {
  // White to move, checked by a distant lance. Moving the lance to 1c and promoting would stop
  // the check (a promoted lance moves like a gold), so only the plain capture is a comparison
  // position; the test must not search a position where the defender is not in check.
  const char* sfen = "8k/9/9/9/9/9/8L/9/9 w 2r2b4g4s4n3l18p 1";
  auto p = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any);
  ASSERT_TRUE(p.ok()) << p.error().message();
  Position pos = p.value();
  TranspositionTable tt(4);
  SearchLimits limits;
  limits.max_nodes = 100'000;
  SearchBudget budget(limits);
  MateSearch search(tt, budget, Color::Black);
  const std::string before = io::to_sfen(pos);
  for (int rank = 1; rank <= 5; ++rank) {
    search.futile_drop(pos, make_square(0, rank), 9);
    EXPECT_EQ(io::to_sfen(pos), before);
  }
}

}  // namespace
}  // namespace tsume

namespace tsume {
namespace {

// Worker hooks that count the nodes entered and left and make every open child look larger,
// each by its own amount, at every node.
class SkewingHooks final : public WorkerHooks {
public:
  void enter(std::uint64_t, Hand) override { ++entered; }
  void leave(std::uint64_t, Hand) override { ++left; }
  bool shared(std::uint64_t, Hand) const override { return true; }
  PnDn seen_value(std::uint64_t key, Hand, PnDn value) const override {
    return add_pndn(value, static_cast<PnDn>(key % 7));
  }
  int entered = 0;
  int left = 0;
};

Outcome prove_with_hooks(const char* sfen, Plies max_len, SkewingHooks& hooks) {
  Position pos = position(sfen);
  TranspositionTable tt(8);
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  SearchBudget budget(limits);
  MateSearch search(tt, budget, pos.side_to_move());
  search.set_worker_hooks(&hooks);
  return search.prove(pos, max_len, {.futility = true});
}

TEST(MateSearch, EveryNodeEnteredIsLeft) {
  SkewingHooks hooks;
  prove_with_hooks("9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 5, hooks);
  EXPECT_GT(hooks.entered, 0);
  EXPECT_EQ(hooks.entered, hooks.left);
}

TEST(MateSearch, SteeringByTheWorkersNeverChangesTheAnswer) {
  // SPEC.md section 5: 3 plies.
  constexpr const char* kThree = "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1";
  SkewingHooks hooks;
  EXPECT_EQ(prove_with_hooks(kThree, 3, hooks), Outcome::Proven);
  EXPECT_EQ(prove_with_hooks(kThree, 1, hooks), Outcome::Disproven);
  EXPECT_EQ(prove(kThree, 3, {.futility = true}), Outcome::Proven);
}

}  // namespace
}  // namespace tsume
