// The transposition table of the mate search: bounded memory, full keys, hand superiority.
//
// Every entry describes the position (board key, attacker hand). Because pieces never leave the
// game, the defender's hand is fixed by the board and the attacker's hand, so the pair is a full
// description within one problem. The table must be cleared between problems.
//
// Hand superiority (優等局面): a proof found with attacker hand h (its proof pieces, 証明駒) is a
// proof for every hand that covers h, and a disproof with hand h holds for every hand h covers.
// Entries of one board key share a bucket, so the probe compares the hands of all of them.
//
// Shared by the workers of the parallel search: while the table is marked shared
// (set_shared), a store holds the bucket's write lock (the odd values of a version counter in
// the bucket) and a probe reads without writing anything: it reads the version, the entries of
// its key, and the version again, and reads again when a store came in between (a seqlock).
// So a reader never uses a half-written entry (a torn entry could be a wrong proof), two
// writers never interleave, and readers, most of the table's traffic, leave the bucket's cache
// lines shared between the cores instead of taking them over with a locked write. A probe reads
// the version and the bucket's keys and answers "nothing known" when its key is not among them
// (no wait for a store under way there). The lock is never held across a search step. A table
// used by one thread skips the version counter. A probe can stamp what it read with the
// bucket's version: while the version is unchanged, no store has touched the bucket, so a
// second probe would read the same (unchanged_since), and the workers' re-readings of a node's
// children skip the buckets nobody wrote.
//
// Mate lengths ride along as bounds: `upper` (a mate in at most that many plies exists, valid for
// covering hands) and `lower` (no mate in fewer plies, valid for covered hands).
//
// The table grows with use. Its memory (the size asked for) is reserved at once but mapped by
// the kernel only where it is written, and the buckets in use are a power-of-two prefix of it,
// 1 MiB at first. A store that would replace an entry which the whole table would keep (its
// bucket there is not full) doubles the prefix instead, until the key's bucket has room: each
// entry of the old buckets whose key has the new index bit moves to its bucket in the new half,
// in order. So the entries, their order within a bucket and every probe are those of the whole
// table, and so is every search, node for node; only the memory mapped differs. It is more than
// the entries need (a bucket full of one position's hands makes the prefix double for any other
// key that lands in it: 図巧 002's check, about 36,000 entries in its main table, ends with a
// prefix of 256 MB), but not the gigabytes of --hash (a mate in 3 with a 128 MB table: the
// page faults of the whole table cost 50 times the search). A shared table cannot grow
// under its readers: set_shared(true) takes the whole table first. clear() keeps the prefix
// (its memory is mapped already).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "solver/core/hand.h"
#include "solver/search/mate_len.h"
#include "solver/search/pndn.h"
#include "solver/search/search_result.h"

namespace tsume {

// What a probe found for one (key, hand): proven/disproven length bounds from superior and
// inferior entries (with the hands of the entries that gave them), and the pn/dn estimate from
// the exact entry if any. The table keeps no repetitions: `rep_ply` is always kNoRepetition.
struct TTProbe : SearchResult {
  bool found = false;  // an exact entry exists (pn/dn are from the table)
};

class TranspositionTable {
public:
  static constexpr std::size_t kBucketSize = 8;
  static constexpr std::size_t kSlotBytes = 32;  // a bucket's bytes over its slots

  explicit TranspositionTable(std::size_t megabytes = 64);
  void resize(std::size_t megabytes);
  void clear();
  // Writes every page of the table once, so that the kernel maps (and zeroes) its memory now
  // instead of at the searches' first stores into each page. Not while a search runs.
  void fault_in();

  // Marks the table as used by several threads at once (locks on) or by one (locks off). Set
  // before the threads start and reset after they have joined. Sharing takes the whole table
  // (a shared table does not grow).
  void set_shared(bool shared) {
    if (shared) grow_to(bucket_count_);
    shared_ = shared;
  }
  bool shared() const { return shared_; }

