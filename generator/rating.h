// A difficulty rating from features of a problem's main line (docs/generate.md, "Difficulty
// rating"): what makes a mate hard to find for a person, as far as it can be read off the line
// and the solver's effort. The weights are fixed by hand, not fitted: no collection with human
// difficulty data was available, so the rating is only compared with the graded practical sets
// (scripts/rating_correlation.sh).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::gen {

struct RatingFeatures {
  int length = 0;                 // plies
  double defender_branching = 0;  // mean legal replies at the defender nodes of the line
  int sacrifices = 0;             // attacker moves whose piece the next reply captures
  int quiet_moves = 0;            // attacker board moves that capture nothing and do not promote
  int non_promotions = 0;         // attacker moves that could promote and do not
  int long_slider_moves = 0;      // slider moves of 3+ squares, slider drops 3+ from the king
  double log2_nodes = 0;          // solver effort
};

// Precondition: `pv` is legal from `start` (a mate, the attacker to move).
RatingFeatures rating_features(const Position& start, const std::vector<Move>& pv,
                               std::uint64_t solve_nodes);

// The weighted sum (rating.cpp): about 1 for a 1-ply drop mate, growing with each feature.
double rating(const RatingFeatures& f);

// {"length":..,"branching":..,...} for the jsonl records.
std::string rating_features_json(const RatingFeatures& f);

}  // namespace tsume::gen
