// Sho shogi mating problems (problems/sho.tsv, composed for this project) against an independent
// brute force: the naive reference rules (tests/core/reference_rules.h) and a plain minimax mate
// search on them (tests/core/reference_mate.h), which share no code with solver/core, search or
// answer. The brute force recomputes each length from the file and verifies its main line; the
// solver (solve.h) and the soundness checker (check.h) must then agree with it.
//
// Sho conventions (SPEC.md section 7): no drops, a captured piece leaves the game; a side with
// king and crown prince is not bound by check; the attacker checks at every move ("a royal of the
// defender is attacked afterwards"); mate = in check with no legal move. Without drops no
// interposition is futile, so the brute force needs no futility rule.
//
// What each problem shows (each main line is the brute force's, analysed by hand below):
// - sho-001 (1): the elephant promotes with check, 3c2b+. The prince's step straight back covers
//   2c; the unpromoted elephant (3c2b) lacks it and the king escapes to 2c.
// - sho-002 (1): an elephant that cannot step straight back. 3a2a: the gold, guarded by the
//   rook along rank a, checks the king on 1a; 1b is the pawn's; White's elephant on 2b would
//   take 2a with a straight step back, which it does not have. With a gold on 2b there is no
//   mate in 1 (checked below).
// - sho-003 (3), sho-006 (5): a lone crown prince (White has no king) mated like a king.
// - sho-004 (3): king and prince. The lance takes the prince on 1c and from there checks the
//   king on 1a along the file (a capture of one royal is a check because the other is then
//   attacked); the king must go to 2a (2b is the gold's); 3c3b mates, guarded by the lance on
//   3e through the square the gold left.
// - sho-005 (3): an elephant that promotes as a defence. After the dragon's 9e9a the king has no
//   square and nothing can take or block, but promoting the elephant (1f1g+ or 1f2g+) makes a
//   second royal, which is not bound by check. Black then takes the new prince with the gold
//   from 2h (it reaches both 1g and 2g) while the dragon still attacks the king: mate. Without
//   that gold there is no mate (checked below).
// - sho-007 (5): an ordinary sho mate with a silver sacrifice (the king takes it).
// - sho-008 (5): the elephant as an attacking piece: the gold sacrifice on 1b draws the king,
//   the elephant steps to 2c (promoting or not) and mates on 2b, guarded by the dragon on
//   file 2.
// - sho-009 (7): captures remove pieces for good. The defender takes twice (the gold on 2a takes
//   the gold on 1b, the king takes the horse on 1b) and the pieces leave the game, so the
//   attacker needs 7 plies; under modern-shogi rules the same board mates in 5, since the
//   captured pieces come back as drops (checked below with the reference rules).
// - sho-010 (7): an ordinary sho mate: the horse (on 2a) and the lance (promoting on 3b) are
//   sacrificed to the king, the bishop promotes on 3a and mates on 4b; the elephant on 4e
//   guards 3d 4d 5d.
// - sho-011 (3): sho-004 with king and prince swapped: the lance takes the king with check on the
//   prince, which is then mated alone on 2a, exactly as the king was.
// - sho-013 (9): the bishop is sacrificed on 1b (promoting), the lance steps to 3a promoting
//   and uncovers the rook's check along rank b, the new gold is sacrificed on 2a, the horse
//   from 1d checks from 3b and mates on 2b, guarded by the rook. Every captured piece is gone.
// - sho-012 (7): an ordinary sho mate: the horse is sacrificed on 3c (the knight takes it, and it
//   is gone for good), the rook promotes on 4a and the dragon drives the king to 1c and mates
//   on 2b.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "solver/answer/check.h"
#include "solver/answer/solve.h"
#include "solver/io/sfen.h"
#include "tests/core/reference_mate.h"
#include "tests/core/reference_rules.h"
#include "tests/core/test_support.h"

