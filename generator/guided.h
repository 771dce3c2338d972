// Mutations aimed at what the checker found (docs/generate.md, "Seed chains and guided drift"):
// when the two-ply extensions of a problem are cooked, the squares their cooking checks go to
// are where the mating net is too strong. A guard of such a square by the defender (a piece put
// where it covers the square, or on the square itself) is a mutation of the problem aimed at
// that cook, tried before the blind ones of candidate.h when a dead end of the reverse method
// drifts.
#pragma once

#include <map>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/types.h"

namespace tsume::gen {

// `setup` (attacker to move) with one defender piece added from the defender's hand that
// occupies `target` or attacks it: the piece on `target` itself (when empty), then on each empty
// square within two files and two ranks of it from which a piece of that kind of the defender
// attacks `target` (the board's occupancy blocking sliders), squares in index order; kinds pawn,
// lance, knight, silver, gold, each only when the defender holds one. Only positions that
// Position::validate accepts (no 二歩, no dead piece, the defender not in check); the defender's
// hand is refilled (玉方持駒残り全部). Modern shogi only (sho has no hands: empty result).
std::vector<BoardSetup> guard_mutations(const BoardSetup& setup, Square target);

// Guard mutations of the squares in `cooks` (square index -> how many cooks went there), most
// frequent first (ties by square index), at most `limit` in all; a setup listed once.
std::vector<BoardSetup> guided_mutations(const BoardSetup& setup, const std::map<int, int>& cooks,
                                         std::size_t limit);

}  // namespace tsume::gen
