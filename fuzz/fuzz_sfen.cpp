// libFuzzer target: SFEN parsing. Properties checked beyond "no crash": a parsed SFEN written
// back with to_sfen() parses to the same setup, and read_position() never accepts a position
// that Position::validate() rejects.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "solver/io/sfen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tsume;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = io::parse_sfen(text);
  if (parsed.ok()) {
    const std::string canonical = io::to_sfen(*parsed);
    auto again = io::parse_sfen(canonical);
    if (!again.ok() || !(*again == *parsed) || io::to_sfen(*again) != canonical) std::abort();
  }
  for (io::DefenderHand hand : {io::DefenderHand::RestIfEmpty, io::DefenderHand::AsGiven}) {
    auto pos = io::read_position(text, hand);
    if (pos.ok() && !Position::validate(pos->setup()).empty()) std::abort();
  }
  return 0;
}
