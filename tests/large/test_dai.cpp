// Dai shogi (大将棋, 15x15) on the large-board core: the table, the start position, its perft
// against a hand count and the slow reference, and the eight kinds chu does not have.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/movegen.h"
#include "tests/large/reference_chu.h"
#include "tests/large/reference_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::chu_reference;

Position dai(std::string_view sfen) {
  return parse_sfen(sfen, Game::Dai, default_rules(Game::Dai));
}

std::vector<std::string> moves_from(const Position& pos, std::string_view from) {
  std::vector<std::string> out;
  const Square s = parse_square(pos, from);
  for (const Move& m : legal_moves(pos))
    if (m.from == s) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

using reference_walk::texts;

// 65 pieces of 29 kinds a side (Wikipedia "Dai shogi", ../shared/VARIANTS.md section 2), placed
// as in HaChu's daiArray (the survey's start FEN, with our tokens).
TEST(DaiTable, StartPositionHas65PiecesOf29KindsASide) {
  const Position pos = dai("startpos");
  EXPECT_EQ(to_sfen(pos), game_table(Game::Dai).start_sfen);
  EXPECT_EQ(pos.table().files, 15);
  EXPECT_EQ(pos.table().zone, 5);
  std::vector<int> kinds;
  int black = 0, white = 0;
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 15; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (!is_piece(c)) continue;
      if (cell_side(c) == Side::Black) {
        ++black;
        if (std::find(kinds.begin(), kinds.end(), cell_kind(c)) == kinds.end())
          kinds.push_back(cell_kind(c));
      } else {
        ++white;
      }
    }
  }
  EXPECT_EQ(black, 65);
  EXPECT_EQ(white, 65);
  EXPECT_EQ(kinds.size(), 29u);
  // White's setup is Black's turned through 180 degrees.
  for (int y = 0; y < 15; ++y) {
    for (int x = 0; x < 15; ++x) {
      const Cell a = pos.at(make_square(x, y));
      const Cell b = pos.at(make_square(14 - x, 14 - y));
      ASSERT_EQ(is_piece(a), is_piece(b));
      if (is_piece(a)) {
        EXPECT_EQ(cell_kind(a), cell_kind(b));
        EXPECT_NE(cell_side(a), cell_side(b));
      }
    }
  }
}

// Hand count of Black's first moves (rows k-o of the diagram, x = column from the left):
//   pawns 13 (two stand behind the go-betweens), go-betweens 2, Lion 2 (leaps to 10n and 6n);
//   rank l: rooks 1 + 1, flying dragons 3 + 3, side movers 1 + 1, dragon horses 2 + 2 = 14;
//   rank m: violent oxen 3 + 3, angry boars 3 + 3, evil wolves 1 + 1, kirin 2, phoenix 0 = 16;
//   rank n: reverse chariots 1 + 1, leopards 1 + 1, blind tigers 1 + 1 = 6;
//   rank o: knights 2 + 2, stones 2 + 2, irons 1 + 1, coppers 2 + 2, silvers 1 + 1, golds 1 + 1
//   = 18. In all 13 + 2 + 2 + 14 + 16 + 6 + 18 = 71.
// Depths 2 and 3 against the slow reference (no check is possible before the fourth ply).
TEST(DaiPerft, StartPositionAgainstAHandCountAndTheReference) {
  const Position pos = dai("startpos");
  EXPECT_EQ(perft(pos, 1), 71u);
  const ref::Board b = ref::read_sfen(to_sfen(pos));
  EXPECT_EQ(perft(pos, 2), ref::perft(b, 2));
  EXPECT_EQ(perft(pos, 2), 71u * 71u);
}

// The extra kinds, each hand counted. Violent Ox (W2) on 8h: two squares each way, stopped by a
// Black pawn on 8g, and taking a White pawn on 6h (the second square right): 8g is own ->
// up 0; down 8i, 8j; left 9h, 10h; right 7h, 6h (capture) = 6. With the pawn on 7h instead,
// the ox takes it and stops: 5.
TEST(DaiPieces, TheShortRangeSlidersStopAtTheFirstPiece) {
  const Position ox = dai("k14/15/15/15/15/15/7P7/7X'1p5/15/15/15/15/15/15/14K b - 1");
  EXPECT_EQ(moves_from(ox, "8h"),
            (std::vector<std::string>{"8h10h", "8h6h", "8h7h", "8h8i", "8h8j", "8h9h"}));
  EXPECT_EQ(
      moves_from(dai("k14/15/15/15/15/15/7P7/7X'p6/15/15/15/15/15/15/14K b - 1"), "8h").size(), 5u);
  // Flying Dragon (F2) on 8h, a White pawn on 7g: 9g, 10f; 7g (capture, stop); 9i, 10j; 7i, 6j.
  const Position dragon = dai("k14/15/15/15/15/15/8p6/7F'7/15/15/15/15/15/15/14K b - 1");
  EXPECT_EQ(moves_from(dragon, "8h").size(), 7u);
}

using Counts = std::pair<std::size_t, std::size_t>;

// The number of moves from `from` in `sfen` under dai's default rules and under `rules`.
Counts counts_by_default_and_under(const Rules& rules, const char* sfen, const char* from) {
  return {moves_from(dai(sfen), from).size(),
          moves_from(parse_sfen(sfen, Game::Dai, rules), from).size()};
}

