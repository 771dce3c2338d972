// libFuzzer target: KIF/KI2 reading (UTF-8 and Shift_JIS). A problem that is read must replay:
// every recorded move is legal in turn from the validated setup.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "solver/core/position.h"
#include "solver/io/kif.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tsume;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto problem = io::read_kif(bytes, "fuzz.kif");
  if (!problem.ok()) {
    if (problem.error().reason.empty()) std::abort();
    return 0;
  }
  Position pos;
  if (!pos.set(problem->setup).empty()) std::abort();
  if (problem->moves.size() != problem->move_lines.size()) std::abort();
  for (Move m : problem->moves) {
    if (!pos.is_legal(m)) std::abort();
    pos.do_move(m);
  }
  return 0;
}
