// Tenjiku shogi (天竺将棋, 16x16) on the large-board core: the table and start position, the new
// mechanics (range-jumping generals, the Fire Demon's burning and area move, the Vice General,
// Lion Hawk, Free Eagle and Heavenly Tetrarchs) counted by hand, and the move lists against the
// slow reference of tests/large/reference_tenjiku.h along pseudo-random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/movegen.h"
#include "tests/large/reference_tenjiku.h"
#include "tests/large/tenjiku_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::tenjiku_reference;
using tenjiku_walk::expect_same_moves_along_random_game;
using tenjiku_walk::kPositions;
using tenjiku_walk::reference_of;
using tenjiku_walk::texts;

Position tenjiku(std::string_view sfen, Rules rules = default_rules(Game::Tenjiku)) {
  return parse_sfen(sfen, Game::Tenjiku, rules);
}

std::vector<std::string> moves_from(const Position& pos, std::string_view from) {
  std::vector<std::string> out;
  const Square s = parse_square(pos, from);
  for (const Move& m : legal_moves(pos))
    if (m.from == s) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

Move find_move(const Position& pos, std::string_view text) {
  for (const Move& m : legal_moves(pos))
    if (move_text(pos, m) == text) return m;
  ADD_FAILURE() << "no legal move " << text << " in " << to_sfen(pos);
  return {};
}

// A board with one piece on 8h (files 16..1, ranks a..p): 8 squares to its left (files 9-16),
// 7 to its right, 7 above, 8 below.
std::string lone(std::string_view token) {
  return "16/16/16/16/16/16/16/8" + std::string(token) + "7/16/16/16/16/16/16/16/16 b - 1";
}

// 78 pieces of 36 kinds a side (Wikipedia "Tenjiku shogi", ../shared/VARIANTS.md section 3).
TEST(TenjikuTable, StartPositionHas78PiecesOf36KindsASide) {
  const Position pos = tenjiku("startpos");
  EXPECT_EQ(to_sfen(pos), game_table(Game::Tenjiku).start_sfen);
  EXPECT_EQ(pos.table().files, 16);
  EXPECT_EQ(pos.table().ranks, 16);
  EXPECT_EQ(pos.table().zone, 5);
  std::vector<int> kinds;
  int black = 0, white = 0;
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (!is_piece(c)) continue;
      if (cell_side(c) == Side::Black) {
        ++black;
        if (std::find(kinds.begin(), kinds.end(), cell_kind(c)) == kinds.end())
          kinds.push_back(cell_kind(c));
      } else {
        ++white;
      }
      // White's setup is Black's turned through 180 degrees.
      const Cell o = pos.at(make_square(15 - x, 15 - y));
      ASSERT_TRUE(is_piece(o));
      EXPECT_EQ(cell_kind(o), cell_kind(c));
      EXPECT_NE(cell_side(o), cell_side(c));
    }
  }
  EXPECT_EQ(black, 78);
  EXPECT_EQ(white, 78);
  EXPECT_EQ(kinds.size(), 36u);
  // Named squares of the survey's table (file-rank from Black's side).
  const auto at = [&](std::string_view sq) {
    return pos.table().kinds[cell_kind(pos.at(parse_square(pos, sq)))].name;
  };
  EXPECT_EQ(at("9p"), "King");
  EXPECT_EQ(at("8p"), "Drunk Elephant");
  EXPECT_EQ(at("9m"), "Great General");
  EXPECT_EQ(at("8m"), "Vice General");
  EXPECT_EQ(at("10n"), "Fire Demon");
  EXPECT_EQ(at("9n"), "Lion Hawk");
  EXPECT_EQ(at("8n"), "Free Eagle");
  EXPECT_EQ(at("9o"), "Lion");
  EXPECT_EQ(at("12k"), "Dog");
  EXPECT_EQ(at("14o"), "Chariot Soldier");
}

