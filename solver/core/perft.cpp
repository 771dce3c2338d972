#include "solver/core/perft.h"

#include "solver/core/movegen.h"

namespace tsume {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_legal(pos, list);
  if (depth == 1) return list.size();  // bulk counting at the frontier
  std::uint64_t nodes = 0;
  for (Move m : list) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    pos.do_move(m);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return result;
}

}  // namespace tsume
