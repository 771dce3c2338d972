// libFuzzer target: CSA reading. A problem that is read must replay legally from its setup.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "solver/core/position.h"
#include "solver/io/csa.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tsume;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto problem = io::read_csa(bytes, "fuzz.csa");
  if (!problem.ok()) {
    if (problem.error().reason.empty()) std::abort();
    return 0;
  }
  Position pos;
  if (!pos.set(problem->setup).empty()) std::abort();
  for (Move m : problem->moves) {
    if (!pos.is_legal(m)) std::abort();
    pos.do_move(m);
  }
  return 0;
}
