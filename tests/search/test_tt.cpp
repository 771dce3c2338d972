#include "solver/search/tt.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <thread>
#include <utility>
#include <vector>

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

TEST(TranspositionTable, MapsOnlyTheBucketsItsEntriesNeed) {
  // A 256 MB table with a few thousand entries uses a few megabytes of buckets; the memory the
  // process holds grows by about that much, not by the table's size.
  const std::size_t before = resident_bytes();
  TranspositionTable tt(256);
  for (std::uint64_t k = 1; k <= 20000; ++k)
    tt.store_estimate(k * 0x9E3779B97F4A7C15ull, Hand(), 1, 1, 1);
  EXPECT_LT(tt.active_bucket_count(), tt.bucket_count() / 16);
  EXPECT_LT(resident_bytes() - before, tt.bytes() / 8);
  for (std::uint64_t k = 1; k <= 20000; ++k)
    EXPECT_TRUE(tt.probe(k * 0x9E3779B97F4A7C15ull, Hand()).found) << k;
}
#endif

// A long random sequence of stores: several hands per key, keys that share a bucket in the whole
// table too (so that entries are replaced even there), keys that share their low 14 bits (one
// bucket of a table of 2^14 buckets or fewer, 16 of one of 2^18: a single doubling does not
// make room for them); work values from 0 to 3, so that a bucket's order decides many
// replacements.
struct StoreSequence {
  std::uint64_t x = 0x243F6A8885A308D3ull;
  std::uint64_t next() {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  }
  // Makes the next store in every table of `tables`; returns its key and hand.
  std::pair<std::uint64_t, Hand> store(std::initializer_list<TranspositionTable*> tables) {
    const std::uint64_t r = next();
    std::uint64_t key = r | 1;
    Hand hand = hand_of(static_cast<int>(r >> 40) % 4, static_cast<int>(r >> 44) % 3);
    if (r % 8 == 0) key = (r >> 8) % 64 << 20 | 0x5A5A;  // 64 keys, one bucket of both
    if (r % 8 == 1) {
      key = (r >> 8) % 16 << 14 | 0x0123;
      hand = Hand();
    }
    const auto work = static_cast<std::uint32_t>(r >> 50) % 4;
    for (TranspositionTable* t : tables) {
      switch ((r >> 36) % 3) {
      case 0:
        t->store_estimate(key, hand, static_cast<PnDn>(2 + (r >> 20) % 9), 3, work);
        break;
      case 1:
        t->store_proof(key, hand, static_cast<Plies>(1 + (r >> 24) % 20), work);
        break;
      default:
        t->store_disproof(key, hand, static_cast<Plies>(1 + (r >> 24) % 20), work);
      }
    }
    return {key, hand};
  }
};

bool same_answers(const TranspositionTable& a, const TranspositionTable& b, std::uint64_t key,
                  Hand hand) {
  const TTProbe p = a.probe(key, hand), q = b.probe(key, hand);
  return p.found == q.found && p.pn == q.pn && p.dn == q.dn && p.upper == q.upper &&
         p.lower == q.lower && p.proof_hand == q.proof_hand && p.disproof_hand == q.disproof_hand;
}

// Makes `stores` stores of `seq` in both tables (and clears both twice on the way), checking
// every 101 stores that both answer the probes of the last 500 stored positions alike, and at
// the end those of all.
void expect_same_answers(TranspositionTable& a, TranspositionTable& b, StoreSequence seq,
                         int stores) {
  std::vector<std::pair<std::uint64_t, Hand>> stored;
  for (int i = 0; i < stores; ++i) {
    if (i == stores / 3 || i == stores * 2 / 3) {
      a.clear();
      b.clear();
    }
    stored.push_back(seq.store({&a, &b}));
    if (i % 101 == 0) {
      for (std::size_t j = stored.size() - std::min<std::size_t>(stored.size(), 500);
           j < stored.size(); ++j)
        ASSERT_TRUE(same_answers(a, b, stored[j].first, stored[j].second))
            << "store " << i << ", key " << j;
    }
  }
  for (const auto& [key, hand] : stored) ASSERT_TRUE(same_answers(a, b, key, hand));
}

