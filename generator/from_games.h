// Training mode from real games (`tsume generate --from-games`, docs/generate.md): every position
// of a game record (KIF, KI2 or CSA, read by solver/io) where the side to move has a forced mate
// whose exact length is in a band becomes a puzzle ("practical mate": game rules, real hands).
// The positions are those of the main line, then those of each KIF/KI2 変化 variation
// (Problem::variations, in file order, those that branch off another variation included),
// from the position after its first move.
//
// The convention for hands: the side not to move (the defender) is given every piece that is on
// neither the board nor a hand (give_rest_to). In a game from the usual start every piece is
// somewhere, so this changes nothing and the puzzle is the game position; in a game from a
// diagram or a handicap the missing pieces go to the defender, which is how a puzzle's SFEN is
// read back (SPEC.md section 1), and can only make the defence stronger: a mate found is a mate
// in the game within the same length.
//
// Positions are searched in parallel (each search on its own cleared tables, node budgets only,
// so the result does not depend on the thread count); the choice of what is written is serial:
// a position whose side to move also had a mate in the band two plies earlier on the same line
// (a variation's first two positions look back into the line it branches off), at least two plies
// longer, continues that mate (the attacker played on and the defender did not escape it:
// a defender's weaker reply makes the rest shorter still) and is skipped, so a mating sequence
// played out in the game gives one puzzle, its first and longest position. A mate that gets
// longer (the attacker played a slower move) is a new puzzle. The same
// position (under mirror and file translation, dedup.h's position key) found again in a run is
// skipped too.
//
// With `trim`, pieces that the mate does not need are taken off (ShogiRules::removals, the
// checker's unnecessary-piece removals: a board piece or an attacker hand piece goes to the
// defender's hand), in square order, then the attacker's hand, then the attacker's king (which
// leaves the game): a piece goes when the smaller position still mates with the same exact
// length and the same main line still mates in it. Each puzzle finally gets a verdict from
// check_problem without the piece test (SOUND, SOUND_WITH_FLAWS, COOKED, SURPLUS, ...), whose
// rule-exact main line is written when it has the same length.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "generator/generator.h"
#include "solver/io/problem.h"

namespace tsume::gen {

struct GameOptions {
  int min_plies = 3, max_plies = 9;   // odd lengths in [min_plies, max_plies]
  std::uint64_t mate_nodes = 20'000;  // per position: the bounded search, then the exact length
  bool trim = false;
  int threads = 1;
  batch::Pool* pool = nullptr;  // the threads to run on; none: a pool of `threads` made here
  GenerateOptions check;        // check_staged's budgets (check_nodes, check_step_nodes, ...)
  std::size_t hash_megabytes = 4;
  const std::atomic<bool>* stop = nullptr;
};

// One puzzle found in a game.
struct GamePuzzle {
  Generated problem;     // id, setup, position, length, pv, verdict, flaws, themes, difficulty, ...
  std::size_t move = 0;  // the position after this many moves of the game (0: its start)
  std::size_t variation = 0;       // 0: on the main line; k: on the record's k-th variation
  std::size_t variation_move = 0;  // that variation's 変化 number (the move it replaces)
  std::optional<Move> game_move;   // the move the record plays there (none at its line's end)
  int removed = 0;                 // pieces taken off by trim
  std::size_t cooks = 0;           // cooks the checker proved (COOKED puzzles)
};

struct GameStats {
  std::uint64_t games = 0, errors = 0;
  std::uint64_t positions = 0;      // positions searched
  std::uint64_t mates = 0;          // with a mate in the band
  std::uint64_t continuations = 0;  // skipped: the continuation of a mate two plies earlier
  std::uint64_t duplicates = 0;     // skipped: the same position seen before in the run
  std::uint64_t puzzles = 0;
  std::uint64_t nodes = 0;
  GameStats& operator+=(const GameStats& o);
};

// What a run over several games keeps between them (the position keys seen).
class GameScanner {
public:
  explicit GameScanner(const GameOptions& options);
  ~GameScanner();
  GameScanner(const GameScanner&) = delete;
  GameScanner& operator=(const GameScanner&) = delete;

  // The puzzles of one game record, in record order (the main line, then each variation);
  // `name` makes the ids: `<name>-<move>` on the main line, `<name>-v<k>-<move>` on the k-th
  // variation.
  std::vector<GamePuzzle> scan(const io::Problem& game, const std::string& name);
  const GameStats& stats() const { return stats_; }
  void count_error() { ++stats_.errors; }
  // Counts `setup` as written (a resumed run: the puzzles already in its output), so that the
  // same position found again is a duplicate.
  void remember(const BoardSetup& setup);

private:
  struct Impl;
  GameOptions options_;
  GameStats stats_;
  std::unique_ptr<Impl> impl_;
};

// One record of a run over game files: its puzzles (in record order), then the error that cut it
// short, if any (a damaged record gives the puzzles before the damage, then the error; a file or
// record that cannot be read gives the error alone).
struct GameRecordResult {
  std::string file;  // as given
  std::string name;  // the file name without extension, `-<record>` added for multi-record files
  std::vector<GamePuzzle> puzzles;
  std::optional<io::ParseError> error;
};

// Reads the files in order (KIF, KI2, CSA; every record of a multi-record CSA file is a game; the
// hands as the record gives them) and scans each record with `scanner`; `emit` gets each record
// and returns false to stop the run. A record whose name `skip` (when given) accepts is neither
// scanned nor emitted (a resumed run: a game done before). The run also stops between records
// when `max_seconds` > 0 has passed since the start or `stop` is set. The CLI's --from-games and
// the Python module's puzzles_from_games.
void scan_game_files(GameScanner& scanner, const std::vector<std::string>& files,
                     double max_seconds, const std::atomic<bool>* stop,
                     const std::function<bool(const GameRecordResult&)>& emit,
                     const std::function<bool(const std::string&)>& skip = {});

// The game a record id of --from-games names: the id without `-<move>` and `-v<k>` (a puzzle's
// id), or the id itself (an error record's, `error` true).
std::string game_of_record(const std::string& id, bool error);

// The position after `moves` moves of `game` with the defender given the rest (see above).
BoardSetup game_position(const io::Problem& game, std::size_t moves);

// `setup` with the pieces the mate `pv` of exact length `length` does not need taken off (see
// above), each test within `nodes` nodes; `removed` gets the count, `spent` the nodes added.
BoardSetup trim_position(const BoardSetup& setup, Plies length, const std::vector<Move>& pv,
                         std::uint64_t nodes, Solver& solver, int* removed = nullptr,
                         std::uint64_t* spent = nullptr);

}  // namespace tsume::gen
