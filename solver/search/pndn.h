// Proof and disproof numbers (Allis 1994) with saturating arithmetic in exactly one place.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tsume {

using PnDn = std::uint32_t;
// "Infinite": the node is proven (dn) or disproven (pn). Finite values are capped below it so
// that sums never wrap around (pn/dn overflow).
inline constexpr PnDn kInfinitePnDn = 0x7FFF'FFFFu;
inline constexpr PnDn kMaxFinitePnDn = kInfinitePnDn - 1;

constexpr PnDn add_pndn(PnDn a, PnDn b) {
  if (a >= kInfinitePnDn || b >= kInfinitePnDn) return kInfinitePnDn;
  const std::uint64_t s = std::uint64_t{a} + b;
  return s > kMaxFinitePnDn ? kMaxFinitePnDn : static_cast<PnDn>(s);
}
// Threshold arithmetic: a - b + c, clamped into [0, kInfinitePnDn].
constexpr PnDn child_threshold(PnDn a, PnDn b, PnDn c) {
  if (a >= kInfinitePnDn) return kInfinitePnDn;
  const std::int64_t v = std::int64_t{a} - b + c;
  return static_cast<PnDn>(std::clamp<std::int64_t>(v, 0, kInfinitePnDn));
}

// A weak sum (weak proof numbers, Ueda et al. 2008): children whose subtrees overlap counted as
// the largest of their values plus one for each of the others, instead of their sum, which
// counts the shared work once per child.
struct WeakSum {
  PnDn largest = 0;
  PnDn terms = 0;
  constexpr void add(PnDn v) {
    largest = std::max(largest, v);
    ++terms;
  }
  constexpr PnDn value() const { return terms == 0 ? 0 : add_pndn(largest, terms - 1); }
};

}  // namespace tsume
