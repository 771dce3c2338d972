// A map from 64-bit position keys to small values, for the certificate writer's indexes of the
// nodes it has made (hundreds of thousands to millions of positions per certificate).
//
// Open addressing with linear probing in flat arrays: a lookup reads one or two neighbouring
// slots instead of following a node-based bucket chain (std::unordered_map: one allocation per
// entry and a cache miss per lookup), which the writer's profile showed as a tenth of its time.
// The table doubles when half full; erase shifts the following entries of the run back, so no
// tombstones are left.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tsume {

template <class Value> class KeyMap {
public:
  // The value of `key`, or nullptr.
  Value* find(std::uint64_t key) {
    if (used_.empty()) return nullptr;
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      if (!used_[i]) return nullptr;
      if (keys_[i] == key) return &values_[i];
    }
  }
  const Value* find(std::uint64_t key) const { return const_cast<KeyMap*>(this)->find(key); }
  bool contains(std::uint64_t key) const { return find(key) != nullptr; }

  // Adds key -> value unless the key is there; returns the key's value and whether it was added.
  std::pair<Value*, bool> emplace(std::uint64_t key, Value value) {
    if (2 * (size_ + 1) > used_.size()) grow();
    std::size_t i = home(key);
    for (; used_[i]; i = (i + 1) & mask_)
      if (keys_[i] == key) return {&values_[i], false};
    used_[i] = 1;
    keys_[i] = key;
    values_[i] = std::move(value);
    ++size_;
    return {&values_[i], true};
  }

  // Removes `key` if present.
  void erase(std::uint64_t key) {
    if (used_.empty()) return;
    std::size_t i = home(key);
    for (;; i = (i + 1) & mask_) {
      if (!used_[i]) return;
      if (keys_[i] == key) break;
    }
    // Backward shift: move every later entry of the run whose home is not between the hole and
    // itself into the hole.
    for (std::size_t j = (i + 1) & mask_; used_[j]; j = (j + 1) & mask_) {
      const std::size_t h = home(keys_[j]);
      const bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
      if (stays) continue;
      keys_[i] = keys_[j];
      values_[i] = std::move(values_[j]);
      i = j;
    }
    used_[i] = 0;
    values_[i] = Value();
    --size_;
  }

  std::size_t size() const { return size_; }
  // The bytes its arrays take.
  std::size_t memory() const {
    return keys_.capacity() * sizeof(std::uint64_t) + values_.capacity() * sizeof(Value) +
           used_.capacity();
  }

private:
  std::size_t home(std::uint64_t key) const {
    // Fibonacci hashing: the high bits of the product, so keys that differ only in their high
    // bits spread too.
    return static_cast<std::size_t>((key * 0x9E37'79B9'7F4A'7C15u) >> shift_);
  }
  void grow() {
    const std::size_t capacity = used_.empty() ? 64 : 2 * used_.size();
    std::vector<std::uint64_t> keys(capacity);
    std::vector<Value> values(capacity);
    std::vector<std::uint8_t> used(capacity, 0);
    keys_.swap(keys);
    values_.swap(values);
    used_.swap(used);
    mask_ = capacity - 1;
    shift_ = 64 - std::countr_zero(capacity);  // the product's top log2(capacity) bits
    size_ = 0;
    for (std::size_t i = 0; i < used.size(); ++i)
      if (used[i]) emplace(keys[i], std::move(values[i]));
  }

  std::vector<std::uint64_t> keys_;
  std::vector<Value> values_;
  std::vector<std::uint8_t> used_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::size_t size_ = 0;
};

}  // namespace tsume
