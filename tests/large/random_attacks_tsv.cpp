// Prints random attacks on a cornered king (random_attacks.h) as TSV lines for `tsume solve`
// (SFEN, id): for measuring the mate searches on more than the hand problems
// (docs/large-board.md, "Measured").
//
//   tsume_large_random_attacks chu|dai SEED COUNT
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

#include "tests/large/random_attacks.h"

int main(int argc, char** argv) {
  using namespace tsume::large;
  if (argc != 4) {
    std::cerr << "usage: tsume_large_random_attacks chu|dai SEED COUNT\n";
    return 2;
  }
  const auto game = parse_game(argv[1]);
  if (!game || (*game != Game::Chu && *game != Game::Dai)) {
    std::cerr << "the game must be chu or dai\n";
    return 2;
  }
  std::mt19937 rng(static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)));
  const long count = std::strtol(argv[3], nullptr, 10);
  for (long i = 0; i < count; ++i)
    std::cout << to_sfen(random_attacks::random_attack(*game, rng)) << '\t' << argv[1] << "-random-"
              << argv[2] << '-' << i + 1 << '\n';
  return 0;
}
