// The generator: reproducible random streams, legal candidates and mutations, deduplication
// under mirror and translation, themes read off hand-analysed lines, and generated problems
// re-verified by the checker and replayed by the core rules.
#include "generator/generator.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "batch/pool.h"
#include "generator/candidate.h"
#include "generator/dedup.h"
#include "generator/rng.h"
#include "generator/themes.h"
#include "solver/io/sfen.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

using test_support::position;

using test_support::line;

// Mate in 1 (tests/answer/test_check.cpp S1): White king 5a, Black pawn 5c, gold in hand; G*5b.
constexpr const char* kSound1 = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

TEST(GeneratorRng, StreamsAreReproducibleAndDistinct) {
  Rng a = candidate_rng(42, 7), b = candidate_rng(42, 7), c = candidate_rng(42, 8),
      d = candidate_rng(43, 7);
  const std::uint64_t x = a.next();
  EXPECT_EQ(x, b.next());
  EXPECT_NE(x, c.next());
  EXPECT_NE(x, d.next());
  Rng r(1);
  for (int i = 0; i < 1000; ++i) {
    const int v = r.between(-2, 3);
    EXPECT_GE(v, -2);
    EXPECT_LE(v, 3);
  }
}

TEST(GeneratorCandidate, RandomCandidatesAndMutationsAreLegal) {
  const CandidateShape shape;
  int drawn = 0, mutated = 0;
  for (std::uint64_t i = 0; i < 300; ++i) {
    Rng rng = candidate_rng(5, i);
    const auto c = random_candidate(rng, shape);
    if (!c) continue;
    ++drawn;
    EXPECT_EQ(Position::validate(*c), "");
    EXPECT_EQ(c->side_to_move, Color::Black);
    const auto m = mutate(*c, rng, shape);
    if (!m) continue;
    ++mutated;
    EXPECT_EQ(Position::validate(*m), "");
    EXPECT_NE(*m, *c);
  }
  EXPECT_GT(drawn, 150);  // most draws are legal
  EXPECT_GT(mutated, 50);
}

TEST(GeneratorCandidate, RemovedPiecesGoToTheDefender) {
  const BoardSetup s = position(kSound1).setup();
  const BoardSetup no_pawn = without_piece(s, make_square(4, 2));  // 5c
  EXPECT_EQ(no_pawn.at(make_square(4, 2)), Piece::None);
  EXPECT_EQ(no_pawn.hand(Color::White).count(PieceType::Pawn), 18);
  const BoardSetup no_gold = without_hand_piece(s, PieceType::Gold);
  EXPECT_EQ(no_gold.hand(Color::Black).count(PieceType::Gold), 0);
  EXPECT_EQ(no_gold.hand(Color::White).count(PieceType::Gold), 4);
  EXPECT_EQ(piece_count(s), 2);
}

TEST(GeneratorDedup, MirrorAndFileTranslationAreTheSameProblem) {
  // The same mate one file to the left, and the mirror image of a problem off the centre.
  const auto keys = [](const std::string& sfen, const std::vector<std::string>& moves) {
    return dedup_keys(position(sfen).setup(), line(sfen, moves));
  };
  const DedupKeys centre = keys(kSound1, {"G*5b"});
  const DedupKeys shifted = keys("3k5/9/3P5/9/9/9/9/9/9 b G 1", {"G*6b"});
  const DedupKeys right = keys("6k2/9/6P2/9/9/9/9/9/9 b G 1", {"G*3b"});
  const DedupKeys left = keys("2k6/9/2P6/9/9/9/9/9/9 b G 1", {"G*7b"});
  EXPECT_EQ(centre.position, shifted.position);
  EXPECT_EQ(centre.solution, shifted.solution);
  EXPECT_EQ(right.position, left.position);
  EXPECT_EQ(right.solution, left.solution);
  // A different rank is a different problem (promotion zone, edges).
  const DedupKeys lower = keys("9/4k4/9/4P4/9/9/9/9/9 b G 1", {"G*5c"});
  EXPECT_NE(centre.position, lower.position);

  Deduplicator d;
  EXPECT_TRUE(d.insert(centre));
  EXPECT_FALSE(d.insert(shifted));
  EXPECT_TRUE(d.insert(lower));
  EXPECT_EQ(d.size(), 2u);
}

