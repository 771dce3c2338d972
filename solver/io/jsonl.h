// JSON Lines records as input: the records `tsume solve`, `check` and `generate` write (and other
// tools' records of the same shape) read back as problems. A record is one JSON object per line;
// what is read of it is its top-level string and number members: "id", "sfen" (required),
// "length" (the mate length in plies) and "pv" (USI moves, the given line), plus "rules".
// Other members (arrays, objects, booleans) are skipped.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "solver/io/parse_error.h"

namespace tsume::io {

// The top-level members of one JSON object whose values are strings or numbers, by name
// (strings unescaped, numbers as written; null is left out). An error says what is malformed
// and at which byte of the line.
Expected<std::map<std::string, std::string>> read_json_members(std::string_view line);

}  // namespace tsume::io
