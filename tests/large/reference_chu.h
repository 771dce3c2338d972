// A slow reference implementation of chu and dai shogi's moves, written only for the tests of
// solver/large. It shares no code with solver/large: its own SFEN reader, its own piece
// knowledge (written out square by square from the rules in docs/large-board.md and
// ../shared/VARIANTS.md, not from the Betza strings of solver/large/game.cpp), its own Lion-trading
// and promotion rules, and a board of named pieces. Moves are counted the same way (every Lion
// path is a move; a promotion choice is two moves) so that perft numbers compare.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsume::test::chu_reference {

struct Piece {
  std::string name;  // "" for an empty square
  int owner = 0;     // +1 Black, -1 White, 0 empty
  bool promoted = false;
};

struct Board {
  int size = 12;              // 12 (chu) or 15 (dai), found from the SFEN's ranks
  int zone = 4;               // promotion zone: 4 ranks (chu), 5 (dai)
  bool lion_rule = true;      // the Lion-trading restrictions (chu: on; dai: off)
  Piece sq[15][15];           // [row from the top][column from the left]
  int to_move = 1;            // +1 Black, -1 White
  int lion_capture_row = -1;  // square where a non-Lion just took a Lion, or -1
  int lion_capture_col = -1;
  bool capture_rule = false;  // true: no check rule (lishogi); false: the pseudo-royal rule
  // true: a piece may promote whenever its move starts or ends in the zone, capture or not;
  // false: lishogi's entry / capture / stuck-piece rule.
  bool promote_in_zone = false;
  // true: a piece that could not move again where its move ends must promote there.
  bool forced_promotion = false;
};

Board read_sfen(std::string_view sfen);

// Moves as lishogi writes them ("7g7f", "8h7g7f", "+" for a promotion), legal ones only.
std::vector<std::string> legal_moves(const Board& board);
Board play(const Board& board, const std::string& move);
std::uint64_t perft(const Board& board, int depth);

// Checks, with the two-royal convention of sho shogi (docs/sho.md): `side` (+1, -1) is in check
// when one of its royals is attacked; a move gives check when after it a royal of the opponent
// is attacked.
bool in_check(const Board& board, int side);
// The legal moves of the side to move that give check.
std::vector<std::string> checking_moves(const Board& board);

// A brute-force minimax mate search for the tests (the attacker, to move, checks at every move;
// the defender plays any legal move; mate: in check with no legal move): the shortest mate
// length in plies (odd, at most max_plies) and every first move that mates in that length;
// length -1 when there is no mate within max_plies.
struct MateAnswer {
  int length = -1;
  std::vector<std::string> first_moves;
};
MateAnswer shortest_mate(const Board& board, int max_plies);

}  // namespace tsume::test::chu_reference
