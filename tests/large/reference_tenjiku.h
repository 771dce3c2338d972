// A slow reference implementation of tenjiku shogi's moves, written only for the tests of
// solver/large. It shares no code with solver/large nor with the chu reference: its own SFEN
// reader, its own piece knowledge written out in words from the rules (the tenjiku section of
// docs/large-board.md, ../shared/VARIANTS.md section 3, the rule text
// ../shared/rule-sources/tenjiku-shogi.vi.txt), not from the Betza strings of
// solver/large/game.cpp; area moves found by a depth-first walk over paths, burning applied to a
// board of named pieces, and the royal rule tested the slow way: a move is illegal if some reply
// of the opponent would take or burn the mover's last royal. Moves are counted as solver/large
// counts them (every Lion path is a move, one area move per square reached, a promotion choice
// is two moves) so that perft numbers compare.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsume::test::tenjiku_reference {

struct Piece {
  std::string name;  // "" for an empty square
  int owner = 0;     // +1 Black, -1 White, 0 empty
  bool promoted = false;
};

// What a range-jumping general may take after jumping (docs/large-board.md).
enum class Victim { Any, NoRoyal, Lower };

struct Board {
  Piece sq[16][16];           // [row from the top][column from the left]
  int to_move = 1;            // +1 Black, -1 White
  bool capture_rule = false;  // true: no check rule; false: the pseudo-royal rule
  Victim victim = Victim::Any;
  bool passive_burn = true;
  bool fire_demon_vertical = false;  // slides along the verticals, not sideways
  // The second readings: the Lion Hawk a Bishop with a two-step area move; the Free Eagle a Free
  // King with the orthogonal jumps to the second square only; the Heavenly Tetrarchs a Chariot
  // Soldier.
  bool lion_hawk_area = false;
  bool free_eagle_orthogonal = false;
  bool tetrarchs_chariot = false;
  // true: a piece that could not move again where its move ends must promote there.
  bool forced_promotion = false;
};

Board read_sfen(std::string_view sfen);

// Moves as lishogi writes them ("7g7f", "8h7g7f", "+" for a promotion), legal ones only.
std::vector<std::string> legal_moves(const Board& board);
Board play(const Board& board, const std::string& move);
std::uint64_t perft(const Board& board, int depth);

// Checks, with the two-royal convention of sho shogi (docs/sho.md): `side` (+1, -1) is in check
// when one of its royals could be taken or burnt by a move of the other side; a move gives check
// when after it a royal of the opponent is so attacked.
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

}  // namespace tsume::test::tenjiku_reference
