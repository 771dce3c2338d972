#include "solver/search/tt.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tsume {

void TranspositionTable::FreeBuckets::operator()(Bucket*) const {
#if defined(__linux__)
  if (mapped) {
    munmap(memory, mapped);
    return;
  }
#endif
  std::free(memory);
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  // The largest power-of-two bucket count that fits the budget (at least one bucket).
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) * 1024 * 1024;
  const std::size_t count = std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1));
  buckets_.reset();  // the old table goes before the new one comes: memory stays in budget
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  const std::size_t size = count * sizeof(Bucket);
  const std::size_t align = size >= kHugePage ? kHugePage : alignof(Bucket);
  // Zeroed memory is an empty table (key 0: an empty slot; generation 0: none is current), so
  // the buckets are not written here: fresh anonymous memory from the kernel is zero pages,
  // mapped on first touch, and a quick problem with a large --hash does not pay for writing the
  // whole table (a mate in 11, --hash 4096, three runs each alternating: 0.39-0.89 s against
  // 1.6-6.2 s; 40 such problems, a process each, --hash 256: 2.8-3.0 s against 3.5 s). The
  // memory is taken from the kernel directly, not through calloc, which zeroes a block it
  // reuses (below glibc's 32 MB threshold for its own mappings) by writing all of it.
  void* memory = nullptr;
  std::size_t mapped = 0;
#if defined(__linux__)
  mapped = size + align;
  memory = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
#else
  memory = std::calloc(size + align, 1);
  if (!memory) throw std::bad_alloc();
#endif
  const auto address = reinterpret_cast<std::uintptr_t>(memory);
  Bucket* first = reinterpret_cast<Bucket*>((address + align - 1) / align * align);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(first, size, MADV_HUGEPAGE);  // a hint; failure is harmless
#endif
  buckets_ = std::unique_ptr<Bucket[], FreeBuckets>(first, FreeBuckets{memory, mapped});
  bucket_count_ = count;
  active_count_ = std::min(count, kStartBuckets);
  mask_ = active_count_ - 1;
  generation_ = 1;
}

void TranspositionTable::grow_to(std::size_t count) {
  if (count <= active_count_) return;
  const std::uint64_t mask = count - 1;
  // An entry of bucket i goes to bucket (key & mask): i, or a bucket of the new part, never
  // written before (zero, so empty), which gets entries from bucket i alone. The entries keep
  // their order in both; those of earlier generations in bucket i are dropped (empty slots).
  for (std::size_t i = 0; i < active_count_; ++i) {
    Bucket& b = buckets_[i];
    std::size_t kept = 0;
    for (std::size_t j = 0; j < kBucketSize; ++j) {
      if (empty(b, j)) continue;
      const std::uint64_t key = b.keys[j];
      if ((key & mask) == i) {
        b.keys[kept] = key;
        b.slots[kept++] = b.slots[j];
        continue;
      }
      Bucket& t = buckets_[key & mask];
      std::size_t k = 0;
      while (t.keys[k] != 0) ++k;
      t.keys[k] = key;
      t.slots[k] = b.slots[j];
    }
    for (std::size_t j = kept; j < kBucketSize; ++j) {
      b.keys[j] = 0;
      b.slots[j] = Slot{};
    }
  }
  active_count_ = count;
  mask_ = mask;
}

void TranspositionTable::clear() {
  if (++generation_ != 0) return;  // older entries are now invisible
  generation_ = 1;
  for (std::size_t i = 0; i < active_count_; ++i) {  // the rest was never written
    Bucket& b = buckets_[i];
    std::fill(std::begin(b.keys), std::end(b.keys), 0);
    std::fill(std::begin(b.slots), std::end(b.slots), Slot{});
  }
}

void TranspositionTable::fault_in() {
  grow_to(bucket_count_);
  constexpr std::size_t kPage = 4096;
  auto* memory = reinterpret_cast<volatile unsigned char*>(buckets_.get());
  for (std::size_t i = 0; i < bytes(); i += kPage) memory[i] = memory[i];
}

namespace {
void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}
}  // namespace

TranspositionTable::WriteLock::WriteLock(Bucket& b, bool shared)
    : version_(shared ? &b.version : nullptr) {
  if (!version_) return;
  std::uint32_t v = version_->load(std::memory_order_relaxed);
  for (;;) {
    if ((v & 1) == 0 && version_->compare_exchange_weak(v, v + 1, std::memory_order_acquire,
                                                        std::memory_order_relaxed)) {
      locked_ = v + 1;
      return;
    }
    spin_pause();
    v = version_->load(std::memory_order_relaxed);
  }
}

TranspositionTable::Slot TranspositionTable::load(const Slot& s) {
  Slot r;
  r.hand = load(s.hand);
  r.pn = load(s.pn);
  r.dn = load(s.dn);
  r.lower = load(s.lower);
  r.upper = load(s.upper);
  r.meta = load(s.meta);
  return r;
}

