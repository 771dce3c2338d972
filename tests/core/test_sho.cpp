// Sho shogi (小将棋) in the 9x9 core: perft from the start position against SPEC.md section 7, and
// the rules that make it differ from modern shogi (docs/sho.md), each on a position whose answer
// is counted by hand in the comment above it.
#include <gtest/gtest.h>

#include "solver/core/attacks.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/core/perft.h"
#include "solver/io/sfen.h"
#include "tests/core/test_support.h"

namespace tsume::test {
namespace {

Position load_sho(std::string_view sfen) {
  auto pos = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any, Variant::Sho);
  if (!pos) throw TestInputError(pos.error().message());
  return std::move(pos.value());
}

// SPEC.md section 7: 26, 676, 17,368, 445,372, 11,494,746.
TEST(ShoPerft, MatchesTheReferenceNumbersFromTheStart) {
  Position pos = load_sho("startpos");
  EXPECT_EQ(io::to_sfen(pos), io::kShoStartSfen);
  const std::uint64_t expected[] = {26, 676, 17368, 445372, 11494746};
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(perft(pos, depth), expected[depth - 1]) << "depth " << depth;
}

// FsfW: forward, the four diagonals and sideways; never straight back.
TEST(ShoPieces, TheElephantStepsEverywhereButStraightBack) {
  const Bitboard black = attacks(Color::Black, PieceType::Elephant, square("5e"), Bitboard());
  EXPECT_EQ(black.count(), 7);
  for (const char* s : {"5d", "4d", "6d", "4e", "6e", "4f", "6f"})
    EXPECT_TRUE(black.test(square(s)));
  EXPECT_FALSE(black.test(square("5f")));
  const Bitboard white = attacks(Color::White, PieceType::Elephant, square("5e"), Bitboard());
  EXPECT_TRUE(white.test(square("5f")));
  EXPECT_FALSE(white.test(square("5d")));
  EXPECT_EQ(attacks(Color::Black, PieceType::Prince, square("5e"), Bitboard()),
            attacks(Color::Black, PieceType::King, square("5e"), Bitboard()));
}

TEST(ShoPieces, ElephantAndPrinceExistOnlyUnderShoRules) {
  const std::string_view sfen = "4k4/9/9/9/9/9/9/4E4/4K4 b - 1";
  const auto shogi = io::read_position(sfen, io::DefenderHand::AsGiven);
  ASSERT_FALSE(shogi);
  EXPECT_NE(shogi.error().reason.find("sho"), std::string::npos);
  EXPECT_NO_THROW(load_sho(sfen));
  EXPECT_THROW(load_sho("4k4/9/9/9/9/9/9/4E4/4K4 b G 1"), TestInputError);   // no hands
  EXPECT_THROW(load_sho("4k4/9/9/9/9/9/9/3EE4/4K4 b - 1"), TestInputError);  // one a side
}

// The rook takes the gold: the gold leaves the game, no hand receives it; undo brings it back.
TEST(ShoRules, ACapturedPieceLeavesTheGame) {
  Position pos = load_sho("4k4/9/4g4/9/4R4/9/9/9/4K4 b - 1");
  const std::string before = io::to_sfen(pos);
  const std::uint64_t hand_key = pos.hand_key();
  const Move take = usi("5e5c");
  pos.do_move(take);
  EXPECT_TRUE(pos.hand(Color::Black).empty());
  EXPECT_TRUE(pos.hand(Color::White).empty());
  EXPECT_EQ(pos.hand_key(), hand_key);
  EXPECT_TRUE(pos.in_check());
  pos.undo_move(take);
  EXPECT_EQ(io::to_sfen(pos), before);
}

// White king 5a and prince 1a, the rook on 5e attacks the king. With two royals White is not
// bound by check: every step of both is legal, 5b on the rook's file too: king 4a 6a 4b 5b 6b,
// prince 2a 1b 2b, 8 moves. Without the prince the king has 4a 6a 4b 6b.
TEST(ShoRules, ASideWithTwoRoyalsIsNotBoundByCheck) {
  Position two = load_sho("4k3+e/9/9/9/4R4/9/9/9/4K4 w - 1");
  EXPECT_EQ(two.royal_count(Color::White), 2);
  EXPECT_TRUE(two.in_check());
  EXPECT_EQ(legal_moves(two).size(), 8u);
  EXPECT_EQ(evasion_moves(two).size(), 8u);
  Position one = load_sho("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
  EXPECT_EQ(legal_moves(one).size(), 4u);
}

// A prince that is its side's only royal is bound by check like a king: 4a 6a 4b 6b.
TEST(ShoRules, ALonePrinceIsBoundByCheck) {
  Position pos = load_sho("4+e4/9/9/9/4R4/9/9/9/4K4 w - 1");
  EXPECT_EQ(pos.king_square(Color::White), square("5a"));
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(legal_moves(pos).size(), 4u);
}

// White's king on 5a is checked by the rook; White's elephant on 1f can promote on 1g or 2g,
// which makes a second royal and so answers the check: king 4a 6a 4b 6b, plus 1f1g+ and 1f2g+;
// the elephant's other moves (unpromoted, or to 2f and 2e) leave the lone king attacked.
TEST(ShoRules, PromotingTheElephantAnswersACheck) {
  Position pos = load_sho("4k4/9/9/9/4R4/8e/9/9/K8 w - 1");
  const auto moves = sorted(legal_moves(pos));
  EXPECT_EQ(moves.size(), 6u) << describe(moves);
  pos.do_move(usi("1f1g+"));
  EXPECT_EQ(pos.royal_count(Color::White), 2);
  EXPECT_EQ(type_of(pos.piece_on(square("1g"))), PieceType::Prince);
  pos.undo_move(usi("1f1g+"));
  EXPECT_EQ(pos.royal_count(Color::White), 1);
}

// White: king 9a, prince 1a; Black's rook on 2e. The checks attack either royal: 2e1e (the
// prince, up file 1), 2e2a and 2e2a+ (both, along rank a), 2e2b+ (the dragon's diagonal step
// reaches the prince), 2e9e (the king, up file 9).
TEST(ShoRules, AnAttackOnEitherRoyalIsACheck) {
  Position pos = load_sho("k7+e/9/9/9/7R1/9/9/9/4K4 b - 1");
  const auto checks = sorted(check_moves(pos));
  EXPECT_EQ(checks, sorted(std::vector<Move>{usi("2e1e"), usi("2e2a"), usi("2e2a+"), usi("2e2b+"),
                                             usi("2e9e")}))
      << describe(checks);
  EXPECT_EQ(checks, sorted(legal_checks_by_gives_check(pos)));
}

// Capturing one of two royals is a check only when the other is then attacked: the rook on 1c
// takes the prince on 1a and from there attacks the king on 9a along rank a; from 2c it attacks
// neither royal.
TEST(ShoRules, TakingOneRoyalChecksWhenTheOtherIsAttacked) {
  Position pos = load_sho("k7+e/9/8R/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(pos.gives_check(usi("1c1a")));   // then the rook on 1a sees 9a
  EXPECT_TRUE(pos.gives_check(usi("1c1a+")));  // the dragon too
  EXPECT_FALSE(pos.gives_check(usi("1c2c")));
}

// A side with two royals may leave one attacked, and then every move of the other side that keeps
// the attack is a check. Black: king 1h, prince 9i, attacked by White's dragon on 8i. The white
// king's steps (3a 3b 4b 5a 5b) leave the dragon where it is, so each leaves the prince attacked;
// the dragon taking the prince (then the king on 1h is not attacked) or leaving for 8a (seeing
// neither 9i nor 1h) is no check.
TEST(ShoRules, KeepingAnAttackOnARoyalIsACheck) {
  Position pos = load_sho("5k3/9/9/9/9/9/9/8K/+E+r7 w - 11");
  EXPECT_TRUE(pos.gives_check(usi("4a3a")));
  const auto checks = sorted(check_moves(pos));
  for (const char* m : {"4a3a", "4a3b", "4a4b", "4a5a", "4a5b"})
    EXPECT_TRUE(std::binary_search(checks.begin(), checks.end(), usi(m))) << m;
  EXPECT_FALSE(pos.gives_check(usi("8i9i")));
  EXPECT_FALSE(pos.gives_check(usi("8i8a")));
  EXPECT_EQ(checks, legal_checks_by_playing(pos));
}

}  // namespace
}  // namespace tsume::test
