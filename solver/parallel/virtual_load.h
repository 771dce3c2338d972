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
// collision only steers a worker a little off its ideal choice. The parallel search uses 2^14
// counters (64 KB, in the core's cache: every node marks and unmarks one, and with a 1 MB array
// those locked increments missed the cache and cost ~5% of the time); a node reads its
// children's counters only while another worker is at the node itself.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "solver/core/hand.h"
#include "solver/search/pndn.h"
#include "solver/search/worker_hooks.h"

namespace tsume {

class VirtualLoad final : public WorkerHooks {
public:
  explicit VirtualLoad(int slots_log2 = 18)
      : counts_(std::make_unique<std::atomic<std::uint32_t>[]>(std::size_t{1} << slots_log2)),
        mask_((std::uint64_t{1} << slots_log2) - 1) {}

  void enter(std::uint64_t key, Hand hand) override {
    counts_[slot(key, hand)].fetch_add(1, std::memory_order_relaxed);
  }
  void leave(std::uint64_t key, Hand hand) override {
    counts_[slot(key, hand)].fetch_sub(1, std::memory_order_relaxed);
  }
  std::uint32_t workers_in(std::uint64_t key, Hand hand) const {
    return counts_[slot(key, hand)].load(std::memory_order_relaxed);
  }

  bool shared(std::uint64_t key, Hand hand) const override { return workers_in(key, hand) > 1; }
  PnDn seen_value(std::uint64_t key, Hand hand, PnDn value) const override {
    const std::uint32_t inside = workers_in(key, hand);
    return inside == 0 ? value : inflate(value, inside);
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
  std::size_t slot(std::uint64_t key, Hand hand) const {
    return static_cast<std::size_t>((key ^ (hand.raw() * 0x9E37'79B9'7F4A'7C15ull)) & mask_);
  }

  std::unique_ptr<std::atomic<std::uint32_t>[]> counts_;
  std::uint64_t mask_;
};

}  // namespace tsume
