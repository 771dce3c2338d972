// Retro moves for the reverse method of `tsume generate` (generator/reverse.h): the positions one
// move before a given one, found by brute force and verified by the core's legal move
// generators, so no retro rule of our own decides anything: a predecessor is kept only when it is
// a legal position and its legal move list (its checks, for the attacker) holds a move whose
// result is exactly the later position. The tsume hand convention (玉方持駒残り全部) keeps the
// counts consistent: the defender's hand is always the rest of the set, so an un-capture takes
// the piece out of the capturer's hand and an un-drop puts it back.
#pragma once

#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::gen {

// A strict order of setups (board, side to move, then hands; the move number is not compared).
bool operator<(const BoardSetup& a, const BoardSetup& b);

// A position one move before another, and the move from it that reaches the later one.
struct Predecessor {
  BoardSetup setup;
  Move move;
};

// Every position R (White, the defender, to move and in check) from which a legal move reaches
// `p` (Black to move): the last White move un-played, with or without an un-capture of a Black
// piece, an un-promotion, or as an un-drop. Sorted by (move, position); each R is legal
// (Position::validate with KingRule::Any) and R + move == p.
std::vector<Predecessor> unplay_defender(const Position& p);

// Every position Q (Black to move, legal) from which a checking move reaches `r` (White to
// move): the last Black move un-played, with or without an un-capture of a White piece (taken
// back out of Black's hand), an un-promotion, or as an un-drop. Sorted by (move, position).
std::vector<Predecessor> unplay_attacker(const Position& r);

// One two-ply extension: Q, the check a (Q -> R) and the reply d (R -> P).
struct Extension {
  BoardSetup setup;     // Q
  BoardSetup reply_at;  // R
  Move attack, defence;
  int pieces = 0;  // piece_count(Q)
};

// Every (Q, a, d) with Q + a + d == p and piece_count(Q) <= max_pieces (0: no limit), in the
// order of unplay_defender, then unplay_attacker.
std::vector<Extension> two_ply_predecessors(const Position& p, int max_pieces = 0);

}  // namespace tsume::gen
