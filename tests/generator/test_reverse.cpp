// The reverse method: un-played moves really lead to the later position (checked against the
// core's move generators), known predecessors are found, and lengthened problems are re-verified
// by the checker, replayed by the core rules, and the same whatever the thread count.
#include "generator/reverse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "generator/candidate.h"
#include "generator/checkpoint_text.h"
#include "generator/dedup.h"
#include "generator/themes.h"
#include "solver/answer/check.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "tests/generator/generator_test_support.h"

namespace tsume::gen {
namespace {

using test_support::position;

// The positions along a line: [start, after move 1, ...].
std::vector<Position> along(const std::string& sfen, const std::vector<std::string>& moves,
                            std::vector<Move>* played = nullptr) {
  Position pos = position(sfen);
  std::vector<Position> out{pos};
  for (const std::string& t : moves) {
    auto m = io::parse_usi_move(t, pos);
    EXPECT_TRUE(m.ok()) << t;
    if (!m.ok()) break;
    if (played) played->push_back(m.value());
    pos.do_move(m.value());
    out.push_back(pos);
  }
  return out;
}

// Compared as positions: board, hands (the defender's refilled), side to move.
BoardSetup normal(BoardSetup s) {
  s.ply = 1;
  refill_defender_hand(s);
  return s;
}
BoardSetup normal(const Position& p) { return normal(p.setup()); }

bool leads_to(const BoardSetup& before, Move m, const BoardSetup& after, bool check) {
  Position pos;
  if (!pos.set(before, KingRule::Any).empty()) return false;
  MoveList moves;
  if (check) {
    generate_checks(pos, moves);
  } else {
    generate_legal(pos, moves);
  }
  if (!moves.contains(m)) return false;
  pos.do_move(m);
  return normal(pos) == normal(after);
}

// tests/generator (docs/generate.md): a 5-ply problem of the random method, and a 7-ply one whose
// first two moves un-play a capture by the attacker with promotion and a capture by the king:
// 2d1c+ (bishop takes the gold at 1c and promotes), 1d1c (the king takes the horse).
constexpr const char* kFive = "9/9/8k/9/9/9/7L1/9/9 b 2G2r2b2g4s4n3l18p 1";
const std::vector<std::string> kFiveLine = {"G*2d", "1c2b", "2d2c", "2b3a", "G*3b"};
constexpr const char* kSeven = "9/9/8g/7Bk/9/9/7L1/9/9 b G2rb2g4s4n3l18p 1";
const std::vector<std::string> kSevenLine = {"2d1c+", "1d1c", "G*2d", "1c2b",
                                             "2d2c",  "2b3a", "G*3b"};

TEST(ReverseUnplay, EveryPredecessorReallyLeadsToThePosition) {
  for (const auto& [sfen, moves] : {std::pair{kFive, kFiveLine}, std::pair{kSeven, kSevenLine}}) {
    const std::vector<Position> line = along(sfen, moves);
    for (std::size_t k = 0; k + 2 < line.size(); k += 2) {
      SCOPED_TRACE(io::to_sfen(line[k + 2]));
      const std::vector<Predecessor> rs = unplay_defender(line[k + 2]);
      ASSERT_FALSE(rs.empty());
      for (const Predecessor& r : rs) {
        EXPECT_EQ(r.setup.side_to_move, Color::White);
        EXPECT_EQ(Position::validate(r.setup, KingRule::Any), "");
        Position rp;
        ASSERT_EQ(rp.set(r.setup, KingRule::Any), "");
        EXPECT_TRUE(rp.in_check());
        EXPECT_TRUE(leads_to(r.setup, r.move, line[k + 2].setup(), false));
        for (const Predecessor& q : unplay_attacker(rp)) {
          EXPECT_EQ(q.setup.side_to_move, Color::Black);
          EXPECT_EQ(Position::validate(q.setup), "");
          EXPECT_TRUE(leads_to(q.setup, q.move, r.setup, true));
        }
      }
    }
  }
}

TEST(ReverseUnplay, TheLinesOwnPredecessorsAreFound) {
  for (const auto& [sfen, moves] : {std::pair{kFive, kFiveLine}, std::pair{kSeven, kSevenLine}}) {
    std::vector<Move> played;
    const std::vector<Position> line = along(sfen, moves, &played);
    for (std::size_t k = 0; k + 2 < line.size(); k += 2) {
      SCOPED_TRACE(io::to_sfen(line[k]));
      const std::vector<Predecessor> rs = unplay_defender(line[k + 2]);
      EXPECT_TRUE(std::any_of(rs.begin(), rs.end(), [&](const Predecessor& r) {
        return r.move == played[k + 1] && normal(r.setup) == normal(line[k + 1]);
      }));
      const std::vector<Predecessor> qs = unplay_attacker(line[k + 1]);
      EXPECT_TRUE(std::any_of(qs.begin(), qs.end(), [&](const Predecessor& q) {
        return q.move == played[k] && normal(q.setup) == normal(line[k]);
      }));
      const std::vector<Extension> xs = two_ply_predecessors(line[k + 2]);
      EXPECT_TRUE(std::any_of(xs.begin(), xs.end(), [&](const Extension& x) {
        return x.attack == played[k] && x.defence == played[k + 1] &&
               normal(x.setup) == normal(line[k]) && x.pieces == piece_count(x.setup);
      }));
    }
  }
  // The capture by the king un-played: the horse goes back to 1c, the bishop it came from to 2d,
  // and the gold the bishop took back to 1c; White's hand gives up the bishop and Black's the gold.
  const std::vector<Position> seven = along(kSeven, kSevenLine);
  const std::vector<Extension> xs = two_ply_predecessors(seven[2]);
  EXPECT_TRUE(std::any_of(xs.begin(), xs.end(),
                          [&](const Extension& x) { return normal(x.setup) == normal(seven[0]); }));
  // The piece limit: no candidate above it, and fewer candidates.
  const std::vector<Extension> few = two_ply_predecessors(seven[2], 3);
  EXPECT_LT(few.size(), xs.size());
  for (const Extension& x : few) EXPECT_LE(x.pieces, 3);
}

Generated seed(const std::string& sfen, const std::string& id) {
  Generated g;
  g.id = id;
  g.position = position(sfen);
  g.setup = g.position.setup();
  CheckOptions o;
  o.hash_megabytes = 16;
  const CheckResult r = check_problem(g.position, o);
  EXPECT_EQ(r.verdict, Verdict::Sound) << sfen;
  g.length = r.length;
  g.pv = r.main_line;
  g.verdict = r.verdict;
  return g;
}

ReverseOptions small_reverse(int threads) {
  ReverseOptions o;
  o.seeds = {seed(kFive, "five")};
  o.base.min_plies = 7;
  o.base.max_plies = 11;
  o.base.count = 4;
  o.base.threads = threads;
  o.base.seed = 7;
  return o;
}

std::vector<std::string> reverse_lines(const ReverseOptions& o, std::vector<Generated>* out,
                                       ReverseStats* stats = nullptr) {
  std::vector<std::string> lines;
  const ReverseStats st = generate_reverse(o, [&](const Generated& g) {
    std::string text = g.id + ' ' + io::to_sfen(g.position) + ' ' + std::to_string(g.length);
    for (const Move m : g.pv) text += ' ' + io::to_usi(m);
    lines.push_back(text);
    if (out) out->push_back(g);
  });
  if (stats) *stats = st;
  return lines;
}

// Each lengthened problem: SOUND on an independent check with larger budgets, the same length and
// main line, the line replayed by the core rules, and its first two moves reach the problem it
// was lengthened from (the seed or an earlier one).
TEST(ReverseRun, LengthenedProblemsAreSoundAndReachTheirParents) {
  std::vector<Generated> problems;
  const ReverseOptions o = small_reverse(1);
  reverse_lines(o, &problems);
  ASSERT_GE(problems.size(), 2u);
  std::vector<BoardSetup> known{normal(o.seeds[0].position)};
  int longest = 0;
  for (const Generated& g : problems) {
    SCOPED_TRACE(io::to_sfen(g.position));
    EXPECT_EQ(g.verdict, Verdict::Sound);
    EXPECT_GE(g.length, 7);
    EXPECT_LE(g.length, 11);
    test_support::expect_sound_on_recheck(g);
    ASSERT_GE(g.pv.size(), 2u);
    Position after = g.position;
    after.do_move(g.pv[0]);
    after.do_move(g.pv[1]);
    EXPECT_NE(std::find(known.begin(), known.end(), normal(after)), known.end());
    known.push_back(normal(g.position));
    longest = std::max<int>(longest, g.length);
  }
  EXPECT_GE(longest, 9);  // the chain went on from its own problem
}

TEST(ReverseRun, SameOutputWhateverTheThreadCount) {
  const auto one = reverse_lines(small_reverse(1), nullptr);
  EXPECT_FALSE(one.empty());
  EXPECT_EQ(reverse_lines(small_reverse(2), nullptr), one);
  EXPECT_EQ(reverse_lines(small_reverse(4), nullptr), one);
  ReverseOptions small_batches = small_reverse(2);
  small_batches.batch = 3;  // batches only change how much is evaluated at once
  EXPECT_EQ(reverse_lines(small_batches, nullptr), one);
}

// Drift: with one candidate per problem the chain soon dead-ends, and each dead end is replaced
// by a variant, a mutation of it found SOUND with the same length or two plies more (or, going
// through unnecessary pieces, sound but for one, then not written). Every problem written is
// SOUND on an independent recheck, written once per position and solution; at least one of them
// is not a two-ply extension of an earlier problem (a variant), none without drift; the output
// is the same whatever the thread count.
ReverseOptions drifting(int threads, int drift, bool through_unnecessary = false) {
  ReverseOptions o = small_reverse(threads);
  o.base.min_plies = 5;
  o.base.count = 6;
  o.tries = 1;
  o.drift = drift;
  o.drift_from = 5;
  o.drifts = 2;
  o.through_unnecessary = through_unnecessary;
  return o;
}

// Problems whose first two moves do not reach the seed or an earlier problem written.
int variants(const ReverseOptions& o, const std::vector<Generated>& problems) {
  std::vector<BoardSetup> known{normal(o.seeds[0].position)};
  int found = 0;
  for (const Generated& g : problems) {
    Position after = g.position;
    after.do_move(g.pv[0]);
    after.do_move(g.pv[1]);
    found += std::find(known.begin(), known.end(), normal(after)) == known.end();
    known.push_back(normal(g.position));
  }
  return found;
}

void expect_written_sound_once(const std::vector<Generated>& problems) {
  Deduplicator written;
  for (const Generated& g : problems) {
    SCOPED_TRACE(io::to_sfen(g.position));
    EXPECT_TRUE(written.insert(dedup_keys(g.setup, g.pv))) << "written twice";
    EXPECT_EQ(g.verdict, Verdict::Sound);
    EXPECT_GE(g.length, 5);
    EXPECT_LE(g.length, 11);
    test_support::expect_sound_on_recheck(g);
  }
}

TEST(ReverseRun, DriftReplacesDeadEndsBySoundVariants) {
  std::vector<Generated> plain;
  reverse_lines(drifting(1, 0), &plain);
  EXPECT_EQ(variants(drifting(1, 0), plain), 0);
  std::vector<Generated> problems;
  const auto one = reverse_lines(drifting(1, 64), &problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_GE(variants(drifting(1, 64), problems), 1);
  expect_written_sound_once(problems);
  EXPECT_EQ(reverse_lines(drifting(2, 64), nullptr), one);
}

TEST(ReverseRun, ThroughUnnecessaryPiecesWritesOnlySoundProblems) {
  std::vector<Generated> problems;
  ReverseStats stats;
  const auto one = reverse_lines(drifting(1, 64, true), &problems, &stats);
  ASSERT_FALSE(problems.empty());
  std::uint64_t through = 0;
  for (const auto& [n, st] : stats.by_length) through += st.through;
  EXPECT_GE(through, 1u);  // the chain went through a problem that was not written
  expect_written_sound_once(problems);
  EXPECT_EQ(reverse_lines(drifting(2, 64, true), nullptr), one);
}

// Seed chains: three seeds (5-ply problems from docs/generate.md, each checked SOUND by seed()),
// the problems of 7-11 plies. One chain without a budget lengthens the first seed until the
// count is reached; three chains side by side, each abandoned after a small node budget without
// a new length, write problems from more than one seed, abandon chains, and write only problems
// that are SOUND on an independent recheck; the output is the same for 1 and 2 threads (the
// batch size is part of the budget's units of work, so it may change the output).
constexpr const char* kFiveB = "2k6/9/1+P7/1+R7/9/9/9/9/9 b Sr2b4g3s4n3l17p 1";
constexpr const char* kFiveC = "k1+s6/9/1R7/9/9/9/9/9/9 b GSPr2b3g2s4n4l17p 1";

ReverseOptions chained(int threads, int chains, std::uint64_t chain_nodes) {
  ReverseOptions o;
  o.seeds = {seed(kFive, "five"), seed(kFiveB, "fiveB"), seed(kFiveC, "fiveC")};
  o.base.min_plies = 7;
  o.base.max_plies = 11;
  o.base.count = 4;
  o.base.threads = threads;
  o.base.seed = 7;
  o.tries = 16;
  o.chains = chains;
  o.chain_nodes = chain_nodes;
  return o;
}

TEST(ReverseChains, ManySeedsBehindTheProblemsOnASmallBudget) {
  ReverseStats one;
  std::vector<Generated> single;
  reverse_lines(chained(1, 1, 0), &single, &one);
  ASSERT_FALSE(single.empty());
  EXPECT_EQ(one.seeds_at_least(7), 1u);
  EXPECT_EQ(one.abandoned, 0u);

  ReverseStats many;
  std::vector<Generated> problems;
  const auto lines = reverse_lines(chained(1, 3, 300'000), &problems, &many);
  ASSERT_FALSE(problems.empty());
  std::set<std::string> seeds;
  for (const Generated& g : problems) seeds.insert(g.id.substr(0, g.id.find('.')));
  EXPECT_GE(seeds.size(), 2u);
  EXPECT_EQ(many.seeds_at_least(7), seeds.size());
  EXPECT_GE(many.abandoned, 1u);
  expect_written_sound_once(problems);
  for (const Generated& g : problems) EXPECT_GE(g.length, 7);

  EXPECT_EQ(reverse_lines(chained(2, 3, 300'000), nullptr), lines);
}

// Guided drift: the dead ends' mutations start with guards of their cooks' squares; the run
// tries some of them, and what it writes is SOUND on an independent recheck, the same for 1
// and 2 threads.
TEST(ReverseChains, GuidedDriftTriesGuardsOfTheCookSquares) {
  ReverseOptions o = drifting(1, 64);
  o.guided = true;
  ReverseStats stats;
  std::vector<Generated> problems;
  const auto one = reverse_lines(o, &problems, &stats);
  std::uint64_t guided = 0;
  for (const auto& [n, st] : stats.by_length) guided += st.guided_tries;
  EXPECT_GE(guided, 1u);
  expect_written_sound_once(problems);
  o.base.threads = 2;
  EXPECT_EQ(reverse_lines(o, nullptr), one);
}

// Escape guidance: the replies R that do not mate leave the squares their king escapes to, and
// the dead ends' mutations start with guards of them; the run finds escapes, tries guards, and
// what it writes is SOUND on an independent recheck, the same for 1 and 2 threads. Alone
// (`guided_escape` without `guided`), and before the cook guards (both).
TEST(ReverseChains, EscapeGuidedDriftTriesGuardsOfTheEscapeSquares) {
  for (const bool cooks : {false, true}) {
    SCOPED_TRACE(cooks ? "both" : "escape");
    ReverseOptions o = drifting(1, 64);
    o.guided_escape = true;
    o.guided = cooks;
    ReverseStats stats;
    std::vector<Generated> problems;
    const auto one = reverse_lines(o, &problems, &stats);
    StepStats all;
    for (const auto& [n, st] : stats.by_length) all += st;
    EXPECT_GE(all.escapes, 1u);
    EXPECT_GE(all.escape_tries, 1u);
    EXPECT_LE(all.escape_tries, all.guided_tries);
    EXPECT_LE(all.escaped, all.guided);
    expect_written_sound_once(problems);
    o.base.threads = 2;
    EXPECT_EQ(reverse_lines(o, nullptr), one);
  }
}

// Dedup by idea in the reverse method: the three seeds' chains, every sound extension written
// (so that a chain writes several problems of its ending), at most one problem per idea. The
// uncapped run writes some idea twice (else the test would test nothing); the capped run writes
// each idea once, refuses problems for their idea and ends those chains, and what it writes is
// SOUND on an independent recheck, the same for 1 and 2 threads.
TEST(ReverseChains, AtMostPerIdeaProblemsEndTheChainOfAFullIdea) {
  const auto ideas = [](const std::vector<Generated>& problems) {
    std::map<std::string, int> n;
    for (const Generated& g : problems) ++n[idea_key(g.position, g.pv)];
    return n;
  };
  ReverseOptions o = chained(1, 1, 0);
  o.write_all = true;
  o.base.count = 8;
  std::vector<Generated> plain;
  reverse_lines(o, &plain);
  const std::map<std::string, int> plain_ideas = ideas(plain);
  ASSERT_LT(plain_ideas.size(), plain.size());  // some idea written twice without the cap
  o.base.per_idea = 1;
  std::vector<Generated> capped;
  ReverseStats stats;
  const auto lines = reverse_lines(o, &capped, &stats);
  ASSERT_FALSE(capped.empty());
  for (const auto& [idea, n] : ideas(capped)) EXPECT_EQ(n, 1) << idea;
  EXPECT_GE(stats.idea_full, 1u);
  EXPECT_GE(stats.idea_abandoned, 1u);
  expect_written_sound_once(capped);
  o.base.threads = 2;
  EXPECT_EQ(reverse_lines(o, nullptr), lines);
}

// Checkpoints: a run with seed chains abandoned on a budget, guided drift, every sound extension
// written and a checkpoint after every unit of work. Resumed from each checkpoint (the state read
// back from text, the problems emitted before it given as written), the run emits exactly what the
// uninterrupted run emits after it, passes through the same states (but for the time), and ends
// with the same counters. A checkpoint with other options, or cut short, is refused with the
// reason.
ReverseOptions checkpointed() {
  ReverseOptions o = chained(1, 3, 300'000);
  o.drift = 64;
  o.drift_from = 5;
  o.drifts = 2;
  o.guided = true;
  o.guided_escape = true;
  o.write_all = true;
  o.base.count = 10;
  o.checkpoint_seconds = 0;
  return o;
}

// A state without its line of seconds.
std::string timeless(const std::string& state) {
  const std::size_t at = state.find("\nseconds ");
  return at == std::string::npos ? state
                                 : state.substr(0, at) + state.substr(state.find('\n', at + 1));
}

TEST(ReverseCheckpoint, AResumedRunEmitsWhatTheUninterruptedRunEmitsAfterIt) {
  ReverseOptions o = checkpointed();
  std::vector<std::string> states;
  std::vector<std::size_t> emitted;  // problems emitted before each state
  o.checkpoint = [&](const std::string& state, const ReverseStats& s) {
    states.push_back(state);
    emitted.push_back(s.emitted);
  };
  std::vector<Generated> problems;
  ReverseStats full;
  const std::vector<std::string> lines = reverse_lines(o, &problems, &full);
  ASSERT_GE(lines.size(), 3u);
  StepStats all;
  for (const auto& [n, st] : full.by_length) all += st;
  EXPECT_GE(all.drift_tries, 1u);  // the states include drifting nodes
  EXPECT_GE(full.abandoned, 1u);
  ASSERT_GE(states.size(), 8u);
  EXPECT_EQ(emitted.front(), 0u);  // a new run's first checkpoint is its start
  EXPECT_EQ(emitted.back(), lines.size());
  for (std::size_t k = 0; k + 1 < states.size(); k += 2) {  // every other unit: all slots
    SCOPED_TRACE("checkpoint " + std::to_string(k) + ", after " + std::to_string(emitted[k]) +
                 " problems");
    ReverseOptions r = checkpointed();
    r.base.threads = 2;  // threads do not change the output
    r.resume = &states[k];
    std::vector<std::string> later;
    r.checkpoint = [&](const std::string& state, const ReverseStats&) {
      later.push_back(timeless(state));
    };
    for (std::size_t i = 0; i < emitted[k]; ++i)
      r.base.written.push_back(dedup_keys(problems[i].setup, problems[i].pv));
    ReverseStats resumed;
    const std::vector<std::string> rest = reverse_lines(r, nullptr, &resumed);
    EXPECT_EQ(rest,
              std::vector<std::string>(lines.begin() + static_cast<long>(emitted[k]), lines.end()));
    std::vector<std::string> expected;
    for (std::size_t i = k + 1; i < states.size(); ++i) expected.push_back(timeless(states[i]));
    EXPECT_EQ(later, expected);
    EXPECT_EQ(resumed.emitted, full.emitted);
    EXPECT_EQ(resumed.seed_problems, full.seed_problems);
    EXPECT_EQ(resumed.abandoned, full.abandoned);
    EXPECT_EQ(resumed.seeds_by_length, full.seeds_by_length);
    StepStats resumed_all;
    for (const auto& [n, st] : resumed.by_length) resumed_all += st;
    EXPECT_EQ(resumed_all.nodes, all.nodes);
    EXPECT_EQ(resumed_all.evaluated, all.evaluated);
    EXPECT_EQ(resumed_all.drift_tries, all.drift_tries);
  }

  ReverseOptions other = checkpointed();
  other.tries = 15;
  const std::string& middle = states[states.size() / 2];
  other.resume = &middle;
  EXPECT_THROW(reverse_lines(other, nullptr), CheckpointError);
  const std::string cut = middle.substr(0, middle.size() / 2);
  ReverseOptions damaged = checkpointed();
  damaged.resume = &cut;
  try {
    reverse_lines(damaged, nullptr);
    ADD_FAILURE() << "a checkpoint cut short was read";
  } catch (const CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find("line "), std::string::npos) << e.what();
  }
}

// A stop (Ctrl-C) at any moment: the run ends within the unit of work in progress, and what it
// wrote is a prefix of the uninterrupted run's output, node counts included (nothing written
// comes from a search cut short). The checkpoint it leaves at the stop resumes to the whole
// output. Stopped when a problem is written (between searches), and by another thread after
// a delay (in the middle of searches, wherever the run is then).
TEST(ReverseCheckpoint, AStopAtAnyMomentLeavesACheckpointToResumeFrom) {
  ReverseOptions o = checkpointed();
  o.checkpoint_seconds = 1e9;  // a checkpoint at the start and at the end only
  std::vector<Generated> all;
  const std::vector<std::string> lines = reverse_lines(o, &all);
  ASSERT_GE(all.size(), 3u);
  const auto run = [&](const std::function<void(std::atomic<bool>&, std::size_t)>& stopper,
                       int delay_ms) {
    SCOPED_TRACE("delay " + std::to_string(delay_ms) + " ms");
    ReverseOptions r = o;
    std::atomic<bool> stop{false};
    r.base.stop = &stop;
    std::string state;
    r.checkpoint = [&](const std::string& s, const ReverseStats&) { state = s; };
    std::vector<std::string> written;
    std::thread timer;
    if (delay_ms > 0)
      timer = std::thread([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        stop = true;
      });
    generate_reverse(r, [&](const Generated& g) {
      ASSERT_LT(written.size(), all.size());
      EXPECT_EQ(g.solve_nodes, all[written.size()].solve_nodes) << g.id;
      written.push_back(lines[written.size()]);
      stopper(stop, written.size());
    });
    if (timer.joinable()) timer.join();
    ReverseOptions resumed = o;
    resumed.resume = &state;
    for (std::size_t i = 0; i < written.size(); ++i)
      resumed.base.written.push_back(dedup_keys(all[i].setup, all[i].pv));
    std::vector<std::string> rest = reverse_lines(resumed, nullptr);
    written.insert(written.end(), rest.begin(), rest.end());
    EXPECT_EQ(written, lines);
  };
  for (const std::size_t after : {1u, 2u})
    run([after](std::atomic<bool>& stop, std::size_t n) { stop = stop || n >= after; }, 0);
  for (const int delay : {1, 40, 150, 400}) run([](std::atomic<bool>&, std::size_t) {}, delay);
}

}  // namespace
}  // namespace tsume::gen