namespace tsume {
namespace {

namespace ref = test::reference;
using test::usi;

Position sho_position(const std::string& sfen) {
  auto pos = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::DefenderKing,
                               Variant::Sho);
  if (!pos) throw test::TestInputError("bad sho SFEN '" + sfen + "': " + pos.error().message());
  return std::move(pos.value());
}

std::vector<test::Problem> sho_problems() {
  return test::read_problems(std::string(TSUME_PROBLEMS_DIR) + "/sho.tsv");
}

std::vector<Move> moves_of(const test::Problem& p) {
  std::vector<Move> out;
  for (const std::string& t : p.main_line) out.push_back(usi(t));
  return out;
}

// The ply limit of the brute force: every problem is at most 9 plies.
constexpr int kMaxPlies = 11;

// Replays `line` from `root` under the reference rules and says what is wrong, if anything: every
// attacker move a checking move that keeps a mate within the plies left, every defender move a
// legal move that resists longest (exactly the plies left minus one), and the end a mate.
std::string bad_line(const BoardSetup& root, const std::vector<Move>& line, int length,
                     ref::MateSearch& search) {
  BoardSetup s = root;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const int left = length - static_cast<int>(i);  // plies to mate before move i
    const Move m = line[i];
    const std::string where = "move " + std::to_string(i + 1) + " " + test::to_text(m);
    if (i % 2 == 0) {
      const auto checks = ref::checking_moves(s);
      if (std::find(checks.begin(), checks.end(), m) == checks.end())
        return where + ": not a checking move";
      if (search.defence_length(ref::play(s, m), left - 1) != left - 1)
        return where + ": does not mate in " + std::to_string(left);
    } else {
      const auto legal = ref::legal_moves(s);
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) return where + ": illegal";
      if (search.mate_length(ref::play(s, m), left - 1) != left - 1)
        return where + ": not a longest defence";
    }
    s = ref::play(s, m);
  }
  if (static_cast<int>(line.size()) != length) return "the line has the wrong length";
  if (!ref::in_check(s, s.side_to_move) || !ref::legal_moves(s).empty())
    return "the line does not end in mate";
  return {};
}

TEST(ShoProblems, TheFileHoldsLegalShoProblems) {
  const auto problems = sho_problems();
  ASSERT_GE(problems.size(), 12u);
  std::set<std::string> ids;
  for (const auto& p : problems) {
    EXPECT_TRUE(ids.insert(p.id).second) << "repeated id " << p.id;
    EXPECT_EQ(p.id.rfind("sho-", 0), 0u) << p.id;
    const Position pos = sho_position(p.sfen);  // legal under sho rules, defender royal present
    EXPECT_TRUE(pos.hand(Color::Black).empty() && pos.hand(Color::White).empty()) << p.id;
    EXPECT_GE(pos.royal_count(~pos.side_to_move()), 1) << p.id;
    EXPECT_EQ(static_cast<int>(p.main_line.size()), p.length) << p.id;
  }
}

// (a) The brute force: the length of each problem and that the main line is a line of it.
TEST(ShoProblems, BruteForceConfirmsLengthAndMainLine) {
  for (const auto& p : sho_problems()) {
    SCOPED_TRACE(p.id);
    const BoardSetup root = sho_position(p.sfen).setup();
    ref::MateSearch search;
    EXPECT_EQ(search.mate_length(root, kMaxPlies), p.length);
    EXPECT_EQ(bad_line(root, moves_of(p), p.length, search), "");
  }
}

// The problems composed as unique: at every attacker node of the main line exactly one check
// mates in the plies left (promotion variants included), and no other check mates within 4
// plies more (a short look at "cooks at any length", which the checker decides in full).
TEST(ShoProblems, BruteForceFindsOneMatingMoveAtEachAttackerNode) {
  const std::set<std::string> unique{"sho-001", "sho-002", "sho-003", "sho-004",
                                     "sho-005", "sho-006", "sho-007", "sho-009",
                                     "sho-010", "sho-011", "sho-012", "sho-013"};
  for (const auto& p : sho_problems()) {
    if (!unique.count(p.id)) continue;
    SCOPED_TRACE(p.id);
    BoardSetup s = sho_position(p.sfen).setup();
    ref::MateSearch search;
    const auto line = moves_of(p);
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i % 2 == 0) {
        const int left = p.length - static_cast<int>(i);
        EXPECT_EQ(search.mating_moves(s, left), std::vector<Move>{line[i]}) << "ply " << i;
        if (left > 1) {
          EXPECT_EQ(search.mating_moves(s, left + 4).size(), 1u) << "ply " << i;
        }
      }
      s = ref::play(s, line[i]);
    }
  }
}

