// Futile interpositions (無駄合, docs/futile-interposition.md): the per-node record of the drop
// squares judged. The geometry of the comparison moves is the rules' (R::comparison_moves;
// ShogiRules::ComparisonMoves).
//
// A drop on square s between the defender's king and a distant checker is futile when the
// comparison position, the checker moved to s with the hands unchanged (the interposed piece
// "went back" to the defender's hand), mates within the same length budget. A futile
// interposition is proven and counted by its comparison position's length, not one more: the
// length budget ignores it.
#pragma once

#include <array>
#include <cstdint>

#include "solver/core/bitboard.h"
#include "solver/search/children.h"
#include "solver/search/mate_len.h"
#include "solver/search/rules.h"

namespace tsume {

// The length bounds of the comparison positions of one drop square (the better one counts).
struct ComparisonBounds {
  Plies upper = kNoMate;
  Plies lower = kNoMate;
  // Whether the bounds tell, for a budget of `rem` plies, if the drop is futile.
  bool decide(Plies rem) const { return upper <= rem || lower > rem; }
};

// Per node, what is known of its drop squares: tested (comparison bounds recorded, futile
// or not), probed (the table was asked once before the drop's first search).
class FutilityCache {
public:
  bool tested(Square s) const { return tested_.test(s); }
  bool probed(Square s) const { return probed_.test(s); }
  void mark_probed(Square s) { probed_.set(s); }
  // Records the bounds of s, judged for a budget of `rem` plies: futile when they show a mate
  // within the budget.
  void record(Square s, ComparisonBounds b, Plies rem) {
    tested_.set(s);
    upper_[index_of(s)] = static_cast<std::int16_t>(b.upper);
    lower_[index_of(s)] = static_cast<std::int16_t>(b.lower);
    if (b.upper <= rem) futile_.set(s);
  }
  // The lower bound recorded for a tested square.
  Plies comparison_lower(Square s) const { return lower_[index_of(s)]; }
  // Marks a drop child onto a futile square futile: proven, counted by its comparison
  // position's length (not one more); its proof hand is the whole `attacker_hand`
  // (conservative).
  template <MateRules R> void apply(BasicChild<R>& c, Hand attacker_hand) const {
    const Square s = R::drop_square(c.move);
    if (!futile_.test(s)) return;
    c.futile = true;
    c.mark_proven();
    c.upper = upper_[index_of(s)];
    c.proof_hand = attacker_hand;
  }

private:
  Bitboard tested_, futile_, probed_;
  std::array<std::int16_t, kSquareCount> upper_{}, lower_{};
};

}  // namespace tsume
