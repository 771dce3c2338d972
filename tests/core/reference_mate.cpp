#include "tests/core/reference_mate.h"

#include <algorithm>

#include "tests/core/reference_rules.h"

namespace tsume::test::reference {

std::string MateSearch::key(const BoardSetup& setup) {
  // Every square's piece code, the side to move and the hand counts: the whole position apart
  // from the move number, which does not change the answer.
  std::string k;
  k.reserve(kSquareCount + 1 + 2 * 8);
  for (Piece p : setup.board) k.push_back(static_cast<char>(p));
  k.push_back(setup.side_to_move == Color::Black ? 'b' : 'w');
  for (Color c : {Color::Black, Color::White})
    for (int t = 1; t <= 7; ++t)
      k.push_back(static_cast<char>(setup.hand(c).count(static_cast<PieceType>(t))));
  return k;
}

bool MateSearch::attacker_wins(const BoardSetup& setup, int n) {
  if (n < 1) return false;
  Known& known = attacker_known_[key(setup)];
  if (n >= known.yes_from) return true;
  if (n <= known.no_up_to) return false;
  bool win = false;
  for (Move m : checking_moves(setup))
    if (defender_loses(play(setup, m), n - 1)) {
      win = true;
      break;
    }
  // std::map keeps `known` valid while the recursion inserts other positions.
  if (win)
    known.yes_from = std::min(known.yes_from, n);
  else
    known.no_up_to = std::max(known.no_up_to, n);
  return win;
}

bool MateSearch::defender_loses(const BoardSetup& setup, int n) {
  if (n < 0) return false;
  Known& known = defender_known_[key(setup)];
  if (n >= known.yes_from) return true;
  if (n <= known.no_up_to) return false;
  const std::vector<Move> moves = legal_moves(setup);
  bool lose;
  if (moves.empty()) {
    // Mate when in check; a defender that is not in check and cannot move was stalemated, which
    // no attacker's check can bring about, but it is no mate either.
    lose = in_check(setup, setup.side_to_move);
  } else {
    lose = true;
    for (Move m : moves)
      if (!attacker_wins(play(setup, m), n - 1)) {
        lose = false;
        break;
      }
  }
  if (lose)
    known.yes_from = std::min(known.yes_from, n);
  else
    known.no_up_to = std::max(known.no_up_to, n);
  return lose;
}

std::optional<int> MateSearch::mate_length(const BoardSetup& setup, int max_plies) {
  // Every attacker move ends an odd number of plies before the mate: try 1, 3, 5, ...
  for (int n = 1; n <= max_plies; n += 2)
    if (attacker_wins(setup, n)) return n;
  return std::nullopt;
}

std::optional<int> MateSearch::defence_length(const BoardSetup& setup, int max_plies) {
  for (int n = 0; n <= max_plies; n += 2)
    if (defender_loses(setup, n)) return n;
  return std::nullopt;
}

std::vector<Move> MateSearch::mating_moves(const BoardSetup& setup, int plies) {
  std::vector<Move> out;
  for (Move m : checking_moves(setup))
    if (defender_loses(play(setup, m), plies - 1)) out.push_back(m);
  return out;
}

}  // namespace tsume::test::reference
