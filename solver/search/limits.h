// Search limits and the cooperative stop flag, passed explicitly to every search.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace tsume {

// Called by a search every 1,024 nodes, on the searching thread and between two nodes (no table
// access in flight): how the parallel search lets helpers join a question under way.
class SearchPoll {
public:
  virtual void poll() = 0;

protected:
  ~SearchPoll() = default;
};

struct SearchLimits {
  std::uint64_t max_nodes = 0;              // 0: unlimited
  double max_seconds = 0;                   // 0: unlimited
  const std::atomic<bool>* stop = nullptr;  // set by another thread to stop early
  // Set by the parallel driver when another worker has answered the question (internal).
  const std::atomic<bool>* halt = nullptr;
  // When given, the nodes searched so far are added to it every 1,024 nodes (by every worker),
  // so that another thread can report progress (USI `info` lines).
  std::atomic<std::uint64_t>* progress = nullptr;
  // The workers of one parallel question share its node limit (internal): each adds its nodes
  // to `pool` every 1,024 nodes and stops once the pool holds `pool_max_nodes` (0: no limit).
  std::atomic<std::uint64_t>* pool = nullptr;
  std::uint64_t pool_max_nodes = 0;
  SearchPoll* poll = nullptr;  // called every 1,024 nodes (internal)
  // The memory, in bytes, that a certificate writer's graph and indexes may take
  // (answer/certificate.h; 0: no limit). The searches themselves ignore it.
  std::uint64_t max_memory_bytes = 0;
  // Takes `held` bytes (kept while a later writer runs) off max_memory_bytes; a limit used up
  // becomes 1 byte, not 0 (no limit).
  void charge_memory(std::uint64_t held) {
    if (max_memory_bytes) max_memory_bytes = max_memory_bytes > held ? max_memory_bytes - held : 1;
  }
  // These limits less `nodes` and `seconds` already spent; a limit used up keeps 1 node or 1 ms,
  // not 0 (no limit).
  SearchLimits after(std::uint64_t nodes, double seconds) const {
    SearchLimits left = *this;
    if (max_nodes) left.max_nodes = max_nodes > nodes ? max_nodes - nodes : 1;
    if (max_seconds > 0) left.max_seconds = std::max(max_seconds - seconds, 1e-3);
    return left;
  }
};

// Tracks nodes and time against SearchLimits.
class SearchBudget {
public:
  explicit SearchBudget(const SearchLimits& limits)
      : limits_(limits), start_(std::chrono::steady_clock::now()) {}

  // Counts one node; returns false once a limit is reached (and stays false).
  bool tick() {
    ++nodes_;
    if (exhausted_) return false;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) exhausted_ = true;
    if ((nodes_ & 1023) == 0) {
      if (limits_.progress) limits_.progress->fetch_add(1024, std::memory_order_relaxed);
      if (limits_.pool) {
        const std::uint64_t pooled =
            limits_.pool->fetch_add(1024, std::memory_order_relaxed) + 1024;
        if (limits_.pool_max_nodes && pooled >= limits_.pool_max_nodes) exhausted_ = true;
      }
      check_flags_and_time();
      if (limits_.poll && !exhausted_) limits_.poll->poll();
    }
    return !exhausted_;
  }
  // Adds the nodes that workers searched on this budget's behalf and checks the limits.
  void charge(std::uint64_t nodes) {
    nodes_ += nodes;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) exhausted_ = true;
    check_flags_and_time();
  }
  // What is left of the limits, for a worker's own budget (the stop flag is shared).
  SearchLimits remaining() const { return limits_.after(nodes_, seconds()); }
  bool exhausted() const { return exhausted_; }
  std::uint64_t nodes() const { return nodes_; }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  void check_flags_and_time() {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) exhausted_ = true;
    if (limits_.halt && limits_.halt->load(std::memory_order_relaxed)) exhausted_ = true;
    if (limits_.max_seconds > 0 && seconds() >= limits_.max_seconds) exhausted_ = true;
  }

  SearchLimits limits_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t nodes_ = 0;
  bool exhausted_ = false;
};

}  // namespace tsume
