// Helpers shared by the generator tests: positions from SFEN, and the independent re-check every
// generated problem gets.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "generator/generator.h"
#include "generator/themes.h"
#include "solver/answer/check.h"
#include "solver/io/sfen.h"

namespace tsume::gen::test_support {

inline Position position(const std::string& sfen) {
  auto p = io::read_position(sfen);
  EXPECT_TRUE(p.ok()) << sfen;
  return p.ok() ? p.value() : Position();
}

// The moves of a line given in USI from `start`, each parsed in its own position (stops at the
// first that does not parse).
inline std::vector<Move> line(const Position& start, const std::vector<std::string>& moves) {
  Position pos = start;
  std::vector<Move> out;
  for (const std::string& t : moves) {
    auto m = io::parse_usi_move(t, pos);
    EXPECT_TRUE(m.ok()) << t;
    if (!m.ok()) break;
    out.push_back(m.value());
    pos.do_move(out.back());
  }
  return out;
}
inline std::vector<Move> line(const std::string& sfen, const std::vector<std::string>& moves) {
  return line(position(sfen), moves);
}

// `g` checked again from its SFEN, with budgets far above the generator's: SOUND, the same
// length and main line, and the line replayed by the core rules ends in mate.
inline void expect_sound_on_recheck(const Generated& g) {
  CheckOptions c;
  c.limits.max_nodes = 20'000'000;
  c.step_nodes = 2'000'000;
  c.hash_megabytes = 16;
  const CheckResult r = check_problem(position(io::to_sfen(g.position)), c);
  EXPECT_EQ(r.verdict, Verdict::Sound) << r.reason;
  EXPECT_EQ(r.length, g.length);
  EXPECT_EQ(r.main_line, g.pv);
  EXPECT_EQ(replay_mate(g.position, g.pv), "");
}

}  // namespace tsume::gen::test_support
