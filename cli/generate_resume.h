// `tsume generate --resume` (docs/generate.md "Parallelism and determinism" and "Training mode
// from games"): what an interrupted run's output file holds, read back so that the run goes on
// where it stopped and the file ends as one uninterrupted run's. The file is first cut to its
// complete records by batch::prepare_resume, which also hands back their text; the formats are
// this command's jsonl, KIF and sfen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "generator/generator.h"
#include "generator/reverse.h"
#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::cli {

// A file that is not output of this command; the message names the file and line.
struct ResumeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A record already in the output file.
struct WrittenRecord {
  std::string id;
  bool error = false;               // an error record (--from-games)
  std::optional<BoardSetup> setup;  // a problem's position
  std::vector<Move> pv;             // its main line
};

// The duplicate keys of a problem's record, with its idea.
gen::DedupKeys written_keys(const WrittenRecord& w);

// The records in `content`, the complete records of the output file `path` as
// batch::prepare_resume kept them (`format` jsonl, kif or sfen) under `variant`'s rules. Throws
// ResumeError naming `path` and the line.
std::vector<WrittenRecord> read_written(const std::string& content, const std::string& path,
                                        const std::string& format, Variant variant);

// The random method: the run goes on after the last candidate written (ids g<seed>-<candidate>);
// the problems written count toward --count and are seen by the duplicate test (o.written), the
// candidates up to the last one written toward --max-candidates. Returns the problems' count.
// Throws ResumeError for a record that is not a problem of o.seed.
std::size_t resume_random(const std::vector<WrittenRecord>& records, gen::GenerateOptions& o,
                          const std::string& path);

// --from-games: what the file holds.
struct GamesResume {
  std::set<std::string> ids;          // of the records written (puzzles and errors)
  std::vector<BoardSetup> positions;  // of the puzzles written, one each
  std::set<std::string> games;        // the games with a record in the file
  std::string last_game;              // the game of the last record (it may be cut short)
};
GamesResume games_resume(const std::vector<WrittenRecord>& records);

// --method reverse: the run's state is kept beside the output file, in FILE.checkpoint
// (docs/generate.md "Resuming a reverse-method run"): a header (the output file's length and
// record count at the checkpoint, a checksum) and gen::ReverseOptions::checkpoint's text.
std::string checkpoint_path(const std::string& output);
// Writes the checkpoint of output file `output` (its new content, then renamed over the old one:
// an interruption leaves the last complete checkpoint). Throws ResumeError when it cannot.
void write_checkpoint(const std::string& output, std::uintmax_t bytes, std::size_t records,
                      const std::string& state);

struct ReverseResume {
  std::string state;                   // the run's state; empty: nothing to resume (a new run)
  std::uintmax_t bytes = 0;            // the output file's length at the checkpoint
  std::vector<WrittenRecord> records;  // the records it counts (those before `bytes`)
};
// Reads `output`'s checkpoint and checks it against `content` (the complete records of the file,
// `format`), the records after the checkpoint's being made again by the resumed run; `ro` holds
// the run's options, which must be the checkpoint's (gen::checkpoint_options). A file without
// records and without a checkpoint is a new run. Throws ResumeError naming the file and the
// reason.
ReverseResume resume_reverse(const std::string& content, const std::string& output,
                             const std::string& format, const gen::ReverseOptions& ro);

}  // namespace tsume::cli