TEST(TenjikuTable, EveryUnpromotedKindPromotesAsTheSurveySays) {
  const GameTable& t = game_table(Game::Tenjiku);
  const auto promoted_name = [&](std::string_view token) {
    const int k = t.kind_of(token);
    EXPECT_GE(k, 0) << token;
    return t.kinds[t.kinds[k].promotes_to].name;
  };
  EXPECT_EQ(promoted_name("N"), "Lion Hawk (promoted Lion)");
  EXPECT_EQ(promoted_name("Q"), "Free Eagle (promoted Free King)");
  EXPECT_EQ(promoted_name("W!"), "Fire Demon (promoted Water Buffalo)");
  EXPECT_EQ(promoted_name("C!"), "Heavenly Tetrarchs");
  EXPECT_EQ(promoted_name("R!"), "Great General (promoted Rook General)");
  EXPECT_EQ(promoted_name("B!"), "Vice General (promoted Bishop General)");
  EXPECT_EQ(promoted_name("D'"), "Multi General");
  EXPECT_EQ(promoted_name("N'"), "Side Soldier (promoted Knight)");
  EXPECT_EQ(promoted_name("I'"), "Vertical Soldier (promoted Iron)");
  for (const char* never : {"K", "Q!", "V!", "D!", "H!", "Q'"})
    EXPECT_LT(t.kinds[t.kind_of(never)].promotes_to, 0) << never;
}

// From the start: 74 moves, counted by hand. 47 ordinary ones: 14 pawns (those on files 12 and
// 5 are blocked by the dogs), 2 dogs, 2 Horned Falcons and 4 Soaring Eagles jumping over their
// pawns, 2 Vertical Soldiers, 2 Bishops, 2 Dragon Horses, 2 Dragon Kings and 2 Water Buffaloes
// one square back, 4 Chariot Soldiers and 2 Blind Tigers sideways, the Kirin, and one step each
// for the two Leopards, Irons, Coppers and Silvers. And 27 range-jump captures over the own
// pawns: the Great General on 9m takes on 9e, 9d, 9c, 9b, 9a (every piece in the file is below
// its rank) and 1e; the Vice General on 16e; each Rook General the pawn and the Rook General of
// its file (with and without promotion: 8); each Bishop General three pieces of its long
// diagonal (with and without promotion: 12).
TEST(TenjikuPerft, StartPositionByHand) {
  const Position pos = tenjiku("startpos");
  EXPECT_EQ(perft(pos, 1), 74u);
}

// Lone pieces on 8h of an empty board.
TEST(TenjikuMoves, LonePiecesByHand) {
  // Fire Demon: the 48 squares within three king steps, and its Free Boar slides beyond them
  // (diagonals 4 + 4 + 5 + 4, sideways 5 + 4).
  EXPECT_EQ(perft(tenjiku(lone("D!")), 1), 48u + 17u + 9u);
  // Vice General: the same 48, and its Bishop slides beyond them.
  EXPECT_EQ(perft(tenjiku(lone("V!")), 1), 48u + 17u);
  // Lion Hawk: the Lion's 88 and the Bishop beyond two squares (5 + 5 + 6 + 5).
  EXPECT_EQ(perft(tenjiku(lone("H!")), 1), 88u + 21u);
  // Free Eagle: the Free King's 59 squares (its jumps land on them) and, on each diagonal, the
  // two-step and the out-and-back.
  EXPECT_EQ(perft(tenjiku(lone("Q'")), 1), 59u + 8u);
  // Heavenly Tetrarchs: ski slides from the second square on: up 6, down 7, diagonals 6 + 6 + 6
  // + 7, sideways the second and third squares.
  EXPECT_EQ(perft(tenjiku(lone("+C!")), 1), 6u + 7u + 6u + 6u + 6u + 7u + 2u + 2u);
  // Great General: a Free King when nothing is in the way.
  EXPECT_EQ(perft(tenjiku(lone("Q!")), 1), 59u);
  // Multi General: forward 7, diagonally backward 8 + 7.
  EXPECT_EQ(perft(tenjiku(lone("+D'")), 1), 22u);
}

