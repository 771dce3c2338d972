#include "solver/io/encoding.h"

#include <iconv.h>

#include <algorithm>
#include <cerrno>

#include "solver/io/text.h"

namespace tsume::io {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

int line_of_offset(std::string_view bytes, std::size_t offset) {
  const auto head = bytes.substr(0, std::min(offset, bytes.size()));
  return 1 + static_cast<int>(std::count(head.begin(), head.end(), '\n'));
}

}  // namespace

Expected<std::string> decode_to_utf8(std::string_view bytes, std::string_view file) {
  if (bytes.starts_with(kByteOrderMark)) bytes.remove_prefix(kByteOrderMark.size());
  if (is_valid_utf8(bytes)) return std::string(bytes);

  iconv_t cd = iconv_open("UTF-8", "CP932");
  if (cd == reinterpret_cast<iconv_t>(-1))
    return ParseError{std::string(file), 0, "text is not UTF-8 and iconv cannot decode CP932"};
  // A CP932 character is one or two bytes and becomes at most three UTF-8 bytes.
  std::string out(bytes.size() * 3 + 4, '\0');
  // glibc's iconv takes char** for the input but never writes through it.
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  char* dst = out.data();
  std::size_t out_left = out.size();
  const std::size_t rc = iconv(cd, &in, &in_left, &dst, &out_left);
  const int err = errno;
  iconv_close(cd);
  if (rc == static_cast<std::size_t>(-1)) {
    const auto offset = static_cast<std::size_t>(in - bytes.data());
    const std::string what = err == EINVAL ? "a truncated" : "an invalid";
    return ParseError{std::string(file), line_of_offset(bytes, offset),
                      "text is neither UTF-8 nor Shift_JIS (CP932): " + what + " byte sequence " +
                          printable_byte(bytes[std::min(offset, bytes.size() - 1)])};
  }
  out.resize(out.size() - out_left);
  return out;
}

}  // namespace tsume::io
