// Generated problems re-verified without the solver: a small batch of a fixed seed, each problem
// of up to 9 plies replayed by the naive reference rules (tests/core/reference_rules.h) with
// every defender reply on the main line examined, and its length re-derived by the brute-force
// minimax of the tests (tests/core/reference_mate.h) under the futile-interposition rule of
// docs/futile-interposition.md. Neither shares code with the solver, the checker or the core
// move generators, so a bug there does not hide itself here.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "generator/generator.h"
#include "solver/io/sfen.h"
#include "tests/core/reference_mate.h"
#include "tests/core/reference_rules.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

namespace ref = test::reference;
using test_support::position;

bool contains(const std::vector<Move>& moves, Move m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// `g` re-verified by the reference rules and the brute-force search (see above).
void expect_reference_verified(const Generated& g) {
  SCOPED_TRACE(g.id + " " + io::to_sfen(g.position));
  ref::MateSearch search(ref::FutileRule::Discount);
  BoardSetup s = g.position.setup();
  const int length = g.length;
  ASSERT_EQ(static_cast<int>(g.pv.size()), length);
  // The verdict's length: a mate within `length` and none within length - 2.
  EXPECT_EQ(search.mate_length(s, length), length);
  const bool unique = g.verdict == Verdict::Sound && g.flaws.empty();
  for (int p = 0; p < length; ++p) {
    const Move m = g.pv[static_cast<std::size_t>(p)];
    const int left = length - p;  // plies to the mate from here
    SCOPED_TRACE("ply " + std::to_string(p + 1) + " " + io::to_usi(m));
    if (p % 2 == 0) {
      ASSERT_TRUE(contains(ref::checking_moves(s), m)) << "not a legal check";
      // The move mates in time; a SOUND problem has no other check that does.
      const std::vector<Move> mating = search.mating_moves(s, left);
      EXPECT_TRUE(contains(mating, m)) << "the move does not mate within " << left;
      if (unique) {
        EXPECT_EQ(mating.size(), 1U) << "another check mates within " << left;
      }
    } else {
      const std::vector<Move> replies = ref::legal_moves(s);
      ASSERT_TRUE(contains(replies, m)) << "not a legal reply";
      EXPECT_FALSE(search.futile_drop(s, m, left)) << "the main line plays a futile drop";
      // Every reply is mated in time (or is a futile drop); the main line's lasts longest.
      for (Move r : replies) {
        if (search.futile_drop(s, r, left)) continue;
        EXPECT_TRUE(search.attacker_wins(ref::play(s, r), left - 1))
            << "the reply " << io::to_usi(r) << " escapes";
      }
      EXPECT_FALSE(search.attacker_wins(ref::play(s, m), left - 3))
          << "the main line's reply is mated sooner";
    }
    s = ref::play(s, m);
  }
  EXPECT_TRUE(ref::in_check(s, s.side_to_move));
  EXPECT_TRUE(ref::legal_moves(s).empty()) << "the end is not checkmate";
}

// The check can fail: a line whose last move checks without mating (G*3a lets the king out to 5a;
// hand analysis) is reported.
TEST(GeneratorReference, ALineThatDoesNotMateIsReported) {
  Generated g;
  g.id = "not-a-mate";
  g.position = position("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1");
  Position pos = g.position;
  for (const char* t : {"G*5c", "5b4a", "G*3a"}) {
    auto m = io::parse_usi_move(t, pos);
    ASSERT_TRUE(m.ok()) << t;
    g.pv.push_back(m.value());
    pos.do_move(m.value());
  }
  g.length = 3;
  ::testing::TestPartResultArray failures;
  {
    const ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    expect_reference_verified(g);
  }
  std::string messages;
  for (int i = 0; i < failures.size(); ++i) messages += failures.GetTestPartResult(i).message();
  EXPECT_NE(messages.find("does not mate"), std::string::npos) << messages;
  EXPECT_NE(messages.find("the end is not checkmate"), std::string::npos) << messages;
}

// The futile-interposition rule of the brute force, on SPEC.md section 5's positions (the
// lengths are SPEC.md's; docs/futile-interposition.md lists them).
TEST(GeneratorReference, FutileRuleGivesSpecLengths) {
  const struct {
    const char* sfen;
    int discounted, counted;  // counted: -1 when not given (not asked here)
  } cases[] = {
      {"7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1", 1, -1},
      {"5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1", 3, 5},
      {"9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 3, -1},
      {"9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1", 3, -1},
      {"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", 1, -1},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.sfen);
    const BoardSetup setup = position(c.sfen).setup();
    ref::MateSearch discount(ref::FutileRule::Discount);
    EXPECT_EQ(discount.mate_length(setup, 7), c.discounted);
    if (c.counted > 0) {
      ref::MateSearch count(ref::FutileRule::Count);
      EXPECT_EQ(count.mate_length(setup, 7), c.counted);
    }
  }
}

// Candidates of fixed seeds, each problem re-verified as above. The candidates are chosen so
// that the batch has compositions of 3, 5 and 9 plies and training problems of 5 and 7 plies (one
// SOUND_WITH_FLAWS) and is made in a few seconds: (seed, first candidate, candidates, band, mode).
TEST(GeneratorReference, GeneratedBatchIsReverifiedByBruteForce) {
  const struct {
    std::uint64_t seed, first, candidates;
    int min_plies, max_plies;
    Mode mode;
  } runs[] = {{11, 0, 8, 3, 3, Mode::Composition}, {2, 13, 1, 5, 9, Mode::Composition},
              {2, 29, 1, 5, 9, Mode::Composition}, {3, 18, 1, 5, 9, Mode::Composition},
              {1, 54, 1, 5, 9, Mode::Training},    {2, 109, 1, 5, 9, Mode::Training}};
  std::vector<Generated> out;
  for (const auto& run : runs) {
    GenerateOptions o;
    o.seed = run.seed;
    o.first_candidate = run.first;
    o.max_candidates = run.candidates;
    o.min_plies = run.min_plies;
    o.max_plies = run.max_plies;
    o.mode = run.mode;
    o.count = 100;
    o.threads = 2;
    generate(o, [&](const Generated& g) { out.push_back(g); });
  }
  // The batch is not empty and reaches 9 plies (each length is re-derived below).
  ASSERT_GE(out.size(), 6U);
  EXPECT_TRUE(
      std::any_of(out.begin(), out.end(), [](const Generated& g) { return g.length == 9; }));
  for (const Generated& g : out) expect_reference_verified(g);
}

}  // namespace
}  // namespace tsume::gen
