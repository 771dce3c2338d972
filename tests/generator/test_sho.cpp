// The generator under sho shogi's rules (docs/sho.md, docs/generate.md): board-only candidates
// that are legal sho positions, generated problems re-solved and re-checked from their SFEN read
// back under sho rules, and the same output for the same seed whatever the thread count.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/candidate.h"
#include "generator/generator.h"
#include "generator/rng.h"
#include "generator/themes.h"
#include "solver/answer/check.h"
#include "solver/answer/solve.h"
#include "solver/io/sfen.h"

namespace tsume::gen {
namespace {

// What the sho rules allow a candidate: empty hands, one elephant or crown prince a side at
// most (Position::validate), a White king, no Black royal (the attacker has no king in tsume,
// and the generator gives it no crown prince).
void expect_legal_sho_candidate(const BoardSetup& s) {
  EXPECT_EQ(s.variant, Variant::Sho);
  EXPECT_EQ(Position::validate(s), "");
  EXPECT_EQ(s.side_to_move, Color::Black);
  EXPECT_TRUE(s.hand(Color::Black).empty());
  EXPECT_TRUE(s.hand(Color::White).empty());
  int white_kings = 0;
  for (Piece p : s.board) {
    if (p == Piece::None) continue;
    if (color_of(p) == Color::Black) {
      EXPECT_FALSE(is_royal(type_of(p)));
    } else if (type_of(p) == PieceType::King) {
      ++white_kings;
    }
  }
  EXPECT_EQ(white_kings, 1);
}

TEST(GeneratorSho, CandidatesAndMutationsAreLegalBoardOnlyShoPositions) {
  CandidateShape shape;
  shape.variant = Variant::Sho;
  shape.min_attackers = 2;
  shape.max_attackers = 4;
  shape.min_hand = shape.max_hand = 0;
  int drawn = 0, mutated = 0, attacker_elephants = 0, defender_elephants = 0, princes = 0;
  for (std::uint64_t i = 0; i < 400; ++i) {
    Rng rng = candidate_rng(9, i);
    std::optional<BoardSetup> c = random_candidate(rng, shape);
    if (!c) continue;
    ++drawn;
    expect_legal_sho_candidate(*c);
    // A chain of mutations, as the hill climbing makes them (half of them after a cook).
    for (int step = 0; step < 12; ++step) {
      const auto m = mutate(*c, rng, shape, step % 2 ? MutationBias::Tighten : MutationBias::Any);
      if (!m) continue;
      ++mutated;
      expect_legal_sho_candidate(*m);
      EXPECT_NE(*m, *c);
      c = m;
    }
    for (Piece p : c->board) {
      attacker_elephants += p == make_piece(Color::Black, PieceType::Elephant);
      defender_elephants += p == make_piece(Color::White, PieceType::Elephant);
      princes += p == make_piece(Color::White, PieceType::Prince);
    }
  }
  EXPECT_GT(drawn, 150);  // about half the draws are legal
  EXPECT_GT(mutated, 1000);
  // The sho pieces do occur, on both sides.
  EXPECT_GT(attacker_elephants, 0);
  EXPECT_GT(defender_elephants, 0);
  EXPECT_GT(princes, 0);
}

TEST(GeneratorSho, RemovedPiecesLeaveTheGame) {
  auto p = io::read_position("4k4/9/4G4/9/4L4/9/9/9/9 b - 1", io::DefenderHand::RestIfEmpty, {}, 0,
                             KingRule::DefenderKing, Variant::Sho);
  ASSERT_TRUE(p.ok());
  const BoardSetup s = p.value().setup();
  const BoardSetup no_lance = without_piece(s, make_square(4, 4));  // 5e
  EXPECT_EQ(no_lance.at(make_square(4, 4)), Piece::None);
  EXPECT_TRUE(no_lance.hand(Color::White).empty());
  EXPECT_EQ(Position::validate(no_lance), "");
  EXPECT_EQ(piece_count(no_lance), 1);
}

GenerateOptions sho_run(int threads) {
  GenerateOptions o;
  o.variant = Variant::Sho;
  o.min_plies = 3;
  o.max_plies = 5;
  o.seed = 7;
  o.threads = threads;
  o.count = 3;
  o.max_candidates = 96;
  return o;
}

std::vector<std::string> run_lines(const GenerateOptions& o,
                                   std::vector<Generated>* out = nullptr) {
  std::vector<std::string> lines;
  generate(o, [&](const Generated& g) {
    std::string text = g.id + ' ' + io::to_sfen(g.position) + ' ' + std::to_string(g.length);
    for (const Move m : g.pv) text += ' ' + io::to_usi(m);
    lines.push_back(std::move(text));
    if (out) out->push_back(g);
  });
  return lines;
}

// Each problem is read back from its SFEN under sho rules (as `tsume check --rules sho` would),
// then solved by a fresh solver and checked by a fresh checker with budgets far above the
// generator's.
TEST(GeneratorSho, CompositionsAreLegalAndSoundOnRecheck) {
  std::vector<Generated> problems;
  run_lines(sho_run(2), &problems);
  ASSERT_FALSE(problems.empty());
  for (const Generated& g : problems) {
    const std::string sfen = io::to_sfen(g.position);
    SCOPED_TRACE(sfen);
    EXPECT_EQ(g.verdict, Verdict::Sound);
    EXPECT_GE(g.length, 3);
    EXPECT_LE(g.length, 5);
    expect_legal_sho_candidate(g.setup);
    EXPECT_NE(sfen.find(" b - "), std::string::npos);  // no hands
    auto read = io::read_position(sfen, io::DefenderHand::RestIfEmpty, {}, 0,
                                  KingRule::DefenderKing, Variant::Sho);
    ASSERT_TRUE(read.ok()) << read.error().message();
    const Position pos = read.value();
    EXPECT_EQ(pos.variant(), Variant::Sho);
    EXPECT_EQ(pos.setup(), g.setup);

    Solver solver(16);
    const SolveResult s = solver.solve(pos, SearchLimits{20'000'000, 0, nullptr});
    ASSERT_EQ(s.status, SolveStatus::Mate);
    EXPECT_TRUE(s.length_exact);
    EXPECT_EQ(s.length, g.length);

    CheckOptions c;
    c.limits.max_nodes = 20'000'000;
    c.step_nodes = 2'000'000;
    c.hash_megabytes = 16;
    const CheckResult r = check_problem(pos, c);
    EXPECT_EQ(r.verdict, Verdict::Sound) << r.reason;
    EXPECT_EQ(r.length, g.length);
    EXPECT_EQ(r.main_line, g.pv);
    EXPECT_EQ(replay_mate(pos, g.pv), "");
  }
}

TEST(GeneratorSho, SameSeedSameOutputWhateverTheThreadCount) {
  GenerateOptions o = sho_run(1);
  o.max_plies = 3;
  o.count = 2;
  o.max_candidates = 32;
  const auto one = run_lines(o);
  EXPECT_FALSE(one.empty());
  EXPECT_EQ(run_lines(o), one);  // the same run again
  o.threads = 2;
  EXPECT_EQ(run_lines(o), one);
  o.batch = 5;  // batches only change how much is evaluated at once
  EXPECT_EQ(run_lines(o), one);
}

}  // namespace
}  // namespace tsume::gen
