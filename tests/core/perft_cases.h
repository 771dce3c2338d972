// The perft values of SPEC.md section 5 (published tables), shared by the default perft test
// and the slow one. Hands are exactly as written (DefenderHand::AsGiven).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include "solver/core/perft.h"
#include "tests/core/test_support.h"

namespace tsume::test {

struct PerftCase {
  const char* name;
  std::string_view sfen;
  int depth;
  std::uint64_t nodes;
};

// Shown by CTest and GoogleTest instead of the bytes of the struct.
inline void PrintTo(const PerftCase& c, std::ostream* os) {
  *os << c.name << " depth " << c.depth << " = " << c.nodes;
}

inline std::string perft_case_name(const ::testing::TestParamInfo<PerftCase>& info) {
  return std::string(info.param.name) + "_Depth" + std::to_string(info.param.depth);
}

class Perft : public ::testing::TestWithParam<PerftCase> {};

}  // namespace tsume::test
