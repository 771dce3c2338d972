// The command-line side of the batch commands (batch.h).
#include "cli/batch.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <unistd.h>

namespace tsume::cli {

// ---------------------------------------------------------------------------------------------
// Records with their given lines

io::Expected<GivenProblem> read_record_given(const Record& r, const io::ReadOptions& read) {
  if (r.is_problem_file()) {
    auto problem = read_record_problem(r, read);
    if (!problem) return problem.error();
    auto pos = batch::position_of(*problem, r.file);
    if (!pos) return pos.error();
    GivenProblem p{*pos, std::nullopt, {}};
    if (!problem->moves.empty()) p.given = problem->moves;
    return p;
  }
  auto pos = read_record_position(r, read);
  if (!pos) return pos.error();
  GivenProblem p{*pos, std::nullopt, {}};
  if (!r.moves.empty() && !r.moves_lead_to_problem) {
    // A given line that does not parse is reported with the record, which is still checked.
    auto moves = read_given_moves(r, *pos);
    if (moves) {
      p.given = std::move(*moves);
    } else {
      p.given_error = moves.error().reason;
    }
  }
  return p;
}

std::string usi_line(const std::vector<Move>& pv) {
  std::string out;
  for (Move m : pv) {
    if (!out.empty()) out += ' ';
    out += io::to_usi(m);
  }
  return out;
}

std::string counts_text(const std::map<std::string, std::size_t>& counts) {
  std::string s;
  for (const auto& [name, count] : counts)
    s += (s.empty() ? "" : ", ") + std::to_string(count) + ' ' + name;
  return s;
}

// A finding of the checker as JSON (the one schema of check and generate).
std::string finding_json(const Finding& f) {
  std::ostringstream s;
  s << "{\"kind\":" << json_string(to_string(f.kind)) << ",\"ply\":" << f.ply
    << ",\"move\":" << (f.main_move.is_none() ? "null" : json_string(io::to_usi(f.main_move)))
    << ",\"alternative\":"
    << (f.alternative.is_none() ? "null" : json_string(io::to_usi(f.alternative)))
    << ",\"length\":" << (f.length >= 0 ? std::to_string(f.length) : "null");
  if (!f.line.empty()) s << ",\"line\":" << json_string(usi_line(f.line));
  s << ",\"nodes\":" << f.nodes << ",\"note\":" << json_string(f.note) << '}';
  return s.str();
}

std::optional<std::vector<Record>> problems_to_write(const Context& ctx,
                                                     const std::vector<std::string>& inputs,
                                                     const std::string& folder) {
  std::vector<Record> records = batch::gather_records(inputs);
  if (records.empty()) {
    ctx.err << "tsume " << ctx.command << ": no problem found in the inputs\n";
    return std::nullopt;
  }
  if (!folder.empty() && !batch::ensure_folder(folder)) {
    ctx.err << "tsume " << ctx.command << ": cannot create the folder '" << folder << "'\n";
    return std::nullopt;
  }
  return records;
}

// ---------------------------------------------------------------------------------------------
// Options

po::options_description batch_options(const BatchOptionsHelp& help) {
  po::options_description options("Options", kHelpLineLength);
  options.add_options()(
      "format",
      po::value<std::string>()->value_name(std::string(help.formats))->default_value("text"),
      std::string(help.format_help).c_str());
  add_batch_options(options, help.time_help);
  return options;
}

Format format_option(const po::variables_map& vm, bool with_kif) {
  const auto& format = vm["format"].as<std::string>();
  if (format == "text") return Format::Text;
  if (format == "jsonl") return Format::Jsonl;
  if (with_kif && format == "kif") return Format::Kif;
  throw UsageError(std::string("--format must be text") +
                   (with_kif ? ", jsonl or kif" : " or jsonl") + ", not '" + format + "'");
}

void add_batch_options(po::options_description& options, std::string_view time_help) {
  add_batch_output_options(options);
  auto add = options.add_options();
  add("time", duration_value("0"), std::string(time_help).c_str());
  add("nodes", count_value("0"), "node limit per problem (0: none; 20M = 20,000,000)");
}

void add_batch_output_options(po::options_description& options) {
  auto add = options.add_options();
  add("output,o", po::value<std::string>()->value_name("FILE"),
      "write the records to FILE instead of standard output");
  add("resume", po::bool_switch()->default_value(false),
      "skip the problems whose ids are already in the -o FILE (same --format), drop a cut last "
      "record and append the rest");
  add("shard", shard_value(),
      "do only part I of N of the batch (0 <= I < N): the records k (counted from 0 in input "
      "order) with k mod N = I, ids unchanged; scripts/merge_shards.py joins the parts in input "
      "order");
  add("chunk", count_value("0"),
      "under mpirun with several processes: the records handed to a process at a time (0: its "
      "--threads)");
}

SearchLimits batch_limits(const po::variables_map& vm) {
  SearchLimits limits;
  limits.max_seconds = duration_option(vm, "time");
  limits.max_nodes = count_option(vm, "nodes");
  limits.stop = &g_interrupted;
  return limits;
}

std::string limit_reached(const SearchLimits& limits, std::uint64_t nodes, double seconds,
                          std::string_view other) {
  if (limits.max_nodes != 0 && nodes >= limits.max_nodes) return "nodes";
  if (limits.max_seconds > 0 && seconds >= limits.max_seconds) return "time";
  return std::string(other);
}

std::unique_ptr<cluster::World> join_world() {
  try {
    return cluster::World::join();
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
}

batch::Settings batch_settings(const Context& ctx, const po::variables_map& vm, Format format,
                               int threads, std::string label, cluster::World* world) {
  batch::Settings s;
  s.where = "tsume " + std::string(ctx.command);
  s.inputs = inputs_of(vm);
  s.resume = vm["resume"].as<bool>();
  s.output = string_option(vm, "output");
  if (s.resume && s.output.empty()) throw UsageError("--resume needs -o FILE");
  if (std::count(s.inputs.begin(), s.inputs.end(), "-") > 1)
    throw UsageError("'-' (standard input) may be given once");
  s.format = format;
  const Shard shard = shard_option(vm, "shard");
  s.shard_index = shard.index;
  s.shard_count = shard.count;
  s.threads = threads;
  const std::uint64_t chunk = count_option(vm, "chunk");
  if (chunk > 1'000'000) throw UsageError("--chunk must be at most 1000000");
  s.chunk =
      chunk == 0 ? static_cast<std::size_t>(std::max(threads, 1)) : static_cast<std::size_t>(chunk);
  s.progress_label = std::move(label);
  s.progress = ::isatty(STDERR_FILENO) == 1;
  s.summary_on_output = format == Format::Text;
  s.one_terminal = ::isatty(STDOUT_FILENO) == 1 && ::isatty(STDERR_FILENO) == 1;
  s.world = world;
  return s;
}

int batch_main(const Context& ctx, po::options_description& options, const HelpText& help,
               std::string label,
               const std::function<BatchCommand(const po::variables_map&)>& command) {
  const auto vm = parse_options_with_inputs(ctx, options, help);
  if (!vm) return kExitOk;
  const BatchCommand c = command(*vm);
  // Under mpirun every rank runs chunks of records the same way; rank 0 also reads the inputs
  // and writes the output.
  const std::unique_ptr<cluster::World> world = join_world();
  batch::Settings settings =
      batch_settings(ctx, *vm, c.format, c.threads, std::move(label), world.get());
  settings.lines_only = c.lines_only;
  return batch::run_batch(settings, *c.job, ctx.out, ctx.err);
}

}  // namespace tsume::cli
