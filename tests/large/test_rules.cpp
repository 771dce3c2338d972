// The large-board games as a model of the mate search's rules concept (solver/large/rules.h):
// do/undo and the null move restore the position and its key, board_key_after is the key after
// the move, move texts are lishogi's (two-digit files on the dai board), and a small AND/OR
// search written against the concept only (as solver/search is) finds the lengths of the
// hand-composed problems.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/large/rules.h"

namespace tsume::large {
namespace {

using R = LargeRules;

void expect_model_agrees_along_random_game(const large::Position& start, unsigned seed) {
  std::mt19937 rng(seed);
  R::Position pos(start);
  for (int ply = 0; ply < 60; ++ply) {
    const large::Position board = pos.board();
    const std::uint64_t key = R::board_key(pos);
    ASSERT_EQ(key, position_key(board));
    ASSERT_EQ(R::side_to_move(pos),
              board.side_to_move() == Side::Black ? Color::Black : Color::White);
    R::MoveList moves;
    R::generate_evasions(pos, moves);  // every legal move
    ASSERT_EQ(moves.size(), legal_moves(board).size());
    for (std::size_t i = 0; i < moves.size(); ++i)
      ASSERT_EQ(R::move_text(moves[i]), move_text(board, moves[i].move));
    R::MoveList checks;
    R::generate_checks(pos, checks);
    ASSERT_EQ(checks.size(), generate_checks(board).size());
    R::do_null_move(pos);
    EXPECT_NE(R::board_key(pos), key);
    R::undo_null_move(pos);
    ASSERT_EQ(R::board_key(pos), key);
    if (moves.empty()) break;
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    const R::Move m = moves[pick(rng)];
    const std::uint64_t expected = R::board_key_after(pos, m);
    R::do_move(pos, m);
    ASSERT_EQ(R::board_key(pos), expected);
    ASSERT_EQ(pos.board(), after(board, m.move));
    R::undo_move(pos, m);
    ASSERT_EQ(pos.board(), board);
    ASSERT_EQ(R::board_key(pos), key);
    R::do_move(pos, m);
  }
}

TEST(LargeRulesModel, AgreesWithTheCoreAlongRandomGames) {
  for (const unsigned seed : {1u, 2u})
    expect_model_agrees_along_random_game(parse_sfen("startpos"), seed);
  for (const unsigned seed : {3u, 4u})
    expect_model_agrees_along_random_game(
        parse_sfen("startpos", Game::Dai, default_rules(Game::Dai)), seed);
}

// Mate within d plies, the side to move the attacker: a plain AND/OR search that knows the game
// only through the concept.
template <MateRules M> bool mates_within(typename M::Position& pos, int d) {
  if (d < 1) return false;
  typename M::MoveList checks;
  M::generate_checks(pos, checks);
  for (const auto& m : checks) {
    M::do_move(pos, m);
    typename M::MoveList evasions;
    M::generate_evasions(pos, evasions);
    bool all = M::in_check(pos);
    if (M::is_mated(pos, evasions)) {
      M::undo_move(pos, m);
      return true;
    }
    for (const auto& e : evasions) {
      M::do_move(pos, e);
      all = all && mates_within<M>(pos, d - 2);
      M::undo_move(pos, e);
      if (!all) break;
    }
    M::undo_move(pos, m);
    if (all) return true;
  }
  return false;
}

TEST(LargeRulesModel, AGenericSearchSolvesTheShortProblems) {
  for (const auto& [file, game] :
       {std::pair{"chu_hand.tsv", Game::Chu}, std::pair{"dai_hand.tsv", Game::Dai}}) {
    std::ifstream in(std::string(TSUME_PROBLEMS_DIR) + "/" + file);
    std::string row;
    int solved = 0;
    while (std::getline(in, row)) {
      std::stringstream ss(row);
      std::string sfen, id, length;
      std::getline(ss, sfen, '\t');
      std::getline(ss, id, '\t');
      std::getline(ss, length, '\t');
      const int n = std::stoi(length);
      if (n > 3) continue;  // the plain search is exponential; 1 and 3 plies suffice here
      R::Position pos(parse_sfen(sfen, game, default_rules(game)));
      EXPECT_TRUE(mates_within<R>(pos, n)) << id;
      if (n > 1) {
        EXPECT_FALSE(mates_within<R>(pos, n - 2)) << id;
      }
      ++solved;
    }
    EXPECT_GE(solved, 10) << file;
  }
}

}  // namespace
}  // namespace tsume::large
