// Helpers shared by the search tests: positions read as written (hands as given, no king
// required), and squares by file number and rank letter.
#pragma once

#include <gtest/gtest.h>

#include "solver/core/position.h"
#include "solver/io/sfen.h"

namespace tsume::test {

inline Position position_as_given(const char* sfen) {
  auto p = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error().message());
  return p.ok() ? p.value() : Position();
}

// "2b" is sq(2, 'b').
constexpr Square sq(int file, char rank) { return make_square(file - 1, rank - 'a'); }

}  // namespace tsume::test