// (b) Our solver: a mate of exactly the file's length, with a main line that the reference rules
// accept as a longest-resistance shortest mate (defender ties in the last two plies may pick
// another line than the file's, so lines are checked rather than compared).
TEST(ShoProblems, SolverAgreesWithTheBruteForce) {
  for (const auto& p : sho_problems()) {
    SCOPED_TRACE(p.id);
    const Position pos = sho_position(p.sfen);
    Solver solver(16);
    SearchLimits limits;
    limits.max_nodes = 2'000'000;
    const SolveResult r = solver.solve(pos, limits);
    ASSERT_EQ(r.status, SolveStatus::Mate);
    EXPECT_TRUE(r.length_exact);
    EXPECT_EQ(r.length, p.length);
    ref::MateSearch search;
    EXPECT_EQ(bad_line(pos.setup(), r.pv, p.length, search), "");
  }
}

// (c) The checker's verdict, as derived with the brute force: SOUND where the composition is
// unique (the test above) and every piece is needed (each taken off in turn changes the brute
// force's length or main line, or lets another check mate). Two problems have one flaw each:
// - sho-008: the elephant may step to 2c with or without promotion (2d2c and 2d2c+ both mate in
//   3 more plies: the prince's extra step straight back is not needed), a promotion
//   non-limitation (非限定) at ply 2.
// - sho-012: the king's last move has two equal answers (1b1c and 1b1a, ignored as a variation
//   in the last two plies); after 1b1a both 3b2b and 2c2b+ mate, a final-move alternative
//   (最終手余詰) at ply 6, which the checker finds when its main line takes 1b1a.
void expect_derived_verdict(const test::Problem& p) {
  SCOPED_TRACE(p.id);
  CheckOptions o;
  o.limits.max_nodes = 5'000'000;
  o.step_nodes = 200'000;
  o.hash_megabytes = 8;
  if (p.id == "sho-013") {
    // One alternative at ply 6 (4b3b+) needs about 1.5 M nodes to disprove.
    o.limits.max_nodes = 10'000'000;
    o.step_nodes = 3'000'000;
    o.hash_megabytes = 32;
  }
  const CheckResult r = check_problem(sho_position(p.sfen), o);
  EXPECT_EQ(r.length, p.length);
  if (p.id == "sho-008" || p.id == "sho-012") {
    EXPECT_EQ(r.verdict, Verdict::SoundWithFlaws) << r.reason;
    ASSERT_EQ(r.flaws.size(), 1u);
    EXPECT_EQ(r.flaws[0].kind,
              p.id == "sho-008" ? FindingKind::NonLimitation : FindingKind::FinalMoveAlternative);
    EXPECT_EQ(r.flaws[0].ply, p.id == "sho-008" ? 2 : 6);
  } else {
    EXPECT_EQ(r.verdict, Verdict::Sound) << r.reason;
  }
}

TEST(ShoProblems, CheckerGivesTheDerivedVerdict) {
  for (const auto& p : sho_problems())
    if (p.id != "sho-013") expect_derived_verdict(p);
}

// The longest problem on its own (the checker's most expensive one, about 3 M nodes).
TEST(ShoProblems, CheckerGivesTheDerivedVerdictOnTheNinePlyProblem) {
  for (const auto& p : sho_problems())
    if (p.id == "sho-013") expect_derived_verdict(p);
}

