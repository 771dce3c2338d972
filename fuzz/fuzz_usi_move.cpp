// libFuzzer target: USI move parsing against a few fixed positions (the first byte picks one).
// A move that parses must be legal and must write back to text that parses to the same move.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "solver/core/movegen.h"
#include "solver/io/sfen.h"

namespace {

// SPEC.md section 5: start, middlegame, the maximum-moves position, pawn-drop mate, forced
// promotion, and the in-check evasion position (no white king, hence KingRule::Any).
constexpr std::array<std::string_view, 6> kPositions = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1",
    "9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tsume;
  if (size == 0) return 0;
  static const auto positions = [] {
    std::array<Position, kPositions.size()> out;
    for (std::size_t i = 0; i < kPositions.size(); ++i)
      out[i] = *io::read_position(kPositions[i], io::DefenderHand::AsGiven, {}, 0, KingRule::Any);
    return out;
  }();
  const Position& pos = positions[data[0] % positions.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto m = io::parse_usi_move(text, pos);
  if (!m.ok()) return 0;
  MoveList legal;
  generate_legal(pos, legal);
  if (!legal.contains(*m)) std::abort();
  auto back = io::parse_usi_move(io::to_usi(*m), pos);
  if (!back.ok() || !(*back == *m)) std::abort();
  return 0;
}
