// The verifier's own rules (verifier/rules.h) against the reference numbers of SPEC.md section 5.
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "verifier/rules.h"

namespace tsume::verifier {
namespace {

// An independent key of a position for the packed form's test: board, hands, side and rules as
// plain bytes, equal exactly when the positions are.
std::string plain_key(const Position& pos) {
  std::string key(81 + 14 + 2, '\0');
  for (std::size_t i = 0; i < 81; ++i) key[i] = static_cast<char>(pos.board[i]);
  for (std::size_t c = 0; c < 2; ++c)
    for (std::size_t kind = 1; kind < 8; ++kind)
      key[81 + c * 7 + kind - 1] = static_cast<char>(pos.hand[c][kind]);
  key[95] = static_cast<char>(pos.side);
  key[96] = pos.sho ? 's' : 'm';
  return key;
}

Position sfen(const std::string& text) {
  std::string error;
  const auto pos = parse_sfen(text, error);
  EXPECT_TRUE(pos) << text << ": " << error;
  return pos ? *pos : Position{};
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (Move m : legal_moves(pos)) n += perft(play(pos, m), depth - 1);
  return n;
}

// The legal checks counted from legal_moves(); legal_checks() must give the same moves.
std::size_t checks(const Position& pos) {
  std::vector<Move> found;
  for (Move m : legal_moves(pos))
    if (in_check(play(pos, m), 1 - pos.side)) found.push_back(m);
  EXPECT_EQ(legal_checks(pos), found);
  return found.size();
}

TEST(VerifierRules, PerftStartPosition) {
  const Position start = sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  EXPECT_EQ(perft(start, 1), 30u);
  EXPECT_EQ(perft(start, 2), 900u);
  EXPECT_EQ(perft(start, 3), 25470u);
}

TEST(VerifierRules, ShoPerftStartPosition) {
  // SPEC.md section 7: sho shogi from the start, 26, 676, 17,368 (no drops, the elephant).
  std::string error;
  const auto start = parse_sfen(
      "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", error, true);
  ASSERT_TRUE(start) << error;
  EXPECT_EQ(perft(*start, 1), 26u);
  EXPECT_EQ(perft(*start, 2), 676u);
  EXPECT_EQ(perft(*start, 3), 17368u);
  // Without the sho rules the elephant is no piece, and a sho position has no hands.
  EXPECT_FALSE(parse_sfen("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1",
                          error, false));
  EXPECT_FALSE(parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1", error, true));
}

TEST(VerifierRules, ShoTwoRoyals) {
  // A defender with king and prince may leave either attacked: with the prince on 5b attacked
  // by the rook, the king on 5a still has every legal move; with the prince alone it must move
  // out of the rook's line.
  std::string error;
  const auto two = parse_sfen("4k4/4+e4/9/9/4R4/9/9/9/4K4 w - 1", error, true);
  ASSERT_TRUE(two) << error;
  EXPECT_TRUE(in_check(*two, kWhite));
  EXPECT_EQ(position_problem(*two), "");
  const auto lone = parse_sfen("9/4+e4/9/9/4R4/9/9/9/4K4 w - 1", error, true);
  ASSERT_TRUE(lone) << error;
  for (const Move& m : legal_moves(*lone)) EXPECT_NE(file_of(m.to), 5) << move_text(m);
  EXPECT_FALSE(legal_moves(*lone).empty());
  // Both: the king may also step next to the attacked prince, onto 4a or 6a, and stay there.
  bool king_moves = false;
  for (const Move& m : legal_moves(*two)) king_moves |= m.from == square_of(5, 0);
  EXPECT_TRUE(king_moves);
  // A captured piece leaves the game: no hand after the rook takes the prince.
  const Position after = play(*two, Move{square_of(5, 1), square_of(5, 2), kEmpty, false});
  const Position taken = play(after, Move{square_of(5, 4), square_of(5, 2), kEmpty, false});
  for (const auto count : taken.hand[kBlack]) EXPECT_EQ(count, 0);
  EXPECT_TRUE(in_check(taken, kWhite));  // the lone king on 5a, to move, is in check
  EXPECT_EQ(position_problem(taken), "");
  // A drunk elephant that promotes becomes a second royal: with the lone king on 5a attacked by
  // the rook, the elephant crowned on 1g or 2g leaves two royals, which is legal; the same steps
  // unpromoted leave the king alone and attacked.
  const auto crown = parse_sfen("4k4/9/9/9/4R4/8e/9/9/K8 w - 1", error, true);
  ASSERT_TRUE(crown) << error;
  EXPECT_TRUE(is_legal(*crown, *parse_move("1f1g+")));
  EXPECT_TRUE(is_legal(*crown, *parse_move("1f2g+")));
  EXPECT_FALSE(is_legal(*crown, *parse_move("1f1g")));
  EXPECT_FALSE(is_legal(*crown, *parse_move("1f2f")));
  EXPECT_TRUE(has_legal_move(*crown, false));
}

TEST(VerifierRules, PerftPawnDropMate) {
  const Position pos = sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_EQ(perft(pos, 1), 85u);
  EXPECT_EQ(perft(pos, 2), 639u);
  EXPECT_EQ(perft(pos, 3), 10786u);
  EXPECT_FALSE(is_legal(pos, *parse_move("P*1b")));  // 打ち歩詰め
  EXPECT_EQ(checks(pos), 6u);
}

TEST(VerifierRules, PerftForcedPromotion) {
  const Position pos = sfen("7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1");
  EXPECT_EQ(perft(pos, 1), 76u);
  EXPECT_EQ(perft(pos, 2), 2606u);
}

TEST(VerifierRules, PerftMiddleGameWhiteToMove) {
  const Position pos =
      sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
  EXPECT_EQ(perft(pos, 1), 207u);
  EXPECT_EQ(perft(pos, 2), 28684u);
  EXPECT_EQ(checks(pos), 8u);
}

TEST(VerifierRules, DropsEverywhere) {
  EXPECT_EQ(perft(sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"), 1), 593u);
  EXPECT_EQ(perft(sfen("9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"), 1), 524u);
}

TEST(VerifierRules, ChecksAndEvasions) {
  const Position many = sfen("+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1");
  EXPECT_EQ(legal_moves(many).size(), 410u);
  EXPECT_EQ(checks(many), 91u);
  const Position evading =
      sfen("9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1");
  EXPECT_TRUE(in_check(evading, kBlack));
  EXPECT_EQ(legal_moves(evading).size(), 105u);
  const Position zukou1 =
      sfen("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1");
  EXPECT_EQ(legal_moves(zukou1).size(), 164u);
  EXPECT_EQ(checks(zukou1), 10u);
}

TEST(VerifierRules, MovesAndSfenText) {
  for (const char* text : {"7g7f", "2b3c+", "G*5b", "P*1i"}) {
    const auto m = parse_move(text);
    ASSERT_TRUE(m) << text;
    EXPECT_EQ(move_text(*m), text);
  }
  EXPECT_FALSE(parse_move("K*5e"));
  EXPECT_FALSE(parse_move("7g7g"));
  EXPECT_FALSE(parse_move("0a1b"));
  std::string error;
  EXPECT_FALSE(parse_sfen("9/9/9 b - 1", error));
  EXPECT_FALSE(parse_sfen("4k4/9/9/9/9/9/9/9/9 x - 1", error));
  EXPECT_FALSE(parse_sfen("4k4/9/9/9/9/9/9/9/9 b 2K 1", error));
}

TEST(VerifierRules, RootPositionProblems) {
  EXPECT_EQ(position_problem(sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1")), "");
  EXPECT_NE(position_problem(sfen("4k4/9/4P4/9/4P4/9/9/9/9 b G 1")), "");  // 二歩
  EXPECT_NE(position_problem(sfen("4k3P/9/9/9/9/9/9/9/9 b G 1")), "");     // a dead pawn
  EXPECT_NE(position_problem(sfen("4k4/4G4/9/9/9/9/9/9/9 b - 1")), "");    // defender in check
}

// pack() and unpack() are inverses, and different positions pack differently: every position
// within two plies of the starts of shogi and sho shogi, and positions with full hands.
TEST(VerifierRules, PackedPositions) {
  std::string error;
  const auto sho = parse_sfen("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1",
                              error, true);
  ASSERT_TRUE(sho) << error;
  std::vector<Position> all{sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
                            *sho, sfen("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"),
                            sfen("4k4/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1"),
                            sfen("+R+B2k4/9/9/9/9/9/9/9/+p+l+n+sK4 b 2G 1")};
  for (std::size_t i = 0; i < 2; ++i)
    for (Move m : legal_moves(all[i])) {
      const Position p = play(all[i], m);
      all.push_back(p);
      for (Move r : legal_moves(p)) all.push_back(play(p, r));
    }
  std::set<std::string> keys;
  std::set<PackedPosition> packed;
  for (const Position& p : all) {
    EXPECT_EQ(unpack(pack(p)), p);
    keys.insert(plain_key(p));
    packed.insert(pack(p));
  }
  EXPECT_EQ(packed.size(), keys.size());
  EXPECT_GT(packed.size(), 1000u);
  // More pieces than the packed form holds (46 on the board).
  Position crowded;
  for (std::size_t sq = 0; sq < 47; ++sq) crowded.board[sq] = kGold;
  EXPECT_THROW(pack(crowded), std::logic_error);
  crowded.board[46] = kEmpty;
  EXPECT_EQ(unpack(pack(crowded)), crowded);
}

}  // namespace
}  // namespace tsume::verifier