// The themes that the comment at the top claims, checked with the reference rules.
TEST(ShoProblems, ThemesHold) {
  std::vector<test::Problem> all = sho_problems();
  auto find = [&](const std::string& id) {
    const auto it = std::find_if(all.begin(), all.end(), [&](const auto& p) { return p.id == id; });
    if (it == all.end()) throw test::TestInputError("no problem " + id);
    return *it;
  };
  ref::MateSearch search;
  // sho-001: the plain elephant step checks too, but it is no mate.
  {
    const BoardSetup root = sho_position(find("sho-001").sfen).setup();
    EXPECT_EQ(search.defence_length(ref::play(root, usi("3c2b")), 0), std::nullopt);
  }
  // sho-002: the same board with a gold (which steps straight back) instead of the elephant.
  {
    BoardSetup gold = sho_position(find("sho-002").sfen).setup();
    ASSERT_EQ(gold.at(test::square("2b")), make_piece(Color::White, PieceType::Elephant));
    gold.at(test::square("2b")) = make_piece(Color::White, PieceType::Gold);
    EXPECT_TRUE(search.mating_moves(gold, 1).empty());
  }
  // sho-003, sho-006: White's only royal is the prince.
  for (const char* id : {"sho-003", "sho-006"}) {
    const Position pos = sho_position(find(id).sfen);
    EXPECT_EQ(pos.royal_count(Color::White), 1) << id;
    EXPECT_EQ(type_of(pos.piece_on(pos.king_square(Color::White))), PieceType::Prince) << id;
  }
  // sho-004, sho-011: two royals, and the first move takes one of them (the prince, the king).
  for (const auto& [id, taken] :
       {std::pair{"sho-004", PieceType::Prince}, std::pair{"sho-011", PieceType::King}}) {
    const auto p = find(id);
    const Position pos = sho_position(p.sfen);
    EXPECT_EQ(pos.royal_count(Color::White), 2) << id;
    EXPECT_EQ(pos.piece_on(usi(p.main_line[0]).to()), make_piece(Color::White, taken)) << id;
  }
  // sho-005: the defender's move is the elephant's promotion, and the unpromoted steps are
  // illegal (they leave the lone king attacked).
  {
    const auto p = find("sho-005");
    const BoardSetup after = ref::play(sho_position(p.sfen).setup(), usi(p.main_line[0]));
    EXPECT_EQ(test::sorted(ref::legal_moves(after)),
              test::sorted(std::vector<Move>{usi("1f1g+"), usi("1f2g+")}));
  }
  // sho-005 without the gold on 2h: no mate.
  {
    BoardSetup without = sho_position(find("sho-005").sfen).setup();
    ASSERT_EQ(without.at(test::square("2h")), make_piece(Color::Black, PieceType::Gold));
    without.at(test::square("2h")) = Piece::None;
    EXPECT_EQ(search.mate_length(without, kMaxPlies), std::nullopt);
  }
  // sho-012: the two equal last defences, and the two mates after 1b1a.
  {
    const auto p = find("sho-012");
    BoardSetup s = sho_position(p.sfen).setup();
    for (int i = 0; i < 5; ++i) s = ref::play(s, usi(p.main_line[i]));
    EXPECT_EQ(search.mate_length(ref::play(s, usi("1b1c")), 1), 1);
    EXPECT_EQ(search.mate_length(ref::play(s, usi("1b1a")), 1), 1);
    EXPECT_EQ(test::sorted(search.mating_moves(ref::play(s, usi("1b1a")), 1)),
              test::sorted(std::vector<Move>{usi("3b2b"), usi("2c2b+")}));
  }
  // sho-009: with drops (modern shogi rules on the same board, empty hands) the captured pieces
  // come back and the mate is shorter.
  {
    BoardSetup shogi = sho_position(find("sho-009").sfen).setup();
    shogi.variant = Variant::Shogi;
    EXPECT_EQ(search.mate_length(shogi, 7), 5);
  }
}

// Without the lance on 3e, sho-004 has no mate: 1g1c still takes the prince with check, but
// after 1a2a nothing guards 3b, and no other first check leads anywhere either (the brute force
// finds no mate within 11 plies; the solver proves there is none at all).
TEST(ShoNoMate, WithoutTheGuardTheKingEscapes) {
  const std::string sfen = "8k/9/6G1+e/9/9/9/8L/9/4K4 b - 1";
  ref::MateSearch search;
  EXPECT_EQ(search.mate_length(sho_position(sfen).setup(), kMaxPlies), std::nullopt);
  Solver solver(16);
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  const SolveResult r = solver.solve(sho_position(sfen), limits);
  EXPECT_EQ(r.status, SolveStatus::NoMate);
}