  // Starts loading the bucket of `key` into the cache (a later probe of it waits less).
  void prefetch(std::uint64_t key) const {
    const char* p = reinterpret_cast<const char*>(&bucket_of(key));
    for (std::size_t line = 0; line < sizeof(Bucket); line += 64) __builtin_prefetch(p + line);
  }

  TTProbe probe(std::uint64_t key, Hand hand) const;
  // The same probe, stamped: `*stamp` gets the version of the bucket it read in a shared table
  // (even; its low 16 bits), kNoStamp (odd) otherwise. unchanged_since(key, stamp): the bucket
  // of `key` has taken no store since that probe, which would read the same again. (After 2^15
  // stores the version's low bits come round again, and a reading can then be kept stale: an
  // older value, as a search that does not read again keeps it; never a wrong bound.)
  static constexpr std::uint16_t kNoStamp = 1;
  TTProbe probe(std::uint64_t key, Hand hand, std::uint16_t* stamp) const;
  bool unchanged_since(std::uint64_t key, std::uint16_t stamp) const {
    return shared_ && (stamp & 1) == 0 &&
           static_cast<std::uint16_t>(bucket_of(key).version.load(std::memory_order_acquire)) ==
               stamp;
  }
  // Records pn/dn for the exact (key, hand) position, keeping its bounds.
  void store_estimate(std::uint64_t key, Hand hand, PnDn pn, PnDn dn, std::uint32_t work);
  // Records "mate in at most `upper` plies" for every hand covering `proof_hand`.
  void store_proof(std::uint64_t key, Hand proof_hand, Plies upper, std::uint32_t work);
  // Records "no mate in fewer than `lower` plies" (kNoMate: no mate at all) for every hand
  // covered by `disproof_hand`.
  void store_disproof(std::uint64_t key, Hand disproof_hand, Plies lower, std::uint32_t work);

  // The table's size: its memory budget, all of which a full table uses.
  std::size_t bucket_count() const { return bucket_count_; }
  std::size_t bytes() const { return bucket_count_ * sizeof(Bucket); }
  // The buckets in use so far (a power of two, at most bucket_count()).
  std::size_t active_bucket_count() const { return active_count_; }
  // Fraction of the table's slots used, in permille, from a fixed sample of the buckets in use.
  int hashfull() const;

private:
  // What the table knows of one (board key, attacker hand).
  struct Slot {
    Hand hand;  // the attacker's hand
    PnDn pn = 1;
    PnDn dn = 1;
    std::int16_t lower = 0;        // no mate in fewer plies (for hands covered by `hand`)
    std::int16_t upper = kNoMate;  // mate in at most this many plies (for hands covering `hand`)
    std::uint32_t meta = 0;  // the search effort below it (replacement priority, capped; low 24
                             // bits) and the clear() it belongs to (older ones count as empty)
    std::uint32_t work() const { return meta & kMaxWork; }
    std::uint8_t generation() const { return static_cast<std::uint8_t>(meta >> 24); }
    void set(std::uint32_t work, std::uint8_t generation) {
      meta = (std::min(work, kMaxWork)) | (std::uint32_t{generation} << 24);
    }
  };
  static constexpr std::uint32_t kMaxWork = (1u << 24) - 1;
  static constexpr std::size_t kStartBuckets = (std::size_t{1} << 20) / (kBucketSize * kSlotBytes);
  // One bucket in four cache lines: the keys together in the first line (a probe scans them
  // and reads only the slots of its key), then the bucket's version counter and the slots.
  struct alignas(64) Bucket {              // 256 bytes: 8 keys, the version, 8 slots of 20 bytes
    std::uint64_t keys[kBucketSize] = {};  // board key (with the side to move); 0: empty slot
    // Even: no store under way; odd: a store holds the bucket (shared table only). In the line
    // of the first slots, which a bucket that is not full uses.
    std::atomic<std::uint32_t> version{0};
    Slot slots[kBucketSize];
  };
  // Holds the write lock of a bucket for the lifetime of the guard (when the table is shared):
  // the version goes from even to odd, and back to even, one higher, at the end.
  class WriteLock {
  public:
    WriteLock(Bucket& b, bool shared);
    ~WriteLock() {
      if (version_) version_->store(locked_ + 1, std::memory_order_release);
    }
    WriteLock(const WriteLock&) = delete;
    WriteLock& operator=(const WriteLock&) = delete;

