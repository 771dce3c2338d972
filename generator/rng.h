// The generator's random numbers: SplitMix64 (Steele, Lea, Flood 2014), one independent stream
// per candidate derived from (seed, candidate index), so that a candidate's construction depends
// on nothing else: not on the thread that builds it, nor on the candidates before it.
#pragma once

#include <cstdint>

namespace tsume::gen {

class Rng {
public:
  explicit Rng(std::uint64_t state) : state_(state) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n > 0 (the multiply-shift map; its bias is below 2^-32 for our n).
  int below(int n) {
    return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  // Uniform in [lo, hi].
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  // True with probability percent / 100.
  bool percent(int percent) { return below(100) < percent; }

private:
  std::uint64_t state_;
};

// The stream of candidate `index` of a run with `seed`.
inline Rng candidate_rng(std::uint64_t seed, std::uint64_t index) {
  Rng mix(seed ^ 0x6A09E667F3BCC909ull);
  const std::uint64_t base = mix.next();
  Rng stream(base ^ (index * 0xD1B54A32D192ED03ull));
  stream.next();
  return stream;
}

}  // namespace tsume::gen
