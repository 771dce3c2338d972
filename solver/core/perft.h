// Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard test of a
// move generator against published tables (SPEC.md section 5).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "solver/core/position.h"

namespace tsume {

std::uint64_t perft(Position& pos, int depth);
// Per-move counts at the root (depth >= 1), in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace tsume
