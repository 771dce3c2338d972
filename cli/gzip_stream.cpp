#include "cli/gzip_stream.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace tsume::cli {

std::string gzip_member(std::string_view text) {
  GzipMemberWriter writer;
  writer.add(text);
  return writer.finish();
}

GzipMemberWriter::GzipMemberWriter() {
  // windowBits 15 + 16: a gzip header and trailer around the deflate data.
  if (deflateInit2(&z_, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compressing");
}

GzipMemberWriter::~GzipMemberWriter() { deflateEnd(&z_); }

void GzipMemberWriter::add(std::string_view text) {
  // zlib counts its input in uInt: pieces of at most 1 GB.
  constexpr std::size_t kMost = std::size_t{1} << 30;
  while (!text.empty()) {
    const std::size_t n = std::min(text.size(), kMost);
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z_.avail_in = static_cast<uInt>(n);
    deflate_all(Z_NO_FLUSH);
    text.remove_prefix(n);
  }
}

std::string GzipMemberWriter::finish() {
  z_.next_in = nullptr;
  z_.avail_in = 0;
  deflate_all(Z_FINISH);
  out_.resize(used_);
  out_.shrink_to_fit();
  return std::move(out_);
}

void GzipMemberWriter::deflate_all(int flush) {
  constexpr std::size_t kStep = std::size_t{1} << 16;
  for (;;) {
    if (out_.size() - used_ < kStep) out_.resize(std::max(2 * out_.size(), used_ + kStep));
    z_.next_out = reinterpret_cast<Bytef*>(out_.data() + used_);
    z_.avail_out = static_cast<uInt>(std::min<std::size_t>(out_.size() - used_, 1u << 30));
    const uInt before = z_.avail_out;
    const int rc = deflate(&z_, flush);
    used_ += before - z_.avail_out;
    if (rc == Z_STREAM_END) return;
    if (rc != Z_OK && rc != Z_BUF_ERROR) throw std::runtime_error("zlib: compressing failed");
    if (flush == Z_NO_FLUSH && z_.avail_in == 0) return;
  }
}

bool is_gzip_path(std::string_view path) { return path.ends_with(".gz"); }

GzipReadBuffer::GzipReadBuffer(const std::string& path) {
  if (path == "-") {
    const int fd = dup(fileno(stdin));
    if (fd >= 0) file_ = gzdopen(fd, "rb");
    if (!file_ && fd >= 0) close(fd);
  } else {
    file_ = gzopen(path.c_str(), "rb");
  }
  if (file_) gzbuffer(file_, 1 << 17);
}

GzipReadBuffer::~GzipReadBuffer() {
  if (file_) gzclose(file_);
}

GzipReadBuffer::int_type GzipReadBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (!file_) return traits_type::eof();
  const int n = gzread(file_, buffer_.data(), static_cast<unsigned>(buffer_.size()));
  if (n <= 0) {
    int code = Z_OK;
    const char* message = gzerror(file_, &code);
    if (n < 0 || (code != Z_OK && code != Z_STREAM_END))
      error_ = code == Z_BUF_ERROR ? "the compressed data break off (the file was cut short)"
                                   : std::string("corrupt compressed data (") + message + ")";
    return traits_type::eof();
  }
  setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
  return traits_type::to_int_type(*gptr());
}

}  // namespace tsume::cli
