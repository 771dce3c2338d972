#include "solver/search/tt.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <thread>

#if defined(__linux__)
#include <unistd.h>
#endif

namespace tsume {
namespace {

Hand hand_of(int pawns, int golds) {
  Hand h;
  h.set(PieceType::Pawn, pawns);
  h.set(PieceType::Gold, golds);
  return h;
}

TEST(TranspositionTable, ProofCoversEveryLargerHand) {
  TranspositionTable tt(1);
  tt.store_proof(42, hand_of(1, 0), 7, 1);
  EXPECT_EQ(tt.probe(42, hand_of(1, 0)).upper, 7);
  EXPECT_EQ(tt.probe(42, hand_of(3, 2)).upper, 7);
  EXPECT_EQ(tt.probe(42, hand_of(0, 2)).upper, kNoMate);  // fewer pawns: not covered
  EXPECT_EQ(tt.probe(43, hand_of(3, 2)).upper, kNoMate);  // other position
}

TEST(TranspositionTable, DisproofCoversEverySmallerHand) {
  TranspositionTable tt(1);
  tt.store_disproof(42, hand_of(2, 1), kNoMate, 1);
  EXPECT_EQ(tt.probe(42, hand_of(2, 1)).lower, kNoMate);
  EXPECT_EQ(tt.probe(42, hand_of(0, 1)).lower, kNoMate);
  EXPECT_EQ(tt.probe(42, hand_of(3, 1)).lower, 0);  // more pieces: not covered
}

TEST(TranspositionTable, EstimatesBelongToTheExactHand) {
  TranspositionTable tt(1);
  tt.store_estimate(42, hand_of(1, 1), 5, 9, 1);
  const TTProbe exact = tt.probe(42, hand_of(1, 1));
  EXPECT_TRUE(exact.found);
  EXPECT_EQ(exact.pn, 5u);
  EXPECT_EQ(exact.dn, 9u);
  EXPECT_FALSE(tt.probe(42, hand_of(2, 1)).found);
}

TEST(TranspositionTable, BoundsOnlyTighten) {
  TranspositionTable tt(1);
  tt.store_proof(42, Hand(), 9, 1);
  tt.store_proof(42, Hand(), 11, 1);
  EXPECT_EQ(tt.probe(42, Hand()).upper, 9);
  tt.store_disproof(42, Hand(), 5, 1);
  tt.store_disproof(42, Hand(), 3, 1);
  EXPECT_EQ(tt.probe(42, Hand()).lower, 5);
}

TEST(TranspositionTable, StaysWithinItsMemoryBudgetWhenFull) {
  TranspositionTable tt(1);
  const std::size_t bytes = tt.bytes();
  EXPECT_LE(bytes, std::size_t{1} << 20);
  for (std::uint64_t k = 1; k < 200000; ++k)
    tt.store_estimate(k * 0x9E3779B97F4A7C15ull, Hand(), 1, 1, static_cast<std::uint32_t>(k % 7));
  EXPECT_EQ(tt.bytes(), bytes);
  EXPECT_GT(tt.hashfull(), 900);
}

TEST(TranspositionTable, ClearForgetsEverythingAcrossManyGenerations) {
  // clear() starts a new generation (and wipes the table every 255): no entry of an earlier
  // problem may ever be seen again, through the wrap-around included.
  TranspositionTable tt(1);
  for (int round = 0; round < 600; ++round) {
    const std::uint64_t key = 1000 + static_cast<std::uint64_t>(round % 3);
    EXPECT_EQ(tt.probe(key, Hand()).upper, kNoMate) << "round " << round;
    EXPECT_FALSE(tt.probe(key, Hand()).found) << "round " << round;
    tt.store_proof(key, Hand(), 7, 1);
    tt.store_estimate(key, Hand(), 3, 4, 1);
    EXPECT_EQ(tt.probe(key, Hand()).upper, 7);
    tt.clear();
  }
  EXPECT_EQ(tt.hashfull(), 0);
}

#if defined(__linux__)
// The process's resident memory in bytes (/proc/self/statm: size, resident, ... in pages).
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

TEST(TranspositionTable, FaultInMapsTheWholeTableAndChangesNothing) {
  TranspositionTable tt(64);
  tt.store_proof(42, hand_of(1, 0), 7, 1);
  tt.store_estimate(tt.bucket_count() - 1, hand_of(0, 0), 4, 6, 1);
  const std::size_t before = resident_bytes();
  tt.fault_in();
  EXPECT_GE(resident_bytes() - before, tt.bytes() * 9 / 10);
  EXPECT_EQ(tt.probe(42, hand_of(2, 0)).upper, 7);
  const TTProbe last = tt.probe(tt.bucket_count() - 1, hand_of(0, 0));
  EXPECT_TRUE(last.found);
  EXPECT_EQ(last.pn, 4u);
  EXPECT_EQ(last.dn, 6u);
  EXPECT_FALSE(tt.probe(43, hand_of(2, 0)).found);
  EXPECT_LT(tt.hashfull(), 10);
}
#endif

TEST(TranspositionTable, ANewTableKnowsNothingAndUsesEveryBucket) {
  // The buckets come as zeroed memory, never written before the search (tt.cpp): that must
  // read as an empty table, key 0 included, for a table in huge-page-aligned memory (8 MB) and
  // a small one, after a resize too; and the first and the last bucket must hold entries.
  TranspositionTable tt(8);
  for (const std::size_t megabytes : {8, 1, 16}) {
    tt.resize(megabytes);
    EXPECT_EQ(tt.hashfull(), 0);
    const std::uint64_t last = tt.bucket_count() - 1;
    const std::uint64_t keys[] = {0, 1, last, 0x9E3779B97F4A7C15ull};
    for (const std::uint64_t key : keys) {
      for (const Hand hand : {hand_of(0, 0), hand_of(3, 2)}) {
        const TTProbe p = tt.probe(key, hand);
        EXPECT_FALSE(p.found) << key;
        EXPECT_EQ(p.upper, kNoMate) << key;
        EXPECT_EQ(p.lower, 0) << key;
        EXPECT_EQ(p.pn, 1u) << key;
        EXPECT_EQ(p.dn, 1u) << key;
      }
    }
    tt.store_proof(last, hand_of(1, 0), 9, 1);
    tt.store_estimate(tt.bucket_count(), hand_of(0, 0), 4, 6, 1);  // bucket 0
    EXPECT_EQ(tt.probe(last, hand_of(1, 1)).upper, 9);
    const TTProbe first = tt.probe(tt.bucket_count(), hand_of(0, 0));
    EXPECT_TRUE(first.found);
    EXPECT_EQ(first.dn, 6u);
  }
}

TEST(TranspositionTable, SharedProbesAnswerAsUnsharedOnes) {
  // A shared table reads a bucket's keys before its entries and answers "nothing known"
  // when the key is not there: the answers must be those of the unshared table, for a stored
  // key, for an absent key in a bucket that holds others, and for an empty bucket.
  TranspositionTable tt(1);
  const std::uint64_t stride = tt.bucket_count();  // same bucket, other key
  tt.store_proof(42, hand_of(1, 0), 7, 1);
  tt.store_disproof(42 + stride, hand_of(2, 1), 5, 1);
  tt.store_estimate(42 + 2 * stride, hand_of(0, 0), 3, 4, 1);
  const std::uint64_t keys[] = {42, 42 + stride, 42 + 2 * stride, 42 + 3 * stride, 43};
  for (const std::uint64_t key : keys) {
    for (const Hand hand : {hand_of(0, 0), hand_of(1, 0), hand_of(2, 1), hand_of(3, 2)}) {
      tt.set_shared(false);
      const TTProbe a = tt.probe(key, hand);
      tt.set_shared(true);
      const TTProbe b = tt.probe(key, hand);
      EXPECT_EQ(a.found, b.found) << key;
      EXPECT_EQ(a.pn, b.pn) << key;
      EXPECT_EQ(a.dn, b.dn) << key;
      EXPECT_EQ(a.lower, b.lower) << key;
      EXPECT_EQ(a.upper, b.upper) << key;
    }
  }
  tt.set_shared(false);
}

TEST(TranspositionTable, SharedProbesNeverSeeAHalfWrittenEntry) {
  // One thread stores estimates (pn 3, dn 4) and then proofs (upper 7) for many keys (few
  // enough that none is replaced) while another probes them: a probe sees nothing or exactly
  // what was stored.
  TranspositionTable tt(1);
  tt.set_shared(true);
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (std::uint64_t k = 1; k < 5000; ++k) {
      tt.store_estimate(k * 0x9E3779B97F4A7C15ull, Hand(), 3, 4, 1);
      tt.store_proof(k * 0x9E3779B97F4A7C15ull, Hand(), 7, 1);
    }
    done = true;
  });
  while (!done) {
    for (std::uint64_t k = 1; k < 5000; k += 7) {
      const TTProbe p = tt.probe(k * 0x9E3779B97F4A7C15ull, Hand());
      if (p.upper != kNoMate) {
        EXPECT_EQ(p.upper, 7);
      }
      if (p.found) {
        EXPECT_TRUE(p.pn == 3 && p.dn == 4) << p.pn << " " << p.dn;
      }
    }
  }
  writer.join();
  tt.set_shared(false);
  EXPECT_EQ(tt.probe(0x9E3779B97F4A7C15ull, Hand()).upper, 7);
}

}  // namespace
}  // namespace tsume