TEST(GeneratorIdea, SameEndingSameIdea) {
  const auto idea = [](const std::string& sfen, const std::string& moves) {
    std::vector<std::string> list;
    std::istringstream in(moves);
    for (std::string m; in >> m;) list.push_back(m);
    return idea_key(position(sfen), line(sfen, list));
  };
  // The same 1-ply mate in the centre, one file over, and mirrored off the centre.
  const std::string centre = idea(kSound1, "G*5b");
  EXPECT_EQ(centre, idea("3k5/9/3P5/9/9/9/9/9/9 b G 1", "G*6b"));
  EXPECT_EQ(idea("6k2/9/6P2/9/9/9/9/9/9 b G 1", "G*3b"),
            idea("2k6/9/2P6/9/9/9/9/9/9 b G 1", "G*7b"));
  // Against the edge the picture differs (squares off the board), and so does another mate.
  EXPECT_NE(centre, idea("8k/9/8P/9/9/9/9/9/9 b G 1", "G*1b"));
  EXPECT_NE(centre, idea("4k4/9/4S4/9/9/9/9/9/9 b G 1", "G*5b"));
  // Three problems of one reverse-method chain (docs/generate.md: 33, 35 and 37 plies that end
  // in the same 21 plies) share their idea; a short problem does not.
  const std::string k33 =
      idea("5+s1k1/5L2l/5b+L+rL/5+Ss+S1/6B1N/9/8+R/9/9 b 4g3n18p 1",
           "1c1b+ 2c1b L*2b 2a1a 1e2c 3d2c 1g1b 2c1b R*2a 4c2a 2b2a+ 1a2a B*3b 2a1a 3c2b 1a2b 4d3c "
           "2b1a 3c2b 1a2b 3e4d 2b3b 2d3c 3b3a 4b4a+ 3a4a S*4b 4a5b 4b5c+ 5b5a 3c4b 5a6a 5c6b");
  const std::string k35 = idea(
      "5+s1k+l/5L3/5b+L+rP/5+S1+Ss/7l+R/9/8B/9/9 b GN3g3n17p 1",
      "G*1b 1a1b 1c1b+ 2c1b L*2b 2a1a N*2c 1d2c 1e1b 2c1b R*2a 4c2a 2b2a+ 1a2a B*3b 2a1a 3c2b 1a2b "
      "4d3c 2b1a 3c2b 1a2b 1g4d 2b3b 2d3c 3b3a 4b4a+ 3a4a S*4b 4a5b 4b5c+ 5b5a 3c4b 5a6a 5c6b");
  const std::string k37 = idea("5s+Ls+b/5L1Rn/6N1k/5+S1NN/6L1s/7+Rg/8B/9/9 b 3gl18p 1",
                               "2d1b+ 2a1b N*2e 1c1d 2e1c+ 1d1c 2f1e 1f1e S*2d 1c2b 3c2a+ 1a2a "
                               "3e3c+ 2b1a 3a2a 1a2a B*3b 2a1a 3c2b 1a2b 4d3c 2b1a 3c2b 1a2b 1g4d "
                               "2b3b 2d3c+ 3b3a 4b4a+ 3a4a S*4b 4a5b 4b5c+ 5b5a 3c4b 5a6a 5c6b");
  EXPECT_EQ(k33, k35);
  EXPECT_EQ(k33, k37);
  EXPECT_NE(k33, centre);
  EXPECT_EQ(idea_id(position(kSound1), line(kSound1, {"G*5b"})).size(), 16u);
}

