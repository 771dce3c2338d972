// Shared by the batch subcommands (solve, check): inputs, records, JSON text, --resume,
// progress and interruption. See batch.h.
#include "cli/batch.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <system_error>

#include "cluster/wire.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"
#include "solver/io/text.h"

namespace tsume::cli {

namespace fs = std::filesystem;

// Set by SIGINT/SIGTERM; the search polls it through SearchLimits::stop.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) { g_interrupted.store(true, std::memory_order_relaxed); }

// ---------------------------------------------------------------------------------------------
// Records with their given lines

io::Expected<GivenProblem> read_record_given(const Record& r, const io::ReadOptions& read) {
  if (r.is_problem_file()) {
    auto problem = read_record_problem(r, read);
    if (!problem) return problem.error();
    auto pos = position_of(*problem, r.file);
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

// JSON string contents: quotes, backslashes and control characters escaped; bytes that are not
// valid UTF-8 written as \u00XX so that every line stays valid JSON.
std::string json_escape(std::string_view s) {
  const bool utf8 = io::is_valid_utf8(s);
  std::string out;
  out.reserve(s.size() + 2);
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (u < 0x20 || (u >= 0x80 && !utf8) || u == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", u);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string json_string(std::string_view s) { return '"' + json_escape(s) + '"'; }

std::string usi_line(const std::vector<Move>& pv) {
  std::string out;
  for (Move m : pv) {
    if (!out.empty()) out += ' ';
    out += io::to_usi(m);
  }
  return out;
}

// Ids and messages on one line of the text and KIF formats.
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

std::string one_line(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\r', ' ');
  return out;
}

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << seconds << " s";
  return s.str();
}

// --resume: the ids already in the output file, and where its complete records end.

namespace {

ResumeState scan_jsonl(std::string_view content) {
  ResumeState st;
  constexpr std::string_view kStart = "{\"id\":\"";
  std::size_t at = 0;
  int line = 0;
  while (at < content.size()) {
    const std::size_t eol = content.find('\n', at);
    if (eol == std::string_view::npos) break;  // the cut last line
    ++line;
    const std::string_view text = content.substr(at, eol - at);
    // The id is the first field, a JSON string as json_escape wrote it.
    std::size_t end = kStart.size();
    while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
    if (!text.starts_with(kStart) || !text.ends_with('}') || end >= text.size()) {
      st.problem = "line " + std::to_string(line) + " is not a jsonl record of tsume solve";
      return st;
    }
    st.ids.insert(std::string(text.substr(kStart.size(), end - kStart.size())));
    at = eol + 1;
    st.keep = at;
  }
  return st;
}

// Text and KIF: blocks of lines ended by an empty line; the first line names the id.
ResumeState scan_blocks(std::string_view content, std::string_view id_prefix) {
  ResumeState st;
  std::size_t at = 0;
  std::optional<std::string> id;
  int line = 0;
  while (at < content.size()) {
    const std::size_t eol = content.find('\n', at);
    if (eol == std::string_view::npos) break;
    ++line;
    const std::string_view text = content.substr(at, eol - at);
    at = eol + 1;
    if (!id) {
      if (!text.starts_with(id_prefix)) {
        st.problem = "line " + std::to_string(line) + " does not start a record ('" +
                     std::string(id_prefix) + "<id>')";
        return st;
      }
      id = std::string(text.substr(id_prefix.size()));
    } else if (text.empty()) {
      st.ids.insert(*id);
      id.reset();
      st.keep = at;
    }
  }
  return st;
}

}  // namespace

BatchArgs batch_args(const po::variables_map& vm) {
  BatchArgs a;
  a.inputs = inputs_of(vm);
  a.resume = vm["resume"].as<bool>();
  a.output = vm.count("output") ? vm["output"].as<std::string>() : "";
  if (a.resume && a.output.empty()) throw UsageError("--resume needs -o FILE");
  if (std::count(a.inputs.begin(), a.inputs.end(), "-") > 1)
    throw UsageError("'-' (standard input) may be given once");
  return a;
}

Format format_option(const po::variables_map& vm, bool with_kif) {
  const auto& format = vm["format"].as<std::string>();
  if (format == "text") return Format::Text;
  if (format == "jsonl") return Format::Jsonl;
  if (with_kif && format == "kif") return Format::Kif;
  throw UsageError(std::string("--format must be text") +
                   (with_kif ? ", jsonl or kif" : " or jsonl") + ", not '" + format + "'");
}

std::string resume_key(const std::string& id, Format format) {
  return format == Format::Jsonl ? json_escape(id) : one_line(id);
}

// Reads `path` for --resume and truncates it to its complete records. Throws nothing; returns
// the state with `problem` set when the file cannot be used.
ResumeState prepare_resume(const std::string& path, Format format) {
  ResumeState st;
  std::error_code ec;
  if (!fs::exists(path, ec)) return st;  // nothing yet: start from the beginning
  std::string content;
  if (!read_whole_file(path, content)) {
    st.problem = "cannot read the file";
    return st;
  }
  st = format == Format::Jsonl  ? scan_jsonl(content)
       : format == Format::Text ? scan_blocks(content, "id ")
                                : scan_blocks(content, "表題：");
  if (!st.problem.empty()) return st;
  if (st.keep < content.size()) {
    fs::resize_file(path, st.keep, ec);
    if (ec) st.problem = "cannot truncate the cut last record: " + ec.message();
  }
  return st;
}

namespace {

std::string clock_text(double seconds) {
  const auto s = static_cast<std::uint64_t>(std::max(seconds, 0.0));
  std::ostringstream out;
  out << s / 3600 << ':' << std::setw(2) << std::setfill('0') << (s / 60) % 60 << ':'
      << std::setw(2) << std::setfill('0') << s % 60;
  return out.str();
}

}  // namespace

bool open_batch_output(const Context& ctx, std::string_view where, const std::string& output,
                       bool resume, Shard shard, Format format, const std::vector<Record>& records,
                       BatchOutput& batch) {
  ResumeState done;
  if (resume) {
    done = prepare_resume(output, format);
    if (!done.problem.empty()) {
      ctx.err << where << ": cannot resume from '" << output << "': " << done.problem << '\n';
      return false;
    }
  }
  batch.out = &ctx.out;
  if (!output.empty()) {
    batch.file.open(output, std::ios::binary | (resume ? std::ios::app : std::ios::trunc));
    if (!batch.file) {
      ctx.err << where << ": cannot write '" << output << "'\n";
      return false;
    }
    batch.out = &batch.file;
  }
  for (std::size_t k = 0; k < records.size(); ++k) {
    const Record& r = records[k];
    if (!shard.contains(k)) continue;
    if (resume && done.ids.count(resume_key(r.id, format)) != 0) {
      ++batch.skipped;
    } else {
      batch.todo.push_back(&r);
    }
  }
  return true;
}

std::string progress_text(std::size_t done, std::size_t total, std::string_view label,
                          std::size_t count, double elapsed) {
  constexpr int kWidth = 24;
  const double fraction = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  std::ostringstream line;
  line << '[' << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(kWidth - filled), '.') << "] " << done << '/'
       << total << "  " << label << ' ' << count << "  " << std::fixed << std::setprecision(1)
       << rate << "/s  ETA ";
  if (rate > 0) {
    line << clock_text(static_cast<double>(total - done) / rate);
  } else {
    line << "-";
  }
  return line.str();
}

void StatusLine::show(std::string_view text) {
  if (!enabled_) return;
  constexpr std::size_t kColumns = 79;
  std::size_t columns = 0, end = 0;
  for (; end < text.size(); ++end) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) continue;  // UTF-8 continuation
    if (columns == kColumns) break;
    ++columns;
  }
  err_ << "\r\033[K" << text.substr(0, end) << std::flush;
  shown_ = true;
}

void StatusLine::clear() {
  if (!shown_) return;
  err_ << "\r\033[K" << std::flush;
  shown_ = false;
}

void StatusLine::finish() {
  if (!shown_) return;
  err_ << '\n' << std::flush;
  shown_ = false;
}

void add_batch_options(po::options_description& options, std::string_view time_help) {
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
  add("time", duration_value("0"), std::string(time_help).c_str());
  add("nodes", count_value("0"), "node limit per problem (0: none; 20M = 20,000,000)");
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

// ---------------------------------------------------------------------------------------------
// The MPI mode

std::unique_ptr<cluster::World> join_world() {
  try {
    return cluster::World::join();
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
}

std::string encode_record(const Record& r) {
  Record::Kind kind = r.kind;
  std::string text = r.text;
  if (kind == Record::Kind::ProblemFile) {
    std::string bytes;
    if (read_whole_file(r.text, bytes)) {
      kind = Record::Kind::ProblemText;
      text = std::move(bytes);
    }
  }
  cluster::WireWriter w;
  w.u64(static_cast<std::uint64_t>(kind))
      .str(r.id)
      .str(text)
      .str(r.moves)
      .u64(r.moves_lead_to_problem ? 1 : 0)
      .str(r.length)
      .str(kind == Record::Kind::ProblemText && r.kind == Record::Kind::ProblemFile ? r.text
                                                                                    : r.file)
      .u64(static_cast<std::uint64_t>(r.line));
  return std::move(w).bytes();
}

Record decode_record(const std::string& bytes) {
  cluster::WireReader in(bytes);
  Record r;
  r.kind = static_cast<Record::Kind>(in.u64());
  r.id = in.str();
  r.text = in.str();
  r.moves = in.str();
  r.moves_lead_to_problem = in.u64() != 0;
  r.length = in.str();
  r.file = in.str();
  r.line = static_cast<int>(in.u64());
  return r;
}

std::size_t chunk_option(const po::variables_map& vm, int threads) {
  const std::uint64_t chunk = count_option(vm, "chunk");
  if (chunk > 1'000'000) throw UsageError("--chunk must be at most 1000000");
  return chunk == 0 ? static_cast<std::size_t>(std::max(threads, 1))
                    : static_cast<std::size_t>(chunk);
}

namespace {

bool run_encoded(const RecordChunk& run, const std::vector<std::string>& items,
                 std::vector<std::string>& results) {
  std::vector<Record> records;
  records.reserve(items.size());
  for (const std::string& item : items) records.push_back(decode_record(item));
  std::vector<const Record*> todo;
  for (const Record& r : records) todo.push_back(&r);
  return run(todo, results);
}

}  // namespace

bool distribute_records(cluster::World& world, const std::vector<const Record*>& todo,
                        std::size_t chunk, const RecordChunk& run,
                        const std::function<void(const std::string&)>& emit,
                        const std::function<bool()>& stop) {
  cluster::Plan plan;
  plan.count = todo.size();
  plan.chunk = chunk;
  const std::size_t emitted = world.distribute(
      plan, [&](std::size_t i) { return encode_record(*todo[i]); },
      [&](const std::vector<std::string>& items, std::vector<std::string>& results) {
        return run_encoded(run, items, results);
      },
      [&](std::size_t, const std::string& result) { emit(result); },
      [&] { return g_interrupted.load() || stop(); });
  return emitted < todo.size();
}

int serve_records(cluster::World& world, const RecordChunk& run) {
  world.serve([&](const std::vector<std::string>& items, std::vector<std::string>& results) {
    return run_encoded(run, items, results);
  });
  return g_interrupted.load() ? 130 : kExitOk;
}

}  // namespace tsume::cli
