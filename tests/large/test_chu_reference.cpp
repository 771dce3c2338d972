// solver/large against the slow reference rules of tests/large/reference_chu.h, which share no
// code with it: perft from the start position and from middle-game positions with Lions near each
// other, promotions and two royals, under both royal rules, and the full move lists along
// pseudo-random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/movegen.h"
#include "tests/large/chu_published.h"
#include "tests/large/reference_chu.h"
#include "tests/large/reference_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::chu_reference;

using reference_walk::expect_same_moves_along_random_game;
using reference_walk::reference_of;
using reference_walk::texts;

// The reference's legal moves in the order of texts().
std::vector<std::string> sorted_legal_moves(const ref::Board& b) {
  auto r = ref::legal_moves(b);
  std::sort(r.begin(), r.end());
  return r;
}

// Positions composed for these tests (the reference decides their numbers):
const char* const kPositions[] = {
    // Lions two squares apart, the White one protected by a gold, pawn and go-between bridges,
    // a Black kirin.
    "5k6/12/4g7/4n1p5/5p1i4/5N6/12/3O8/12/12/12/6K5 b - 1",
    // Both sides with Lions, falcons, eagles, elephants and a queen; pawns by the zones.
    "3gk1e5/2s5p3/1p1N1n3+H2/2PpO1g5/p4+d6/5I1P4/12/3xP4+D2/4G1n5/1r6P3/5E1Q4/4KG2b3 b - 1",
    // White to move: a promoted kirin, Lions on both sides, a prince beside the Black king.
    "l2gek1g3l/1P4E3P1/2+o2x5i/p1s2N1p3p/3BTn4r1/12/4Ip1P4/3N2+H3d1/12/4+h7/1+D10/5KE5 w - 1",
    // Counter-strike state (6c): four Lions in a tangle, a Black crown prince.
    "6k5/12/3p1n1p4/3PnN2O3/4P1+O5/12/12/12/12/12/12/5K+E5 b 6c 1",
    // A pin: the Black king on 8j, its gold on 8i, a White rook on 8d; a White bishop and Lion
    // near the king's field (checks and evasions along the random games).
    "3k8/12/12/4r7/12/2b5n3/12/12/4G7/3PKP6/12/12 b - 1",
};

// The reference reproduces lishogi's published counts (it has no check rule then, like lishogi).
TEST(ChuReference, ReproducesThePublishedCounts) {
  for (const auto& c : test::kPublishedChuCounts) {
    ref::Board b = ref::read_sfen(c.sfen);
    b.capture_rule = true;
    EXPECT_EQ(ref::legal_moves(b).size(), c.moves) << c.sfen;
  }
}

// One ply deeper than published: the first eight published positions (lone Lion, Falcon, Eagle,
// Lions near each other, the lion-capture field) at depth 2, both royal rules.
TEST(ChuReference, PublishedLionPositionsAtDepth2) {
  for (const RoyalRule rule : {RoyalRule::PseudoRoyal, RoyalRule::Capture}) {
    for (std::size_t i = 0; i < 8; ++i) {
      const char* sfen = test::kPublishedChuCounts[i].sfen;
      const Position pos = parse_sfen(sfen, Game::Chu, Rules{rule, LionRule::Lishogi});
      EXPECT_EQ(perft(pos, 2), ref::perft(reference_of(pos), 2)) << sfen;
    }
  }
}

TEST(ChuReference, PerftFromTheStartToDepth3) {
  const Position pos = parse_sfen("startpos");
  const ref::Board b = reference_of(pos);
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(perft(pos, depth), ref::perft(b, depth)) << "depth " << depth;
}

TEST(ChuReference, PerftFromMiddleGamesToDepth2) {
  for (const RoyalRule rule : {RoyalRule::PseudoRoyal, RoyalRule::Capture}) {
    for (const char* sfen : kPositions) {
      const Position pos = parse_sfen(sfen, Game::Chu, Rules{rule, LionRule::Lishogi});
      const ref::Board b = reference_of(pos);
      EXPECT_EQ(texts(pos), sorted_legal_moves(b)) << sfen;
      EXPECT_EQ(perft(pos, 2), ref::perft(b, 2)) << sfen;
    }
  }
}