// Dedup by idea: with per_idea = 2 the third problem of one ending (the 1-ply mate G*5b of
// kSound1 shifted along the ranks, each a different position and line) is refused as IdeaFull
// and remembered nowhere, a duplicate stays a duplicate, another ending is admitted; keys
// without an idea are not counted, nor is anything with per_idea = 0.
TEST(GeneratorDedup, AtMostPerIdeaProblemsOfOneEnding) {
  const auto keys = [](const std::string& sfen, const std::string& move) {
    const Position start = position(sfen);
    return dedup_keys(start.setup(), line(sfen, {move}), &start);
  };
  const DedupKeys a = keys("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b");
  const DedupKeys b = keys("4k4/9/4P4/9/9/9/9/9/9 b GP 1", "G*5b");     // another position
  const DedupKeys c = keys("4k4/9/4P4/9/9/9/9/9/9 b GS 1", "G*5b");     // and another
  const DedupKeys other = keys("4k4/9/4S4/9/9/9/9/9/9 b G 1", "G*5b");  // another ending
  ASSERT_FALSE(a.idea.empty());
  EXPECT_EQ(a.idea, b.idea);
  EXPECT_EQ(a.idea, c.idea);
  EXPECT_NE(a.idea, other.idea);
  EXPECT_NE(a.position, b.position);
  using A = Deduplicator::Admission;
  Deduplicator capped(2);
  EXPECT_EQ(capped.admit(a), A::New);
  EXPECT_EQ(capped.admit(a), A::Duplicate);
  EXPECT_EQ(capped.admit(b), A::Duplicate);  // the same main line as a
  DedupKeys b2 = b;
  b2.solution += "x";  // another line, the same idea
  EXPECT_EQ(capped.admit(b2), A::New);
  DedupKeys c2 = c;
  c2.solution += "y";
  EXPECT_EQ(capped.admit(c2), A::IdeaFull);
  EXPECT_EQ(capped.admit(c2), A::IdeaFull);      // not remembered as a duplicate
  EXPECT_EQ(capped.admit(other), A::Duplicate);  // a's main line, G*5b
  DedupKeys other2 = other;
  other2.solution += "z";
  EXPECT_EQ(capped.admit(other2), A::New);
  EXPECT_EQ(capped.size(), 3u);
  DedupKeys no_idea = c2;
  no_idea.idea.clear();
  EXPECT_EQ(capped.admit(no_idea), A::New);
  Deduplicator unlimited;
  for (const DedupKeys& k : {a, b2, c2}) EXPECT_EQ(unlimited.admit(k), A::New);
}

TEST(GeneratorThemes, ReadOffHandAnalysedLines) {
  // S3 (tests/answer/test_check.cpp): 9e8c unpromoted, 9a8a, 6a7a mate.
  const std::string s3 = "k2G5/9/K8/9/N8/9/9/9/9 b - 1";
  const auto t3 = line_themes(position(s3), line(s3, {"9e8c", "9a8a", "6a7a"}));
  EXPECT_EQ(t3, (std::vector<std::string>{"non_promotion"}));
  EXPECT_EQ(replay_mate(position(s3), line(s3, {"9e8c", "9a8a", "6a7a"})), "");
  // A gold dropped next to a bare king and taken: a sacrifice (the line need not mate).
  const std::string bare = "4k4/9/9/9/9/9/9/9/9 b 2G 1";
  const auto tb = line_themes(position(bare), line(bare, {"G*5b", "5a5b"}));
  EXPECT_EQ(tb, (std::vector<std::string>{"sacrifice"}));
  EXPECT_NE(replay_mate(position(bare), line(bare, {"G*5b", "5a5b"})), "");
  // SPEC.md section 5: P*1b would mate and is forbidden (打ち歩詰め).
  const std::string pdm = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
  const auto tp = line_themes(position(pdm), line(pdm, {"1c1b+"}));
  EXPECT_EQ(tp, (std::vector<std::string>{"pawn_drop_mate_avoidance", "promotion"}));
  // The mate in 1 ends with a drop.
  EXPECT_EQ(line_themes(position(kSound1), line(kSound1, {"G*5b"})),
            (std::vector<std::string>{"drop_mate"}));
  EXPECT_EQ(replay_mate(position(kSound1), line(kSound1, {"G*5b"})), "");
}

TEST(GeneratorThemes, DifficultyGrowsWithNodes) {
  EXPECT_EQ(difficulty_grade(0), 1);
  EXPECT_EQ(difficulty_grade(1000), 4);
  EXPECT_EQ(difficulty_grade(1'000'000), 9);
  EXPECT_EQ(difficulty_grade(1ull << 40), 10);
}

