// Why a move read from text is illegal, in words (SPEC.md section 2). The readers of all formats
// use it so that a bad move in a record names its cause, not just "illegal".
#pragma once

#include <string>

#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::io {

// An empty string when `m` is legal in `pos`; otherwise the first rule it breaks, e.g.
// "no piece on 7g", "two pawns on file 5 (二歩)", "leaves the king in check". The cheap rules
// are checked here before Position::is_legal, so is_legal only ever sees well-formed moves.
std::string explain_illegal(const Position& pos, Move m);

}  // namespace tsume::io
