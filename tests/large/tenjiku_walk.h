// Helpers shared by the tests that hold solver/large's tenjiku against the slow reference
// (reference_tenjiku.h): a position's legal moves as sorted texts, the reference board of a
// position with its rule switches, composed positions, a random game along which both must
// list the same moves, the same for the checks (and evasions in check), and random attacks on a
// cornered king on which the mate search must agree with the reference's brute force.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "solver/large/checks.h"
#include "solver/large/mate.h"
#include "solver/large/movegen.h"
#include "tests/large/check_compare.h"
#include "tests/large/reference_tenjiku.h"

namespace tsume::large::tenjiku_walk {

namespace ref = ::tsume::test::tenjiku_reference;

using check_compare::texts;

inline ref::Board reference_of(const Position& pos) {
  ref::Board b = ref::read_sfen(to_sfen(pos));
  b.capture_rule = pos.rules().royal == RoyalRule::Capture;
  b.victim = pos.rules().jump == JumpRule::Any       ? ref::Victim::Any
             : pos.rules().jump == JumpRule::NoRoyal ? ref::Victim::NoRoyal
                                                     : ref::Victim::Lower;
  b.passive_burn = pos.rules().passive_burn;
  b.fire_demon_vertical = pos.rules().fire_demon_vertical;
  b.lion_hawk_area = pos.rules().lion_hawk_area;
  b.free_eagle_orthogonal = pos.rules().free_eagle_orthogonal;
  b.tetrarchs_chariot = pos.rules().tetrarchs_chariot;
  b.forced_promotion = pos.rules().forced_promotion;
  return b;
}

// Composed positions full of the new pieces (the reference decides their numbers).
inline const char* const kPositions[] = {
    // Generals, demons, Tetrarchs, Free Eagles, Water Buffaloes and Lions in the middle.
    "7k8/5q!2v!7/3p2d!1p1r!5/16/2P3h!4B!4/6D!9/4c!5n4+c!/1q'5W!3e!4/16/3N2P5Q'3/5+C!4b!5/"
    "8V!7/2R!10d!2/16/6G2E6/7K8 b - 1",
    // A Rook General behind a pawn on the file of the White king; demons and a Vice General near
    // the kings.
    "8k7/7pgp6/8s7/16/4d!11/16/8P7/8R!7/16/2B!13/16/10D!5/16/5v!10/16/8K7 b - 1",
    // Lion Hawks, Free Eagles, Tetrarchs and Water Buffaloes by the zones.
    "k15/16/3P2h!9/2W!13/5p10/4+C!2q'8/3pP2p8/16/6H!9/9w!6/16/3N2Q'9/16/12s'3/1I'14/15K w - 1",
    "startpos",
};

// A pseudo-random position: both kings and `pieces` more pieces of random kinds and sides on
// random squares, half of them drawn from the kinds with the new mechanics (generals, Fire
// Demons, Water Buffaloes, Vice General, Lion Hawk, Free Eagle, Lion, Tetrarchs), packed into a
// few ranks so that they meet; the side to move at random.
inline std::string random_position(unsigned seed, int pieces = 24) {
  std::mt19937 rng(seed);
  const GameTable& t = game_table(Game::Tenjiku);
  const std::vector<std::string> special = {"Q!", "V!", "R!",  "B!",  "D!",  "W!", "H!",
                                            "Q'", "N",  "+C!", "+W!", "+R!", "+N"};
  std::string grid[16][16];
  const auto place = [&](const std::string& token, bool black) {
    std::uniform_int_distribution<int> sq(0, 255);
    for (;;) {
      const int s = sq(rng);
      // Mostly within six middle ranks, so that the pieces meet.
      const int y = (rng() % 4 == 0) ? s / 16 : 5 + (s / 16) % 6;
      const int x = s % 16;
      if (!grid[y][x].empty()) continue;
      std::string tok = token;
      if (!black)
        for (char& c : tok) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      grid[y][x] = tok;
      return;
    }
  };
  place("K", true);
  place("K", false);
  for (int i = 0; i < pieces; ++i) {
    std::string token;
    if (rng() % 2 == 0) {
      token = special[rng() % special.size()];
    } else {
      do {
        token = t.kinds[rng() % t.kinds.size()].token;
      } while (t.kinds[t.kind_of(token)].royal);
    }
    place(token, rng() % 2 == 0);
  }
  std::string sfen;
  for (int y = 0; y < 16; ++y) {
    if (y > 0) sfen += '/';
    int empty = 0;
    for (int x = 0; x < 16; ++x) {
      if (grid[y][x].empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) sfen += std::to_string(empty);
      empty = 0;
      sfen += grid[y][x];
    }
    if (empty > 0) sfen += std::to_string(empty);
  }
  return sfen + (rng() % 2 == 0 ? " b - 1" : " w - 1");
}

// The tenjiku reference as check_compare.h takes it.
struct TenjikuReference {
  static ref::Board board(const Position& pos) { return reference_of(pos); }
  static std::vector<std::string> checking_moves(const ref::Board& b) {
    return ref::checking_moves(b);
  }
  static bool in_check(const ref::Board& b, int side) { return ref::in_check(b, side); }
  static std::vector<std::string> legal_moves(const ref::Board& b) { return ref::legal_moves(b); }
  static ref::Board play(const ref::Board& b, const std::string& move) {
    return ref::play(b, move);
  }
};

// Plays up to `plies` random moves (captures preferred), the same on the reference board, and
// expects both to list the same legal moves at every position.
inline void expect_same_moves_along_random_game(Position pos, unsigned seed, int plies) {
  check_compare::expect_same_moves_along_random_game<TenjikuReference>(pos, reference_of(pos), seed,
                                                                       plies);
}

using check_compare::Met;
using check_compare::sorted_texts;

// Checks and evasions compared with the reference along a random game, at every position.
inline Met walk(const Position& start, unsigned seed, int plies) {
  return check_compare::walk<TenjikuReference>(start, seed, plies);
}

// A random attack on a cornered king for the mate search: White's king on 1a, two to four
// defenders (pawns, generals, lances, knights, tigers, leopards) in the corner's 4x4, one piece
// of `theme` within 8 squares and up to two other attackers within 7; Black's king on 16p.
inline Position random_attack(unsigned seed, const std::vector<std::string>& theme) {
  std::mt19937 rng(seed);
  const std::vector<std::string> attackers = {"G", "S", "R", "B",  "N'", "L",
                                              "P", "D", "H", "F!", "E!", "Q"};
  const std::vector<std::string> defenders = {"p",  "p", "p",  "g", "s", "l",
                                              "n'", "c", "i'", "t", "f"};
  std::string grid[16][16];
  const auto put = [&](int x, int y, const std::string& token) {
    if (!grid[y][x].empty()) return;
    grid[y][x] = token;
  };
  put(15, 0, "k");
  put(0, 15, "K");
  const int nd = 2 + static_cast<int>(rng() % 3);
  for (int i = 0; i < nd; ++i) {
    const int x = 15 - static_cast<int>(rng() % 4), y = static_cast<int>(rng() % 4);
    put(x, y, defenders[rng() % defenders.size()]);
  }
  {
    const int x = 15 - static_cast<int>(rng() % 8), y = static_cast<int>(rng() % 8);
    put(x, y, theme[rng() % theme.size()]);
  }
  const int na = static_cast<int>(rng() % 3);
  for (int i = 0; i < na; ++i) {
    const int x = 15 - static_cast<int>(rng() % 7), y = static_cast<int>(rng() % 7);
    put(x, y, attackers[rng() % attackers.size()]);
  }
  std::string sfen;
  for (int y = 0; y < 16; ++y) {
    int empty = 0;
    for (int x = 0; x < 16; ++x) {
      if (grid[y][x].empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) sfen += std::to_string(empty);
      empty = 0;
      sfen += grid[y][x];
    }
    if (empty > 0) sfen += std::to_string(empty);
    if (y < 15) sfen += '/';
  }
  sfen += " b - 1";
  return parse_sfen(sfen, Game::Tenjiku, default_rules(Game::Tenjiku));
}

// The solver's answer to random_attack(seed, theme) within `plies` must be the reference's
// brute force: the same length (or no mate within it) and a first move among the reference's.
// Returns whether a mate was found.
inline bool expect_same_mate(unsigned seed, int plies, const std::vector<std::string>& theme) {
  const Position pos = random_attack(seed, theme);
  const std::string sfen = to_sfen(pos);
  if (in_check(pos, Side::White)) return false;  // not a problem: the defender is in check
  const ref::MateAnswer a = ref::shortest_mate(reference_of(pos), plies);
  const MateResult r = solve_mate(pos, {plies, 0});
  if (a.length < 0) {
    EXPECT_NE(r.status, MateStatus::Mate) << sfen;
    return false;
  }
  EXPECT_EQ(r.status, MateStatus::Mate) << sfen;
  EXPECT_EQ(r.length, a.length) << sfen;
  if (r.status != MateStatus::Mate || r.pv.empty()) return false;
  const std::string first = move_text(pos, r.pv.front());
  EXPECT_NE(std::find(a.first_moves.begin(), a.first_moves.end(), first), a.first_moves.end())
      << sfen << " " << first;
  return true;
}

}  // namespace tsume::large::tenjiku_walk
