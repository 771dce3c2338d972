// Writing CSA records (V2.2), the inverse of csa.h: the board as P1..P9 lines, the hands as
// P+/P- piece lists (`P-00AL` when the defender holds exactly the pieces left over, 残り全部),
// the side to move, and the moves named by the piece after the move (`+2726FU`, `-0055KA` for
// a drop, `+8822UM` for a promotion).
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"

namespace tsume::io {

// The position lines: P1..P9, one P+ / P- line per hand that is not empty (`P-00AL` for the
// defender's hand when `defender_rest`), then `+` or `-`.
std::string to_csa_position(const Position& pos, bool defender_rest = false);

// One move: `+7776FU`. Precondition: `m` is legal in `pos`.
std::string to_csa_move(const Position& pos, Move m);

// What goes around the moves of a CSA record.
struct CsaRecordInfo {
  std::string title;  // $EVENT; omitted when empty
  // Info lines after $EVENT: {"N+", "name"} is written `N+name`, {"SITE", "x"} `$SITE:x`.
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<std::string> comments;  // `'` lines after the headers
  std::string terminator = "TSUMI";   // `%TSUMI` after the moves when not empty
};

// A whole record: `V2.2`, the headers, the position (`P-00AL` when the defender's hand is
// exactly the pieces left over), the moves one per line and the terminator. read_csa reads it
// back to the same position and moves. The error names the first illegal move.
Expected<std::string> to_csa_record(const Position& start, std::span<const Move> moves,
                                    const CsaRecordInfo& info = {});

}  // namespace tsume::io