// The Fire Demon's slides: diagonals and sideways by default, diagonals and vertical under the
// switch (the same count on 8h: 5 + 4 squares beyond the area either way).
TEST(TenjikuMoves, FireDemonDirectionsSwitch) {
  Rules vertical = default_rules(Game::Tenjiku);
  vertical.fire_demon_vertical = true;
  const auto sideways_moves = moves_from(tenjiku(lone("D!")), "8h");
  const auto vertical_moves = moves_from(tenjiku(lone("D!"), vertical), "8h");
  EXPECT_EQ(vertical_moves.size(), 74u);
  const auto has = [](const std::vector<std::string>& v, const char* m) {
    return std::find(v.begin(), v.end(), m) != v.end();
  };
  EXPECT_TRUE(has(sideways_moves, "8h16h"));
  EXPECT_FALSE(has(sideways_moves, "8h8a"));
  EXPECT_TRUE(has(vertical_moves, "8h8a"));
  EXPECT_TRUE(has(vertical_moves, "8h8p"));
  EXPECT_FALSE(has(vertical_moves, "8h16h"));
}

// The second readings of the Lion Hawk, Free Eagle and Heavenly Tetrarchs (Rules), alone on 8h
// of an empty board (the diagonals from 8h: 7 + 7 + 7 + 8 = 29 squares; the files and ranks: 7
// up, 8 down, 8 left, 7 right = 30).
//   Lion Hawk as a Bishop with a two-step area move: 29 + the 24 squares within two king steps
//   less the 8 on the diagonals = 45 moves, none of two legs (the Lion reading has them).
//   Free Eagle as a Free King with orthogonal jumps: 59 (the jumps reach squares the slides
//   reach); with its own pawns on 8g and 7g it still jumps to 8f but no longer to 6f (the
//   diagonal jump of the Lion reading).
//   Heavenly Tetrarchs as a Chariot Soldier: 29 + 7 + 8 up and down + 2 + 2 sideways = 48, the
//   adjacent 9h among them (the ski reading never moves to an adjacent square).
TEST(TenjikuMoves, SecondReadingsOfTheDisputedPieces) {
  const auto legs = [](const std::string& text) {
    return std::count_if(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'p'; });
  };
  const auto has = [](const std::vector<std::string>& v, const char* m) {
    return std::find(v.begin(), v.end(), m) != v.end();
  };
  Rules second = default_rules(Game::Tenjiku);
  second.lion_hawk_area = second.free_eagle_orthogonal = second.tetrarchs_chariot = true;

  const auto hawk_area = moves_from(tenjiku(lone("H!"), second), "8h");
  EXPECT_EQ(hawk_area.size(), 45u);
  for (const auto& m : hawk_area) EXPECT_EQ(legs(m), 2) << m;
  const auto hawk_lion = moves_from(tenjiku(lone("H!")), "8h");
  EXPECT_TRUE(std::any_of(hawk_lion.begin(), hawk_lion.end(),
                          [&](const std::string& m) { return legs(m) == 3; }));

  EXPECT_EQ(moves_from(tenjiku(lone("Q'"), second), "8h").size(), 59u);
  const char* blocked = "16/16/16/16/16/16/8PP6/8Q'7/16/16/16/16/16/16/16/16 b - 1";
  const auto eagle_orthogonal = moves_from(tenjiku(blocked, second), "8h");
  const auto eagle_lion = moves_from(tenjiku(blocked), "8h");
  EXPECT_TRUE(has(eagle_orthogonal, "8h8f"));
  EXPECT_FALSE(has(eagle_orthogonal, "8h6f"));
  EXPECT_TRUE(has(eagle_lion, "8h8f"));
  EXPECT_TRUE(has(eagle_lion, "8h6f"));

  const auto tetrarchs_chariot = moves_from(tenjiku(lone("+C!"), second), "8h");
  EXPECT_EQ(tetrarchs_chariot.size(), 48u);
  EXPECT_TRUE(has(tetrarchs_chariot, "8h9h"));
  EXPECT_FALSE(has(moves_from(tenjiku(lone("+C!")), "8h"), "8h9h"));
}