// Knight (ffN) from 8g: 9e and 7e, both outside Black's zone (ranks a-e)? Rank e is inside it:
// entering the zone, each may promote = 4. From 8d to 9b/7b: on the last two ranks, where it
// could not move again: may promote without a capture (in the zone already) = 4. Stone (fF) from
// 8b to 9a/7a: last rank = 4; from 8c to 9b/7b: inside the zone, no capture, not the last rank
// = 2.
TEST(DaiPromotion, StuckPiecesMayPromoteOnTheirLastRanks) {
  EXPECT_EQ(moves_from(dai("k14/15/15/15/15/15/7N'7/15/15/15/15/15/15/15/14K b - 1"), "8g").size(),
            4u);
  EXPECT_EQ(moves_from(dai("k14/15/15/7N'7/15/15/15/15/15/15/15/15/15/15/14K b - 1"), "8d").size(),
            4u);
  EXPECT_EQ(moves_from(dai("k14/7U7/15/15/15/15/15/15/15/15/15/15/15/15/14K b - 1"), "8b").size(),
            4u);
  EXPECT_EQ(moves_from(dai("k14/15/7U7/15/15/15/15/15/15/15/15/15/15/15/14K b - 1"), "8c").size(),
            2u);
  // Every extra kind promotes to a Gold that steps like one.
  const Position gold = dai("k14/15/15/15/15/15/15/7+C'7/15/15/15/15/15/15/14K b - 1");
  EXPECT_EQ(moves_from(gold, "8h"),
            (std::vector<std::string>{"8h7g", "8h7h", "8h8g", "8h8i", "8h9g", "8h9h"}));
}

// Under Rules::forced_promotion the stuck pieces of the test above must promote: the Knight
// from 8d to 9b/7b (its last two ranks) 2 moves instead of 4, the Stone from 8b to 9a/7a 2
// instead of 4; the Knight from 8g entering the zone on rank e (not its last two) and the Stone
// from 8c to 9b/7b (not its last rank) as before, 4 and 2. The Iron (fFfW) from 8b: 9a, 8a, 7a,
// 3 instead of 6.
TEST(DaiPromotion, ForcedForStuckPiecesOnly) {
  Rules forced = default_rules(Game::Dai);
  forced.forced_promotion = true;
  const auto count = [&](const char* sfen, const char* from) {
    return counts_by_default_and_under(forced, sfen, from);
  };
  EXPECT_EQ(count("k14/15/15/7N'7/15/15/15/15/15/15/15/15/15/15/14K b - 1", "8d"), (Counts{4, 2}));
  EXPECT_EQ(count("k14/7U7/15/15/15/15/15/15/15/15/15/15/15/15/14K b - 1", "8b"), (Counts{4, 2}));
  EXPECT_EQ(count("k14/15/15/15/15/15/7N'7/15/15/15/15/15/15/15/14K b - 1", "8g"), (Counts{4, 4}));
  EXPECT_EQ(count("k14/15/7U7/15/15/15/15/15/15/15/15/15/15/15/14K b - 1", "8c"), (Counts{2, 2}));
  EXPECT_EQ(count("k14/7I'7/15/15/15/15/15/15/15/15/15/15/15/15/14K b - 1", "8b"), (Counts{6, 3}));
}

// Under PromotionRule::Zone (dai's zone: ranks a-e for Black, k-o for White): the Stone on 8c
// (to 9b, 7b, inside the zone, no capture) may promote now: 4 (2 under lishogi's rule, above). A
// Stone on 8e (rank e, inside) to 9d/7d: 4 (lishogi 2); on 8f (outside) to 9e/7e entering: 4
// under both. A White Stone on 8k (inside White's zone) to 9l/7l: 4 (lishogi 2).
TEST(DaiPromotion, UnderTheZoneRuleOnAnyMoveThatStartsOrEndsInTheZone) {
  Rules zone = default_rules(Game::Dai);
  zone.promotion = PromotionRule::Zone;
  const auto count = [&](const char* sfen, const char* from) {
    return counts_by_default_and_under(zone, sfen, from);
  };
  EXPECT_EQ(count("k14/15/7U7/15/15/15/15/15/15/15/15/15/15/15/14K b - 1", "8c"), (Counts{2, 4}));
  EXPECT_EQ(count("k14/15/15/15/7U7/15/15/15/15/15/15/15/15/15/14K b - 1", "8e"), (Counts{2, 4}));
  EXPECT_EQ(count("k14/15/15/15/15/7U7/15/15/15/15/15/15/15/15/14K b - 1", "8f"), (Counts{4, 4}));
  EXPECT_EQ(count("k14/15/15/15/15/15/15/15/15/15/7u7/15/15/15/14K w - 1", "8k"), (Counts{2, 4}));
}

// Dai has no Lion-trading rule by default: a Lion takes a protected Lion two squares away.
TEST(DaiRules, NoLionTradingRestrictionByDefault) {
  const Position pos = dai("k14/15/15/15/7g7/7n7/15/7N7/15/15/15/15/15/15/14K b - 1");
  const auto m = moves_from(pos, "8h");
  EXPECT_TRUE(std::find(m.begin(), m.end(), "8h8f") != m.end());
}

// Move lists against the reference along pseudo-random games from the start, under lishogi's
// promotion rule and under the zone rule with forced promotion.
TEST(DaiReference, MoveListsAgreeAlongRandomGames) {
  Rules zone = default_rules(Game::Dai);
  zone.promotion = PromotionRule::Zone;
  zone.forced_promotion = true;
  for (const unsigned seed : {1u, 2u}) {
    const Position pos = dai("startpos");
    reference_walk::expect_same_moves_along_random_game(pos, ref::read_sfen(to_sfen(pos)), seed);
    if (HasFatalFailure()) return;
    const Position promoting = parse_sfen("startpos", Game::Dai, zone);
    reference_walk::expect_same_moves_along_random_game(
        promoting, reference_walk::reference_of(promoting), seed);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace tsume::large
