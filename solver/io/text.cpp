#include "solver/io/text.h"

#include <cstdio>

namespace tsume::io {

namespace {

constexpr std::string_view kIdeographicSpace = "\u3000";

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

}  // namespace

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  int number = 1;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, number++});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

char32_t next_code_point(std::string_view s, std::size_t& pos) {
  const auto b0 = static_cast<unsigned char>(s[pos++]);
  if (b0 < 0x80) return b0;
  int extra = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    extra = 1, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    extra = 2, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    extra = 3, cp = b0 & 0x07, min = 0x10000;
  } else {
    return kBadCodePoint;
  }
  if (pos + static_cast<std::size_t>(extra) > s.size()) return kBadCodePoint;
  for (int i = 0; i < extra; ++i) {
    const auto b = static_cast<unsigned char>(s[pos]);
    if (!is_continuation(b)) return kBadCodePoint;
    cp = (cp << 6) | (b & 0x3F);
    ++pos;
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 (RFC 3629).
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return kBadCodePoint;
  return cp;
}

char32_t peek_code_point(std::string_view s, std::size_t pos) {
  if (pos >= s.size()) return kBadCodePoint;
  return next_code_point(s, pos);
}

bool is_valid_utf8(std::string_view bytes) {
  std::size_t pos = 0;
  while (pos < bytes.size())
    if (next_code_point(bytes, pos) == kBadCodePoint) return false;
  return true;
}

std::string utf8_of(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp <= 0x10FFFF) {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out = "\uFFFD";
  }
  return out;
}

std::string printable_byte(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0x20 && b < 0x7F) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", b);
  return buf;
}

std::string single_quoted(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '\'';
  out += s;
  out += '\'';
  return out;
}

std::string quote_prefix(std::string_view s, std::size_t max_chars) {
  std::string out;
  std::size_t pos = 0;
  for (std::size_t n = 0; pos < s.size() && n < max_chars; ++n) {
    const std::size_t start = pos;
    const char32_t cp = next_code_point(s, pos);
    if (cp == kBadCodePoint || cp < 0x20 || cp == 0x7F)
      out += printable_byte(s[start]), pos = start + 1;
    else
      out += s.substr(start, pos - start);
  }
  if (pos < s.size()) out += "...";
  return out;
}

std::string_view trim_front(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
      s.remove_prefix(1);
    else if (s.starts_with(kIdeographicSpace))
      s.remove_prefix(kIdeographicSpace.size());
    else
      return s;
  }
}

std::string_view trim(std::string_view s) {
  s = trim_front(s);
  for (;;) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
      s.remove_suffix(1);
    else if (s.ends_with(kIdeographicSpace))
      s.remove_suffix(kIdeographicSpace.size());
    else
      return s;
  }
}

}  // namespace tsume::io
