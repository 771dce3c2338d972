#include "solver/search/tt.h"

#include <algorithm>
#include <bit>

namespace tsume {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  // The largest power-of-two bucket count that fits the budget (at least one bucket).
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) * 1024 * 1024;
  const std::size_t count =
      std::bit_floor(std::max<std::size_t>(bytes / (sizeof(Bucket) + sizeof(std::atomic_flag)), 1));
  buckets_.assign(count, Bucket{});
  buckets_.shrink_to_fit();
  locks_ = std::make_unique<std::atomic_flag[]>(count);  // value-initialised: clear
  mask_ = count - 1;
}

void TranspositionTable::clear() { std::fill(buckets_.begin(), buckets_.end(), Bucket{}); }

TTProbe TranspositionTable::probe(std::uint64_t key, Hand hand) const {
  TTProbe r;
  const BucketLock guard = lock(key);
  for (const TTEntry& e : bucket_of(key).entries) {
    if (e.key != key) continue;
    if (e.hand == hand) {
      r.found = true;
      r.pn = e.pn;
      r.dn = e.dn;
    }
    if (hand.covers(e.hand) && e.upper < r.upper) {
      r.upper = e.upper;
      r.proof_hand = e.hand;
    }
    if (e.hand.covers(hand) && e.lower > r.lower) {
      r.lower = e.lower;
      r.disproof_hand = e.hand;
    }
  }
  return r;
}

TTEntry& TranspositionTable::slot_for(std::uint64_t key, Hand hand) {
  Bucket& b = bucket_of(key);
  TTEntry* victim = nullptr;
  for (TTEntry& e : b.entries) {
    if (e.key == key && e.hand == hand) return e;
    if (e.key == 0) {
      if (!victim || victim->key != 0) victim = &e;
    } else if (!victim || (victim->key != 0 && e.work < victim->work)) {
      victim = &e;
    }
  }
  // Replacement keeps the entries that cost the most search effort (a bounded-memory table
  // collects its own garbage this way, bucket by bucket).
  *victim = TTEntry{};
  victim->key = key;
  victim->hand = hand;
  return *victim;
}

void TranspositionTable::store_estimate(std::uint64_t key, Hand hand, PnDn pn, PnDn dn,
                                        std::uint32_t work) {
  const BucketLock guard = lock(key);
  TTEntry& e = slot_for(key, hand);
  e.pn = pn;
  e.dn = dn;
  e.work = std::max(e.work, work);
}

void TranspositionTable::store_proof(std::uint64_t key, Hand proof_hand, Plies upper,
                                     std::uint32_t work) {
  const BucketLock guard = lock(key);
  TTEntry& e = slot_for(key, proof_hand);
  e.upper = static_cast<std::int16_t>(std::min<Plies>(e.upper, upper));
  e.work = std::max(e.work, work);
}

void TranspositionTable::store_disproof(std::uint64_t key, Hand disproof_hand, Plies lower,
                                        std::uint32_t work) {
  const BucketLock guard = lock(key);
  TTEntry& e = slot_for(key, disproof_hand);
  e.lower = static_cast<std::int16_t>(std::max<Plies>(e.lower, lower));
  e.work = std::max(e.work, work);
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(buckets_.size(), 1000);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const TTEntry& e : buckets_[i].entries) used += e.key != 0;
  return static_cast<int>(used * 1000 / (sample * kBucketSize));
}

}  // namespace tsume