GenerateOptions small_run(int threads) {
  GenerateOptions o;
  o.min_plies = 3;
  o.max_plies = 5;
  o.seed = 2026;
  o.threads = threads;
  o.count = 3;
  o.max_candidates = 48;
  o.batch = 0;
  return o;
}

std::vector<std::string> run_lines(const GenerateOptions& o,
                                   std::vector<Generated>* out = nullptr) {
  std::vector<std::string> lines;
  generate(o, [&](const Generated& g) {
    std::string text = g.id;
    text += ' ';
    text += io::to_sfen(g.position);
    text += ' ';
    text += std::to_string(g.length);
    for (const Move m : g.pv) {
      text += ' ';
      text += io::to_usi(m);
    }
    lines.push_back(std::move(text));
    if (out) out->push_back(g);
  });
  return lines;
}

// Every generated problem is checked again, independently and with larger budgets, and its main
// line is replayed by the core rules.
TEST(GeneratorRun, CompositionsAreSoundOnRecheck) {
  std::vector<Generated> problems;
  run_lines(small_run(2), &problems);
  ASSERT_FALSE(problems.empty());
  for (const Generated& g : problems) {
    SCOPED_TRACE(io::to_sfen(g.position));
    EXPECT_EQ(g.verdict, Verdict::Sound);
    EXPECT_GE(g.length, 3);
    EXPECT_LE(g.length, 5);
    test_support::expect_sound_on_recheck(g);
  }
}

// Training mode: the checker (without the piece test) finds every attacker move but the last
// unique; the accepted flaws are the ones the record lists.
TEST(GeneratorRun, TrainingProblemsHaveUniqueAttackerMovesButTheLast) {
  GenerateOptions o = small_run(2);
  o.mode = Mode::Training;
  std::vector<Generated> problems;
  run_lines(o, &problems);
  ASSERT_FALSE(problems.empty());
  for (const Generated& g : problems) {
    SCOPED_TRACE(io::to_sfen(g.position));
    CheckOptions c;
    c.limits.max_nodes = 20'000'000;
    c.step_nodes = 2'000'000;
    c.hash_megabytes = 16;
    c.test_pieces = false;
    c.pieces_needed_for_sound = false;
    const CheckResult r = check_problem(position(io::to_sfen(g.position)), c);
    ASSERT_TRUE(r.verdict == Verdict::Sound || r.verdict == Verdict::SoundWithFlaws) << r.reason;
    EXPECT_EQ(r.verdict, g.verdict);
    EXPECT_EQ(r.length, g.length);
    EXPECT_TRUE(r.cooks.empty());
    for (const Finding& f : r.flaws) {
      const bool allowed = f.kind == FindingKind::FinalMoveAlternative ||
                           f.kind == FindingKind::EqualVariation ||
                           f.kind == FindingKind::DualInVariation || f.ply == r.length - 1;
      EXPECT_TRUE(allowed) << to_string(f.kind) << " at ply " << f.ply;
    }
    EXPECT_EQ(r.flaws.size(), g.flaws.size());
    EXPECT_EQ(replay_mate(g.position, g.pv), "");
  }
}

TEST(GeneratorRun, SameSeedSameOutputWhateverTheThreadCount) {
  GenerateOptions o = small_run(1);
  o.max_plies = 3;
  o.count = 2;
  o.max_candidates = 24;
  const auto one = run_lines(o);
  EXPECT_FALSE(one.empty());
  o.threads = 2;
  EXPECT_EQ(run_lines(o), one);
  GenerateOptions four = o;
  four.threads = 4;
  EXPECT_EQ(run_lines(four), one);
  four.batch = 5;  // batches only change how much is evaluated at once
  EXPECT_EQ(run_lines(four), one);
  // On a pool the caller owns (as `tsume generate` passes its batch::Pool to every loop), run
  // after run on the same pool: the same output.
  batch::Pool pool(3);
  GenerateOptions shared = o;
  shared.pool = &pool;
  EXPECT_EQ(run_lines(shared), one);
  EXPECT_EQ(run_lines(shared), one);
}

}  // namespace
}  // namespace tsume::gen
