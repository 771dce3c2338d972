// KIF and KI2 records (Japanese notation, SPEC.md section 1), as written by Kifu for Windows,
// Kifu for JS and most tsume collections: a board diagram (BOD) or a 手合割 line, the hands
// (持駒, `残り全部` = all remaining pieces to that side), header lines (`表題：...`), comments
// and the moves, KIF style (`   1 ２三銀成(32)`) or KI2 style (`▲２三銀成 △同玉`).
//
// Variations (`変化：N手` blocks after the main line, as Kifu for Windows writes the tree: depth
// first, latest branch first) are read into Problem::variations, those that branch off the main
// line and those that branch off another variation (Variation::parent). Files may be
// UTF-8 or Shift_JIS (CP932); see encoding.h. Without a diagram the position is the 手合割's
// (平手 when there is none). An empty defender hand (`なし` or no 持駒 line) follows
// ReadOptions::defender_hand as for SFEN and CSA; `残り全部` always gives the rest. Lines that
// are none of the above are errors, so that a damaged file is not read as a different problem.
#pragma once

#include <string_view>

#include "solver/io/parse_error.h"
#include "solver/io/problem.h"

namespace tsume::io {

// Reads one problem. Errors name `file`, the 1-based line of the original file and the reason.
// The format is Ki2 when KI2 move lines were read, Kif otherwise.
Expected<Problem> read_kif(std::string_view bytes, std::string_view file = {},
                           const ReadOptions& options = {});

// Reads one record as far as it goes (RecordPart): after an error, the position and the main
// line's moves before it, when the position was built.
RecordPart read_kif_part(std::string_view bytes, std::string_view file = {},
                         const ReadOptions& options = {});

}  // namespace tsume::io
