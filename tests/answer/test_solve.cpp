// The rule-exact answer (SPEC.md section 3) on positions with published or hand-derived answers.
#include "solver/answer/solve.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "solver/answer/main_line.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "tests/answer/answer_test_support.h"

namespace tsume {
namespace {

using answer_test::position;

SolveResult solve(const std::string& sfen, std::uint64_t max_nodes = 3'000'000,
                  std::size_t hash_mb = 16) {
  Solver solver(hash_mb);
  SearchLimits limits;
  limits.max_nodes = max_nodes;
  return solver.solve(position(sfen), limits);
}

// Replays a main line with the core rules: attacker moves are legal checks, defender moves
// legal evasions, and the final position leaves the defender no evasion that is not a futile
// drop interposition. `end`, when given, receives that final position.
void expect_line_is_legal_mate(const std::string& sfen, const SolveResult& r,
                               Position* end = nullptr) {
  Position pos = position(sfen);
  const Color attacker = pos.side_to_move();
  for (Move m : r.pv) {
    MoveList moves;
    if (pos.side_to_move() == attacker)
      generate_checks(pos, moves);
    else
      generate_evasions(pos, moves);
    ASSERT_TRUE(moves.contains(m)) << "illegal move in the main line of " << sfen;
    pos.do_move(m);
  }
  ASSERT_NE(pos.side_to_move(), attacker);
  EXPECT_TRUE(pos.in_check());
  MoveList evasions;
  generate_evasions(pos, evasions);
  for (Move m : evasions) EXPECT_TRUE(m.is_drop()) << "the defender still has a real move";
  if (end) *end = pos;
}

// The problems of problems/zukou.tsv with the given ids, in file order: SFEN, id and published
// length.
struct Published {
  std::string sfen, id;
  Plies length = -1;
};
std::vector<Published> zukou_problems(const std::vector<std::string>& ids) {
  std::ifstream in(TSUME_PROBLEMS_DIR "/zukou.tsv");
  EXPECT_TRUE(in) << "problems/zukou.tsv not found";
  std::vector<Published> found;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    Published p;
    std::string length;
    std::getline(fields, p.sfen, '\t');
    std::getline(fields, p.id, '\t');
    std::getline(fields, length, '\t');
    if (std::find(ids.begin(), ids.end(), p.id) == ids.end()) continue;
    p.length = std::stoi(length);
    found.push_back(std::move(p));
  }
  return found;
}

struct Case {
  const char* name;
  const char* sfen;
  Plies length;
};

// SPEC.md section 5, futile-interposition cases (the first one's length by hand: the tokin
// steps aside, the lance's discovered check leaves only pawn drops down the file, all futile).
const Case kFutileCases[] = {
    {"pawn_drops_down_the_file", "7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1", 1},
    {"futile_drops_not_13", "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1", 3},
    {"three_not_seven", "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 3},
    {"bishop_rook_three", "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1", 3},
    {"pinned_interposer", "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", 1},
};

class FutileInterposition : public ::testing::TestWithParam<Case> {};

TEST_P(FutileInterposition, IsNotCounted) {
  const Case& c = GetParam();
  const SolveResult r = solve(c.sfen);
  ASSERT_EQ(r.status, SolveStatus::Mate);
  EXPECT_TRUE(r.length_exact);
  EXPECT_EQ(r.length, c.length);
  EXPECT_EQ(static_cast<Plies>(r.pv.size()), r.length);
  expect_line_is_legal_mate(c.sfen, r);
}

INSTANTIATE_TEST_SUITE_P(Spec, FutileInterposition, ::testing::ValuesIn(kFutileCases),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

// Oracles independent of df-pn and of the table: plain minimax over every check and every
// evasion, no memory, repetitions on the path are not mate. With `exclude_futile`, the rule of
// docs/futile-interposition.md is applied by plain recursion: a drop on s is skipped when the
// comparison position (the checker moved to s, hands unchanged) is mated within the same budget.
bool plain_mate_within(Position& pos, Color attacker, int n, std::vector<std::uint64_t>& path,
                       bool exclude_futile = false);

Plies plain_mate_length(const std::string& sfen, Plies max_len, bool exclude_futile = false) {
  Position pos = position(sfen);
  std::vector<std::uint64_t> path;
  for (Plies n = 1; n <= max_len; n += 2)
    if (plain_mate_within(pos, pos.side_to_move(), n, path, exclude_futile)) return n;
  return kNoMate;
}

TEST(Solve, CountingEveryInterpositionMatchesPlainMinimax) {
  // SPEC.md says solvers that count futile drops along their line report 13 for the first
  // position; the exact minimax with every interposition counted is shorter, and the plain
  // minimax oracle gives it.
  const char* const positions[] = {
      "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1",
      "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1",
      "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1",
      "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1",
  };
  for (const char* sfen : positions) {
    Solver solver(16);
    SolveOptions options;
    options.exclude_futile = false;
    const SolveResult r = solver.solve(position(sfen), SearchLimits{}, options);
    ASSERT_EQ(r.status, SolveStatus::Mate) << sfen;
    EXPECT_EQ(r.length, plain_mate_length(sfen, 9)) << sfen;
    EXPECT_EQ(static_cast<Plies>(r.pv.size()), r.length) << sfen;
  }
}

bool comparison_mated_within(Position& pos, Color attacker, Square s, int n) {
  const Square from = pos.checkers().lsb();
  const PieceType pt = type_of(pos.piece_on(from));
  bool mated = false;
  pos.do_null_move();
  for (bool promote_it : {false, true}) {
    if (promote_it && !(is_promotable(pt) &&
                        (in_promotion_zone(attacker, from) || in_promotion_zone(attacker, s))))
      continue;
    if (!promote_it && is_dead_square(attacker, pt, s)) continue;
    const Move m = Move::board(from, s, promote_it);
    pos.do_move(m);
    std::vector<std::uint64_t> fresh_path;
    if (pos.in_check() && plain_mate_within(pos, attacker, n, fresh_path, true)) mated = true;
    pos.undo_move(m);
    if (mated) break;
  }
  pos.undo_null_move();
  return mated;
}

bool plain_mate_within(Position& pos, Color attacker, int n, std::vector<std::uint64_t>& path,
                       bool exclude_futile) {
  const std::uint64_t key = pos.key();
  if (std::find(path.begin(), path.end(), key) != path.end()) return false;
  const bool attacker_node = pos.side_to_move() == attacker;
  if (attacker_node && n < 1) return false;
  MoveList moves;
  if (attacker_node)
    generate_checks(pos, moves);
  else
    generate_evasions(pos, moves);
  if (!attacker_node && moves.empty()) return true;
  path.push_back(key);
  bool result = !attacker_node;
  for (Move m : moves) {
    if (exclude_futile && !attacker_node && m.is_drop() &&
        comparison_mated_within(pos, attacker, m.to(), n))
      continue;
    pos.do_move(m);
    const bool mate = plain_mate_within(pos, attacker, n - 1, path, exclude_futile);
    pos.undo_move(m);
    if (attacker_node && mate) {
      result = true;
      break;
    }
    if (!attacker_node && !mate) {
      result = false;
      break;
    }
  }
  path.pop_back();
  return result;
}

TEST(Solve, ExcludingFutileInterpositionsMatchesPlainMinimax) {
  for (const Case& c : kFutileCases) {
    const SolveResult r = solve(c.sfen);
    EXPECT_EQ(r.length, plain_mate_length(c.sfen, 11, true)) << c.name;
  }
}

TEST(Solve, HandMadeNoMatePositionsAreDisproven) {
  for (const char* sfen : answer_test::kNoMatePositions) {
    auto p = io::read_position(sfen);
    ASSERT_TRUE(p.ok()) << sfen;
    const SolveResult r = solve(sfen);
    EXPECT_EQ(r.status, SolveStatus::NoMate) << sfen;
  }
}

// Problems of the bundled 図巧 collection with their published lengths, small enough for the
// default suite. zukou-020 (37 plies): a variation of the surplus tie-break reaches a defender
// node where only futile drops are left and their comparison position gives the node its length
// (the drop and its capture not counted); the line must go on through one of them.
TEST(Solve, ZukouProblemsHaveThePublishedLength) {
  int checked = 0;
  for (const auto& [sfen, id, length] : zukou_problems({"zukou-002", "zukou-005", "zukou-020"})) {
    const SolveResult r = solve(sfen, 4'000'000, 64);
    ASSERT_EQ(r.status, SolveStatus::Mate) << id;
    EXPECT_TRUE(r.length_exact) << id;
    EXPECT_EQ(r.length, length) << id;
    expect_line_is_legal_mate(sfen, r);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

TEST(Solve, HashSizeDoesNotChangeTheAnswer) {
  const char* sfen = "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1";
  const SolveResult small = solve(sfen, 3'000'000, 1);
  const SolveResult large = solve(sfen, 3'000'000, 64);
  EXPECT_EQ(small.status, large.status);
  EXPECT_EQ(small.length, large.length);
  EXPECT_EQ(small.pv, large.pv);
}

TEST(Solve, EarlierProblemsLeaveNothingBehind) {
  Solver solver(16);
  const Position a = position("9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1");
  const Position b = position("9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1");
  const SolveResult first = solver.solve(b, SearchLimits{});
  solver.solve(a, SearchLimits{});
  const SolveResult again = solver.solve(b, SearchLimits{});
  EXPECT_EQ(first.length, again.length);
  EXPECT_EQ(first.pv, again.pv);
  EXPECT_EQ(first.nodes, again.nodes);
}

TEST(Solve, AGrowingTableSearchesAsTheWholeTable) {
  // The table grows with use (tt.h); a table mapped whole from the start (fault_in) is the
  // reference: every answer, line and node count the same, on 図巧 problems whose searches fill
  // a 4 MB table (so entries are replaced in both), one after another in one solver each.
  const auto problems = zukou_problems({"zukou-002", "zukou-005", "zukou-020"});
  ASSERT_EQ(problems.size(), 3u);
  Solver growing(4), whole(4);
  whole.fault_in_table();
  for (const auto& p : problems) {
    SearchLimits limits;
    limits.max_nodes = 2'000'000;
    const SolveResult a = growing.solve(position(p.sfen), limits);
    const SolveResult b = whole.solve(position(p.sfen), limits);
    EXPECT_EQ(a.status, b.status) << p.id;
    EXPECT_EQ(a.length, b.length) << p.id;
    EXPECT_EQ(a.length_exact, b.length_exact) << p.id;
    EXPECT_EQ(a.pv, b.pv) << p.id;
    EXPECT_EQ(a.nodes, b.nodes) << p.id;
  }
}

TEST(Solve, ANodeLimitGivesUnknown) {
  const SolveResult r =
      solve("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1", 100);
  EXPECT_EQ(r.status, SolveStatus::Unknown);
}

TEST(Solve, TheDefenderAvoidsLinesThatEndWithSurplus) {
  // SPEC.md section 3: among equally long replies the defender takes one after which the
  // attacker ends with an empty hand. 将棋図巧 problems are sound compositions (no surplus, 駒余り,
  // in the published solutions); each of these has equally long replies on its main line that
  // would end with pieces in hand (a first-found reply leaves 桂歩二 after #2, 香 after #22).
  int checked = 0;
  for (const auto& [sfen, id, length] :
       zukou_problems({"zukou-002", "zukou-018", "zukou-022", "zukou-092"})) {
    SCOPED_TRACE(id);
    ++checked;
    const SolveResult r = solve(sfen, 3'000'000);
    ASSERT_EQ(r.status, SolveStatus::Mate);
    EXPECT_EQ(r.length, length);
    Position pos = position(sfen.c_str());
    const Color attacker = pos.side_to_move();
    for (Move m : r.pv) pos.do_move(m);
    MoveList evasions;
    generate_evasions(pos, evasions);
    EXPECT_TRUE(evasions.empty()) << "the main line does not end in mate";
    EXPECT_TRUE(pos.hand(attacker).empty()) << "the main line ends with surplus";
  }
  EXPECT_EQ(checked, 4);
}

// At a defender node the solver classifies the evasions only up to the first defence that
// nothing can beat (main_line.h, LineChoice::variations off); classifying every one of them, as
// the checker's walk does, must give the same line. Each of these problems has equally long
// replies on its main line, some of which end with surplus (the test above), and zukou-020 has
// a node where only futile drops are left.
TEST(Solve, ClassifyingEveryDefenceGivesTheSameLine) {
  int checked = 0;
  for (const auto& [sfen, id, length] :
       zukou_problems({"zukou-002", "zukou-018", "zukou-020", "zukou-022", "zukou-092"})) {
    SCOPED_TRACE(id);
    ++checked;
    const SolveResult r = solve(sfen, 4'000'000, 64);
    ASSERT_EQ(r.status, SolveStatus::Mate);
    ASSERT_TRUE(r.length_exact);
    const Position root = position(sfen);
    TranspositionTable table(64);
    SearchLimits limits;
    limits.max_nodes = 4'000'000;
    const SearchSteps steps{
        [&] { return std::make_unique<BudgetedSearch>(table, limits, root.side_to_move()); },
        [](const BudgetedSearch&) {}};
    SurplusGame game;
    const MainLine every = follow_main_line<ShogiRules>(
        root, r.length, game, {}, steps, {.attacker_tie_break = true, .variations = true});
    EXPECT_TRUE(every.complete);
    EXPECT_TRUE(every.undecided.empty());
    EXPECT_EQ(every.moves, r.pv);
  }
  EXPECT_EQ(checked, 5);
}

TEST(Solve, TheAttackerPrefersAMateThatEndsWithSurplus) {
  // SPEC.md section 3: among equally short mates the attacker takes one that ends with pieces in
  // its hand. By hand: White king 1a, pawn 1f, nothing in hand; Black gold 3b (covers 2a and 2b),
  // knight 3d (covers 2b), dragon 3f, nothing in hand. The king is not in check; 1b is its only
  // free square. The checks:
  // - 3b2a: the gold on 2a is unprotected, the king takes it;
  // - 3b2b: protected by the knight, covers 1b and 2a: mate, the hand empty;
  // - 3d2b+ (a knight must promote on 2b): protected by the gold, covers 1b and 2a: mate, the
  //   hand empty;
  // - 3f1f, the dragon takes the pawn: checks down the empty file (1b is on the line, 2a and 2b
  //   are the gold's); White has nothing to interpose: mate, with the pawn in hand.
  // No other check exists (no drops, no discovered check; no other square of the dragon reaches
  // the king). Three mates in 1; only 3f1f ends with surplus, so it is the main line (a
  // first-found choice would take a gold or knight mate, which come first in generation order).
  auto p = io::read_position("8k/6G2/9/6N2/9/6+R1p/9/9/9 b - 1", io::DefenderHand::AsGiven);
  ASSERT_TRUE(p.ok());
  Solver solver(16);
  SearchLimits limits;
  limits.max_nodes = 100'000;
  const SolveResult r = solver.solve(p.value(), limits);
  ASSERT_EQ(r.status, SolveStatus::Mate);
  EXPECT_TRUE(r.length_exact);
  EXPECT_EQ(r.length, 1);
  ASSERT_EQ(r.pv.size(), 1u);
  EXPECT_EQ(io::to_usi(r.pv[0]), "3f1f");
}

TEST(Solve, ALimitNeverGivesAnUnfinishedMainLineAsExact) {
  // zukou-002 (21 plies): node limits below what the whole answer takes stop the length
  // minimisation or the main line. Whatever they stop, an answer given as exact is the unlimited
  // one, and otherwise the length is only an upper bound.
  const char* sfen = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";
  const SolveResult full = solve(sfen);
  ASSERT_EQ(full.status, SolveStatus::Mate);
  ASSERT_TRUE(full.length_exact);
  ASSERT_EQ(full.length, 21);
  EXPECT_EQ(full.length_min, 21);
  int cut_after_the_length = 0;  // limits that let the length finish but not its main line
  int settled_length = 0;        // of those, the ones that give the length as settled
  for (int k = 10; k < 20; ++k) {
    const std::uint64_t limit = full.nodes * static_cast<std::uint64_t>(k) / 20;
    SCOPED_TRACE(limit);
    const SolveResult r = solve(sfen, limit);
    if (r.status != SolveStatus::Mate) continue;
    // No mate is shorter than length_min: never above the published 21.
    EXPECT_GE(r.length_min, 1);
    EXPECT_LE(r.length_min, 21);
    EXPECT_EQ(r.length_min % 2, 1);
    if (r.length_exact) {
      EXPECT_EQ(r.length, full.length);
      EXPECT_EQ(r.length_min, r.length);
      EXPECT_EQ(r.pv, full.pv);
    } else {
      EXPECT_GE(r.length, full.length);
      if (r.length == full.length) ++cut_after_the_length;
      if (r.length_min == r.length) ++settled_length;
    }
  }
  // One thread searches the same nodes whatever the limit, so a limit after the length search's
  // last question and before the end of the main line gives the length as settled.
  EXPECT_GT(settled_length, 0);
  // The main line takes a good part of the nodes here (the attacker's tie-break classifies every
  // check at the root), so some of these limits fall inside it.
  EXPECT_GT(cut_after_the_length, 0);
}

TEST(Solve, AnswerFirstGivesALineOfAMateNoShorterThanThePublishedLength) {
  // --answer first: the first mate proven, its length an upper bound of the exact one (the
  // published length), with a line that is a mate: legal checks and evasions to a position
  // without any evasion. With a 1 MB table the proof's entries are replaced before the line is
  // read (the line's nodes show the re-proofs), with 64 MB mostly not; both give a mate.
  int checked = 0;
  for (const auto& [sfen, id, length] :
       zukou_problems({"zukou-002", "zukou-003", "zukou-010", "zukou-022", "zukou-064"})) {
    for (std::size_t hash_mb : {1, 64}) {
      SCOPED_TRACE(id + " " + std::to_string(hash_mb) + " MB");
      Solver solver(hash_mb);
      const SolveResult r =
          solver.solve(position(sfen), SearchLimits{}, {.answer = AnswerMode::First});
      ASSERT_EQ(r.status, SolveStatus::Mate);
      EXPECT_FALSE(r.length_exact);
      EXPECT_GE(r.length, length);
      EXPECT_EQ(r.length_min, -1);  // no length search asked
      ASSERT_FALSE(r.pv.empty());
      Position end;
      ASSERT_NO_FATAL_FAILURE(expect_line_is_legal_mate(sfen, r, &end));
      MoveList evasions;
      generate_evasions(end, evasions);
      EXPECT_TRUE(evasions.empty()) << "the line does not end in mate";
    }
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

TEST(Solve, TheFirstMateIsReportedBeforeTheExactAnswer) {
  // zukou-003 (45 plies published): the first mate found is longer; the callback sees it with
  // its line before the exact answer, which then comes with the published length.
  const char* sfen =
      "2p1g+P3/1P1p1pp2/l1P1g1S+r1/P1B1P1+p2/1p3l3/1kN6/9/2+B6/1r7 b GS2N2Pg2sn2l5p 1";
  Solver solver(64);
  std::vector<SolveResult> firsts;
  solver.on_first_mate([&](const SolveResult& r) { firsts.push_back(r); });
  const SolveResult r = solver.solve(position(sfen), SearchLimits{});
  ASSERT_EQ(firsts.size(), 1u);
  EXPECT_EQ(firsts[0].status, SolveStatus::Mate);
  EXPECT_FALSE(firsts[0].length_exact);
  EXPECT_GT(firsts[0].length, 45);
  EXPECT_FALSE(firsts[0].pv.empty());
  ASSERT_EQ(r.status, SolveStatus::Mate);
  EXPECT_TRUE(r.length_exact);
  EXPECT_EQ(r.length, 45);
  EXPECT_LT(firsts[0].nodes, r.nodes);
}

TEST(Solve, ACertificationBudgetKeepsTheFirstMate) {
  // zukou-003 (45 plies published): the first mate takes some 20,000 nodes, the certification
  // many more. With 1,000 nodes for the certification the answer is a mate found (its length an
  // upper bound, with its line); with no budget of its own, the exact 45.
  const char* sfen =
      "2p1g+P3/1P1p1pp2/l1P1g1S+r1/P1B1P1+p2/1p3l3/1kN6/9/2+B6/1r7 b GS2N2Pg2sn2l5p 1";
  Solver solver(64);
  const SolveResult cut = solver.solve(position(sfen), SearchLimits{}, {.certify_nodes = 1'000});
  ASSERT_EQ(cut.status, SolveStatus::Mate);
  EXPECT_FALSE(cut.length_exact);
  EXPECT_GE(cut.length, 45);  // the descent may prove shorter mates, not disprove 43
  EXPECT_LE(cut.length_min, 45);
  EXPECT_FALSE(cut.pv.empty());
  EXPECT_LE(cut.nodes, cut.proof_nodes + 1'000 + 1'024);
  const SolveResult full = solver.solve(position(sfen), SearchLimits{}, {.certify_nodes = 0});
  ASSERT_EQ(full.status, SolveStatus::Mate);
  EXPECT_TRUE(full.length_exact);
  EXPECT_EQ(full.length, 45);
  EXPECT_EQ(full.length_min, 45);
}

TEST(Solve, ACutAnswerShowsALineOfTheShorterMateTheLengthSearchProved) {
  // zukou-003 again on one thread: the first mate found is longer than 45 plies, and the length
  // search's first question proves a shorter one within a few thousand nodes. Cut there, the
  // answer's length is that shorter mate's, and its line is one of that mate read from the table
  // (the budget spent, no search again), not the first mate's longer line: no shorter than the
  // length reported (its replies the longest the table knows) and a mate.
  const char* sfen =
      "2p1g+P3/1P1p1pp2/l1P1g1S+r1/P1B1P1+p2/1p3l3/1kN6/9/2+B6/1r7 b GS2N2Pg2sn2l5p 1";
  Solver solver(64);
  solver.set_threads(1);
  std::vector<SolveResult> firsts;
  solver.on_first_mate([&](const SolveResult& r) { firsts.push_back(r); });
  const SolveResult cut = solver.solve(position(sfen), SearchLimits{}, {.certify_nodes = 10'000});
  ASSERT_EQ(firsts.size(), 1u);
  ASSERT_EQ(cut.status, SolveStatus::Mate);
  EXPECT_FALSE(cut.length_exact);
  ASSERT_LT(cut.length, firsts[0].length);  // the length search proved a shorter mate
  EXPECT_LT(cut.pv.size(), firsts[0].pv.size());
  EXPECT_GE(static_cast<Plies>(cut.pv.size()), cut.length);
  expect_line_is_legal_mate(sfen, cut);
}

TEST(Solve, EachShorterMateTheLengthSearchProvesIsShown) {
  // zukou-003 (45 plies published, certified by the whole solve): the first mate found is
  // longer, and the length search proves shorter mates on its way down to 45. Each is shown
  // once, shorter than the one before, with a line that is a mate of at least its length.
  const char* sfen =
      "2p1g+P3/1P1p1pp2/l1P1g1S+r1/P1B1P1+p2/1p3l3/1kN6/9/2+B6/1r7 b GS2N2Pg2sn2l5p 1";
  Solver solver(64);
  solver.set_threads(1);
  std::vector<SolveResult> firsts, shorter;
  solver.on_first_mate([&](const SolveResult& r) { firsts.push_back(r); });
  solver.on_shorter_mate([&](const SolveResult& r) { shorter.push_back(r); });
  const SolveResult r = solver.solve(position(sfen), SearchLimits{});
  ASSERT_EQ(r.status, SolveStatus::Mate);
  ASSERT_TRUE(r.length_exact);
  EXPECT_EQ(r.length, 45);
  ASSERT_EQ(firsts.size(), 1u);
  ASSERT_GT(firsts[0].length, 45);
  ASSERT_FALSE(shorter.empty());
  Plies before = firsts[0].length;
  for (const SolveResult& s : shorter) {
    EXPECT_EQ(s.status, SolveStatus::Mate);
    EXPECT_FALSE(s.length_exact);
    EXPECT_LT(s.length, before);
    EXPECT_GE(s.length, 45);
    EXPECT_GE(static_cast<Plies>(s.pv.size()), s.length);
    expect_line_is_legal_mate(sfen, s);
    before = s.length;
  }
}

}  // namespace
}  // namespace tsume
