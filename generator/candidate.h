// Candidate construction: random placement of a few pieces near the defender's king, and local
// mutations (move, add or remove a piece, promote or demote one, step the king, change the
// attacker's hand). Black attacks and has no king; White defends and holds every piece that is
// on neither the board nor Black's hand (玉方持駒残り全部, SPEC.md section 1).
//
// Sho shogi (docs/sho.md) has no drops, so its candidates are board-only: both hands stay empty,
// the hand mutation is replaced by adding or removing a board piece, and the pieces may include
// the drunk elephant (either side, one a side) and, for the defender, a crown prince (a second
// royal). The attacker never gets a crown prince: like the absent attacker king of a tsume, it
// would be a royal the defender could attack.
#pragma once

#include <optional>

#include "generator/rng.h"
#include "solver/core/board_setup.h"

namespace tsume::gen {

// How many pieces a random candidate gets.
struct CandidateShape {
  int min_attackers = 1, max_attackers = 3;  // Black board pieces
  int max_defenders = 2;                     // White board pieces besides the king
  int min_hand = 1, max_hand = 3;            // Black hand pieces
  int radius = 2;  // Chebyshev distance from the king for the pieces (sliders: radius + 2)
  Variant variant = Variant::Shogi;  // the rules of the candidates (sho: no hands)
};

// A legal candidate (Position::validate accepts it, Black to move), or std::nullopt when the
// draw produced an illegal one (the caller draws again).
std::optional<BoardSetup> random_candidate(Rng& rng, const CandidateShape& shape);

// Which local changes mutate() draws from.
enum class MutationBias {
  Any,      // move, add (either side), remove, promote or demote, hand, king step
  Tighten,  // after a cook: add a defender piece, remove a piece or a hand piece, move a piece
};

// One random local change of `setup`; std::nullopt when the result is illegal.
std::optional<BoardSetup> mutate(const BoardSetup& setup, Rng& rng, const CandidateShape& shape,
                                 MutationBias bias = MutationBias::Any);

// `setup` with the piece on `s` taken off the board (to White's hand, as the checker's
// unnecessary-piece test does; out of the game in sho shogi).
BoardSetup without_piece(const BoardSetup& setup, Square s);
// `setup` with one piece of kind `pt` moved from Black's hand to White's.
BoardSetup without_hand_piece(const BoardSetup& setup, PieceType pt);

// White's hand set to the rest of the set (Black's pieces changed); nothing in sho shogi, whose
// hands stay empty.
void refill_defender_hand(BoardSetup& setup);

// Pieces on the board other than the kings, plus Black's hand pieces.
int piece_count(const BoardSetup& setup);

}  // namespace tsume::gen