  private:
    std::atomic<std::uint32_t>* version_;
    std::uint32_t locked_ = 0;  // the odd version this writer set
  };
  Bucket& bucket_of(std::uint64_t key) { return buckets_[key & mask_]; }
  const Bucket& bucket_of(std::uint64_t key) const { return buckets_[key & mask_]; }
  // The probe's reading of one bucket (in a shared table between two readings of the version).
  TTProbe read(const Bucket& b, std::uint64_t key, Hand hand) const;
  // The slot of (key, hand): found, or a victim for it (`fresh`). The caller holds b's lock.
  std::size_t slot_for(const Bucket& b, std::uint64_t key, Hand hand, bool* fresh) const;
  template <class Update>
  void store(std::uint64_t key, Hand hand, std::uint32_t work, Update update);
  // An empty slot: never used, or left from an earlier generation.
  bool empty(const Bucket& b, std::size_t i) const {
    return b.keys[i] == 0 || b.slots[i].generation() != generation_;
  }
  // Whether every slot of b holds an entry of this generation that shares the bucket of `key`
  // in the whole table (a store of `key` there would replace one of them).
  bool full_in_whole_table(const Bucket& b, std::uint64_t key) const {
    std::size_t same = 0;
    for (std::size_t i = 0; i < kBucketSize; ++i)
      same += !empty(b, i) && ((b.keys[i] ^ key) & (bucket_count_ - 1)) == 0;
    return same == kBucketSize;
  }
  // Uses the first `count` buckets (a power of two, not fewer than now), each entry moved to its
  // bucket under the new mask. Not while the table is shared.
  void grow_to(std::size_t count);
  // Fields that readers read while a writer may write them: atomic, acquire loads and release
  // stores (plain moves on x86), so that a reader that sees a store's data also sees the odd
  // version that came before it (and reads again).
  template <class T> static T load(const T& field) {
    return std::atomic_ref<T>(const_cast<T&>(field)).load(std::memory_order_acquire);
  }
  template <class T> static void put(T& field, T value) {
    std::atomic_ref<T>(field).store(value, std::memory_order_release);
  }
  static Slot load(const Slot& s);
  static void put(Slot& s, const Slot& value);
  static bool any_key(const Bucket& b, std::uint64_t key) {
    bool any = false;
    for (std::size_t i = 0; i < kBucketSize; ++i) any |= load(b.keys[i]) == key;
    return any;
  }

  static_assert(sizeof(Slot) == 20);
  static_assert(std::atomic_ref<Hand>::required_alignment <= alignof(Hand));
  static_assert(sizeof(Bucket) == kBucketSize * kSlotBytes);
  static_assert(std::is_trivially_destructible_v<Bucket>);
  // The buckets live in memory aligned to 2 MiB and offered to the kernel as huge pages
  // (fewer TLB misses on a table far larger than the caches); freed without destructors.
  struct FreeBuckets {
    void* memory;        // the allocation; the buckets start at an aligned address inside it
    std::size_t mapped;  // its length when mapped from the kernel (0: from calloc)
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], FreeBuckets> buckets_{nullptr, FreeBuckets{nullptr, 0}};
  std::size_t bucket_count_ = 0;
  std::size_t active_count_ = 0;
  std::uint64_t mask_ = 0;  // active_count_ - 1
  // clear() starts a new generation instead of writing the whole table (which cost more than
  // solving a small problem); every 255 generations the table is wiped for real.
  std::uint8_t generation_ = 1;
  bool shared_ = false;
};

}  // namespace tsume
