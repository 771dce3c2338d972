// Helpers of the io tests: fixture files and small expectations on errors.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "solver/core/move.h"
#include "solver/io/parse_error.h"
#include "solver/io/sfen.h"

namespace tsume::io::test {

// The bytes of tests/io/data/<name>, unchanged.
inline std::string fixture(std::string_view name) {
  std::ifstream in(std::string(TSUME_IO_TEST_DATA) + "/" + std::string(name), std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing fixture " << name;
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

inline std::string fixture_path(std::string_view name) {
  return std::string(TSUME_IO_TEST_DATA) + "/" + std::string(name);
}

inline std::vector<std::string> usi_moves(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_usi(m));
  return out;
}

// The moves of `line` (USI words separated by spaces) played from `start`, each checked legal.
inline std::vector<Move> usi_line(const Position& start, std::string_view line) {
  Position pos = start;
  std::vector<Move> moves;
  std::istringstream words{std::string(line)};
  for (std::string w; words >> w;) {
    auto m = parse_usi_move(w, pos);
    EXPECT_TRUE(m.ok()) << w << ": " << m.error().message();
    if (!m) break;
    moves.push_back(*m);
    pos.do_move(*m);
  }
  return moves;
}

// Checks that `result` failed on `line` with a reason containing `phrase`.
template <class T>
::testing::AssertionResult fails_with(const Expected<T>& result, int line,
                                      std::string_view phrase) {
  if (result.ok())
    return ::testing::AssertionFailure() << "read succeeded, expected '" << phrase << "'";
  const ParseError& e = result.error();
  if (e.line != line || e.reason.find(phrase) == std::string::npos)
    return ::testing::AssertionFailure()
           << "got '" << e.message() << "' (line " << e.line << "), expected line " << line
           << " and a reason containing '" << phrase << "'";
  return ::testing::AssertionSuccess();
}

}  // namespace tsume::io::test
