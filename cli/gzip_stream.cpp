#include "cli/gzip_stream.h"

#include <unistd.h>

#include <cstdio>
#include <stdexcept>

namespace tsume::cli {

std::string gzip_member(std::string_view text) {
  z_stream z{};
  // windowBits 15 + 16: a gzip header and trailer around the deflate data.
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: cannot start compressing");
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&z, Z_FINISH);
  const std::size_t written = z.total_out;
  deflateEnd(&z);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib: compressing failed");
  out.resize(written);
  return out;
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
