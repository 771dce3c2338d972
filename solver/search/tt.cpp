#include "solver/search/tt.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tsume {

void TranspositionTable::FreeBuckets::operator()(Bucket* b) const { std::free(b); }

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  // The largest power-of-two bucket count that fits the budget (at least one bucket).
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) * 1024 * 1024;
  const std::size_t count = std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1));
  buckets_.reset();  // the old table goes before the new one comes: memory stays in budget
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t size = count * sizeof(Bucket);
  const std::size_t align = size >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, (size + align - 1) / align * align);
  if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(memory, size, MADV_HUGEPAGE);  // a hint; failure is harmless
#endif
  Bucket* first = static_cast<Bucket*>(memory);
  std::uninitialized_default_construct_n(first, count);
  buckets_.reset(first);
  bucket_count_ = count;
  mask_ = count - 1;
  generation_ = 1;
}

void TranspositionTable::clear() {
  if (++generation_ != 0) return;  // older entries are now invisible
  generation_ = 1;
  for (std::size_t i = 0; i < bucket_count_; ++i) {
    Bucket& b = buckets_[i];
    std::fill(std::begin(b.keys), std::end(b.keys), 0);
    std::fill(std::begin(b.slots), std::end(b.slots), Slot{});
  }
}

TTProbe TranspositionTable::probe(std::uint64_t key, Hand hand) const {
  TTProbe r;
  const Bucket& b = bucket_of(key);
  // Shared: most probes (about two in three on hard problems) are of positions the table does
  // not hold. The keys are read without the lock first (atomically: a writer may be replacing
  // one); when none is this position's, the probe answers "nothing known" without taking the
  // lock or writing to the bucket's cache lines. That answer is the one a probe just before a
  // concurrent store would give, and "nothing known" is never a proof or a disproof.
  if (shared_ && !any_key(b, key)) return r;
  const BucketLock guard(b.lock, shared_);
  for (std::size_t i = 0; i < kBucketSize; ++i) {
    if (!live(b, i, key)) continue;
    const Slot& e = b.slots[i];
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

TranspositionTable::Slot& TranspositionTable::slot_for(Bucket& b, std::uint64_t key, Hand hand) {
  // An empty slot: never used, or left from an earlier generation.
  const auto empty = [&](std::size_t i) {
    return b.keys[i] == 0 || b.slots[i].generation != generation_;
  };
  std::size_t victim = kBucketSize;
  for (std::size_t i = 0; i < kBucketSize; ++i) {
    if (live(b, i, key) && b.slots[i].hand == hand) return b.slots[i];
    if (empty(i)) {
      if (victim == kBucketSize || !empty(victim)) victim = i;
    } else if (victim == kBucketSize ||
               (!empty(victim) && b.slots[i].work < b.slots[victim].work)) {
      victim = i;
    }
  }
  // Replacement keeps the entries that cost the most search effort (a bounded-memory table
  // collects its own garbage this way, bucket by bucket).
  key_ref(b, victim).store(key, std::memory_order_relaxed);  // read by lock-free probes
  b.slots[victim] = Slot{};
  b.slots[victim].hand = hand;
  b.slots[victim].generation = generation_;
  return b.slots[victim];
}

// Under the bucket's lock: the slot of (key, hand), changed by `update`, its effort recorded.
template <class Update>
void TranspositionTable::store(std::uint64_t key, Hand hand, std::uint32_t work, Update update) {
  Bucket& b = bucket_of(key);
  const BucketLock guard(b.lock, shared_);
  Slot& e = slot_for(b, key, hand);
  update(e);
  e.work = std::max<std::uint32_t>(e.work, std::min(work, kMaxWork)) & kMaxWork;
}

void TranspositionTable::store_estimate(std::uint64_t key, Hand hand, PnDn pn, PnDn dn,
                                        std::uint32_t work) {
  store(key, hand, work, [&](Slot& e) {
    e.pn = pn;
    e.dn = dn;
  });
}

void TranspositionTable::store_proof(std::uint64_t key, Hand proof_hand, Plies upper,
                                     std::uint32_t work) {
  store(key, proof_hand, work,
        [&](Slot& e) { e.upper = static_cast<std::int16_t>(std::min<Plies>(e.upper, upper)); });
}

void TranspositionTable::store_disproof(std::uint64_t key, Hand disproof_hand, Plies lower,
                                        std::uint32_t work) {
  store(key, disproof_hand, work,
        [&](Slot& e) { e.lower = static_cast<std::int16_t>(std::max<Plies>(e.lower, lower)); });
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(bucket_count_, 1000);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (std::size_t j = 0; j < kBucketSize; ++j)
      used += buckets_[i].keys[j] != 0 && buckets_[i].slots[j].generation == generation_;
  return static_cast<int>(used * 1000 / (sample * kBucketSize));
}

}  // namespace tsume
