// Mate lengths in plies. A node's exact mate distance d (SPEC.md section 3) is known through an
// interval [lower, upper]: `upper` comes from a proof found, `lower` from a disproof of "mate
// within lower - 1 plies". kNoMate stands for "infinite" (no mate at all).
#pragma once

#include <cstdint>

namespace tsume {

using Plies = std::int32_t;
inline constexpr Plies kNoMate = 0x7FFF;          // infinite distance
inline constexpr Plies kUnboundedPlies = 0x7FFE;  // the length budget of an unbounded search

// A length one ply longer (a node's from its child's); "no mate" stays "no mate".
constexpr Plies plus_one(Plies p) { return p >= kNoMate ? kNoMate : p + 1; }

}  // namespace tsume