void TranspositionTable::put(Slot& s, const Slot& value) {
  put(s.hand, value.hand);
  put(s.pn, value.pn);
  put(s.dn, value.dn);
  put(s.lower, value.lower);
  put(s.upper, value.upper);
  put(s.meta, value.meta);
}

TTProbe TranspositionTable::read(const Bucket& b, std::uint64_t key, Hand hand) const {
  TTProbe r;
  for (std::size_t i = 0; i < kBucketSize; ++i) {
    if (load(b.keys[i]) != key) continue;
    const Slot e = load(b.slots[i]);
    if (e.generation() != generation_) continue;
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

TTProbe TranspositionTable::probe(std::uint64_t key, Hand hand) const {
  std::uint16_t stamp = kNoStamp;
  return probe(key, hand, &stamp);
}

TTProbe TranspositionTable::probe(std::uint64_t key, Hand hand, std::uint16_t* stamp) const {
  const Bucket& b = bucket_of(key);
  *stamp = kNoStamp;
  if (!shared_) return read(b, key, hand);
  // Shared: most probes (about two in three on hard problems) are of positions the table does
  // not hold. When none of the bucket's keys is this position's, the probe answers "nothing
  // known": the answer a probe just before a concurrent store would give, and never a proof or
  // a disproof. Otherwise a seqlock read: the version, the entries, the version again; a store
  // in between (an odd or a changed version) means the entries may be torn, and they are read
  // again. The reads are acquire loads: when one sees a store's data, the second version read
  // sees that store's odd version (stored before its data) or later. The version read first
  // is the stamp: a store begun after it changes it.
  for (;;) {
    const std::uint32_t before = b.version.load(std::memory_order_acquire);
    const bool settled = (before & 1) == 0;
    if (!any_key(b, key)) {
      if (settled) *stamp = static_cast<std::uint16_t>(before);
      return TTProbe{};
    }
    if (!settled) {
      spin_pause();
      continue;
    }
    const TTProbe r = read(b, key, hand);
    if (b.version.load(std::memory_order_relaxed) == before) {
      *stamp = static_cast<std::uint16_t>(before);
      return r;
    }
  }
}

std::size_t TranspositionTable::slot_for(const Bucket& b, std::uint64_t key, Hand hand,
                                         bool* fresh) const {
  std::size_t victim = kBucketSize;
  for (std::size_t i = 0; i < kBucketSize; ++i) {
    if (b.keys[i] == key && !empty(b, i) && b.slots[i].hand == hand) {
      *fresh = false;
      return i;
    }
    if (empty(b, i)) {
      if (victim == kBucketSize || !empty(b, victim)) victim = i;
    } else if (victim == kBucketSize ||
               (!empty(b, victim) && b.slots[i].work() < b.slots[victim].work())) {
      victim = i;
    }
  }
  // Replacement keeps the entries that cost the most search effort (a bounded-memory table
  // collects its own garbage this way, bucket by bucket).
  *fresh = true;
  return victim;
}

// Under the bucket's lock: the slot of (key, hand), changed by `update`, its effort recorded.
// The writer is alone in the bucket, so it reads the slots plainly; its writes are release
// stores for the readers (see load/put).
template <class Update>
void TranspositionTable::store(std::uint64_t key, Hand hand, std::uint32_t work, Update update) {
  Bucket* b = &bucket_of(key);
  const WriteLock guard(*b, shared_);
  bool fresh = false;
  std::size_t i = slot_for(*b, key, hand, &fresh);
  if (fresh && !shared_ && !empty(*b, i) && active_count_ < bucket_count_ &&
      !full_in_whole_table(*b, key)) {
    // Not shared: a store that would replace an entry which the whole table would keep (its
    // bucket there is not full) doubles the buckets in use first, until the key's bucket has
    // room.
    do {
      grow_to(2 * active_count_);
      b = &bucket_of(key);
      i = slot_for(*b, key, hand, &fresh);
    } while (fresh && !empty(*b, i));
  }
  Slot e;
  if (fresh) {
    e.hand = hand;
    put(b->keys[i], key);
  } else {
    e = b->slots[i];
    work = std::max(work, e.work());
  }
  update(e);
  e.set(work, generation_);
  put(b->slots[i], e);
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
  const std::size_t sample = std::min<std::size_t>(active_count_, 1000);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (std::size_t j = 0; j < kBucketSize; ++j)
      used +=
          load(buckets_[i].keys[j]) != 0 && load(buckets_[i].slots[j]).generation() == generation_;
  // The buckets not yet in use are empty.
  return static_cast<int>(used * 1000 * active_count_ / (sample * kBucketSize * bucket_count_));
}

}  // namespace tsume
