// Results that arrive in any order, handed on in input order: result k is passed on as soon as
// results 0..k-1 have been, and held until then.
#pragma once

#include <cstddef>
#include <map>
#include <utility>

namespace tsume::cluster {

template <class T> class InOrder {
public:
  explicit InOrder(std::size_t first = 0) : next_(first) {}
  // Stores result `index` and calls emit(index, result) for every result that is now next in
  // order. A result given twice, or one already passed on, is ignored.
  template <class Emit> void put(std::size_t index, T result, Emit&& emit) {
    if (index < next_) return;
    held_.try_emplace(index, std::move(result));
    for (auto it = held_.begin(); it != held_.end() && it->first == next_; it = held_.begin()) {
      T value = std::move(it->second);
      held_.erase(it);
      emit(next_, value);
      ++next_;
    }
  }
  // The index of the next result to pass on.
  std::size_t next() const { return next_; }
  // Results received but held back for an earlier one.
  std::size_t held() const { return held_.size(); }

private:
  std::size_t next_;
  std::map<std::size_t, T> held_;
};

}  // namespace tsume::cluster
