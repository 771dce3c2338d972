// Byte strings for messages between processes: unsigned integers, doubles and strings packed in
// the order they are written and read back in the same order. Both ends are the same binary,
// so the layout is the host's.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tsume::cluster {

class WireWriter {
public:
  WireWriter& u64(std::uint64_t v) { return raw(&v, sizeof v); }
  WireWriter& f64(double v) { return raw(&v, sizeof v); }
  WireWriter& str(std::string_view s) {
    u64(s.size());
    bytes_.append(s);
    return *this;
  }
  const std::string& bytes() const& { return bytes_; }
  std::string bytes() && { return std::move(bytes_); }

private:
  WireWriter& raw(const void* p, std::size_t n) {
    bytes_.append(static_cast<const char*>(p), n);
    return *this;
  }
  std::string bytes_;
};

// Reads what a WireWriter wrote; throws std::runtime_error when the bytes end too early.
class WireReader {
public:
  explicit WireReader(std::string_view bytes) : bytes_(bytes) {}
  std::uint64_t u64() {
    std::uint64_t v;
    raw(&v, sizeof v);
    return v;
  }
  double f64() {
    double v;
    raw(&v, sizeof v);
    return v;
  }
  std::string str() {
    const std::uint64_t n = u64();
    need(n);
    std::string s(bytes_.substr(at_, n));
    at_ += n;
    return s;
  }
  bool done() const { return at_ == bytes_.size(); }

private:
  void need(std::uint64_t n) const {
    if (n > bytes_.size() - at_) throw std::runtime_error("cluster: a message ends too early");
  }
  void raw(void* p, std::size_t n) {
    need(n);
    std::memcpy(p, bytes_.data() + at_, n);
    at_ += n;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace tsume::cluster
