// Piece and game tables of the large-board core (docs/large-board.md): every piece kind of a game
// is a row of data — name, SFEN token, moves in a Betza-like notation parsed at startup,
// promotion — and every game a table of kinds plus its board size, promotion zone and start
// position. Only the table differs between chu, dai and tenjiku shogi; the move generator
// (movegen.h) reads nothing but these tables.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tsume::large {

// The largest board side (tenjiku shogi, 16x16).
inline constexpr int kMaxSide = 16;

enum class Game : std::uint8_t { Chu, Dai, Tenjiku };
inline constexpr int kGameCount = 3;

// "chu" -> Game::Chu, "dai" -> Game::Dai, "tenjiku" -> Game::Tenjiku; nullopt for a name the
// large-board core does not play.
std::optional<Game> parse_game(std::string_view name);
std::string_view game_name(Game game);

// A direction or offset seen from the piece's owner: dx to the owner's right, df forwards
// (towards the opponent).
struct Offset {
  std::int8_t dx = 0;
  std::int8_t df = 0;
  friend bool operator==(const Offset&, const Offset&) = default;
};

// How a piece moves, as parsed from its Betza-like description (docs/large-board.md, "Move
// notation"):
//   slides  a unit direction and a range (1 = one step; kUnlimited = to the edge), blocked by the
//           first piece in the way, which may be captured if it is the opponent's;
//   leaps   an offset reached directly, whatever stands in between;
//   lion    the full Lion power (any square within two king steps by a leap, and any two king
//           steps in one turn: double capture, igui, pass);
//   lion_lines  Lion power restricted to one line (Horned Falcon, Soaring Eagle): a step or a leap
//           of two along the direction, and two steps in one turn along it, or out and back;
//   skis    slides that skip the first square whatever stands there and go on from the second
//           (Heavenly Tetrarchs; `range` counts from the piece: 3 = the second or third square);
//   igui    adjacent squares where the piece may capture without moving (Heavenly Tetrarchs);
//   area    up to this many king steps in one turn through empty squares, the direction free
//           at each step, ending on an empty square or a capture (Vice General, Fire Demon).
struct Movement {
  static constexpr std::uint8_t kUnlimited = 255;
  struct Slide {
    Offset dir;
    std::uint8_t range = 1;
  };
  std::vector<Slide> slides;
  std::vector<Offset> leaps;
  std::vector<Offset> lion_lines;
  std::vector<Slide> skis;
  std::vector<Offset> igui;
  int area = 0;
  bool lion = false;
};

// Parses a Betza-like move description; throws std::invalid_argument on a malformed one.
// Atoms: W F K (one step; a digit after them makes a slide of that range), R B Q (slides), D A
// (two-square leaps), N (knight leap), L (the full Lion), LW LF (Lion power along the orthogonal /
// diagonal directions the modifiers select), Z (an area move: `Z3` up to three king steps),
// I (igui on the adjacent squares). Modifiers before an atom: f b l r, s (= l r), v (= f b),
// j on a slide (a ski slide: skips the first square); on N, `ff` selects the two forward-most
// leaps.
Movement parse_betza(std::string_view text);

// Tenjiku's disputed pieces: the switch (Rules, docs/large-board.md "Tenjiku shogi") under which
// a kind moves by its second reading (PieceKind::alt_betza) instead of its first.
enum class Reading : std::uint8_t {
  None,                 // one reading only
  FireDemonVertical,    // Rules::fire_demon_vertical
  LionHawkArea,         // Rules::lion_hawk_area
  FreeEagleOrthogonal,  // Rules::free_eagle_orthogonal
  TetrarchsChariot,     // Rules::tetrarchs_chariot
};

// One kind of piece. Promoted pieces are kinds of their own (a Dragon King that came from a rook
// cannot promote again; its SFEN token is "+R").
struct PieceKind {
  std::string name;
  std::string token;  // SFEN token of Black's piece: "P", "+P" (White's is lower case)
  std::string betza;
  int promotes_to = -1;  // index of the kind it promotes to; -1 if it never promotes
  bool royal = false;    // King, Crown Prince
  bool is_lion = false;  // counts as a Lion for the Lion-trading rules (Lion, promoted Kirin)
  bool cheap = false;    // Pawn, Go-Between: capturing one does not excuse a Lion trade
  // May promote on any move that ends on its last `stuck_ranks` ranks, where it could not move
  // again (Pawn, Lance, and in dai Iron and Stone: 1; Knight: 2); 0 for the other kinds.
  int stuck_ranks = 0;
  // Tenjiku: the rank of the range-jumping generals (King and Crown Prince 4, Great General 3,
  // Vice General 2, Rook and Bishop General 1; 0 for the others). A piece of rank > 0 with
  // unlimited slides may, when it captures, jump along them over pieces of lower rank.
  int rank = 0;
  bool burns = false;  // Fire Demon: burns the adjacent enemies after its move
  Movement movement;
  // The kind's second reading and the switch that selects it (tenjiku's Fire Demon, Lion Hawk,
  // Free Eagle and Heavenly Tetrarchs); empty and Reading::None for the other kinds.
  std::string alt_betza;
  Movement alt_movement;
  Reading alt_reading = Reading::None;
};

struct GameTable {
  Game game = Game::Chu;
  std::string name;
  int files = 0;
  int ranks = 0;
  int zone = 0;  // promotion zone depth in ranks
  std::vector<PieceKind> kinds;
  std::string start_sfen;

  // The kind whose Black token is `token` (upper case, "+" prefix for promoted); -1 if none.
  int kind_of(std::string_view token) const;
};

// The table of a game, built (and its move notation parsed) on first use.
const GameTable& game_table(Game game);

}  // namespace tsume::large