// A Black Rook General on 8h behind its pawn on 8g; above them a White pawn (8f), Great
// General (8e) and silver (8d); to the right a White pawn on 4h and the White king on 1h.
TEST(TenjikuMoves, RangeJumpsOverLowerRanks) {
  const std::string sfen = "16/16/16/8s7/8q!7/8p7/8P7/8R!3p2k/16/16/16/16/16/16/16/16 b - 1";
  // Up: over the pawn to take the pawn, over both to take the Great General (on 8e, in the zone:
  // with and without promotion), not beyond the General (rank 3). Down 8, left 8. Right: 7h, 6h,
  // 5h, the pawn on 4h, and the king beyond it by a jump. The pawn takes the pawn.
  const Position any = tenjiku(sfen);
  EXPECT_EQ(moves_from(any, "8h"),
            (std::vector<std::string>{"8h10h", "8h11h", "8h12h", "8h13h", "8h14h", "8h15h",
                                      "8h16h", "8h1h",  "8h4h",  "8h5h",  "8h6h",  "8h7h",
                                      "8h8e",  "8h8e+", "8h8f",  "8h8i",  "8h8j",  "8h8k",
                                      "8h8l",  "8h8m",  "8h8n",  "8h8o",  "8h8p",  "8h9h"}));
  EXPECT_EQ(perft(any, 1), 25u);
  Rules no_royal = default_rules(Game::Tenjiku);
  no_royal.jump = JumpRule::NoRoyal;
  EXPECT_EQ(perft(tenjiku(sfen, no_royal), 1), 24u);  // not the king by a jump
  Rules lower = default_rules(Game::Tenjiku);
  lower.jump = JumpRule::Lower;
  EXPECT_EQ(perft(tenjiku(sfen, lower), 1), 22u);  // neither the king nor the Great General
  // The king is attacked through the pawn (a jump), unless jumps may not take royals.
  EXPECT_TRUE(in_check(any, Side::White));
  EXPECT_FALSE(in_check(tenjiku(sfen, no_royal), Side::White));
  // An equal rank stops a jump: a White Rook General on 4h instead of the pawn.
  const Position equal = tenjiku("16/16/16/16/16/16/16/8R!3r!2k/16/16/16/16/16/16/16/16 b - 1");
  EXPECT_FALSE(in_check(equal, Side::White));
  // Up 7 (the last five into the zone, with and without promotion), down 8, left 8, right 7h,
  // 6h, 5h and the General on 4h.
  EXPECT_EQ(moves_from(equal, "8h").size(), 12u + 8u + 8u + 4u);
}

TEST(TenjikuMoves, FireDemonBurnsAfterItsMove) {
  // Black Fire Demon on 8h; White pawns on 9f and 7f; a Black pawn on 9g.
  const Position pos = tenjiku("16/16/16/16/16/7p1p6/7P8/8D!7/16/16/16/16/16/16/16/16 b - 1");
  const Position next = after(pos, find_move(pos, "8h8g"));
  EXPECT_EQ(next.at(parse_square(pos, "9f")), kEmpty);
  EXPECT_EQ(next.at(parse_square(pos, "7f")), kEmpty);
  EXPECT_NE(next.at(parse_square(pos, "9g")), kEmpty);  // its own pawn survives
  EXPECT_NE(next.at(parse_square(pos, "8g")), kEmpty);
}

