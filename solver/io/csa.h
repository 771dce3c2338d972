// CSA records (the Computer Shogi Association's format, V2.2), used for problems by many
// engines: `PI`/`P1`..`P9` board lines, `P+`/`P-` piece lists (`00` = hand, `00AL` = all
// remaining pieces to that side), the side to move (`+`/`-`), moves (`+2726FU`, named by the
// piece after the move), `N+`/`N-`/`$KEY:` info lines, `'` comments, `%` terminators and
// several statements on one line separated by ','.
//
// read_csa reads one problem: a '/' line (the separator of multi-record files) ends the reading.
// read_csa_records reads every record of the file, each up to its first error.
#pragma once

#include <string_view>
#include <vector>

#include "solver/io/parse_error.h"
#include "solver/io/problem.h"

namespace tsume::io {

Expected<Problem> read_csa(std::string_view bytes, std::string_view file = {},
                           const ReadOptions& options = {});

// Every record of a multi-record file (records separated by '/' lines; records of blank lines
// only are skipped), each read as far as it goes (RecordPart). Never empty.
std::vector<RecordPart> read_csa_records(std::string_view bytes, std::string_view file = {},
                                         const ReadOptions& options = {});

}  // namespace tsume::io
