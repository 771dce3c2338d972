// Tests of solver/core/position.h: validation, do/undo, keys, check detection, is_legal,
// 打ち歩詰め (pawn-drop mate) and repetition. Hand-made positions are explained where written;
// SFEN ranks run a..i, each from file 9 to file 1.
#include "solver/core/position.h"

#include <array>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include "solver/core/attacks.h"
#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

using test::load;
using test::parse_setup;
using test::square;
using test::usi;

// Everything observable about a position, for do/undo comparisons.
struct Snapshot {
  BoardSetup setup;
  std::string sfen;
  std::uint64_t key = 0, board_key = 0, hand_key = 0;
  Bitboard checkers, occupied;
  std::array<Bitboard, kColorCount> by_color;
  std::array<Bitboard, kPieceTypeCount> by_type;
  std::array<Square, kColorCount> kings{};
  int game_ply = 0;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot snapshot(const Position& pos) {
  Snapshot s;
  s.setup = pos.setup();
  s.sfen = io::to_sfen(pos);
  s.key = pos.key();
  s.board_key = pos.board_key();
  s.hand_key = pos.hand_key();
  s.checkers = pos.checkers();
  s.occupied = pos.pieces();
  for (Color c : {Color::Black, Color::White}) {
    s.by_color[index_of(c)] = pos.pieces(c);
    s.kings[index_of(c)] = pos.king_square(c);
  }
  for (int k = 0; k < kPieceTypeCount; ++k) s.by_type[k] = pos.pieces(static_cast<PieceType>(k));
  s.game_ply = pos.game_ply();
  return s;
}

// Plays a move given in USI after checking that the generator lists it.
void play(Position& pos, std::string_view text) {
  const Move m = usi(text);
  ASSERT_TRUE(test::legal_moves(pos).contains(m)) << text << " in " << io::to_sfen(pos);
  pos.do_move(m);
}

std::vector<Position> playout_positions(std::size_t n, std::uint64_t seed) {
  const std::vector<Position> roots = test::load_spec_positions();
  std::vector<Position> out;
  test::random_playouts(roots, seed, n, {}, [&](Position& p) { out.push_back(p); });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validation (SPEC.md section 2: every illegal position rejected with a reason).

TEST(PositionValidate, AcceptsTheStartPosition) {
  EXPECT_EQ(Position::validate(parse_setup(test::spec::kStart)), "");
}

TEST(PositionValidate, AcceptsATsumeProblemWithoutAttackerKing) {
  EXPECT_EQ(Position::validate(parse_setup(test::spec::kZukou001)), "");
}

TEST(PositionValidate, AcceptsTheSideToMoveInCheck) {
  EXPECT_EQ(Position::validate(parse_setup("4k4/9/9/9/9/9/9/9/4R3K w - 1")), "");
}

TEST(PositionValidate, KingRuleAnyAcceptsAComposedPositionWithoutDefenderKing) {
  // SPEC.md's 105-evasion position has no white king: legal only under KingRule::Any.
  EXPECT_NE(Position::validate(parse_setup(test::spec::kMaxEvasions)), "");
  EXPECT_EQ(Position::validate(parse_setup(test::spec::kMaxEvasions), KingRule::Any), "");
}

TEST(PositionValidate, RejectsMissingDefenderKing) {
  // Black to move, so White defends, and White has no king.
  EXPECT_NE(Position::validate(parse_setup("9/9/9/9/9/9/9/9/4K4 b G 1")), "");
  EXPECT_NE(Position::validate(parse_setup("4k4/9/9/9/9/9/9/9/9 w G 1")), "");
}

TEST(PositionValidate, RejectsTwoKingsOfOneColor) {
  EXPECT_NE(Position::validate(parse_setup("4k4/9/9/9/9/9/9/9/3KK4 b - 1")), "");
}

TEST(PositionValidate, RejectsTooManyPiecesOfAKind) {
  // A full set in hand plus one more piece of each kind in turn.
  const BoardSetup full = parse_setup("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
  ASSERT_EQ(Position::validate(full), "");
  for (int k = 1; k <= 7; ++k) {
    BoardSetup s = full;
    s.hand(Color::White).add(static_cast<PieceType>(k));
    EXPECT_NE(Position::validate(s), "") << "one extra piece of kind " << k;
  }
  // A promoted piece on the board counts as its kind: a dragon plus two rooks in hand.
  EXPECT_NE(Position::validate(parse_setup("4k4/9/9/9/+R8/9/9/9/4K4 b 2R 1")), "");
}

TEST(PositionValidate, RejectsDeadPieces) {
  for (std::string_view sfen : {
           "P3k4/9/9/9/9/9/9/9/4K4 b - 1",  // black pawn on rank a
           "L3k4/9/9/9/9/9/9/9/4K4 b - 1",  // black lance on rank a
           "N3k4/9/9/9/9/9/9/9/4K4 b - 1",  // black knight on rank a
           "4k4/N8/9/9/9/9/9/9/4K4 b - 1",  // black knight on rank b
           "4k4/9/9/9/9/9/9/9/p3K4 b - 1",  // white pawn on rank i
           "4k4/9/9/9/9/9/9/9/l3K4 b - 1",  // white lance on rank i
           "4k4/9/9/9/9/9/9/n8/4K4 b - 1",  // white knight on rank h
       }) {
    EXPECT_NE(Position::validate(parse_setup(sfen)), "") << sfen;
  }
  // The same kinds one rank further back live, and promoted ones live anywhere.
  for (std::string_view sfen : {
           "4k4/P8/9/9/9/9/9/9/4K4 b - 1",
           "4k4/9/N8/9/9/9/9/9/4K4 b - 1",
           "+P3k4/9/9/9/9/9/9/9/4K4 b - 1",
           "+N3k4/9/9/9/9/9/9/9/4K4 b - 1",
           "4k4/9/9/9/9/9/n8/9/4K4 b - 1",
       }) {
    EXPECT_EQ(Position::validate(parse_setup(sfen)), "") << sfen;
  }
}

TEST(PositionValidate, RejectsTwoUnpromotedPawnsOnAFile) {
  EXPECT_NE(Position::validate(parse_setup("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1")), "");
  EXPECT_NE(Position::validate(parse_setup("4k4/4p4/9/9/4p4/9/9/9/4K4 b - 1")), "");
  // A promoted pawn beside a pawn, or pawns of both colours, share a file legally.
  EXPECT_EQ(Position::validate(parse_setup("4k4/9/9/4+P4/4P4/9/9/9/4K4 b - 1")), "");
  EXPECT_EQ(Position::validate(parse_setup("4k4/9/4p4/9/9/4P4/9/9/4K4 b - 1")), "");
}

TEST(PositionValidate, RejectsTheSideNotToMoveInCheck) {
  // The black rook on 5i sees the white king on 5a down an open file.
  EXPECT_NE(Position::validate(parse_setup("4k4/9/9/9/9/9/9/9/4R3K b - 1")), "");
  // With White to move the same board is a legal position (White is in check).
  EXPECT_EQ(Position::validate(parse_setup("4k4/9/9/9/9/9/9/9/4R3K w - 1")), "");
}

TEST(PositionSet, LeavesThePositionUnchangedOnFailure) {
  Position pos = load(test::spec::kStart);
  const Snapshot before = snapshot(pos);
  EXPECT_NE(pos.set(parse_setup("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1")), "");
  EXPECT_EQ(snapshot(pos), before);
}

TEST(PositionSet, SetupRoundTrips) {
  for (std::string_view sfen : test::spec::all()) {
    const BoardSetup setup = parse_setup(sfen);
    Position pos;
    ASSERT_EQ(pos.set(setup, KingRule::Any), "") << sfen;
    EXPECT_EQ(pos.setup(), setup) << sfen;
  }
}

TEST(PositionSet, TracksKingsAndCheckers) {
  const Position start = load(test::spec::kStart);
  EXPECT_EQ(start.king_square(Color::Black), square("5i"));
  EXPECT_EQ(start.king_square(Color::White), square("5a"));
  EXPECT_FALSE(start.in_check());
  const Position tsume = load(test::spec::kZukou001);
  EXPECT_EQ(tsume.king_square(Color::Black), Square::None);
  EXPECT_EQ(tsume.king_square(Color::White), square("6e"));
  // The 105-evasion position: the white rook on 9c checks the black king on 1c.
  const Position evasion = load(test::spec::kMaxEvasions, io::DefenderHand::AsGiven, KingRule::Any);
  EXPECT_TRUE(evasion.in_check());
  EXPECT_EQ(evasion.checkers(), Bitboard::square(square("9c")));
}

// ---------------------------------------------------------------------------------------------
// do_move / undo_move and keys.

TEST(PositionDoUndo, CaptureOfAPromotedPieceGoesToHandUnpromoted) {
  // Black rook 5f takes the white dragon on 5e and then checks the king on 5a.
  Position pos = load("4k4/9/9/9/4+r4/4R4/9/9/4K4 b - 1");
  play(pos, "5f5e");
  EXPECT_EQ(pos.hand(Color::Black).count(PieceType::Rook), 1);
  EXPECT_EQ(pos.piece_on(square("5e")), make_piece(Color::Black, PieceType::Rook));
  EXPECT_EQ(pos.piece_on(square("5f")), Piece::None);
  EXPECT_EQ(pos.side_to_move(), Color::White);
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(pos.checkers(), Bitboard::square(square("5e")));
}

TEST(PositionDoUndo, DropTakesThePieceFromHand) {
  Position pos = load("4k4/9/9/9/9/9/9/9/4K4 b 2G 1");
  play(pos, "G*5b");
  EXPECT_EQ(pos.hand(Color::Black).count(PieceType::Gold), 1);
  EXPECT_EQ(pos.piece_on(square("5b")), make_piece(Color::Black, PieceType::Gold));
  EXPECT_TRUE(pos.in_check());
}

TEST(PositionDoUndo, PromotionChangesTheKind) {
  Position pos = load("4k4/9/9/2P6/9/9/9/9/4K4 b - 1");
  play(pos, "7d7c+");
  EXPECT_EQ(pos.piece_on(square("7c")), make_piece(Color::Black, PieceType::ProPawn));
  pos.undo_move(usi("7d7c+"));
  EXPECT_EQ(pos.piece_on(square("7d")), make_piece(Color::Black, PieceType::Pawn));
}

TEST(PositionDoUndo, RestoresEverythingAfterEveryLegalMove) {
  std::size_t moves = 0;
  for (Position& pos : playout_positions(1500, 11)) {
    const Snapshot before = snapshot(pos);
    for (Move m : test::legal_moves(pos)) {
      pos.do_move(m);
      EXPECT_EQ(pos.game_ply(), before.game_ply + 1);
      pos.undo_move(m);
      ++moves;
      ASSERT_EQ(snapshot(pos), before) << test::to_text(m) << " in " << before.sfen;
    }
  }
  EXPECT_GT(moves, 100000u);
}

TEST(PositionDoUndo, RestoresAfterALongLineUndoneInReverse) {
  for (Position pos : test::load_spec_positions()) {
    const std::string sfen = io::to_sfen(pos);
    std::vector<Snapshot> history;
    std::vector<Move> line;
    std::mt19937_64 rng(5);
    for (int ply = 0; ply < 60; ++ply) {
      const MoveList legal = test::legal_moves(pos);
      if (legal.empty()) break;
      history.push_back(snapshot(pos));
      const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      line.push_back(m);
      pos.do_move(m);
    }
    while (!line.empty()) {
      pos.undo_move(line.back());
      line.pop_back();
      ASSERT_EQ(snapshot(pos), history.back()) << sfen << " after undoing to ply " << line.size();
      history.pop_back();
    }
  }
}

TEST(PositionDoUndo, NullMoveFlipsTheSideAndIsUndone) {
  Position pos = load("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  const Snapshot before = snapshot(pos);
  pos.do_null_move();
  EXPECT_EQ(pos.side_to_move(), Color::White);
  EXPECT_NE(pos.board_key(), before.board_key);
  EXPECT_EQ(pos.hand_key(), before.hand_key);
  pos.undo_null_move();
  EXPECT_EQ(snapshot(pos), before);
}

TEST(PositionKeys, IncrementalKeysEqualKeysComputedFromScratch) {
  for (const Position& pos : playout_positions(20000, 12)) {
    Position fresh;
    ASSERT_EQ(fresh.set(pos.setup(), KingRule::Any), "") << io::to_sfen(pos);
    ASSERT_EQ(fresh.board_key(), pos.board_key()) << io::to_sfen(pos);
    ASSERT_EQ(fresh.hand_key(), pos.hand_key()) << io::to_sfen(pos);
    ASSERT_EQ(fresh.key(), pos.key()) << io::to_sfen(pos);
    ASSERT_EQ(fresh.checkers(), pos.checkers()) << io::to_sfen(pos);
  }
}

TEST(PositionKeys, KeyAndHandsAfterAMoveEqualThoseAfterPlayingIt) {
  std::size_t moves = 0;
  const auto check_all = [&](Position& pos) {
    for (Move m : test::legal_moves(pos)) {
      const std::uint64_t key = pos.board_key_after(m);
      const Hand black = pos.hand_after(m, Color::Black), white = pos.hand_after(m, Color::White);
      pos.do_move(m);
      ASSERT_EQ(key, pos.board_key()) << test::to_text(m) << " in " << io::to_sfen(pos);
      ASSERT_EQ(black, pos.hand(Color::Black)) << test::to_text(m);
      ASSERT_EQ(white, pos.hand(Color::White)) << test::to_text(m);
      pos.undo_move(m);
      ++moves;
    }
  };
  for (Position& pos : playout_positions(1500, 13)) check_all(pos);
  // Sho shogi: a captured piece leaves the game instead of going to the hand.
  auto sho =
      io::read_position("3gkg3/1r2e2b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B2E2R1/3GKG3 b - 1",
                        io::DefenderHand::AsGiven, {}, 0, KingRule::Any, Variant::Sho);
  ASSERT_TRUE(sho.ok());
  Position pos = sho.value();
  std::mt19937_64 rng(7);
  for (int ply = 0; ply < 80; ++ply) {
    check_all(pos);
    const MoveList legal = test::legal_moves(pos);
    if (legal.empty()) break;
    pos.do_move(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
  }
  EXPECT_GT(moves, 50000u);
}

TEST(PositionKeys, BoardKeyIgnoresHandsAndHandKeyIgnoresTheBoard) {
  const Position one = load("4k4/9/9/9/9/9/9/9/4K4 b P 1");
  const Position two = load("4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
  const Position moved = load("4k4/9/9/9/9/9/9/9/3K5 b P 1");
  EXPECT_EQ(one.board_key(), two.board_key());
  EXPECT_NE(one.hand_key(), two.hand_key());
  EXPECT_NE(one.key(), two.key());
  EXPECT_NE(one.board_key(), moved.board_key());
  EXPECT_EQ(one.hand_key(), moved.hand_key());
}

TEST(PositionKeys, SideToMoveChangesTheBoardKey) {
  EXPECT_NE(load("4k4/9/9/9/9/9/9/9/4K4 b - 1").board_key(),
            load("4k4/9/9/9/9/9/9/9/4K4 w - 1").board_key());
}

TEST(PositionKeys, HandKeyDoesNotDependOnTheOrderPiecesArrived) {
  // Black takes the pawn on 4d with the silver and the silver on 6d with the other silver, in
  // either order (with waiting moves of the white king between): same position, same key.
  Position a = load("4k4/9/9/3s1p3/9/3S1S3/9/9/4K4 b - 1");
  Position b = a;
  play(a, "4f4e");  // silver up
  play(a, "5a5b");
  play(a, "4e4d");  // takes the pawn
  play(a, "5b5a");
  play(a, "6f6e");
  play(a, "5a5b");
  play(a, "6e6d");  // takes the silver
  play(b, "6f6e");
  play(b, "5a5b");
  play(b, "6e6d");
  play(b, "5b5a");
  play(b, "4f4e");
  play(b, "5a5b");
  play(b, "4e4d");
  EXPECT_EQ(a.setup().board, b.setup().board);
  EXPECT_EQ(a.hand(Color::Black), b.hand(Color::Black));
  EXPECT_EQ(a.key(), b.key());
}

// ---------------------------------------------------------------------------------------------
// Check detection.

TEST(PositionGivesCheck, AgreesWithPlayingTheMove) {
  std::size_t checks = 0;
  for (Position& pos : playout_positions(8000, 13)) {
    for (Move m : test::legal_moves(pos)) {
      const bool predicted = pos.gives_check(m);
      pos.do_move(m);
      const bool actual = pos.in_check();
      pos.undo_move(m);
      checks += actual;
      ASSERT_EQ(predicted, actual) << test::to_text(m) << " in " << io::to_sfen(pos);
    }
  }
  EXPECT_GT(checks, 10000u);
}

TEST(PositionGivesCheck, DiscoveredCheckByTheKing) {
  // The black king on 5e screens the rook on 5i from the white king on 5a.
  const Position pos = load("4k4/9/9/9/4K4/9/9/9/4R4 b - 1");
  EXPECT_TRUE(pos.gives_check(usi("5e4d")));
  EXPECT_TRUE(pos.gives_check(usi("5e6f")));
  EXPECT_FALSE(pos.gives_check(usi("5e5d")));
  EXPECT_FALSE(pos.gives_check(usi("5e5f")));
}

TEST(PositionGivesCheck, OnlyThePromotedPawnChecks) {
  // Pawn 4c: on 4b it attacks only 4a; as a tokin it also attacks 5a diagonally.
  const Position pos = load("4k4/9/5P3/9/9/9/9/9/9 b - 1");
  EXPECT_FALSE(pos.gives_check(usi("4c4b")));
  EXPECT_TRUE(pos.gives_check(usi("4c4b+")));
}

TEST(PositionAttackers, FindEveryAttackerOfASquare) {
  // 5e is attacked by the black gold 5f, the knight 4g and the bishop on 9a down its diagonal;
  // the lance on 5i is blocked by the gold.
  const Position pos = load("B3k4/9/9/9/9/4G4/5N3/9/4L3K b - 1");
  const Bitboard expected = Bitboard::square(square("5f")) | Bitboard::square(square("4g")) |
                            Bitboard::square(square("9a"));
  EXPECT_EQ(pos.attackers_to(Color::Black, square("5e")), expected);
  EXPECT_TRUE(pos.attackers_to(Color::White, square("5e")).empty());
}

// attacked_among, the squares next to a king that a side attacks, in one pass over its pieces:
// by hand, the Black knight on 4d attacks 3b and 5b, the lance on 6i 6h to 6a, the bishop on 9e
// the diagonal 8d to 5a; of the squares next to the White king on 5a (4a holding its gold, a
// target like any other), that is 5b, 6a and 6b (White to move, in check from the bishop). No
// White piece stands near the Black king.
TEST(PositionAttackers, SquaresNextToAKingByHand) {
  const Position pos = load("4kg3/9/9/5N3/B8/9/9/9/3L4K w - 1");
  const Square ksq = square("5a");
  Bitboard expected;
  for (const char* s : {"5b", "6a", "6b"}) expected.set(square(s));
  EXPECT_EQ(pos.attacked_among(Color::Black, ksq, king_attacks(ksq),
                               pos.pieces() ^ Bitboard::square(ksq)),
            expected);
  const Square black_king = square("1i");
  EXPECT_TRUE(
      pos.attacked_among(Color::White, black_king, king_attacks(black_king), pos.pieces()).empty());
}

// The same against an attack test per square (is_attacked, which looks at every kind of
// attacker of one square), around both kings with the king lifted, for either side, on the
// positions of random games.
TEST(PositionAttackers, SquaresNextToAKingEqualAnAttackTestPerSquare) {
  std::size_t compared = 0, attacked = 0;
  for (const Position& pos : playout_positions(3000, 23))
    for (const Color king : {Color::Black, Color::White}) {
      const Square ksq = pos.king_square(king);
      if (ksq == Square::None) continue;
      const Bitboard occ = pos.pieces() ^ Bitboard::square(ksq);
      for (const Color by : {Color::Black, Color::White}) {
        Bitboard expected;
        for (Square s : king_attacks(ksq))
          if (pos.is_attacked(by, s, occ)) expected.set(s);
        ASSERT_EQ(pos.attacked_among(by, ksq, king_attacks(ksq), occ), expected)
            << io::to_sfen(pos);
        ++compared;
        attacked += expected.count();
      }
    }
  EXPECT_GT(compared, 5000u);
  EXPECT_GT(attacked, 5000u);
}

TEST(PositionBlockers, PinnedPiecesAndDiscoveredCheckCandidates) {
  // The white rook on 5a pins the black gold on 5f to the black king on 5i; the black silver on
  // 3c stands between the black bishop on 9i and the white king on 1a.
  const Position pos = load("4r3k/9/6S2/9/9/4G4/9/9/B3K4 b - 1");
  EXPECT_EQ(pos.blockers(Color::Black, Color::White), Bitboard::square(square("5f")));
  EXPECT_EQ(pos.blockers(Color::White, Color::Black), Bitboard::square(square("3c")));
}

// ---------------------------------------------------------------------------------------------
// is_legal: a second, independent path that must agree with the generator on every candidate.

TEST(PositionIsLegal, AgreesWithTheGeneratorOnEveryCandidateMove) {
  for (const Position& pos : playout_positions(60, 14)) {
    const auto legal = test::sorted(test::legal_moves(pos));
    std::vector<Move> accepted;
    for (int from = 0; from < kSquareCount; ++from)
      for (int to = 0; to < kSquareCount; ++to) {
        if (from == to) continue;
        for (bool promote : {false, true}) {
          const Move m = Move::board(square_at(from), square_at(to), promote);
          if (pos.is_legal(m)) accepted.push_back(m);
        }
      }
    for (int k = 1; k <= 7; ++k)
      for (int to = 0; to < kSquareCount; ++to) {
        const Move m = Move::drop(static_cast<PieceType>(k), square_at(to));
        if (pos.is_legal(m)) accepted.push_back(m);
      }
    accepted = test::sorted(accepted);
    ASSERT_EQ(accepted, legal) << io::to_sfen(pos) << "\naccepted but not generated: "
                               << test::describe(test::difference(accepted, legal))
                               << "\ngenerated but rejected: "
                               << test::describe(test::difference(legal, accepted));
  }
}

TEST(PositionIsLegal, RejectsMovingAPinnedPieceOffItsLine) {
  // 双玉: the black silver on 2c is pinned along rank c by the white rook on 1c.
  const Position pos = load("8k/9/K6Sr/9/9/9/9/9/9 b - 1");
  EXPECT_FALSE(pos.is_legal(usi("2c2b")));
  EXPECT_FALSE(pos.is_legal(usi("2c1b+")));
  EXPECT_TRUE(pos.is_legal(usi("9c8c")));
  EXPECT_FALSE(pos.is_legal(usi("9c9d+")));  // a king never promotes
}

TEST(PositionIsLegal, RejectsKingMovesIntoCheck) {
  const Position pos = load("4k4/9/9/9/9/9/9/3r5/4K4 b - 1");
  EXPECT_FALSE(pos.is_legal(usi("5i6i")));  // the rook on 6h covers file 6
  EXPECT_FALSE(pos.is_legal(usi("5i5h")));  // and rank h
  EXPECT_TRUE(pos.is_legal(usi("5i6h")));   // taking it is fine
  EXPECT_TRUE(pos.is_legal(usi("5i4i")));
}

TEST(PositionIsLegal, RejectsDropsOfPiecesNotInHand) {
  const Position pos = load("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  EXPECT_TRUE(pos.is_legal(usi("G*5e")));
  EXPECT_FALSE(pos.is_legal(usi("S*5e")));
  EXPECT_FALSE(pos.is_legal(usi("G*5i")));  // occupied
}

// ---------------------------------------------------------------------------------------------
// 打ち歩詰め (SPEC.md section 2). In each position Black holds a pawn and the white king sits on
// 1a, so the drop in question is P*1b. The verdicts are worked out by hand in the comments.

struct PawnDropCase {
  const char* name;
  const char* sfen;
  bool drop_is_mate;  // true: P*1b is illegal
};
void PrintTo(const PawnDropCase& c, std::ostream* os) { *os << c.name << ": " << c.sfen; }

class PawnDropMate : public ::testing::TestWithParam<PawnDropCase> {};

TEST_P(PawnDropMate, DropIsLegalExactlyWhenItDoesNotMate) {
  const PawnDropCase& c = GetParam();
  const Position pos = load(c.sfen);
  const Move drop = usi("P*1b");
  EXPECT_EQ(pos.is_pawn_drop_mate(square("1b")), c.drop_is_mate);
  EXPECT_EQ(pos.is_legal(drop), !c.drop_is_mate);
  EXPECT_EQ(test::legal_moves(pos).contains(drop), !c.drop_is_mate);
  EXPECT_EQ(test::check_moves(pos).contains(drop), !c.drop_is_mate);
  // Pawn drops elsewhere on file 1 stay legal (they do not check).
  EXPECT_TRUE(test::legal_moves(pos).contains(usi("P*1h")));
  // The same with colours exchanged: White drops on 9h in front of the black king on 9i.
  Position flipped;
  ASSERT_EQ(flipped.set(test::flip_colors(pos.setup())), "");
  const Move flipped_drop = test::flip_colors(drop);
  EXPECT_EQ(flipped.is_pawn_drop_mate(square("9h")), c.drop_is_mate);
  EXPECT_EQ(test::legal_moves(flipped).contains(flipped_drop), !c.drop_is_mate);
  EXPECT_EQ(test::check_moves(flipped).contains(flipped_drop), !c.drop_is_mate);
}

INSTANTIATE_TEST_SUITE_P(
    HandAnalysed, PawnDropMate,
    ::testing::Values(
        // Gold 1c guards 1b; the king is boxed in by its own lance 2a and pawn 2b: mate.
        PawnDropCase{"TrueMate", "7lk/7p1/8G/9/9/9/9/9/9 b P 1", true},
        // SPEC.md section 5: silver 1c guards 1b, lance 2h covers 2b, own lance on 2a: mate.
        PawnDropCase{"SpecPosition", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", true},
        // Nothing guards 1b: the king takes the pawn.
        PawnDropCase{"KingCanCapture", "7lk/7p1/9/9/9/9/9/9/9 b P 1", false},
        // The white gold on 2a takes the pawn diagonally.
        PawnDropCase{"DefenderCanCapture", "7gk/7p1/8G/9/9/9/9/9/9 b P 1", false},
        // The same gold is pinned along rank a by the rook on 5a: it cannot take, so mate.
        PawnDropCase{"PinnedDefenderCannotCapture", "4R2gk/7p1/8G/9/9/9/9/9/9 b P 1", true},
        // The white gold on 1c is pinned along file 1 by the lance on 1e, but taking on 1b keeps
        // it on the file (and the pawn itself now shields the king): legal capture, no mate.
        // Knight 2d guards 1b so the king cannot take.
        PawnDropCase{"FilePinnedDefenderCanCapture", "7lk/7p1/8g/7N1/8L/9/9/9/9 b P 1", false},
        // Knight 2d guards 1b, but the king escapes to 2b.
        PawnDropCase{"KingHasAnEscape", "7lk/9/9/7N1/9/9/9/9/9 b P 1", false},
        // Gold 1c guards 1b and covers 2b, but 2a is empty and unguarded: the king escapes.
        PawnDropCase{"KingEscapesSideways", "8k/7p1/8G/9/9/9/9/9/9 b P 1", false}),
    [](const ::testing::TestParamInfo<PawnDropCase>& c) { return std::string(c.param.name); });

TEST(PawnMoveMate, IsLegalAndIsGeneratedAsACheck) {
  // Pawn 1c to 1b mates (gold 2c guards 1b; the king is boxed in by its lance and pawn): a pawn
  // MOVE that mates is legal, with or without promotion.
  Position pos = load("7lk/7p1/7GP/9/9/9/9/9/9 b - 1");
  for (std::string_view text : {"1c1b", "1c1b+"}) {
    const Move m = usi(text);
    EXPECT_TRUE(test::legal_moves(pos).contains(m)) << text;
    EXPECT_TRUE(test::check_moves(pos).contains(m)) << text;
    pos.do_move(m);
    EXPECT_TRUE(pos.in_check()) << text;
    EXPECT_TRUE(test::legal_moves(pos).empty()) << text << ": the white king has no reply";
    pos.undo_move(m);
  }
}

TEST(PawnDropMate, DroppedPawnMateIsMissingWhileOtherChecksRemain) {
  // SPEC.md: 6 legal checks in the pawn-drop-mate position; P*1b is not one of them.
  const Position pos = load(test::spec::kPawnDropMate);
  const MoveList checks = test::check_moves(pos);
  EXPECT_EQ(checks.size(), 6u);
  EXPECT_FALSE(checks.contains(usi("P*1b")));
}

// ---------------------------------------------------------------------------------------------
// Repetition (SPEC.md section 2: board, both hands and side to move).

TEST(PositionRepetition, RookShuffleRepeatsTheStartPosition) {
  Position pos = load(test::spec::kStart);
  EXPECT_FALSE(pos.is_repetition());
  play(pos, "2h3h");
  play(pos, "8b7b");
  play(pos, "3h2h");
  EXPECT_FALSE(pos.is_repetition());
  play(pos, "7b8b");
  EXPECT_TRUE(pos.is_repetition());
  play(pos, "2h3h");
  EXPECT_TRUE(pos.is_repetition());
}

TEST(PositionRepetition, SameBoardWithOtherHandsIsNoRepetition) {
  // Black drops a gold, White's rook takes it and goes back, both kings shuffle: the board and
  // the side to move come back but the gold changed hands, so nothing repeats yet.
  Position pos = load("4r3k/9/9/9/9/9/9/9/K8 b G 1");
  const BoardSetup start = pos.setup();
  for (std::string_view m : {"G*5e", "5a5e", "9i9h", "5e5a", "9h8h", "1a2a", "8h9i", "2a1a"}) {
    play(pos, m);
    EXPECT_FALSE(pos.is_repetition()) << m;
  }
  EXPECT_EQ(pos.setup().board, start.board);
  EXPECT_EQ(pos.side_to_move(), Color::Black);
  // One more cycle of the kings repeats the positions of the last four plies (same hands now).
  play(pos, "9i9h");
  EXPECT_FALSE(pos.is_repetition());
  play(pos, "1a2a");
  EXPECT_FALSE(pos.is_repetition());
  play(pos, "9h9i");
  EXPECT_TRUE(pos.is_repetition());
  play(pos, "2a1a");
  EXPECT_TRUE(pos.is_repetition());
}

}  // namespace
}  // namespace tsume