TEST(TranspositionTable, AGrowingTableAnswersAsTheWholeTable) {
  // The reference is the same table mapped whole from the start (fault_in).
  TranspositionTable growing(64), whole(64);
  whole.fault_in();
  ASSERT_EQ(whole.active_bucket_count(), whole.bucket_count());
  ASSERT_LT(growing.active_bucket_count(), growing.bucket_count());
  expect_same_answers(growing, whole, StoreSequence{}, 200000);
}

TEST(TranspositionTable, AGrowingTableThatFillsAnswersAsTheWholeTable) {
  // Far more entries than a 4 MB table holds: it grows to all its buckets and replaces entries.
  TranspositionTable growing(4), whole(4);
  whole.fault_in();
  expect_same_answers(growing, whole, StoreSequence{}, 400000);
  EXPECT_EQ(growing.active_bucket_count(), growing.bucket_count());
}

TEST(TranspositionTable, AClearedTableAnswersAsANewOne) {
  // A table that an earlier problem grew to all its buckets (and left entries in), cleared,
  // answers every probe of the next problem as a new table does.
  TranspositionTable used(64), fresh(64);
  StoreSequence earlier{0x9E3779B97F4A7C15ull};
  for (int i = 0; i < 300000; ++i) earlier.store({&used});
  used.fault_in();
  used.clear();
  expect_same_answers(used, fresh, StoreSequence{}, 200000);
}

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

TEST(TranspositionTable, AStampHoldsUntilAStoreIntoItsBucket) {
  TranspositionTable tt(1);
  const std::uint64_t stride = tt.bucket_count();  // same bucket, other key
  tt.store_proof(42, hand_of(1, 0), 7, 1);
  std::uint16_t stamp = 0;
  tt.probe(42, hand_of(1, 0), &stamp);  // one thread: no stamp
  EXPECT_EQ(stamp, TranspositionTable::kNoStamp);
  EXPECT_FALSE(tt.unchanged_since(42, stamp));
  tt.set_shared(true);
  std::uint16_t found = 0, absent = 0, empty = 0;
  EXPECT_TRUE(tt.probe(42, hand_of(1, 0), &found).found);
  EXPECT_FALSE(tt.probe(42 + stride, hand_of(1, 0), &absent).found);
  EXPECT_FALSE(tt.probe(43, hand_of(1, 0), &empty).found);
  EXPECT_TRUE(tt.unchanged_since(42, found));
  EXPECT_TRUE(tt.unchanged_since(42 + stride, absent));
  EXPECT_TRUE(tt.unchanged_since(43, empty));
  tt.store_estimate(44, hand_of(0, 0), 2, 2, 1);  // another bucket
  EXPECT_TRUE(tt.unchanged_since(42, found));
  EXPECT_TRUE(tt.unchanged_since(43, empty));
  tt.store_estimate(42 + stride, hand_of(0, 0), 2, 2, 1);  // the bucket of 42
  EXPECT_FALSE(tt.unchanged_since(42, found));
  EXPECT_FALSE(tt.unchanged_since(42 + stride, absent));
  EXPECT_TRUE(tt.unchanged_since(43, empty));
  tt.store_disproof(43, hand_of(0, 0), 3, 1);
  EXPECT_FALSE(tt.unchanged_since(43, empty));
  EXPECT_TRUE(tt.probe(42, hand_of(1, 0), &found).found);  // a new stamp
  EXPECT_TRUE(tt.unchanged_since(42, found));
  tt.set_shared(false);
  EXPECT_FALSE(tt.unchanged_since(42, found));  // one thread: stores leave no trace
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