TEST(TenjikuMoves, PassiveBurning) {
  // A Black gold steps next to a White Fire Demon: it is burnt.
  const Position pos = tenjiku("16/16/16/8d!7/16/8G7/16/16/16/16/16/16/16/16/16/16 b - 1");
  const Position next = after(pos, find_move(pos, "8f8e"));
  EXPECT_EQ(next.at(parse_square(pos, "8e")), kEmpty);
  Rules off = default_rules(Game::Tenjiku);
  off.passive_burn = false;
  const Position kept = tenjiku(to_sfen(pos), off);
  EXPECT_NE(after(kept, find_move(kept, "8f8e")).at(parse_square(pos, "8e")), kEmpty);
  // A Black Fire Demon moving (three king steps) next to the White one dies and burns nothing:
  // the White pawn on 6e, next to it too, survives.
  const Position demons = tenjiku("16/16/16/8d!7/10p5/16/16/8D!7/16/16/16/16/16/16/16/16 b - 1");
  const Position after_demon = after(demons, find_move(demons, "8h7e"));
  EXPECT_EQ(after_demon.at(parse_square(pos, "7e")), kEmpty);
  EXPECT_NE(after_demon.at(parse_square(pos, "6e")), kEmpty);
  EXPECT_NE(after_demon.at(parse_square(pos, "8d")), kEmpty);
}

TEST(TenjikuMoves, FireDemonChecksByBurning) {
  // White Fire Demon on 8l, Black king on 8p: the demon reaches 8o in three steps and would burn
  // the king; every king move ends where it is taken or burnt.
  const Position near = tenjiku("16/16/16/16/16/16/16/16/16/16/16/8d!7/16/16/16/8K7 b - 1");
  EXPECT_TRUE(in_check(near, Side::Black));
  EXPECT_EQ(perft(near, 1), 0u);
  // One rank further (8k): no check; the king may go to 7p and 9p only (7o, 8o and 9o are next
  // to 8n, which the demon reaches).
  const Position far = tenjiku("16/16/16/16/16/16/16/16/16/16/8d!7/16/16/16/16/8K7 b - 1");
  EXPECT_FALSE(in_check(far, Side::Black));
  EXPECT_EQ(texts(far), (std::vector<std::string>{"8p7p", "8p9p"}));
}

TEST(TenjikuMoves, HeavenlyTetrarchsIgui) {
  // Black Tetrarchs on 8h with White pawns on 8g and 9h and a Black pawn on 7h: igui on the two
  // pawns; the ski slides jump over all three.
  const Position pos = tenjiku("16/16/16/16/16/16/8p7/7p+C!P6/16/16/16/16/16/16/16/16 b - 1");
  const auto moves = moves_from(pos, "8h");
  EXPECT_NE(std::find(moves.begin(), moves.end(), "8h8g8h"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "8h9h8h"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "8h7h8h"), moves.end());
  EXPECT_EQ(moves.size(), 42u + 2u);
}

// A Water Buffalo that promotes on entering the zone becomes a Fire Demon and burns at once.
TEST(TenjikuMoves, WaterBuffaloPromotesToABurningDemon) {
  // Black Water Buffalo on 8g (outside the zone) moves to 8e and promotes; a White pawn on 7d.
  const Position pos = tenjiku("16/16/16/9p6/16/16/8W!7/16/16/16/16/16/16/16/16/16 b - 1");
  EXPECT_EQ(after(pos, find_move(pos, "8g8e+")).at(parse_square(pos, "7d")), kEmpty);
  EXPECT_NE(after(pos, find_move(pos, "8g8e")).at(parse_square(pos, "7d")), kEmpty);
}

