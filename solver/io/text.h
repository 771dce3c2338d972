// Text helpers shared by the readers: lines with their numbers in the original file, UTF-8 code
// points, trimming of ASCII and ideographic (full-width, U+3000) spaces.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tsume::io {

struct TextLine {
  std::string_view text;  // without the line break; a trailing '\r' is removed
  int number = 0;         // 1-based
};

// Splits at '\n'. A final line without a break is kept; an empty input has no lines.
std::vector<TextLine> split_lines(std::string_view text);

bool is_valid_utf8(std::string_view bytes);

// Returned by next_code_point for a malformed sequence (one byte is consumed).
inline constexpr char32_t kBadCodePoint = 0xFFFFFFFF;

// Decodes the code point at s[pos] and advances pos past it. Precondition: pos < s.size().
char32_t next_code_point(std::string_view s, std::size_t& pos);
// The code point at s[pos] without advancing; kBadCodePoint past the end.
char32_t peek_code_point(std::string_view s, std::size_t pos);

// UTF-8 encoding of one code point (for error messages).
std::string utf8_of(char32_t cp);
// Printable form of an arbitrary byte for error messages: the character itself when it is
// printable ASCII, otherwise "\xNN".
std::string printable_byte(char c);
// s between single quotes. (Built by appending: GCC 12 warns falsely, -Wrestrict, about
// "literal" + std::string temporaries.)
std::string single_quoted(std::string_view s);
// The first `max_chars` code points of s, for quoting input in error messages.
std::string quote_prefix(std::string_view s, std::size_t max_chars = 20);

constexpr bool is_space_code_point(char32_t cp) {
  return cp == U' ' || cp == U'\t' || cp == U'\u3000';
}
// Removes ASCII blanks (space, tab, CR) and ideographic spaces from both ends.
std::string_view trim(std::string_view s);
// Removes them from the front only.
std::string_view trim_front(std::string_view s);

}  // namespace tsume::io
