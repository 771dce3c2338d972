// Sho shogi's move generators against the naive reference rules (reference_rules.h), which
// implement the sho convention of SPEC.md section 7 on their own: generate_legal,
// generate_evasions (when in check) and generate_checks must give exactly the reference's sets on
// random playouts from the start position and from composed positions with two royals, lone
// princes and elephants about to promote. The reference itself first reproduces the perft numbers
// of SPEC.md section 7 and the hand counts of test_sho.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "tests/core/reference_mate.h"
#include "tests/core/reference_rules.h"
#include "tests/core/test_support.h"

namespace tsume::test {
namespace {

namespace ref = reference;

Position sho_position(std::string_view sfen) {
  auto pos = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any, Variant::Sho);
  if (!pos)
    throw TestInputError("bad sho SFEN '" + std::string(sfen) + "': " + pos.error().message());
  return std::move(pos.value());
}

BoardSetup sho_setup(std::string_view sfen) { return sho_position(sfen).setup(); }

std::uint64_t reference_perft(const BoardSetup& setup, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (Move m : ref::legal_moves(setup)) n += reference_perft(ref::play(setup, m), depth - 1);
  return n;
}

// What differs between solver/core and the reference in one position, with the SFEN; empty when
// they agree on in_check, the legal moves, the evasions (in check) and the checks.
std::string sho_mismatch(const Position& pos) {
  const BoardSetup setup = pos.setup();
  std::string out;
  if (pos.in_check() != ref::in_check(setup, pos.side_to_move())) out += " in_check differs;";
  const auto expected_legal = sorted(ref::legal_moves(setup));
  const auto legal = sorted(legal_moves(pos));
  if (legal != expected_legal)
    out += " legal: extra " + describe(difference(legal, expected_legal)) + " missing " +
           describe(difference(expected_legal, legal)) + ";";
  const MoveList evasions_list = evasion_moves(pos);
  const auto evasions = sorted(evasions_list);
  const auto expected_evasions = pos.in_check() ? expected_legal : std::vector<Move>{};
  if (evasions != expected_evasions)
    out += " evasions: extra " + describe(difference(evasions, expected_evasions)) + " missing " +
           describe(difference(expected_evasions, evasions)) + ";";
  const auto expected_checks = sorted(ref::checking_moves(setup));
  const auto checks = sorted(check_moves(pos));
  if (checks != expected_checks)
    out += " checks: extra " + describe(difference(checks, expected_checks)) + " missing " +
           describe(difference(expected_checks, checks)) + ";";
  if (has_duplicates(legal_moves(pos)) || has_duplicates(evasions_list) ||
      has_duplicates(check_moves(pos)))
    out += " a generator repeats a move;";
  if (out.empty()) return out;
  return io::to_sfen(pos) + ":" + out;
}

// SPEC.md section 7: 26, 676, 17,368 from the start (depth 4 and 5 are left to the core).
TEST(ShoReferenceRules, ReproduceTheSpecPerft) {
  const BoardSetup start = sho_setup("startpos");
  EXPECT_EQ(reference_perft(start, 1), 26u);
  EXPECT_EQ(reference_perft(start, 2), 676u);
  EXPECT_EQ(reference_perft(start, 3), 17368u);
}

// The hand counts of test_sho.cpp, reached by the reference on its own.
TEST(ShoReferenceRules, ReproduceTheHandCountedPositions) {
  // Two royals: not bound by check (8 moves); the same king alone: 4 moves.
  EXPECT_EQ(ref::legal_moves(sho_setup("4k3+e/9/9/9/4R4/9/9/9/4K4 w - 1")).size(), 8u);
  EXPECT_TRUE(ref::in_check(sho_setup("4k3+e/9/9/9/4R4/9/9/9/4K4 w - 1"), Color::White));
  EXPECT_EQ(ref::legal_moves(sho_setup("4k4/9/9/9/4R4/9/9/9/4K4 w - 1")).size(), 4u);
  // A lone prince is bound by check.
  EXPECT_EQ(ref::legal_moves(sho_setup("4+e4/9/9/9/4R4/9/9/9/4K4 w - 1")).size(), 4u);
  // Promoting the elephant answers the check: 4 king moves, 1f1g+ and 1f2g+.
  EXPECT_EQ(ref::legal_moves(sho_setup("4k4/9/9/9/4R4/8e/9/9/K8 w - 1")).size(), 6u);
  // Checks against either royal.
  EXPECT_EQ(
      sorted(ref::checking_moves(sho_setup("k7+e/9/9/9/7R1/9/9/9/4K4 b - 1"))),
      sorted(std::vector<Move>{usi("2e1e"), usi("2e2a"), usi("2e2a+"), usi("2e2b+"), usi("2e9e")}));
  // Taking one royal checks only when the other is then attacked.
  const auto checks = sorted(ref::checking_moves(sho_setup("k7+e/9/8R/9/9/9/9/9/4K4 b - 1")));
  EXPECT_TRUE(std::binary_search(checks.begin(), checks.end(), usi("1c1a")));
  EXPECT_TRUE(std::binary_search(checks.begin(), checks.end(), usi("1c1a+")));
  EXPECT_FALSE(std::binary_search(checks.begin(), checks.end(), usi("1c2c")));
  // A capture goes to no hand.
  const BoardSetup after = ref::play(sho_setup("4k4/9/4g4/9/4R4/9/9/9/4K4 b - 1"), usi("5e5c"));
  EXPECT_TRUE(after.hand(Color::Black).empty());
  EXPECT_TRUE(after.hand(Color::White).empty());
}

// Composed roots where the sho rules matter most: both sides with king and prince (in and out
// of check), lone princes, elephants on the edge of the promotion zone next to sliders, royals
// that can be taken. Each is also played with colours flipped and files mirrored.
std::vector<Position> composed_roots() {
  const std::vector<std::string_view> sfens{
      "startpos",
      "4k3+e/9/9/9/4R4/9/9/9/4K4 w - 1",
      "k7+e/9/8R/9/9/9/9/9/4K4 b - 1",
      "4k4/9/9/9/4R4/8e/9/9/K8 w - 1",
      "lnsgkgsnl/1r2+e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2+E2R1/LNSGKGSNL b - 1",
      "3gk4/9/9/2E3R2/9/2b6/6e2/9/4KG3 b - 1",
      "4+e4/1r7/9/9/9/9/9/7R1/4+E4 b - 1",
      "3k+e4/9/2p6/9/4B4/9/6P2/9/3K+E4 w - 1",
      "l2gk+e2l/2s3s2/p1ppbpp1p/1r5p1/4N4/2P2E3/PP1PPPPPP/1B3S1R1/LN1GKG1NL b - 1",
      "8k/6E2/9/4r4/3+e5/9/1B7/9/K3R4 b - 1",
      "4k4/4e4/9/9/4+E4/9/9/9/4K4 b - 1",
  };
  std::vector<Position> roots;
  for (std::string_view sfen : sfens) {
    const Position pos = sho_position(sfen);
    roots.push_back(pos);
    for (const BoardSetup& image : {flip_colors(pos.setup()), mirror_files(pos.setup())}) {
      Position p;
      if (p.set(image, KingRule::Any).empty()) roots.push_back(p);
    }
  }
  return roots;
}

TEST(ShoReferenceRules, GeneratorsMatchOnRandomPlayouts) {
  const std::vector<Position> roots = composed_roots();
  ASSERT_GE(roots.size(), 25u);
  std::size_t in_check = 0, two_royals = 0;
  auto visit = [&](Position& pos) {
    ASSERT_EQ(pos.variant(), Variant::Sho);
    in_check += pos.in_check() ? 1 : 0;
    two_royals += pos.royal_count(pos.side_to_move()) == 2 ? 1 : 0;
    const std::string mismatch = sho_mismatch(pos);
    ASSERT_EQ(mismatch, "");
  };
  // Short games with many checks, then long ones that reach captured royals and promotions.
  EXPECT_EQ(random_playouts(roots, 71, 20000, {.max_plies = 40, .check_bias = 0.6}, visit), 20000u);
  EXPECT_EQ(random_playouts(roots, 72, 15000, {.max_plies = 160, .check_bias = 0.3}, visit),
            15000u);
  // The playouts must actually exercise the sho rules.
  EXPECT_GT(in_check, 500u);
  EXPECT_GT(two_royals, 500u);
}

// The brute-force mate search (reference_mate.h) on positions analysed by hand.
// Prince 1a alone, Black's gold 2c and pawn 1c: 2c1b (guarded by the pawn; it covers 1a 2a 2b)
// and 1c1b+ (the tokin, guarded by the gold, covers the same squares) mate at once; the plain
// pawn step 1c1b leaves 2a free. A lone gold cannot mate a bare king in the middle of the board.
TEST(ShoReferenceMate, FindsHandAnalysedMates) {
  ref::MateSearch search;
  const BoardSetup prince = sho_setup("8+e/9/7GP/9/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(search.mate_length(prince, 9), 1);
  EXPECT_EQ(sorted(search.mating_moves(prince, 1)),
            sorted(std::vector<Move>{usi("2c1b"), usi("1c1b+")}));
  EXPECT_EQ(search.defence_length(ref::play(prince, usi("2c1b")), 4), 0);
  EXPECT_EQ(search.defence_length(ref::play(prince, usi("1c1b")), 0), std::nullopt);
  EXPECT_EQ(search.mate_length(sho_setup("4k4/9/4G4/9/9/9/9/9/4K4 b - 1"), 7), std::nullopt);
}

}  // namespace
}  // namespace tsume::test
