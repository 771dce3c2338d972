// What the batch subcommands (`solve`, `check`) share beyond the inputs (cli/inputs.h): reading a
// record's position with its given line, JSON text, --resume over an output file, the progress bar
// and SIGINT/SIGTERM handling.
#pragma once

#include <atomic>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command.h"
#include "cli/inputs.h"
#include "cli/option_values.h"
#include "cluster/mpi.h"
#include "solver/answer/check.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/io/parse_error.h"
#include "solver/io/sfen.h"
#include "solver/search/limits.h"

namespace tsume::cli {

enum class Format { Text, Jsonl, Kif };

// Set by SIGINT/SIGTERM; the searches poll it through SearchLimits::stop.
extern std::atomic<bool> g_interrupted;
extern "C" void on_interrupt(int);

// Installs on_interrupt for SIGINT and SIGTERM for its lifetime.
class InterruptGuard {
public:
  InterruptGuard() {
    g_interrupted.store(false);
    old_int_ = std::signal(SIGINT, on_interrupt);
    old_term_ = std::signal(SIGTERM, on_interrupt);
  }
  ~InterruptGuard() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
  void (*old_int_)(int) = SIG_DFL;
  void (*old_term_)(int) = SIG_DFL;
};

// A record read: the position and the line given with it (KIF/CSA moves, TSV 4th column).
struct GivenProblem {
  Position position;
  std::optional<std::vector<Move>> given;  // absent when none was given or it did not parse
  std::string given_error;                 // why the given line was not read
};
io::Expected<GivenProblem> read_record_given(const Record& r, const io::ReadOptions& read);

// JSON string contents: quotes, backslashes and control characters escaped; bytes that are not
// valid UTF-8 written as \u00XX so that every line stays valid JSON.
std::string json_escape(std::string_view s);
std::string json_string(std::string_view s);
// A finding of the checker (a cook, flaw or open test) as a JSON object, the one schema of
// `check` and `generate` records: {kind, ply, move, alternative, length, [line,] nodes, note}.
std::string finding_json(const Finding& f);
// USI moves separated by spaces.
std::string usi_line(const std::vector<Move>& pv);
// Ids and messages on one line of the text and KIF formats.
std::string one_line(std::string_view s);
std::string seconds_text(double seconds);

// --resume: the ids already in the output file, and where its complete records end.
struct ResumeState {
  std::set<std::string> ids;  // jsonl: escaped as written; text and KIF: as written
  std::uintmax_t keep = 0;    // bytes of complete records; the rest is a cut record
  std::string problem;        // non-empty: the file is not output of this format
};
// The key of a record id in ResumeState::ids.
std::string resume_key(const std::string& id, Format format);
// Reads `path` for --resume and truncates it to its complete records. Throws nothing; returns
// the state with `problem` set when the file cannot be used. Text records start with "id ",
// KIF records with "表題：", jsonl records with {"id":.
ResumeState prepare_resume(const std::string& path, Format format);

// The options every batch command reads alike: its inputs, -o FILE and --resume (which needs
// -o), with '-' (standard input) at most once; and --format among the formats it writes
// (`with_kif`: also kif). Usage errors as UsageError.
struct BatchArgs {
  std::vector<std::string> inputs;
  std::string output;  // empty: standard output
  bool resume = false;
};
BatchArgs batch_args(const po::variables_map& vm);
Format format_option(const po::variables_map& vm, bool with_kif);

// Where a batch writes and what it still has to do: -o FILE (truncated, or with --resume cut
// to its complete records and appended to) or standard output, and the records of its --shard
// (record k of the inputs, counted from 0, when k mod N = I) whose ids are not in the file yet.
struct BatchOutput {
  std::ofstream file;
  std::ostream* out = nullptr;
  std::vector<const Record*> todo;
  std::size_t skipped = 0;  // already in the output
};
// Opens the output of a batch. On failure prints "<where>: <reason>" on ctx.err and returns false.
bool open_batch_output(const Context& ctx, std::string_view where, const std::string& output,
                       bool resume, Shard shard, Format format, const std::vector<Record>& records,
                       BatchOutput& batch);

// The progress text of a batch: "[####....] done/total  <label> <count>  rate  ETA".
std::string progress_text(std::size_t done, std::size_t total, std::string_view label,
                          std::size_t count, double elapsed);

// One line of progress on a terminal, redrawn in place. It is cut to 79 columns so that it never
// wraps (a wrapped line cannot be redrawn), and it is cleared before each record is written, so
// that records going to the same terminal never start on the progress line. Disabled (when
// stderr is no terminal) it writes nothing.
class StatusLine {
public:
  StatusLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  bool enabled() const { return enabled_; }
  // Replaces the line with `text`.
  void show(std::string_view text);
  // Clears the line (before a record is written).
  void clear();
  // Leaves the last text on its own line (the batch is done, or a message follows).
  void finish();

private:
  std::ostream& err_;
  bool enabled_;
  bool shown_ = false;
};

// The options `solve` and `check` share after their --format: -o/--output, --resume, --shard,
// --chunk (the MPI mode), --time and --nodes (limits per problem); `time_help` describes --time.
void add_batch_options(po::options_description& options, std::string_view time_help);
// --time and --nodes (cli/option_values.h) as the limits of one problem, which also stop on
// SIGINT/SIGTERM (g_interrupted).
SearchLimits batch_limits(const po::variables_map& vm);
// Which limit a search that did not finish ran into: "nodes" (--nodes), "time" (--time), or
// else `other` (a budget of the command's own, such as "certify-nodes" or "step-nodes").
std::string limit_reached(const SearchLimits& limits, std::uint64_t nodes, double seconds,
                          std::string_view other);

// ---------------------------------------------------------------------------------------------
// The MPI mode (docs/cluster.md): under mpirun with more than one process, rank 0 reads the
// inputs, writes the output and hands the records out in chunks; every rank (rank 0 on a thread
// of its own) runs chunks with its --threads.

// The MPI job of this process (cluster::World::join), or nullptr for a single process. A binary
// without MPI started as one of several processes is a usage error (UsageError).
std::unique_ptr<cluster::World> join_world();

// A record as bytes for another rank, and back. A KIF/KI2/CSA file is sent as its text, read here
// (when it cannot be read, its path is sent and the rank that gets it reports the error).
std::string encode_record(const Record& r);
Record decode_record(const std::string& bytes);

// Runs a chunk of records: one result (bytes) per record, in order; false when interrupted (the
// results then are those of the first records).
using RecordChunk = std::function<bool(const std::vector<const Record*>& records,
                                       std::vector<std::string>& results)>;

// --chunk: the records handed to a rank at a time; 0 (the default) is its thread count.
std::size_t chunk_option(const po::variables_map& vm, int threads);

// Rank 0: runs `todo` on the ranks of `world`, `chunk` records at a time; emit(result) gets the
// results in input order, each as soon as all earlier ones are in. Stops handing out records when
// interrupted (g_interrupted) or when stop() is true. Returns true when it stopped before the
// last record (interrupted, a rank's chunk interrupted, or stop()).
bool distribute_records(cluster::World& world, const std::vector<const Record*>& todo,
                        std::size_t chunk, const RecordChunk& run,
                        const std::function<void(const std::string&)>& emit,
                        const std::function<bool()>& stop);
// The other ranks: run the chunks rank 0 sends until it says stop. Returns the exit status of
// the rank: 0, or 130 when interrupted.
int serve_records(cluster::World& world, const RecordChunk& run);

}  // namespace tsume::cli