// Under `rules`: the reference board has the rules' promotion switches; the move lists and perft
// to depth 2 from each of `starts`; the move lists along two random games from the second
// composed position (a fatal failure stops them).
void expect_agreement_under(const Rules& rules, const std::vector<std::string>& starts) {
  for (const auto& sfen : starts) {
    const Position pos = parse_sfen(sfen, Game::Chu, rules);
    const ref::Board b = reference_of(pos);
    EXPECT_EQ(b.promote_in_zone, rules.promotion == PromotionRule::Zone);
    EXPECT_EQ(b.forced_promotion, rules.forced_promotion);
    EXPECT_EQ(texts(pos), sorted_legal_moves(b)) << sfen;
    EXPECT_EQ(perft(pos, 2), ref::perft(b, 2)) << sfen;
  }
  for (const unsigned seed : {12345u, 4242u}) {
    const Position pos = parse_sfen(kPositions[1], Game::Chu, rules);
    expect_same_moves_along_random_game(pos, reference_of(pos), seed);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// The zone promotion rule (PromotionRule::Zone) against the reference's own switch: move lists
// and perft to depth 2 from the composed positions, and move lists along random games. In the
// second position the Black pawn on 10d (inside the zone) steps to the empty 10c: it may promote
// under the zone rule only.
TEST(ChuReference, ZonePromotionRuleAgrees) {
  Rules zone = default_rules(Game::Chu);
  zone.promotion = PromotionRule::Zone;
  const auto has_move = [](const Position& pos, const std::string& m) {
    const auto all = texts(pos);
    return std::find(all.begin(), all.end(), m) != all.end();
  };
  EXPECT_TRUE(has_move(parse_sfen(kPositions[1], Game::Chu, zone), "10d10c+"));
  EXPECT_FALSE(has_move(parse_sfen(kPositions[1]), "10d10c+"));
  EXPECT_TRUE(has_move(parse_sfen(kPositions[1]), "10d10c"));
  expect_agreement_under(zone,
                         std::vector<std::string>(std::begin(kPositions), std::end(kPositions)));
}

// Forced promotion (Rules::forced_promotion) against the reference's own switch: move lists and
// perft to depth 2 from the composed positions and from one with Black and White pawns and
// lances a step or two from their last ranks, under both promotion rules; and move lists along
// random games from the second composed position (its pawns stand by the zones).
TEST(ChuReference, ForcedPromotionAgrees) {
  std::vector<std::string> starts(std::begin(kPositions), std::end(kPositions));
  starts.push_back("5k1l4/1P2P6L/12/L11/12/12/12/12/11l/12/3p4p3/4K7 b - 1");
  for (const PromotionRule promotion : {PromotionRule::Lishogi, PromotionRule::Zone}) {
    Rules forced = default_rules(Game::Chu);
    forced.forced_promotion = true;
    forced.promotion = promotion;
    expect_agreement_under(forced, starts);
    if (HasFatalFailure()) return;
  }
}

// Pseudo-random games (fixed seeds; a capture is preferred when one of three draws finds one, to
// bring Lions, promotions and the counter-strike field into play): at every ply the two move
// lists must be equal.
TEST(ChuReference, MoveListsAgreeAlongRandomGames) {
  std::vector<std::string> starts(std::begin(kPositions), std::end(kPositions));
  starts.push_back(game_table(Game::Chu).start_sfen);
  for (const RoyalRule rule : {RoyalRule::PseudoRoyal, RoyalRule::Capture}) {
    for (const auto& start : starts) {
      for (const unsigned seed : {12345u, 777u, 4242u}) {
        const Position pos = parse_sfen(start, Game::Chu, Rules{rule, LionRule::Lishogi});
        expect_same_moves_along_random_game(pos, reference_of(pos), seed);
        if (HasFatalFailure()) return;
      }
    }
  }
}

}  // namespace
}  // namespace tsume::large
