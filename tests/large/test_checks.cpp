// Checks and evasions of solver/large (checks.h) against the slow reference of
// tests/large/reference_chu.h, which shares no code with it: along pseudo-random games from the
// chu and dai start positions and composed middle games, and in random sparse positions, the
// moves that give check must be the reference's legal moves after which a royal of the opponent
// is attacked; where the side to move is in check, its evasions must be the reference's legal
// moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "tests/large/check_compare.h"
#include "tests/large/reference_chu.h"
#include "tests/large/reference_walk.h"

namespace tsume::large {
namespace {

namespace ref = test::chu_reference;
using check_compare::Met;
using reference_walk::ChuReference;
using reference_walk::reference_of;

Met expect_same_checks(const Position& pos) {
  return check_compare::expect_same_checks<ChuReference>(pos);
}
Met walk(const Position& start, unsigned seed, int plies, int every) {
  return check_compare::walk<ChuReference>(start, seed, plies, every);
}

const char* const kChuMiddleGames[] = {
    "5k6/12/4g7/4n1p5/5p1i4/5N6/12/3O8/12/12/12/6K5 b - 1",
    "3gk1e5/2s5p3/1p1N1n3+H2/2PpO1g5/p4+d6/5I1P4/12/3xP4+D2/4G1n5/1r6P3/5E1Q4/4KG2b3 b - 1",
    "l2gek1g3l/1P4E3P1/2+o2x5i/p1s2N1p3p/3BTn4r1/12/4Ip1P4/3N2+H3d1/12/4+h7/1+D10/5KE5 w - 1",
    "3k8/12/12/4r7/12/2b5n3/12/12/4G7/3PKP6/12/12 b - 1",
};

TEST(LargeChecks, ChuRandomGamesAgreeWithTheReference) {
  Met met;
  for (const unsigned seed : {11u, 12u}) met += walk(parse_sfen("startpos"), seed, 160, 3);
  for (const char* sfen : kChuMiddleGames)
    for (const unsigned seed : {5u, 99u, 123u}) met += walk(parse_sfen(sfen), seed, 60, 2);
  EXPECT_GT(met.checks, 100u);   // the walks did meet checks
  EXPECT_GT(met.in_check, 10u);  // and positions in check
}

TEST(LargeChecks, DaiRandomGamesAgreeWithTheReference) {
  const Position start = parse_sfen("startpos", Game::Dai, default_rules(Game::Dai));
  Met met;
  for (const unsigned seed : {3u, 4u}) met += walk(start, seed, 160, 4);
  EXPECT_GT(met.checks, 20u);
}

// Under the zone promotion rule (PromotionRule::Zone), along the same walks: the reference has
// the switch too (written apart from solver/large).
TEST(LargeChecks, ZonePromotionRandomGamesAgreeWithTheReference) {
  Rules chu_zone = default_rules(Game::Chu);
  chu_zone.promotion = PromotionRule::Zone;
  Rules dai_zone = default_rules(Game::Dai);
  dai_zone.promotion = PromotionRule::Zone;
  Met met;
  for (const char* sfen : kChuMiddleGames)
    for (const unsigned seed : {5u, 99u})
      met += walk(parse_sfen(sfen, Game::Chu, chu_zone), seed, 60, 2);
  met += walk(parse_sfen("startpos", Game::Dai, dai_zone), 3u, 160, 4);
  EXPECT_GT(met.checks, 50u);
}

// Random sparse positions: both kings (a crown prince now and then), a few random pieces of each
// side anywhere (tokens from the game's table), either side to move.
Position random_sparse(Game game, std::mt19937& rng) {
  const GameTable& t = game_table(game);
  std::vector<std::string> grid(static_cast<std::size_t>(t.files * t.ranks));
  std::uniform_int_distribution<int> square(0, t.files * t.ranks - 1);
  std::uniform_int_distribution<std::size_t> kind(0, t.kinds.size() - 1);
  const auto place = [&](const std::string& token) {
    for (;;) {
      const int s = square(rng);
      if (grid[static_cast<std::size_t>(s)].empty()) {
        grid[static_cast<std::size_t>(s)] = token;
        return;
      }
    }
  };
  const auto lower = [](std::string token) {
    for (char& ch : token) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return token;
  };
  place("K");
  place("k");
  if (rng() % 4 == 0) place("+E");
  if (rng() % 4 == 0) place("+e");
  const int pieces = 3 + static_cast<int>(rng() % 12);
  for (int i = 0; i < pieces; ++i) {
    const PieceKind& k = t.kinds[kind(rng)];
    if (k.royal) continue;
    place(i % 2 == 0 ? k.token : lower(k.token));
  }
  std::string sfen;
  for (int y = 0; y < t.ranks; ++y) {
    int empty = 0;
    for (int x = 0; x < t.files; ++x) {
      const std::string& token = grid[static_cast<std::size_t>(y * t.files + x)];
      if (token.empty()) {
        ++empty;
        continue;
      }
      if (empty) sfen += std::to_string(empty), empty = 0;
      sfen += token;
    }
    if (empty) sfen += std::to_string(empty);
    if (y + 1 < t.ranks) sfen += '/';
  }
  sfen += rng() % 2 ? " b - 1" : " w - 1";
  return parse_sfen(sfen, game, default_rules(game));
}

TEST(LargeChecks, RandomSparsePositionsAgreeWithTheReference) {
  std::mt19937 rng(2026);
  Met met;
  for (int i = 0; i < 600; ++i) met += expect_same_checks(random_sparse(Game::Chu, rng));
  for (int i = 0; i < 300; ++i) met += expect_same_checks(random_sparse(Game::Dai, rng));
  EXPECT_GT(met.checks, 200u);
  EXPECT_GT(met.in_check, 50u);
}

// Discovered checks, hand-counted: White's king on 6a, a Black rook on 6l behind a piece on
// file 6.
TEST(LargeChecks, DiscoveredChecks) {
  // A Black silver on 6f: its four diagonal steps leave the file (4); its step to 6e does not.
  const Position silver = parse_sfen("6k5/12/12/12/12/6S5/12/12/12/12/12/K5R5 b - 1");
  EXPECT_EQ(generate_checks(silver).size(), 4u);
  // A White gold on 6h beside a Black Lion on 7h: the Lion takes it and steps on to a square off
  // the file (5g, 7g, 5h, 5i, 7i) or comes back (igui on 7h): 6 discovered checks; landing on 6g,
  // 6h or 6i blocks the file again. The rook taking the gold checks up the file (1). 7 checks.
  const Position lion = parse_sfen("6k5/12/12/12/12/12/12/5Ng5/12/12/12/K5R5 b - 1");
  const auto checks = generate_checks(lion);
  EXPECT_EQ(checks.size(), 7u);
  EXPECT_NE(std::find_if(checks.begin(), checks.end(),
                         [&](const Move& m) { return move_text(lion, m) == "7h6h7h"; }),
            checks.end());
}

// Check-only generation under the promotion switch, hand-counted: White's king on 12a, a Black
// gold on 10b (inside the zone; its moves 10a, 10c, 11b, 9b, 11a, 9a are all non-captures).
// Unpromoted it checks from 11b (the forward diagonal onto 12a) and from 11a (the step sideways):
// 2. Promoted, it is a Rook: it checks along rank a from 10a, 11a and 9a (11a and 10a are empty
// once the gold has left 10b): 3 more. lishogi's rule allows no promotion there (no entry, no
// capture): 2 checks; the zone rule: 5.
TEST(LargeChecks, NonCapturePromotionsInTheZoneUnderTheZoneRule) {
  const char* sfen = "k11/2G9/12/12/12/12/12/12/12/12/12/11K b - 1";
  Rules zone = default_rules(Game::Chu);
  zone.promotion = PromotionRule::Zone;
  const Position lishogi = parse_sfen(sfen);
  const Position promoting = parse_sfen(sfen, Game::Chu, zone);
  EXPECT_EQ(check_compare::sorted_texts(lishogi, generate_checks(lishogi)),
            (std::vector<std::string>{"10b11a", "10b11b"}));
  EXPECT_EQ(check_compare::sorted_texts(promoting, generate_checks(promoting)),
            (std::vector<std::string>{"10b10a+", "10b11a", "10b11a+", "10b11b", "10b9a+"}));
}

// Hand-counted cases of the two-royal convention: White's king on 6a and crown prince on 1a.
TEST(LargeChecks, TwoRoyals) {
  // A Black rook on 7l (Black's king on 12l). Up file 7 the rook attacks rank a only from 7a
  // (plain or promoted: 2); promoted to a Dragon King on 7b it attacks 6a diagonally (1). Along
  // rank l it attacks the king from 6l and the prince from 1l (2). 5 checks.
  const Position rook = parse_sfen("6k4+e/12/12/12/12/12/12/12/12/12/12/K4R6 b - 1");
  EXPECT_EQ(generate_checks(rook).size(), 5u);
  // The rook on 1l already attacks the prince (legal: White has two royals). Every rook move up
  // file 1 keeps attacking it: 1k..1e (7), 1d, 1c, 1b plain and promoted (6); taking the prince
  // on 1a (plain, promoted) leaves the rook on rank a with 2a..5a empty: the king is attacked
  // (2). Along rank l only 6l attacks (the king; 1). Black's king steps 12k, 11k, 11l leave the
  // rook attacking the prince (3). 19 checks.
  const Position prince = parse_sfen("6k4+e/12/12/12/12/12/12/12/12/12/12/K10R b - 1");
  EXPECT_EQ(generate_checks(prince).size(), 19u);
  // White to move there is in check (its prince is attacked) but has two royals: not mated,
  // every move legal.
  const Position white = parse_sfen("6k4+e/12/12/12/12/12/12/12/12/12/12/K10R w - 1");
  EXPECT_TRUE(in_check(white, Side::White));
  EXPECT_FALSE(is_mated(white));
  EXPECT_EQ(generate_evasions(white).size(), legal_moves(white).size());
}

}  // namespace
}  // namespace tsume::large
