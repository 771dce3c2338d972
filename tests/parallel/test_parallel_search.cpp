// The parallel search gives the same answers as the serial one, whatever the number of workers
// and the table size: positions with answers known from SPEC.md, hand analysis and 将棋図巧.
#include "solver/parallel/parallel_search.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "solver/answer/solve.h"
#include "solver/io/sfen.h"

namespace tsume {
namespace {

Position position(const std::string& sfen) {
  auto p = io::read_position(sfen);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message());
  return p.ok() ? p.value() : Position();
}

Outcome prove(const std::string& sfen, int threads, Plies max_len = kUnboundedPlies) {
  Position pos = position(sfen);
  TranspositionTable tt(4);
  SearchLimits limits;
  limits.max_nodes = 4'000'000;
  SearchBudget budget(limits);
  ParallelMateSearch search(tt, budget, pos.side_to_move(), threads);
  const Outcome o = search.prove(pos, max_len);
  EXPECT_EQ(io::to_sfen(pos), io::to_sfen(position(sfen))) << "the root was changed";
  return o;
}

TEST(ParallelMateSearch, ProvesAndDisprovesLikeTheSerialSearch) {
  // A gold dropped on the head of a boxed-in king mates (hand analysis); a lone pawn against a
  // corner king does not (the king takes it); a dragon alone checks forever (repetition).
  for (int threads : {1, 2, 4, 8}) {
    SCOPED_TRACE(threads);
    EXPECT_EQ(prove("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", threads), Outcome::Proven);
    EXPECT_EQ(prove("8k/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1", threads), Outcome::Disproven);
    EXPECT_EQ(prove("9/9/9/9/4k4/9/9/9/+R8 b r2b4g4s4n4l18p 1", threads), Outcome::Disproven);
    // SPEC.md section 5 (pawn-drop mate): the only mating move is illegal, no mate.
    EXPECT_EQ(prove("7lk/9/8S/9/9/9/9/9/9 b P2r2b4g3s4n3l17p 1", threads), Outcome::Disproven);
  }
}

TEST(ParallelMateSearch, LengthBudgetsAreAnsweredAlike) {
  // 図巧 第2番: the published solution is 21 plies (certified exact by the serial solver).
  const std::string zukou_002 = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";
  for (int threads : {1, 2, 4}) {
    SCOPED_TRACE(threads);
    EXPECT_EQ(prove(zukou_002, threads, 21), Outcome::Proven);
    EXPECT_EQ(prove(zukou_002, threads, 19), Outcome::Disproven);
  }
}

struct Known {
  std::string name, sfen;
  int length;  // published or hand-analysed length in plies
};

std::vector<Known> known_problems() {
  std::vector<Known> v = {
      // SPEC.md section 5, futile interpositions not counted.
      {"futile_drops_not_13", "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1", 3},
      {"three_not_seven", "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 3},
      {"pinned_interposer", "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", 1},
  };
  // 将棋図巧 problems that the serial solver certifies in under 100k nodes, with their published
  // lengths (problems/zukou.tsv).
  std::ifstream in(TSUME_PROBLEMS_DIR "/zukou.tsv");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string sfen, id, length;
    std::getline(fields, sfen, '\t');
    std::getline(fields, id, '\t');
    std::getline(fields, length, '\t');
    for (const char* wanted : {"zukou-002", "zukou-018", "zukou-022", "zukou-092"})
      if (id == wanted) v.push_back({id, sfen, std::stoi(length)});
  }
  EXPECT_EQ(v.size(), 7u) << "problems/zukou.tsv not found or changed";
  return v;
}

TEST(ParallelSolver, SameAnswerWhateverTheThreadsAndTheTableSize) {
  for (const Known& k : known_problems()) {
    SCOPED_TRACE(k.name);
    const Position pos = position(k.sfen);
    SearchLimits limits;
    limits.max_nodes = 3'000'000;
    Solver reference(16, 1);
    const SolveResult want = reference.solve(pos, limits);
    ASSERT_EQ(want.status, SolveStatus::Mate);
    ASSERT_TRUE(want.length_exact);
    EXPECT_EQ(want.length, k.length);
    for (int threads : {2, 4, 8}) {
      for (std::size_t hash_mb : {1, 16}) {
        SCOPED_TRACE(testing::Message() << threads << " threads, " << hash_mb << " MB");
        Solver solver(hash_mb, threads);
        const SolveResult got = solver.solve(pos, limits);
        EXPECT_EQ(got.status, SolveStatus::Mate);
        EXPECT_TRUE(got.length_exact);
        EXPECT_EQ(got.length, want.length);
        EXPECT_EQ(got.pv, want.pv);
      }
    }
  }
}

TEST(ParallelSolver, NoMateWhateverTheThreads) {
  // Hand-made no-mate positions: a lone piece in hand against a central king.
  for (const char* sfen :
       {"9/9/9/9/4k4/9/9/9/9 b G2r2b3g4s4n4l18p 1", "9/9/9/9/4k4/9/9/9/9 b RPr2b4g4s4n4l16p 1"}) {
    for (int threads : {1, 2, 4}) {
      SCOPED_TRACE(testing::Message() << sfen << ", " << threads << " threads");
      Solver solver(4, threads);
      SearchLimits limits;
      limits.max_nodes = 2'000'000;
      EXPECT_EQ(solver.solve(position(sfen), limits).status, SolveStatus::NoMate);
    }
  }
}

TEST(ParallelSolver, ANodeLimitStopsEveryWorker) {
  // 図巧 第1番 is far beyond 20,000 nodes: the answer is unknown and the limit is kept (each
  // worker stops within one polling interval of its share).
  const Position pos =
      position("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1");
  SearchLimits limits;
  limits.max_nodes = 20'000;
  Solver solver(4, 4);
  const SolveResult r = solver.solve(pos, limits);
  EXPECT_EQ(r.status, SolveStatus::Unknown);
  EXPECT_LE(r.nodes, 20'000u + 4 * 1024u);
}

// Elastic workers (batches): the owner searches alone and takes in a helper whenever a thread
// is spare, while the question runs.
TEST(ElasticSearch, HelpersJoinWhenThreadsAreSpareAndGiveThemBack) {
  // 図巧 第2番 within 21 plies (published length): thousands of nodes, so the owner polls.
  const std::string zukou_002 = "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1";
  for (int spare_count : {0, 1, 3}) {
    SCOPED_TRACE(spare_count);
    Position pos = position(zukou_002);
    TranspositionTable tt(4);
    SearchBudget budget(SearchLimits{});
    SpareThreads spare(spare_count);
    ParallelMateSearch search(tt, budget, pos.side_to_move(), 4, &spare);
    EXPECT_EQ(search.prove(pos, 21), Outcome::Proven);
    EXPECT_EQ(search.prove(pos, 19), Outcome::Disproven);
    EXPECT_EQ(spare.available(), spare_count) << "a helper kept its thread";
    if (spare_count == 0)
      EXPECT_EQ(search.helpers_taken(), 0);
    else
      EXPECT_GT(search.helpers_taken(), 0);
    EXPECT_LE(search.helpers_taken(), 2 * 3);  // at most threads - 1 per question
    EXPECT_FALSE(tt.shared()) << "the table stays shared after the question";
  }
}

TEST(ElasticSearch, ANodeLimitIsSharedByTheHelpers) {
  // 図巧 第1番 is far beyond 30,000 nodes; the owner and its helpers stop together.
  Position pos = position("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1");
  TranspositionTable tt(4);
  SearchLimits limits;
  limits.max_nodes = 30'000;
  SearchBudget budget(limits);
  SpareThreads spare(3);
  ParallelMateSearch search(tt, budget, pos.side_to_move(), 4, &spare);
  EXPECT_EQ(search.prove(pos, kUnboundedPlies), Outcome::Unknown);
  EXPECT_GT(search.helpers_taken(), 0);
  EXPECT_LE(budget.nodes(), 30'000u + 4 * 1024u);
  EXPECT_EQ(spare.available(), 3);
}

TEST(ElasticSolver, TwoOwnersSharingSpareThreadsGiveTheSerialAnswers) {
  // Two problems solved at once, as the hard pass of a batch does, with one spare thread that
  // either may take: the answers are those of the serial solver.
  const std::vector<Known> problems = known_problems();
  std::vector<SolveResult> want;
  SearchLimits limits;
  limits.max_nodes = 3'000'000;
  for (const Known& k : problems) want.push_back(Solver(16, 1).solve(position(k.sfen), limits));
  SpareThreads spare(1);
  std::vector<SolveResult> got(problems.size());
  std::atomic<std::size_t> next{0};
  const auto owner = [&] {
    Solver solver(8, 3);
    solver.set_spare_threads(&spare);
    for (std::size_t i; (i = next.fetch_add(1)) < problems.size();)
      got[i] = solver.solve(position(problems[i].sfen), limits);
    spare.give();  // this owner's thread is spare now
  };
  std::thread a(owner), b(owner);
  a.join();
  b.join();
  EXPECT_EQ(spare.available(), 3);
  for (std::size_t i = 0; i < problems.size(); ++i) {
    SCOPED_TRACE(problems[i].name);
    ASSERT_EQ(want[i].status, SolveStatus::Mate);
    EXPECT_EQ(got[i].status, SolveStatus::Mate);
    EXPECT_TRUE(got[i].length_exact);
    EXPECT_EQ(got[i].length, problems[i].length);
    EXPECT_EQ(got[i].pv, want[i].pv);
  }
}

TEST(SharedTable, ConcurrentStoresAndProbesStayConsistent) {
  // Writers tighten the bounds of a few keys while readers probe them: a reader must never
  // see an upper bound below the smallest stored or above the first stored one.
  TranspositionTable tt(1);
  for (std::uint64_t key = 1; key <= 16; ++key) tt.store_proof(key, Hand(), 1000, 1);
  tt.set_shared(true);  // several threads at once: locks on (as ParallelMateSearch does)
  std::vector<std::thread> threads;
  std::atomic<bool> bad{false};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20'000; ++i) {
        const std::uint64_t key = 1 + static_cast<std::uint64_t>(i % 16);
        if (t % 2 == 0) {
          tt.store_proof(key, Hand(), 1000 - (i % 900), 1);
          tt.store_estimate(key, Hand(), static_cast<PnDn>(i), 1, 1);
        } else {
          const TTProbe p = tt.probe(key, Hand());
          if (p.upper > 1000 || p.upper < 101) bad = true;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_FALSE(bad.load());
}

TEST(SharedTable, AReaderNeverSeesATornEntry) {
  // Twelve keys of one bucket (eight slots: stores keep replacing entries) and eight hands
  // each. Every entry's fields are functions of its (key, hand): upper, lower and dn from
  // pn. Writers store them over and over while readers probe; a reader that combined the
  // fields of two entries, or of two stores, would see a pair that breaks these functions.
  TranspositionTable tt(1);
  const std::uint64_t buckets = tt.bucket_count();
  const auto key_of = [&](int j) { return static_cast<std::uint64_t>(j) * buckets + 5; };
  const auto hand_of = [](int n) {
    Hand h;
    h.add(PieceType::Pawn, n);
    return h;
  };
  const auto upper_of = [](int j, Hand h) { return 1 + 2 * (h.count(PieceType::Pawn) + 8 * j); };
  const auto lower_of = [](int j, Hand h) { return 3 + 2 * (h.count(PieceType::Pawn) + 8 * j); };
  const auto dn_of = [](PnDn pn) { return pn * 7 + 3; };
  tt.set_shared(true);
  std::atomic<bool> torn{false};
  std::atomic<int> writers_left{2};
  std::atomic<int> proofs_seen{0}, disproofs_seen{0}, estimates_seen{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      // Readers keep probing while any writer runs and a full cycle of (key, hand) pairs
      // after, so that they meet entries however the threads are scheduled.
      int after = 0;
      for (int i = 0; t % 2 == 0 ? i < 60'000 : after < 2 * 96; ++i) {
        const int j = 1 + (i * 7 + t) % 12;
        const int n = (i / 12 + t) % 8;
        const std::uint64_t key = key_of(j);
        if (t % 2 == 0) {
          const auto pn = static_cast<PnDn>(i);
          tt.store_proof(key, hand_of(n), upper_of(j, hand_of(n)), static_cast<std::uint32_t>(i));
          tt.store_disproof(key, hand_of(n), lower_of(j, hand_of(n)), 1);
          tt.store_estimate(key, hand_of(n), pn, dn_of(pn), 1);
          continue;
        }
        if (writers_left.load() == 0) ++after;
        const TTProbe any = tt.probe(key, Hand::full());  // every entry's proof applies
        if (any.upper != kNoMate && any.upper != upper_of(j, any.proof_hand)) torn = true;
        const TTProbe none = tt.probe(key, Hand());  // every entry's disproof applies
        if (none.lower != 0 && none.lower != lower_of(j, none.disproof_hand)) torn = true;
        const TTProbe exact = tt.probe(key, hand_of(n));
        // (An entry made by a proof or a disproof has the initial pn = dn = 1 until its estimate.)
        const bool initial = exact.pn == 1 && exact.dn == 1;
        if (exact.found && !initial && exact.dn != dn_of(exact.pn)) torn = true;
        proofs_seen += any.upper != kNoMate;
        disproofs_seen += none.lower != 0;
        estimates_seen += exact.found && !initial;
      }
      if (t % 2 == 0) --writers_left;
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_FALSE(torn.load());
  // The readers did meet every kind of entry.
  EXPECT_GT(proofs_seen.load(), 0);
  EXPECT_GT(disproofs_seen.load(), 0);
  EXPECT_GT(estimates_seen.load(), 0);
}

}  // namespace
}  // namespace tsume
