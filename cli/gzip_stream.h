// gzip (zlib) for the certificate files: a gzip member made from a text in memory, and a
// stream buffer that reads a file or standard input whether it is gzip-compressed or plain.
#pragma once

#include <zlib.h>

#include <array>
#include <streambuf>
#include <string>
#include <string_view>

namespace tsume::cli {

// `text` as one complete gzip member (RFC 1952). Members written one after another form a
// valid gzip file, which is how a compressed certificate file grows record by record.
std::string gzip_member(std::string_view text);

// Whether `path` names a gzip file to write (it ends in ".gz").
bool is_gzip_path(std::string_view path);

// Reads a file, or standard input for "-", gzip-compressed (any number of members) or plain
// (zlib passes plain data through). After the end, error() says whether the data broke off or
// were corrupt ("" when they ended cleanly).
class GzipReadBuffer : public std::streambuf {
public:
  explicit GzipReadBuffer(const std::string& path);
  ~GzipReadBuffer() override;
  GzipReadBuffer(const GzipReadBuffer&) = delete;
  GzipReadBuffer& operator=(const GzipReadBuffer&) = delete;

  bool is_open() const { return file_ != nullptr; }
  const std::string& error() const { return error_; }

protected:
  int_type underflow() override;

private:
  gzFile file_ = nullptr;
  std::array<char, 1 << 16> buffer_{};
  std::string error_;
};

}  // namespace tsume::cli
