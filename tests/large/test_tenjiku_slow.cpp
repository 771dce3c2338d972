// Tenjiku against the slow reference at length (a few minutes in Release): perft from the start
// at depth 3, the composed positions at depth 2, and random games of 60 plies under every rule
// switch; checks along longer random games and random attacks within 5 plies against the
// reference's brute force. Opt-in with `ctest -L slow`.
#include <gtest/gtest.h>

#include "solver/large/movegen.h"
#include "tests/large/reference_tenjiku.h"
#include "tests/large/tenjiku_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::tenjiku_reference;

TEST(TenjikuReferenceSlow, PerftFromTheStartAtDepth3) {
  const Position pos = parse_sfen("startpos", Game::Tenjiku, default_rules(Game::Tenjiku));
  EXPECT_EQ(perft(pos, 3), ref::perft(tenjiku_walk::reference_of(pos), 3));
}

TEST(TenjikuReferenceSlow, ComposedPositionsAtDepth2) {
  for (const char* sfen : tenjiku_walk::kPositions) {
    const Position pos = parse_sfen(sfen, Game::Tenjiku, default_rules(Game::Tenjiku));
    EXPECT_EQ(perft(pos, 2), ref::perft(tenjiku_walk::reference_of(pos), 2)) << sfen;
  }
}

TEST(TenjikuReferenceSlow, RandomGamesUnderEveryRuleSwitch) {
  unsigned seed = 100;
  for (const char* sfen : tenjiku_walk::kPositions) {
    for (const RoyalRule royal : {RoyalRule::PseudoRoyal, RoyalRule::Capture}) {
      for (const JumpRule jump : {JumpRule::Any, JumpRule::NoRoyal, JumpRule::Lower}) {
        for (const bool passive : {true, false}) {
          Rules rules = default_rules(Game::Tenjiku);
          rules.royal = royal;
          rules.jump = jump;
          rules.passive_burn = passive;
          rules.fire_demon_vertical = (seed % 3) == 0;
          rules.lion_hawk_area = rules.free_eagle_orthogonal = rules.tetrarchs_chariot =
              (seed % 4) == 1;
          rules.forced_promotion = (seed % 5) == 2;
          tenjiku_walk::expect_same_moves_along_random_game(parse_sfen(sfen, Game::Tenjiku, rules),
                                                            seed++, 60);
        }
      }
    }
  }
}

TEST(TenjikuReferenceSlow, RandomPositions) {
  for (unsigned seed = 1000; seed < 1300; ++seed) {
    Rules rules = default_rules(Game::Tenjiku);
    rules.jump = seed % 3 == 0   ? JumpRule::Lower
                 : seed % 3 == 1 ? JumpRule::Any
                                 : JumpRule::NoRoyal;
    rules.passive_burn = seed % 4 != 0;
    rules.fire_demon_vertical = seed % 5 == 0;
    rules.royal = seed % 2 == 0 ? RoyalRule::PseudoRoyal : RoyalRule::Capture;
    rules.lion_hawk_area = seed % 7 < 3;
    rules.free_eagle_orthogonal = seed % 6 < 3;
    rules.tetrarchs_chariot = seed % 8 < 3;
    rules.forced_promotion = seed % 9 < 4;
    const std::string sfen = tenjiku_walk::random_position(seed, 16 + static_cast<int>(seed % 24));
    tenjiku_walk::expect_same_moves_along_random_game(parse_sfen(sfen, Game::Tenjiku, rules), seed,
                                                      12);
  }
}

TEST(TenjikuChecksSlow, RandomGamesAgreeWithTheReference) {
  tenjiku_walk::Met met;
  for (const char* sfen : tenjiku_walk::kPositions)
    for (const unsigned seed : {21u, 22u, 23u})
      met += tenjiku_walk::walk(parse_sfen(sfen, Game::Tenjiku, default_rules(Game::Tenjiku)), seed,
                                40);
  for (unsigned seed = 2000; seed < 2100; ++seed)
    met += tenjiku_walk::walk(parse_sfen(tenjiku_walk::random_position(seed, 20), Game::Tenjiku,
                                         default_rules(Game::Tenjiku)),
                              seed, 10);
  EXPECT_GT(met.checks, 200u);
  EXPECT_GT(met.in_check, 20u);
}

TEST(TenjikuMateSlow, RandomAttacksAgreeWithTheBruteForceReferenceWithin5) {
  const std::vector<std::string> theme = {"H!", "Q'", "+C!", "Q!", "V!", "D!", "W!", "R!"};
  int mates = 0;
  for (unsigned seed = 100; seed < 160; ++seed)
    mates += tenjiku_walk::expect_same_mate(seed, 5, theme) ? 1 : 0;
  EXPECT_GT(mates, 5);
}

}  // namespace
}  // namespace tsume::large
