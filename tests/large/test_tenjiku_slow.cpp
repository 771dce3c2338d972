// Tenjiku against the slow reference at length (a few minutes in Release): perft from the start
// at depth 3, the composed positions at depth 2, and random games of 60 plies under every rule
// switch. Opt-in with `ctest -L slow`.
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
    const std::string sfen = tenjiku_walk::random_position(seed, 16 + static_cast<int>(seed % 24));
    tenjiku_walk::expect_same_moves_along_random_game(parse_sfen(sfen, Game::Tenjiku, rules), seed,
                                                      12);
  }
}

}  // namespace
}  // namespace tsume::large
