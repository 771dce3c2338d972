// Virtual proof numbers for the parallel search (Kaneko 2010, "Parallel depth first proof
// number search"): every worker marks the nodes on its current path, and a worker choosing a
// child sees a marked child as harder than it is, by a share of its value per worker inside.
// The workers then spread over different promising subtrees instead of all following the one
// best line. The marks only steer the choice; proofs and disproofs are never changed by them.
// The search applies them at attacker nodes, and at defender nodes only while a proof looks
// nearer than a disproof (BasicMateSearch::steered in search/dfpn.h says why); it reaches them
// through the WorkerHooks interface (search/worker_hooks.h).
//
// The counters live in a small lossy array indexed by a hash of (board key, attacker hand): a
// collision only steers a worker a little off its ideal choice. Each slot holds one counter per
// worker, side by side (a slot's counters are read together), and a worker writes only its own:
// a plain increment, not a locked one, which on x86 would also wait for the core's pending
// stores (one shared counter per slot, incremented with a locked add at every node entered,
// took 5 % of a worker's time on 図巧 095's length search: perf, 2 threads). The parallel
// search uses 2^14 slots (64 KB with 2 workers, in the core's cache: with a 1 MB array the
// increments missed the cache and cost ~5 % more); a node reads its children's counters only
// while another worker is at the node itself.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/core/hand.h"
#include "solver/search/pndn.h"
#include "solver/search/worker_hooks.h"

namespace tsume {

class VirtualLoad {
public:
  // Counters for `workers` workers in 2^slots_log2 slots.
  explicit VirtualLoad(int workers, int slots_log2 = 18)
      : workers_(static_cast<std::size_t>(std::max(workers, 1))),
        counts_(std::make_unique<std::atomic<std::uint16_t>[]>(workers_ << slots_log2)),
        mask_((std::uint64_t{1} << slots_log2) - 1) {
    for (std::size_t i = 0; i < workers_; ++i) views_.emplace_back(*this, i);
  }
  VirtualLoad(const VirtualLoad&) = delete;
  VirtualLoad& operator=(const VirtualLoad&) = delete;

  // What worker `index` (0 <= index < workers) tells and asks.
  WorkerHooks& worker(std::size_t index) { return views_[index]; }

  // The workers whose paths hold the node (board key, attacker hand), or a node of its slot.
  std::uint32_t workers_in(std::uint64_t key, Hand hand) const {
    const std::atomic<std::uint16_t>* c = &counts_[slot(key, hand) * workers_];
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < workers_; ++i) sum += c[i].load(std::memory_order_relaxed);
    return sum;
  }

  // The value a worker sees for a child with `workers` other workers inside: half again per
  // worker, plus one, so that even a child worth 1 gives way to an equal idle sibling.
  static PnDn inflate(PnDn value, std::uint32_t workers) {
    PnDn v = value;
    for (std::uint32_t i = 0; i < workers && v < kInfinitePnDn; ++i)
      v = add_pndn(v, add_pndn(value / 2, 1));
    return v;
  }

private:
  // One worker's hooks: its own counter of each slot, written by it alone.
  class Worker final : public WorkerHooks {
  public:
    Worker(VirtualLoad& load, std::size_t index) : load_(&load), index_(index) {}
    void enter(std::uint64_t key, Hand hand) override { add(key, hand, 1); }
    void leave(std::uint64_t key, Hand hand) override { add(key, hand, -1); }
    bool shared(std::uint64_t key, Hand hand) const override {
      return load_->workers_in(key, hand) > 1;
    }
    PnDn seen_value(std::uint64_t key, Hand hand, PnDn value) const override {
      const std::uint32_t inside = load_->workers_in(key, hand);
      return inside == 0 ? value : inflate(value, inside);
    }

  private:
    void add(std::uint64_t key, Hand hand, int delta) {
      std::atomic<std::uint16_t>& c =
          load_->counts_[load_->slot(key, hand) * load_->workers_ + index_];
      c.store(static_cast<std::uint16_t>(c.load(std::memory_order_relaxed) + delta),
              std::memory_order_relaxed);
    }
    VirtualLoad* load_;
    std::size_t index_;
  };

  std::size_t slot(std::uint64_t key, Hand hand) const {
    return static_cast<std::size_t>((key ^ (hand.raw() * 0x9E37'79B9'7F4A'7C15ull)) & mask_);
  }

  std::size_t workers_;
  std::unique_ptr<std::atomic<std::uint16_t>[]> counts_;  // slot-major: a slot's workers together
  std::uint64_t mask_;
  std::vector<Worker> views_;
};

}  // namespace tsume