// Forced promotion (Rules::forced_promotion): Black Iron 8b to 9a, 8a, 7a, its last rank: only
// the three promotions (six moves by default); Black Knight 5d to 6b and 4b, its last two ranks:
// only the two promotions (four by default). The same against the reference, at depth 2, with
// White's stuck pieces by its last ranks too.
TEST(TenjikuMoves, ForcedPromotionOfStuckPieces) {
  Rules forced = default_rules(Game::Tenjiku);
  forced.forced_promotion = true;
  const char* iron = "k15/8I'7/16/16/16/16/16/16/16/16/16/16/16/16/16/15K b - 1";
  const char* knight = "k15/16/16/11N'4/16/16/16/16/16/16/16/16/16/16/16/15K b - 1";
  EXPECT_EQ(moves_from(tenjiku(iron), "8b").size(), 6u);
  EXPECT_EQ(moves_from(tenjiku(iron, forced), "8b"),
            (std::vector<std::string>{"8b7a+", "8b8a+", "8b9a+"}));
  EXPECT_EQ(moves_from(tenjiku(knight), "5d").size(), 4u);
  EXPECT_EQ(moves_from(tenjiku(knight, forced), "5d"),
            (std::vector<std::string>{"5d4b+", "5d6b+"}));
  const Position both =
      tenjiku("k15/8I'2P4/3L12/11N'4/16/16/16/16/16/16/16/16/4n'11/3l12/6i'2p6/15K b - 1", forced);
  auto expected = ref::legal_moves(reference_of(both));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(texts(both), expected);
  EXPECT_EQ(perft(both, 2), ref::perft(reference_of(both), 2));
}

TEST(TenjikuReference, StartPerftAtDepth2) {
  const Position pos = tenjiku("startpos");
  EXPECT_EQ(ref::perft(reference_of(pos), 2), perft(pos, 2));
}

TEST(TenjikuReference, ComposedPositionsMoveLists) {
  Rules second = default_rules(Game::Tenjiku);
  second.lion_hawk_area = second.free_eagle_orthogonal = second.tetrarchs_chariot = true;
  for (const Rules& rules : {default_rules(Game::Tenjiku), second}) {
    for (const char* sfen : kPositions) {
      const Position pos = tenjiku(sfen, rules);
      auto expected = ref::legal_moves(reference_of(pos));
      std::sort(expected.begin(), expected.end());
      EXPECT_EQ(texts(pos), expected) << sfen;
    }
  }
}

// Pseudo-random positions crowded with the new pieces: the move lists, and a few plies on.
TEST(TenjikuReference, RandomPositions) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    Rules rules = default_rules(Game::Tenjiku);
    rules.jump = seed % 3 == 0   ? JumpRule::Lower
                 : seed % 3 == 1 ? JumpRule::Any
                                 : JumpRule::NoRoyal;
    rules.passive_burn = seed % 4 != 0;
    rules.fire_demon_vertical = seed % 5 == 0;
    rules.royal = seed % 2 == 0 ? RoyalRule::PseudoRoyal : RoyalRule::Capture;
    rules.forced_promotion = seed % 3 == 2;
    rules.lion_hawk_area = seed % 2 == 1;
    rules.free_eagle_orthogonal = seed % 4 < 2;
    rules.tetrarchs_chariot = seed % 3 == 1;
    const std::string sfen = tenjiku_walk::random_position(seed);
    expect_same_moves_along_random_game(tenjiku(sfen, rules), seed, 4);
  }
}

// Short random games, one rule set each (the slow tests play longer ones under every switch).
TEST(TenjikuReference, ShortRandomGames) {
  unsigned seed = 1;
  for (const char* sfen : kPositions) {
    Rules rules = default_rules(Game::Tenjiku);
    rules.jump = seed % 3 == 0   ? JumpRule::Lower
                 : seed % 3 == 1 ? JumpRule::Any
                                 : JumpRule::NoRoyal;
    rules.passive_burn = seed % 2 == 1;
    rules.fire_demon_vertical = seed % 2 == 0;
    expect_same_moves_along_random_game(tenjiku(sfen, rules), seed++, 8);
  }
}

}  // namespace
}  // namespace tsume::large
