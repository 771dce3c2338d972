// SFEN positions and USI moves (the USI protocol's notation, SPEC.md section 1).
#pragma once

#include <string>
#include <string_view>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"

namespace tsume::io {

// Which hand the defender gets when the text gives it none (SPEC.md section 1).
enum class DefenderHand {
  RestIfEmpty,  // tsume convention: an empty defender hand means "all remaining pieces"
  AsGiven,      // keep the hands exactly as written
};

inline constexpr std::string_view kStartSfen =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// Sho shogi: the drunk elephants (E) in front of the kings (docs/sho.md).
inline constexpr std::string_view kShoStartSfen =
    "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1";
constexpr std::string_view start_sfen(Variant v) {
  return v == Variant::Sho ? kShoStartSfen : kStartSfen;
}

// Parses the four SFEN fields (board, side, hands, move number; the move number may be absent).
// Accepts a leading "sfen " and the word "startpos" (the start of `variant`). Syntax only:
// legality is Position::set(), which also rejects pieces that `variant` does not have (E, +E
// outside sho shogi).
Expected<BoardSetup> parse_sfen(std::string_view text, std::string_view file = {}, int line = 0,
                                Variant variant = Variant::Shogi);
std::string to_sfen(const BoardSetup& setup);
std::string to_sfen(const Position& pos);

// Parses and validates: syntax, then the defender-hand convention, then Position::validate
// with `kings` (perft and move-generator tests pass KingRule::Any), under the rules of
// `variant`. The error names the file and line when given.
Expected<Position> read_position(std::string_view sfen,
                                 DefenderHand hand = DefenderHand::RestIfEmpty,
                                 std::string_view file = {}, int line = 0,
                                 KingRule kings = KingRule::DefenderKing,
                                 Variant variant = Variant::Shogi);

// USI move notation: "7g7f", "8h2b+", "P*5e". parse_usi_move also checks that the move is legal
// in `pos` and gives the reason when it is not.
Expected<Move> parse_usi_move(std::string_view text, const Position& pos);
std::string to_usi(Move m);

}  // namespace tsume::io
