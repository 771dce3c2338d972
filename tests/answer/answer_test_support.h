// Helpers shared by the answer-module tests: positions and lines from text, and `check` with
// small budgets.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "solver/answer/check.h"
#include "solver/io/sfen.h"

namespace tsume::answer_test {

inline Position position(const std::string& sfen) {
  auto p = io::read_position(sfen);
  EXPECT_TRUE(p.ok()) << sfen << ": " << (p.ok() ? "" : p.error().message());
  return p.ok() ? p.value() : Position();
}

inline Move usi(const Position& pos, const std::string& text) {
  auto m = io::parse_usi_move(text, pos);
  EXPECT_TRUE(m.ok()) << text;
  return m.ok() ? m.value() : Move::none();
}

// The moves of a line given in USI from `sfen`, each parsed in its own position.
inline std::vector<Move> line(const std::string& sfen, const std::vector<std::string>& moves) {
  Position pos = position(sfen);
  std::vector<Move> out;
  for (const std::string& t : moves) {
    out.push_back(usi(pos, t));
    pos.do_move(out.back());
  }
  return out;
}

inline CheckOptions small_options() {
  CheckOptions o;
  o.limits.max_nodes = 5'000'000;
  o.step_nodes = 200'000;
  o.hash_megabytes = 8;
  return o;
}

inline CheckResult check(const std::string& sfen, CheckOptions o = small_options(),
                         const std::optional<std::vector<Move>>& intended = std::nullopt) {
  return check_problem(position(sfen), o, intended);
}

}  // namespace tsume::answer_test
