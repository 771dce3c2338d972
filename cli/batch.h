// The command-line side of the batch commands (`solve`, `check`; the runner itself is
// batch/runner.h): their shared options and how they fill batch::Settings, reading a record's
// position with its given line, and the text of moves and checker findings in their records.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "batch/inputs.h"
#include "batch/output.h"
#include "batch/pool.h"
#include "batch/runner.h"
#include "cli/command.h"
#include "cli/option_values.h"
#include "cluster/mpi.h"
#include "solver/answer/check.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"
#include "solver/io/sfen.h"
#include "solver/search/limits.h"

namespace tsume::cli {

// The names of the batch library that the commands use throughout.
using batch::excerpt;
using batch::Format;
using batch::g_interrupted;
using batch::InterruptGuard;
using batch::json_escape;
using batch::json_string;
using batch::one_line;
using batch::read_given_moves;
using batch::read_record_position;
using batch::Record;
using batch::seconds_text;
using batch::StatusLine;

// A record read: the position and the line given with it (KIF/CSA moves, TSV 4th column).
struct GivenProblem {
  Position position;
  std::optional<std::vector<Move>> given;  // absent when none was given or it did not parse
  std::string given_error;                 // why the given line was not read
};
io::Expected<GivenProblem> read_record_given(const Record& r, const io::ReadOptions& read);

// A finding of the checker (a cook, flaw or open test) as a JSON object, the one schema of
// `check` and `generate` records: {kind, ply, move, alternative, length, [line,] nodes, note}.
std::string finding_json(const Finding& f);
// USI moves separated by spaces.
std::string usi_line(const std::vector<Move>& pv);
// "2 SOUND, 1 COOKED": a count of each name, in the order of the names, for a job's summary.
std::string counts_text(const std::map<std::string, std::size_t>& counts);

// The problems of a command that writes each one out (convert, show): the records of `inputs`,
// with `folder` (when not empty: one file per problem) created. std::nullopt, after a message
// "tsume <command>: ..." on ctx.err, when the inputs hold no problem or the folder cannot be
// made.
std::optional<std::vector<Record>> problems_to_write(const Context& ctx,
                                                     const std::vector<std::string>& inputs,
                                                     const std::string& folder);

// A batch command's options: --format (one of `formats`, "text|jsonl", default text;
// `format_help` says what each gives) and those of add_batch_options.
struct BatchOptionsHelp {
  std::string_view formats;
  std::string_view format_help;
  std::string_view time_help;
};
po::options_description batch_options(const BatchOptionsHelp& help);
// --format among the formats a command writes (`with_kif`: also kif). Usage errors as
// UsageError.
Format format_option(const po::variables_map& vm, bool with_kif);

// The options `solve` and `check` share after their --format: -o/--output, --resume, --shard,
// --chunk (the MPI mode), --time and --nodes (limits per problem); `time_help` describes --time.
void add_batch_options(po::options_description& options, std::string_view time_help);
// The options of add_batch_options without the limits (--time, --nodes): -o/--output, --resume,
// --shard, --chunk; for a batch command with limits of its own (the large-board solve, check).
void add_batch_output_options(po::options_description& options);
// --time and --nodes (cli/option_values.h) as the limits of one problem, which also stop on
// SIGINT/SIGTERM (g_interrupted).
SearchLimits batch_limits(const po::variables_map& vm);
// Which limit a search that did not finish ran into: "nodes" (--nodes), "time" (--time), or
// else `other` (a budget of the command's own, such as "certify-nodes" or "step-nodes").
std::string limit_reached(const SearchLimits& limits, std::uint64_t nodes, double seconds,
                          std::string_view other);

// The MPI job of this process (cluster::World::join), or nullptr for a single process. A binary
// without MPI started as one of several processes is a usage error (UsageError).
std::unique_ptr<cluster::World> join_world();

// What a batch command runs, from its options: its job, the format of its records and the
// threads of its pool.
struct BatchCommand {
  std::unique_ptr<batch::Job> job;
  Format format = Format::Text;
  int threads = 1;
  bool lines_only = false;  // batch::Settings::lines_only (the large-board commands)
};
// The main of a batch command (solve, check): parses ctx.args against `options` (those of
// batch_options and the command's own), builds the command from them, joins the MPI job when
// mpirun started several processes, and runs the batch (batch::run_batch). `label` names the
// count on the progress line. Returns the exit status; usage errors as UsageError.
int batch_main(const Context& ctx, po::options_description& options, const HelpText& help,
               std::string label,
               const std::function<BatchCommand(const po::variables_map&)>& command);

// The settings of a batch from the options of add_batch_options, --threads and the inputs:
// '-' (standard input) at most once, --resume only with -o FILE, --chunk at most 1000000 (0:
// the thread count). `label` names the count on the progress line; the progress line and the
// summary's place follow from which of standard output and error are terminals.
batch::Settings batch_settings(const Context& ctx, const po::variables_map& vm, Format format,
                               int threads, std::string label, cluster::World* world);

}  // namespace tsume::cli
