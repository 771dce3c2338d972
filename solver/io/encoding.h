// Character encodings of the Japanese formats (SPEC.md section 1): KIF, KI2 and CSA files come
// as UTF-8 or as Shift_JIS (in practice Microsoft's CP932). Readers decode once, up front.
#pragma once

#include <string>
#include <string_view>

#include "solver/io/parse_error.h"

namespace tsume::io {

// UTF-8 text of `bytes`: valid UTF-8 is kept (a byte order mark is removed); anything else is
// decoded as CP932 with glibc iconv. Line breaks are single bytes in both encodings, so line
// numbers of the result are those of the original file. The error names the line of the first
// byte that is neither.
Expected<std::string> decode_to_utf8(std::string_view bytes, std::string_view file = {});

}  // namespace tsume::io
