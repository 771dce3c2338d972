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

namespace {

bool distant_slider(PieceType pt) {
  return pt == PieceType::Lance || pt == PieceType::Bishop || pt == PieceType::Rook ||
         pt == PieceType::Horse || pt == PieceType::Dragon;
}

// Ranks counted from the side's own far edge: 0 is the rank it promotes first on.
int far_rank(Color c, Square s) { return c == Color::Black ? rank_of(s) : 8 - rank_of(s); }
bool may_promote_at(Color c, Square s) { return far_rank(c, s) <= 2; }
// A piece that could never move again from s (a pawn or lance on the last rank, a knight on the
// last two): only its promoted form may stand there.
bool no_move_from(Color c, PieceType pt, Square s) {
  if (pt == PieceType::Pawn || pt == PieceType::Lance) return far_rank(c, s) == 0;
  if (pt == PieceType::Knight) return far_rank(c, s) <= 1;
  return false;
}

}  // namespace

bool MateSearch::futile_drop(const BoardSetup& setup, Move m, int n) {
  const Color defender = setup.side_to_move, attacker = ~defender;
  if (futile_ == FutileRule::Count || !m.is_drop() || !in_check(setup, defender)) return false;
  // The checkers: the attacker's pieces that attack the king alone (every other attacker piece
  // replaced by a defender pawn, which blocks the same lines and attacks nothing of its own).
  std::vector<Square> checkers;
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None || color_of(p) != attacker) continue;
    BoardSetup alone = setup;
    for (int j = 0; j < kSquareCount; ++j)
      if (j != i && alone.board[j] != Piece::None && color_of(alone.board[j]) == attacker)
        alone.board[j] = make_piece(defender, PieceType::Pawn);
    if (in_check(alone, defender)) checkers.push_back(square_at(i));
  }
  if (checkers.size() != 1) return false;
  const Square from = checkers.front(), s = m.to();
  const PieceType pt = type_of(setup.board[index_of(from)]);
  if (!distant_slider(pt)) return false;
  std::vector<PieceType> kinds;
  if (!no_move_from(attacker, pt, s)) kinds.push_back(pt);
  if (is_promotable(pt) && (may_promote_at(attacker, from) || may_promote_at(attacker, s)))
    kinds.push_back(promote(pt));
  for (PieceType kind : kinds) {
    BoardSetup q = setup;
    q.board[index_of(from)] = Piece::None;
    q.board[index_of(s)] = make_piece(attacker, kind);
    if (in_check(q, defender) && defender_loses(q, n)) return true;
  }
  return false;
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
    for (Move m : moves) {
      if (futile_drop(setup, m, n)) continue;
      if (!attacker_wins(play(setup, m), n - 1)) {
        lose = false;
        break;
      }
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
