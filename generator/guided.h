// Mutations aimed at what the checker found (docs/generate.md, "Reverse method", step 9):
// when the two-ply extensions of a problem are cooked, the squares their cooking checks go to
// are where the mating net is too strong. A guard of such a square by the defender (a piece put
// where it covers the square, or on the square itself) is a mutation of the problem aimed at
// that cook, tried before the blind ones of candidate.h when a dead end of the reverse method
// drifts.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/core/types.h"
#include "solver/search/tt.h"

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

// Escape guidance: where the defender's king gets away in a reply position R (the defender to
// move, in check) that does not mate within the length it needs.

// The destinations of R's legal king moves other than `reply` (the reply that reaches the
// problem being lengthened) after which gen::mates_within (on `filter`, `nodes` per move) finds
// no mate within `plies`: the squares the king escapes to. In move generation order; the nodes
// spent are added to *spent.
std::vector<Square> escape_squares(TranspositionTable& filter, const Position& r, Move reply,
                                   Plies plies, std::uint64_t nodes, const std::atomic<bool>* stop,
                                   std::uint64_t* spent = nullptr);

// `setup` (attacker to move) with `target` taken from the defender's king: first an attacker
// piece (pawn, lance, knight, silver, gold, bishop, rook) on an empty square within two files
// and two ranks of `target` from which it attacks `target` (sliders blocked by the board),
// squares in index order, each piece taken from the rest of the set (the defender's hand) and,
// as another mutation, from the attacker's hand, when either holds that kind; then a defender
// piece from the defender's hand (pawn, lance, knight, silver, gold) on `target` itself, when it
// is empty. Only positions that Position::validate accepts (no 二歩, no dead piece, the defender
// not in check); the defender's hand is refilled (玉方持駒残り全部). Modern shogi only.
std::vector<BoardSetup> escape_guards(const BoardSetup& setup, Square target);

// Escape guards of the squares in `escapes` (square index -> how many escapes went there), most
// frequent first (ties by square index), at most `limit` in all; a setup listed once.
std::vector<BoardSetup> escape_mutations(const BoardSetup& setup, const std::map<int, int>& escapes,
                                         std::size_t limit);

}  // namespace tsume::gen
