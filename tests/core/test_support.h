// Helpers shared by the core tests, the check-generator corpus tool and nothing else: named
// positions of SPEC.md section 5, loading SFEN, a syntax-only USI move reader (so tests can name
// moves that are illegal), move sets, board transforms (colour flip, mirror) and seeded random
// playouts.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/sfen.h"

namespace tsume::test {

// Positions of SPEC.md section 5 (with their hands exactly as written).
namespace spec {
inline constexpr std::string_view kStart =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
inline constexpr std::string_view kMiddlegame =
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
inline constexpr std::string_view kMaxLegal =
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
inline constexpr std::string_view kPawnDropMate = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
inline constexpr std::string_view kForcedPromotion = "7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1";
inline constexpr std::string_view kEndgame91 =
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91";
inline constexpr std::string_view kEndgame124 =
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124";
inline constexpr std::string_view kOpenKings = "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
inline constexpr std::string_view kMaxChecks =
    "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1";
inline constexpr std::string_view kMaxEvasions =
    "9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1";
inline constexpr std::string_view kZukou001 =
    "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1";

// Every SPEC.md section 5 position above.
std::vector<std::string_view> all();
}  // namespace spec

// Thrown by the helpers below when a test input is broken (the test then fails loudly).
struct TestInputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads and validates an SFEN (throws TestInputError with the reader's message on failure).
// KingRule::Any is needed for kMaxEvasions, a composed position without a white king.
Position load(std::string_view sfen, io::DefenderHand hand = io::DefenderHand::AsGiven,
              KingRule kings = KingRule::DefenderKing, Variant variant = Variant::Shogi);
// Every SPEC.md section 5 position, loaded with its hands as given and KingRule::Any.
std::vector<Position> load_spec_positions();
BoardSetup parse_setup(std::string_view sfen);

// USI move text to a Move without any legality check ("7g7f", "8h2b+", "P*5e").
Move usi(std::string_view text);
Square square(std::string_view text);  // "7g"
std::string to_text(Move m);           // USI, written here so failures print without io

// Move lists as sorted vectors, so that generator outputs compare as sets.
std::vector<Move> sorted(const MoveList& list);
std::vector<Move> sorted(std::vector<Move> moves);
bool has_duplicates(const MoveList& list);
std::string describe(const std::vector<Move>& moves);
// Moves in `a` but not in `b` (both sorted).
std::vector<Move> difference(const std::vector<Move>& a, const std::vector<Move>& b);

MoveList legal_moves(const Position& pos);
MoveList check_moves(const Position& pos);
MoveList evasion_moves(const Position& pos);
// {m in legal : pos.gives_check(m)} and {m in legal : after m the opponent is in check}.
std::vector<Move> legal_checks_by_gives_check(const Position& pos);
std::vector<Move> legal_checks_by_playing(Position& pos);

// The check-generator contract, checked on one position: generate_checks() equals, as a set,
// {legal m : pos.gives_check(m)} and {legal m : after m the opponent is in check}, and neither
// generate_legal() nor generate_checks() (nor generate_evasions() when in check) repeats a move.
// Returns an empty string when all holds, otherwise what differs (with the SFEN).
std::string check_generator_mismatch(Position& pos);
// The same against the naive reference rules of reference_rules.h (legal moves and checks).
std::string reference_mismatch(const Position& pos);

// The colour-flipped position: the board turned 180 degrees, every piece changing colour,
// hands and side to move swapped. Shogi is symmetric under this map, so every generator must
// produce the mapped moves.
BoardSetup flip_colors(const BoardSetup& setup);
Move flip_colors(Move m);
// The board mirrored left to right (file f <-> file 10 - f), also a symmetry of the rules.
BoardSetup mirror_files(const BoardSetup& setup);
Move mirror_files(Move m);

// One problem line of problems/*.tsv: SFEN, id, length in plies, main line in USI.
struct Problem {
  std::string sfen;
  std::string id;
  int length = 0;
  std::vector<std::string> main_line;
};
std::vector<Problem> read_problems(const std::string& path);

// Random games for property tests. From each root in turn, plays up to max_plies random legal
// moves and calls visit on every position reached (the root included). With probability
// check_bias the side to move plays a random check when it has one, which keeps the games
// tsume-like (many positions in check, attacker hands being spent).
struct PlayoutOptions {
  int max_plies = 48;
  double check_bias = 0.5;
};
// Returns the number of positions visited; stops once `target` positions were visited.
std::size_t random_playouts(const std::vector<Position>& roots, std::uint64_t seed,
                            std::size_t target, const PlayoutOptions& options,
                            const std::function<void(Position&)>& visit);

// Root positions for property tests: the start position, the SPEC.md positions, the given
// problems as read (tsume convention for the defender hand), their colour-flipped versions
// (White attacking) and 双玉 versions with an attacker king added on a random empty square.
std::vector<Position> property_roots(const std::vector<Problem>& problems, std::uint64_t seed);

// Positions along the main line of a problem (the root first), under the rules of `variant`;
// stops at the first move that is not legal and reports it in `error` when given.
std::vector<Position> main_line_positions(const Problem& problem, std::string* error = nullptr,
                                          Variant variant = Variant::Shogi);

}  // namespace tsume::test
