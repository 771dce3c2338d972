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

// Hand-analysed positions without mate: the attacker's material can never cover the king.
inline const char* const kNoMatePositions[] = {
    // A lone piece in hand against a king in the centre (the king always has a free square).
    "9/9/9/9/4k4/9/9/9/9 b P2r2b4g4s4n4l17p 1",
    "9/9/9/9/4k4/9/9/9/9 b L2r2b4g4s4n3l18p 1",
    "9/9/9/9/4k4/9/9/9/9 b N2r2b4g4s3n4l18p 1",
    "9/9/9/9/4k4/9/9/9/9 b S2r2b4g3s4n4l18p 1",
    "9/9/9/9/4k4/9/9/9/9 b G2r2b3g4s4n4l18p 1",
    "9/9/9/9/4k4/9/9/9/9 b B2rb4g4s4n4l18p 1",
    "9/9/9/9/4k4/9/9/9/9 b Rr2b4g4s4n4l18p 1",
    // A lone piece in hand against a corner king: every check is answered by capturing it or
    // stepping out of the line.
    "8k/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1",
    "8k/9/9/9/9/9/9/9/9 b L2r2b4g4s4n3l18p 1",
    "8k/9/9/9/9/9/9/9/9 b S2r2b4g3s4n4l18p 1",
    "8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1",
    "8k/9/9/9/9/9/9/9/9 b B2rb4g4s4n4l18p 1",
    "8k/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1",
    // No check at all: the attacker's only piece cannot reach the king, nothing in hand.
    "4k4/9/9/9/9/9/9/9/P8 b 2r2b4g4s4n4l17p 1",
    "4k4/9/9/9/9/9/9/9/N8 b 2r2b4g4s3n4l18p 1",
    "k8/9/9/9/9/9/9/9/8L b 2r2b4g4s4n3l18p 1",
    // A lone dragon or horse gives checks forever (repetition) but never mates the centre king.
    "9/9/9/9/4k4/9/9/9/+R8 b r2b4g4s4n4l18p 1",
    "9/9/9/9/4k4/9/9/+B8/9 b 2rb4g4s4n4l18p 1",
    // 打ち歩詰め: the only mating drop is illegal (the pawn on 1b, guarded by the silver).
    "7lk/9/8S/9/9/9/9/9/9 b P2r2b4g3s4n3l17p 1",
    // A rook and a pawn in hand against the centre king with the defender holding all the rest.
    "9/9/9/9/4k4/9/9/9/9 b RPr2b4g4s4n4l16p 1",
};

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
