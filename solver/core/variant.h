// The rule sets the 9x9 shogi core plays (SPEC.md section 7, docs/sho.md).
//
// - Shogi: modern shogi, sections 1-6 of SPEC.md.
// - Sho: sho shogi (小将棋), modern shogi without drops (a captured piece leaves the game) plus one
//   Drunk Elephant (酔象) a side, which promotes to a Crown Prince (太子), a second royal. A side
//   with two royals is not bound by check; a side loses when it has no royal left.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tsume {

enum class Variant : std::uint8_t { Shogi, Sho };

// The name used by `--rules` and in records: "shogi", "sho".
constexpr std::string_view variant_name(Variant v) { return v == Variant::Sho ? "sho" : "shogi"; }
constexpr std::optional<Variant> parse_variant(std::string_view name) {
  if (name == "shogi") return Variant::Shogi;
  if (name == "sho") return Variant::Sho;
  return std::nullopt;
}
// Captured pieces go to the captor's hand and may be dropped (modern shogi only).
constexpr bool has_drops(Variant v) { return v == Variant::Shogi; }

}  // namespace tsume
