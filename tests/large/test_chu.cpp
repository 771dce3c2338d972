// Chu shogi on the large-board core (solver/large, docs/large-board.md): the move notation, the
// SFEN text, the published perft numbers, and one small position per special rule whose answer
// is counted by hand in the comment above it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "solver/large/game.h"
#include "solver/large/movegen.h"
#include "solver/large/position.h"
#include "tests/large/chu_published.h"

namespace tsume::large {
namespace {

Position chu(std::string_view sfen, RoyalRule royal = RoyalRule::PseudoRoyal) {
  return parse_sfen(sfen, Game::Chu, Rules{royal, LionRule::Lishogi});
}

Square sq(const Position& pos, std::string_view name) {
  const Square s = parse_square(pos, name);
  if (s == kNoSquare) throw std::invalid_argument("bad square in test: " + std::string(name));
  return s;
}

// The legal moves of the piece on `from`, as lishogi USI text, sorted.
std::vector<std::string> moves_from(const Position& pos, std::string_view from) {
  std::vector<std::string> out;
  const Square s = sq(pos, from);
  for (const Move& m : legal_moves(pos))
    if (m.from == s) out.push_back(move_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has(const std::vector<std::string>& moves, std::string_view m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

int count_ending_on(const std::vector<std::string>& moves, std::string_view to) {
  return static_cast<int>(std::count_if(moves.begin(), moves.end(), [&](const std::string& m) {
    return m.size() >= to.size() && m.compare(m.size() - to.size(), to.size(), to) == 0;
  }));
}

std::vector<Offset> slide_dirs(const Movement& m, int range) {
  std::vector<Offset> out;
  for (const auto& s : m.slides)
    if (s.range == range) out.push_back(s.dir);
  return out;
}

// --- The move notation -------------------------------------------------------------------

TEST(ChuBetza, ModifiersSelectDirections) {
  // FsfW (Drunk Elephant): the four diagonals, forward, left, right; never straight back.
  const Movement e = parse_betza("FsfW");
  EXPECT_EQ(e.slides.size(), 7u);
  for (const auto& s : e.slides) {
    EXPECT_EQ(s.range, 1);
    EXPECT_FALSE(s.dir == (Offset{0, -1}));
  }
  // vRsW (Vertical Mover): forwards and backwards to the edge, one step sideways.
  const Movement v = parse_betza("vRsW");
  const auto far = slide_dirs(v, Movement::kUnlimited);
  const auto near = slide_dirs(v, 1);
  ASSERT_EQ(far.size(), 2u);
  ASSERT_EQ(near.size(), 2u);
  EXPECT_TRUE(std::find(far.begin(), far.end(), Offset{0, 1}) != far.end());
  EXPECT_TRUE(std::find(far.begin(), far.end(), Offset{0, -1}) != far.end());
  EXPECT_TRUE(std::find(near.begin(), near.end(), Offset{1, 0}) != near.end());
  // ffN: the two forward-most knight leaps only (the shogi knight).
  const Movement n = parse_betza("ffN");
  ASSERT_EQ(n.leaps.size(), 2u);
  EXPECT_TRUE(std::find(n.leaps.begin(), n.leaps.end(), Offset{-1, 2}) != n.leaps.end());
  EXPECT_TRUE(std::find(n.leaps.begin(), n.leaps.end(), Offset{1, 2}) != n.leaps.end());
  // W2 (Violent Ox of dai shogi): a slide of at most two squares in the four orthogonals.
  EXPECT_EQ(slide_dirs(parse_betza("W2"), 2).size(), 4u);
  // Horned Falcon: bishop, sideways and backwards rook, and Lion power straight forward.
  const Movement f = parse_betza("BsbRfLW");
  EXPECT_EQ(f.lion_lines, (std::vector<Offset>{{0, 1}}));
  EXPECT_EQ(f.leaps, (std::vector<Offset>{{0, 2}}));
  EXPECT_EQ(slide_dirs(f, 1), (std::vector<Offset>{{0, 1}}));
  EXPECT_EQ(slide_dirs(f, Movement::kUnlimited).size(), 7u);
  EXPECT_TRUE(parse_betza("L").lion);
}

TEST(ChuBetza, RejectsMalformedText) {
  for (const char* bad : {"Z", "sF", "fK", "D2", "f", "W99", "xW"})
    EXPECT_THROW(parse_betza(bad), std::invalid_argument) << bad;
}

TEST(ChuTable, EveryPromotionIsAnUnpromotedKindsAndTheStartHas46PiecesASide) {
  const GameTable& t = game_table(Game::Chu);
  EXPECT_EQ(t.files, 12);
  EXPECT_EQ(t.zone, 4);
  for (const PieceKind& k : t.kinds) {
    if (k.promotes_to < 0) continue;
    EXPECT_NE(k.token[0], '+') << k.name;
    EXPECT_EQ(t.kinds[k.promotes_to].token, "+" + k.token) << k.name;
    EXPECT_EQ(t.kinds[k.promotes_to].promotes_to, -1) << k.name;
  }
  const Position pos = chu("startpos");
  int black = 0, white = 0;
  for (int y = 0; y < 12; ++y) {
    for (int x = 0; x < 12; ++x) {
      const Cell c = pos.at(make_square(x, y));
      if (is_piece(c)) ++(cell_side(c) == Side::Black ? black : white);
    }
  }
  EXPECT_EQ(black, 46);  // Wikipedia "Chu shogi": 46 pieces a side
  EXPECT_EQ(white, 46);
  EXPECT_EQ(royal_count(pos, Side::Black), 1);
}

// --- SFEN ----------------------------------------------------------------------------------

TEST(ChuSfen, RoundTrips) {
  const std::string start = game_table(Game::Chu).start_sfen;
  EXPECT_EQ(to_sfen(chu("startpos")), start);
  EXPECT_EQ(to_sfen(chu(start)), start);
  EXPECT_EQ(chu(to_sfen(chu("startpos"))), chu("startpos"));
  EXPECT_FALSE(chu("startpos") == chu(start.substr(0, start.size() - 5) + "w - 1"));
  for (const char* s : {"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1",
                        "l4+H1t4/a3k3cf2/2+Pe1x+P4l/mc8oa/3pt3n3/1r3b4sm/1r5H3L/C2R5+Rq1/1MB2G2X3/"
                        "A6T4/L2FKS6/7G3C b - 395"})
    EXPECT_EQ(to_sfen(chu(s)), s);
  EXPECT_EQ(to_sfen(chu("12/12/12/12/12/12/12/12/12/12/12/5K6 w -")),
            "12/12/12/12/12/12/12/12/12/12/12/5K6 w - 1");
  EXPECT_EQ(chu("12/12/12/12/12/12/12/12/12/12/12/5K6 b 12l 1").last_lion_capture(),
            make_square(0, 11));
}

TEST(ChuSfen, RejectsBadText) {
  for (const char* bad : {
           "12/12/12/12/12/12/12/12/12/12/12/5Z6 b - 1",     // no such piece
           "12/12/12/12/12/12/12/12/12/12/12/5+K6 b - 1",    // the king never promotes
           "12/12/12/12/12/12/12/12/12/12/12/5K7 b - 1",     // 13 squares
           "12/12/12/12/12/12/12/12/12/12/5K6 b - 1",        // 11 ranks
           "12/12/12/12/12/12/12/12/12/12/12/12/5K6 b - 1",  // 13 ranks
           "12/12/12/12/12/12/12/12/12/12/12/5K6 x - 1",     // side
           "12/12/12/12/12/12/12/12/12/12/12/5K6 b 13a 1",   // lion-capture square
           "12/12/12/12/12/12/12/12/12/12/12/5K6 b - 0",     // move number
           "12/12/12/12/12/12/12/12/12/12/12/5K6",           // fields
       })
    EXPECT_THROW(chu(bad), std::invalid_argument) << bad;
}

// --- Published perft -------------------------------------------------------------------------

// lishogi shogiops' chushogi perft test (../shared/VARIANTS.md section 6): 36 and 1,296 from the
// start position, every Lion path counted as a move. No check can arise in two plies, so both
// royal rules give these numbers.
TEST(ChuPerft, MatchesLishogiFromTheStart) {
  for (const RoyalRule rule : {RoyalRule::PseudoRoyal, RoyalRule::Capture}) {
    const Position pos = chu("startpos", rule);
    EXPECT_EQ(perft(pos, 1), 36u);
    EXPECT_EQ(perft(pos, 2), 1296u);
  }
}

// The published counts of chu_published.h (lishogi's, via jh85/chushogi).
TEST(ChuPerft, MatchesThePublishedLishogiMoveCounts) {
  for (const auto& c : test::kPublishedChuCounts) {
    const Position pos = chu(c.sfen, RoyalRule::Capture);
    EXPECT_EQ(to_sfen(pos), c.sfen);
    EXPECT_EQ(perft(pos, 1), c.moves) << c.sfen;
  }
}

// --- Lion moves (hand counts) ----------------------------------------------------------------

// A Lion in the open: 24 squares within two king steps, plus 8 first steps times 8 second steps
// = 88 (lishogi's count, VARIANTS.md section 6). In the corner (12l): 8 squares within reach,
// and two-leg paths via 11l (5 second steps on the board), 12k (5) and 11k (8) = 18; three of them
// come back to 12l (passes). 26 in all.
TEST(ChuLion, CountsEveryPathAsAMove) {
  const Position open = chu("k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_EQ(moves_from(open, "7g").size(), 88u);
  const Position corner = chu("11k/12/12/12/12/12/12/12/12/12/12/N10K b - 1");
  const auto moves = moves_from(corner, "12l");
  EXPECT_EQ(moves.size(), 26u);
  EXPECT_EQ(count_ending_on(moves, "12l"), 3);
  EXPECT_TRUE(has(moves, "12l11l12l"));
  EXPECT_TRUE(has(moves, "12l11k10j"));
}

// Black Lion 7g, White pawns 7f and 7e. Double capture 7g7f7e takes both; igui 7g7f7g takes 7f
// and stays; 7g7e (a leap) takes only 7e.
TEST(ChuLion, DoubleCaptureAndIgui) {
  const Position pos = chu("k11/12/12/12/5p6/5p6/5N6/12/12/12/12/11K b - 1");
  const auto moves = moves_from(pos, "7g");
  ASSERT_TRUE(has(moves, "7g7f7e"));
  ASSERT_TRUE(has(moves, "7g7f7g"));
  const auto find = [&](std::string_view text) {
    for (const Move& m : legal_moves(pos))
      if (move_text(pos, m) == text) return m;
    throw std::logic_error("no move");
  };
  const Position dbl = after(pos, find("7g7f7e"));
  EXPECT_EQ(to_sfen(dbl), "k11/12/12/12/5N6/12/12/12/12/12/12/11K w - 2");
  const Position igui = after(pos, find("7g7f7g"));
  EXPECT_EQ(to_sfen(igui), "k11/12/12/12/5p6/12/5N6/12/12/12/12/11K w - 2");
  const Position leap = after(pos, find("7g7e"));
  EXPECT_EQ(to_sfen(leap), "k11/12/12/12/5N6/5p6/12/12/12/12/12/11K w - 2");
}

// A pass is a step to an empty adjacent square and back. Lion 7g ringed by its own pawns: only
// the 16 leaps to the outer ring, no two-leg move, no pass. With 6h empty: 17 leaps, and via 6h
// the second steps 7g (the pass), 5g, 5h, 5i, 6i, 7i (6g and 7h hold pawns) = 23, one pass.
TEST(ChuLion, PassesNeedAnEmptyNeighbour) {
  const Position ringed = chu("k11/12/12/12/12/4PPP5/4PNP5/4PPP5/12/12/12/11K b - 1");
  const auto r = moves_from(ringed, "7g");
  EXPECT_EQ(r.size(), 16u);
  EXPECT_EQ(count_ending_on(r, "7g"), 0);
  const Position open = chu("k11/12/12/12/12/4PPP5/4PNP5/4PP6/12/12/12/11K b - 1");
  const auto o = moves_from(open, "7g");
  EXPECT_EQ(o.size(), 23u);
  EXPECT_EQ(count_ending_on(o, "7g"), 1);
  EXPECT_TRUE(has(o, "7g6h7g"));
}

// Horned Falcon (7g) with a White pawn on 7f: it may take 7f and stop, take it and go on to 7e,
// take it and come back (igui), or leap to 7e. Soaring Eagle likewise on its forward diagonals.
TEST(ChuLion, FalconAndEagleHaveLionPowerOnlyInTheirLines) {
  const Position falcon = chu("k11/12/12/12/12/5p6/5+H6/12/12/12/12/11K b - 1");
  const auto f = moves_from(falcon, "7g");
  for (const char* m : {"7g7f", "7g7e", "7g7f7e", "7g7f7g"}) EXPECT_TRUE(has(f, m)) << m;
  EXPECT_FALSE(has(f, "7g7f6e"));  // no turn off the line
  const Position eagle = chu("k11/12/12/12/12/4p7/5+D6/12/12/12/12/11K b - 1");
  const auto e = moves_from(eagle, "7g");
  for (const char* m : {"7g8f", "7g9e", "7g8f9e", "7g8f7g", "7g6f5e", "7g6f7g"})
    EXPECT_TRUE(has(e, m)) << m;
  EXPECT_FALSE(has(e, "7g8f8e"));  // no turn off the line
}

// Kirin (FD) and Phoenix (WA) jump: ringed by their own pawns, each has its four leaps only.
TEST(ChuPieces, KirinAndPhoenixJump) {
  const Position kirin = chu("k11/12/12/12/12/4PPP5/4POP5/4PPP5/12/12/12/11K b - 1");
  EXPECT_EQ(moves_from(kirin, "7g"), (std::vector<std::string>{"7g5g", "7g7e", "7g7i", "7g9g"}));
  const Position phoenix = chu("k11/12/12/12/12/4PPP5/4PXP5/4PPP5/12/12/12/11K b - 1");
  EXPECT_EQ(moves_from(phoenix, "7g"), (std::vector<std::string>{"7g5e", "7g5i", "7g9e", "7g9i"}));
}

// --- Lion trading ------------------------------------------------------------------------------

// Black Lion 7f, White Lion 7d two squares ahead. Moves of the Black Lion that end on 7d:
//   unprotected: the leap and the paths via 8e, 7e, 6e = 4;
//   protected by a White gold on 7c: none (a Lion may not take a protected Lion two squares
//     away);
//   protected, with a White silver on 7e: only 7f7e7d (taking the silver first allows it);
//   protected, with a White pawn on 7e: none (a pawn or go-between does not count).
TEST(ChuLionTrading, AProtectedLionTwoSquaresAwayCannotBeTaken) {
  const auto ending = [](const char* sfen) {
    const Position pos = chu(sfen);
    return count_ending_on(moves_from(pos, "7f"), "7d");
  };
  EXPECT_EQ(ending("k11/12/12/5n6/12/5N6/12/12/12/12/12/11K b - 1"), 4);
  EXPECT_EQ(ending("k11/12/5g6/5n6/12/5N6/12/12/12/12/12/11K b - 1"), 0);
  const Position bridge = chu("k11/12/5g6/5n6/5s6/5N6/12/12/12/12/12/11K b - 1");
  const auto b = moves_from(bridge, "7f");
  EXPECT_EQ(count_ending_on(b, "7d"), 1);
  EXPECT_TRUE(has(b, "7f7e7d"));
  EXPECT_EQ(ending("k11/12/5g6/5n6/5p6/5N6/12/12/12/12/12/11K b - 1"), 0);
  // With --lion-rule none all four plain ways are back.
  const Position free = parse_sfen("k11/12/5g6/5n6/12/5N6/12/12/12/12/12/11K b - 1", Game::Chu,
                                   Rules{RoyalRule::PseudoRoyal, LionRule::None});
  EXPECT_EQ(count_ending_on(moves_from(free, "7f"), "7d"), 4);
  // An adjacent Lion may always be taken, protected or not.
  EXPECT_TRUE(has(moves_from(chu("k11/12/12/5g6/5n6/5N6/12/12/12/12/12/11K b - 1"), "7f"), "7f7e"));
}

// Counter-strike: after a non-Lion took a Lion (the SFEN's third field names the square), the
// opponent's non-Lions may not take a Lion except on that square; Lions still may. Black rook 7i,
// White Lion 7d (a free path), Black Lion 9f.
TEST(ChuLionTrading, CounterStrikeAfterANonLionTookALion) {
  const char* board = "k11/12/12/5n6/12/3N8/12/12/5R6/12/12/11K b ";
  EXPECT_TRUE(has(moves_from(chu(std::string(board) + "- 1"), "7i"), "7i7d"));
  EXPECT_FALSE(has(moves_from(chu(std::string(board) + "3c 1"), "7i"), "7i7d"));
  EXPECT_TRUE(has(moves_from(chu(std::string(board) + "7d 1"), "7i"), "7i7d"));
  EXPECT_TRUE(has(moves_from(chu(std::string(board) + "3c 1"), "9f"), "9f7d"));
  // The rook taking the Lion sets the field; the Black Lion taking it does not.
  const Position pos = chu(std::string(board) + "- 1");
  for (const Move& m : legal_moves(pos)) {
    const std::string text = move_text(pos, m);
    if (text == "7i7d") {
      EXPECT_EQ(square_name(pos, after(pos, m).last_lion_capture()), "7d");
    } else if (text == "9f7d") {
      EXPECT_EQ(after(pos, m).last_lion_capture(), kNoSquare);
    }
  }
}

// --- Promotion ---------------------------------------------------------------------------------

// Black's zone is ranks a-d. A pawn may promote entering it (5e5d), capturing inside it (5d5c
// taking a gold), or reaching the last rank (5b5a); not moving inside it without a capture
// (5d5c onto an empty square). A silver leaving the zone may promote only with a capture. A White
// pawn entering White's zone (ranks i-l) may promote.
TEST(ChuPromotion, OnEntryOnACaptureInTheZoneAndOnTheLastRank) {
  const auto from = [](const char* sfen, const char* sq) { return moves_from(chu(sfen), sq); };
  EXPECT_EQ(from("k11/12/12/12/7P4/12/12/12/12/12/12/11K b - 1", "5e"),
            (std::vector<std::string>{"5e5d", "5e5d+"}));
  EXPECT_EQ(from("k11/12/12/7P4/12/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d5c"}));
  EXPECT_EQ(from("k11/12/7g4/7P4/12/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d5c", "5d5c+"}));
  EXPECT_EQ(from("k11/7P4/12/12/12/12/12/12/12/12/12/11K b - 1", "5b"),
            (std::vector<std::string>{"5b5a", "5b5a+"}));
  EXPECT_EQ(from("k11/12/12/7S4/6g5/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d4c", "5d4e", "5d5c", "5d6c", "5d6e", "5d6e+"}));
  EXPECT_EQ(from("k11/12/12/12/12/12/12/7p4/12/12/12/11K w - 1", "5h"),
            (std::vector<std::string>{"5h5i", "5h5i+"}));
  // The promoted kinds do not promote again: a Dragon Horse from a bishop (+B) entering the zone.
  // 10 squares up the long diagonal (four of them in the zone), 2l, and the steps 1j, 1l, 2k.
  EXPECT_EQ(from("k11/12/12/12/12/12/12/12/12/12/11+B/K11 b - 1", "1k").size(), 14u);
}

// Under PromotionRule::Zone a piece may promote on any move that starts or ends in the zone,
// capture or not. The positions above: 5e5d and 5d5c onto a gold promote as before; 5d5c onto
// an empty square may promote now; the silver on 5d may promote on each of its 5 moves (4c, 5c,
// 6c inside the zone, 4e and 6e out of it) = 10; the White pawn 5h5i as before. A promoted piece
// (+B) still never promotes: 14. A pawn outside the zone (5f5e) does not promote.
TEST(ChuPromotion, UnderTheZoneRuleOnAnyMoveThatStartsOrEndsInTheZone) {
  const auto from = [](const char* sfen, const char* sq) {
    return moves_from(parse_sfen(sfen, Game::Chu,
                                 Rules{RoyalRule::PseudoRoyal, LionRule::Lishogi, JumpRule::Any,
                                       true, false, PromotionRule::Zone}),
                      sq);
  };
  EXPECT_EQ(from("k11/12/12/12/7P4/12/12/12/12/12/12/11K b - 1", "5e"),
            (std::vector<std::string>{"5e5d", "5e5d+"}));
  EXPECT_EQ(from("k11/12/12/7P4/12/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d5c", "5d5c+"}));
  EXPECT_EQ(from("k11/12/7g4/7P4/12/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d5c", "5d5c+"}));
  EXPECT_EQ(from("k11/12/12/7S4/6g5/12/12/12/12/12/12/11K b - 1", "5d"),
            (std::vector<std::string>{"5d4c", "5d4c+", "5d4e", "5d4e+", "5d5c", "5d5c+", "5d6c",
                                      "5d6c+", "5d6e", "5d6e+"}));
  EXPECT_EQ(from("k11/12/12/12/12/12/12/7p4/12/12/12/11K w - 1", "5h"),
            (std::vector<std::string>{"5h5i", "5h5i+"}));
  EXPECT_EQ(from("k11/12/12/12/12/12/12/12/12/12/11+B/K11 b - 1", "1k").size(), 14u);
  EXPECT_EQ(from("k11/12/12/12/12/7P4/12/12/12/12/12/11K b - 1", "5f"),
            (std::vector<std::string>{"5f5e"}));
}

// Under Rules::forced_promotion a piece that could not move again where its move ends must
// promote there. Black pawn 5b to the last rank: 5b5a+ only (5b5a and 5b5a+ by default, above).
// Black lance 5c: 5c5b (inside the zone, no capture: no promotion) and to the last rank 5c5a+
// only. Black pawn 5d5c: not the last rank, unchanged. White pawn 5k to White's last rank:
// 5k5l+ only. A gold taking a pawn on the last rank (5b5a, a capture in the zone) can move
// again from there: both choices. With the zone rule too, the pawn 5b5a as under the forced rule
// alone.
TEST(ChuPromotion, ForcedOnlyWhereThePieceCouldNotMoveAgain) {
  Rules forced = default_rules(Game::Chu);
  forced.forced_promotion = true;
  const auto from = [&](const char* sfen, const char* sq) {
    return moves_from(parse_sfen(sfen, Game::Chu, forced), sq);
  };
  using Moves = std::vector<std::string>;
  EXPECT_EQ(from("k11/7P4/12/12/12/12/12/12/12/12/12/11K b - 1", "5b"), (Moves{"5b5a+"}));
  EXPECT_EQ(from("k11/12/7L4/12/12/12/12/12/12/12/12/11K b - 1", "5c"), (Moves{"5c5a+", "5c5b"}));
  EXPECT_EQ(moves_from(chu("k11/12/7L4/12/12/12/12/12/12/12/12/11K b - 1"), "5c"),
            (Moves{"5c5a", "5c5a+", "5c5b"}));
  EXPECT_EQ(from("k11/12/12/7P4/12/12/12/12/12/12/12/11K b - 1", "5d"), (Moves{"5d5c"}));
  EXPECT_EQ(from("k11/12/12/12/12/12/12/12/12/12/7p4/11K w - 1", "5k"), (Moves{"5k5l+"}));
  const Moves gold = from("k6p4/7G4/12/12/12/12/12/12/12/12/12/11K b - 1", "5b");
  EXPECT_NE(std::find(gold.begin(), gold.end(), "5b5a"), gold.end());
  EXPECT_NE(std::find(gold.begin(), gold.end(), "5b5a+"), gold.end());
  forced.promotion = PromotionRule::Zone;
  EXPECT_EQ(from("k11/7P4/12/12/12/12/12/12/12/12/12/11K b - 1", "5b"), (Moves{"5b5a+"}));
}

// Whole positions, counted by hand. White: king 12a, pawn 5b. Black: king 1l (2l, 1k, 2k: 3
// moves), gold 6c (6b, 6d, 7c, 5c, 7b and 5b taking the pawn: 6 moves, all inside the zone),
// silver 9d (9c, 10c, 8c inside the zone, 10e, 8e out of it: 5), pawn 9g (9f, outside: 1).
//   lishogi's rule: only the capture 6c5b may promote: 3 + 7 + 5 + 1 = 16.
//   zone rule: every gold and silver move may promote: 3 + 12 + 10 + 1 = 26.
// A Lion on 2c (inside the zone) added: Lions never promote, so its moves count the same under
// both rules and none has a '+'.
TEST(ChuPromotion, MoveCountsOfAPositionUnderBothRules) {
  const char* sfen = "k11/7p4/6G5/3S8/12/12/3P8/12/12/12/12/11K b - 1";
  Rules zone = default_rules(Game::Chu);
  zone.promotion = PromotionRule::Zone;
  EXPECT_EQ(legal_moves(chu(sfen)).size(), 16u);
  EXPECT_EQ(legal_moves(parse_sfen(sfen, Game::Chu, zone)).size(), 26u);
  EXPECT_EQ(perft(parse_sfen(sfen, Game::Chu, zone), 1), 26u);
  const char* lion = "k11/7p4/6G3N1/3S8/12/12/3P8/12/12/12/12/11K b - 1";
  const auto lishogi_lion = moves_from(chu(lion), "2c");
  const auto zone_lion = moves_from(parse_sfen(lion, Game::Chu, zone), "2c");
  EXPECT_EQ(zone_lion, lishogi_lion);
  EXPECT_FALSE(zone_lion.empty());
  for (const auto& m : zone_lion) EXPECT_NE(m.back(), '+') << m;
}

// --- Royals ------------------------------------------------------------------------------------

// White rook 7a checks the Black king 7l down the empty 7 file.
//   King + Crown Prince (+E on 2l): not bound by check; king 5 moves (7k too) + prince 5 = 10.
//   King + Drunk Elephant (E on 2l): the king must escape to 8k, 6k, 8l, 6l; no elephant move
//     helps = 4.
//   Under RoyalRule::Capture (no check rule) the second position has 5 + 5 = 10.
//   King + elephant on 5e: the elephant promoting on 5d, 4d or 6d makes a second royal, which
//     answers the check: 4 + 3 = 7.
TEST(ChuRoyals, TheCrownPrinceIsASecondRoyal) {
  EXPECT_EQ(legal_moves(chu("k4r6/12/12/12/12/12/12/12/12/12/12/5K4+E1 b - 1")).size(), 10u);
  EXPECT_EQ(legal_moves(chu("k4r6/12/12/12/12/12/12/12/12/12/12/5K4E1 b - 1")).size(), 4u);
  EXPECT_EQ(
      legal_moves(chu("k4r6/12/12/12/12/12/12/12/12/12/12/5K4E1 b - 1", RoyalRule::Capture)).size(),
      10u);
  const Position promote = chu("k4r6/12/12/12/7E4/12/12/12/12/12/12/5K6 b - 1");
  const auto moves = moves_from(promote, "5e");
  EXPECT_EQ(moves, (std::vector<std::string>{"5e4d+", "5e5d+", "5e6d+"}));
  EXPECT_EQ(legal_moves(promote).size(), 7u);
  EXPECT_TRUE(in_check(promote, Side::Black));
  for (const Move& m : legal_moves(promote)) {
    if (move_text(promote, m) == "5e5d+") {
      EXPECT_EQ(royal_count(after(promote, m), Side::Black), 2);
    }
  }
}

// A Lion two squares away attacks (it leaps); a Lion three squares away does not.
TEST(ChuRoyals, LionAttacksReachTwoSquares) {
  EXPECT_TRUE(in_check(chu("k11/12/12/12/12/12/12/12/12/5n6/12/5K6 b - 1"), Side::Black));
  EXPECT_FALSE(in_check(chu("k11/12/12/12/12/12/12/12/5n6/12/12/5K6 b - 1"), Side::Black));
}

}  // namespace
}  // namespace tsume::large