// Random small sho positions near the corner of a White king, a White prince or both, with a
// few pieces of either side: wherever the brute force finds a mate within 5 plies the solver
// must give exactly that length with a line the reference rules accept, and elsewhere no mate
// within 5 plies (a limit leaving it Unknown is fine).
TEST(ShoRandom, SolverAgreesWithTheBruteForce) {
  std::mt19937_64 rng(2024);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const PieceType kinds[] = {PieceType::Pawn,     PieceType::Lance,  PieceType::Knight,
                             PieceType::Silver,   PieceType::Gold,   PieceType::Bishop,
                             PieceType::Rook,     PieceType::Horse,  PieceType::Dragon,
                             PieceType::Elephant, PieceType::Prince, PieceType::ProSilver};
  constexpr int kPlies = 5;
  Solver solver(16);
  int positions = 0, mates = 0;
  while (positions < 40) {
    BoardSetup s;
    s.variant = Variant::Sho;
    const int royals = pick(0, 2);  // 0: king, 1: prince, 2: both
    if (royals != 1)
      s.at(make_square(pick(0, 3), pick(0, 2))) = make_piece(Color::White, PieceType::King);
    if (royals != 0) {
      const Square sq = make_square(pick(0, 4), pick(0, 3));
      if (s.at(sq) == Piece::None) s.at(sq) = make_piece(Color::White, PieceType::Prince);
    }
    if (pick(0, 1))
      s.at(make_square(pick(0, 8), pick(6, 8))) = make_piece(Color::Black, PieceType::King);
    for (int i = pick(4, 8); i > 0; --i) {
      const Square sq = make_square(pick(0, 5), pick(0, 5));
      const PieceType pt = kinds[pick(0, 11)];
      if (s.at(sq) == Piece::None)
        s.at(sq) = make_piece(pick(0, 3) ? Color::Black : Color::White, pt);
    }
    Position pos;
    if (!pos.set(s).empty()) continue;  // too many of a kind, a dead piece, White in check...
    ++positions;
    SCOPED_TRACE(io::to_sfen(pos));
    ref::MateSearch search;
    const auto length = search.mate_length(s, kPlies);
    SearchLimits limits;
    limits.max_nodes = length ? 200'000 : 20'000;
    const SolveResult r = solver.solve(pos, limits);
    if (length) {
      ++mates;
      ASSERT_EQ(r.status, SolveStatus::Mate);
      EXPECT_TRUE(r.length_exact);
      EXPECT_EQ(r.length, *length);
      EXPECT_EQ(bad_line(s, r.pv, *length, search), "");
    } else {
      EXPECT_FALSE(r.status == SolveStatus::Mate && r.length <= kPlies) << r.length;
    }
  }
  // The sample must hold some mates (6 of the 40 here; the distributions are not portable
  // across standard libraries, hence the margin).
  EXPECT_GE(mates, 3);
}

// The unnecessary-piece test in sho: a piece taken off leaves the game (there is no hand to put
// it in). A sound 3-ply problem (9e9a; the elephant promotes, the only defence; the gold on 2h
// takes the new prince while the dragon attacks the king: sho-005 of problems/sho.tsv) with an
// idle Black pawn added on 9g: the pawn is unnecessary, every other piece is needed.
TEST(ShoCheck, APieceTakenOffLeavesTheGame) {
  CheckOptions o;
  o.limits.max_nodes = 5'000'000;
  o.step_nodes = 200'000;
  o.hash_megabytes = 8;
  const CheckResult r = check_problem(sho_position("8k/9/7Gp/9/+R8/8e/P8/7G1/4K4 b - 1"), o);
  EXPECT_EQ(r.verdict, Verdict::UnnecessaryPiece) << r.reason;
  int unnecessary = 0;
  for (const PieceTest& t : r.pieces) {
    if (t.result != PieceTest::Result::Unnecessary) continue;
    ++unnecessary;
    EXPECT_EQ(t.square, test::square("9g"));
  }
  EXPECT_EQ(unnecessary, 1);
}

}  // namespace
}  // namespace tsume
