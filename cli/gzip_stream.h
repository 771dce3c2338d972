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

// The same made piece by piece: add() the text in pieces, then finish() gives the member. Only
// the compressed data is held, so a large text need not be held whole.
class GzipMemberWriter {
public:
  GzipMemberWriter();
  ~GzipMemberWriter();
  GzipMemberWriter(const GzipMemberWriter&) = delete;
  GzipMemberWriter& operator=(const GzipMemberWriter&) = delete;

  void add(std::string_view text);
  // The member; the writer is spent after it.
  std::string finish();

private:
  // Runs deflate with `flush` until it has taken all the input (and, for Z_FINISH, ended).
  void deflate_all(int flush);
  z_stream z_{};
  std::string out_;
  std::size_t used_ = 0;  // of out_
};

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
