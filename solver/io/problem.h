// A problem as read from a file: the position, the moves recorded after it, and the metadata of
// the file. One file holds one problem. Readers for each format live in sfen.h, kif.h and csa.h;
// read_problem() picks one from the file name or the content.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"
#include "solver/io/sfen.h"

namespace tsume::io {

enum class ProblemFormat { Sfen, Kif, Ki2, Csa };

std::string_view format_name(ProblemFormat format);

struct ReadOptions {
  // The defender-hand convention of SPEC.md section 1, applied when the file does not say
  // explicitly (KIF `後手の持駒：残り全部`, CSA `P-00AL` always give the rest).
  DefenderHand defender_hand = DefenderHand::RestIfEmpty;
  // The rules the position is read under: sho shogi allows its pieces (E, +E; 酔象, 太子).
  Variant variant = Variant::Shogi;
};

// A variation (変化) of a record: `moves` are played instead of its parent line's moves from
// move number `ply` on (1-based). The parent is the main line (`parent` 0: 1 <= ply <= the main
// line's length) or an earlier variation of the same list (`parent` k: variations[k - 1],
// k - 1 below this one's index; its ply < ply <= its ply - 1 + its moves' count).
struct Variation {
  std::size_t ply = 1;
  std::vector<Move> moves;
  std::size_t parent = 0;
};

// The first `plies` moves of the line of `variations[index]` (its ancestors' moves up to its
// branch point, then its own), or of the main line for index `variations.size()`; fewer when
// the line is shorter. The variations must be well formed (as above).
std::vector<Move> line_prefix(std::span<const Move> main, const std::vector<Variation>& variations,
                              std::size_t index, std::size_t plies);

struct Problem {
  BoardSetup setup;             // validated by Position::set, defender hand already applied
  std::vector<Move> moves;      // the recorded moves, each legal in turn
  std::vector<int> move_lines;  // 1-based line of each move in the original file
  // KIF/KI2 変化 blocks, in file order (a variation's parent before it): those that branch off
  // the main line and those that branch off another variation.
  std::vector<Variation> variations;
  std::string title;  // KIF 表題, CSA $EVENT; empty when absent
  // Other header fields in file order: KIF `作者：...` as {"作者", "..."}, CSA `$SITE:x` as
  // {"SITE", "x"} and `N+name` as {"N+", "name"}.
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<std::string> comments;  // KIF `*` lines and CSA `'` lines, without the mark
  std::string result;                 // the terminator when present: 投了, 詰み, TORYO, ...
  bool rest_to_defender = false;      // the defender (side not to move) was given all other pieces
  ProblemFormat format = ProblemFormat::Sfen;

  // The value of the first header named `key`, or an empty view.
  std::string_view header(std::string_view key) const;
};

// Gives the side not to move every remaining piece (give_rest_to) when `policy` is RestIfEmpty
// and its hand is empty. Returns true when that gave it at least one piece (a full game
// position has nothing left over).
bool apply_defender_hand(BoardSetup& setup, DefenderHand policy);

// True when the hand of the side not to move is exactly the pieces on neither the board nor the
// other hand, and not empty: what KIF `残り全部` and CSA `00AL` say, for the writers.
bool defender_hand_is_rest(const Position& pos);

// Chooses the format from the extension (.sfen .kif .kifu .ki2 .ki2u .csa, any case) and, when
// the extension says nothing, from the content.
ProblemFormat detect_format(std::string_view bytes, std::string_view file);

// One SFEN position per file (first line that is not empty or a '#' comment), optionally
// followed by "moves" and USI moves on the same line: `<sfen> moves 2c2b+ 1a2b`.
Expected<Problem> read_sfen_problem(std::string_view bytes, std::string_view file = {},
                                    const ReadOptions& options = {});

// Reads a problem in the detected format.
Expected<Problem> read_problem(std::string_view bytes, std::string_view file = {},
                               const ReadOptions& options = {});
// Loads the file, then read_problem; a file that cannot be read is an error with line 0.
Expected<Problem> read_problem_file(const std::string& path, const ReadOptions& options = {});

// A game record read as far as it goes (`tsume generate --from-games`): `problem` holds the
// position and the main-line moves read before the first error (none when the position itself
// could not be built), `error` that error (none when the whole record was read).
struct RecordPart {
  std::optional<Problem> problem;
  std::optional<ParseError> error;
};

// Every record of a game file: a CSA file gives one part per record (records separated by '/'
// lines; blank records are skipped), the other formats one part. Never empty.
std::vector<RecordPart> read_game_records(std::string_view bytes, std::string_view file = {},
                                          const ReadOptions& options = {});
// Loads the file, then read_game_records; a file that cannot be read is one part with an error.
std::vector<RecordPart> read_game_records_file(const std::string& path,
                                               const ReadOptions& options = {});

}  // namespace tsume::io
