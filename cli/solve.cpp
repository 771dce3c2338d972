// `tsume solve`: solves problems one after another (SPEC.md sections 3 and 6) from SFEN
// arguments, SFEN/TSV line files, KIF/KI2/CSA files, folders of them or standard input, and
// writes one record per problem as it completes: text for people, JSON Lines for machines, or
// KIF. --resume continues a batch that was cut short without losing or repeating a problem.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "cli/batch.h"
#include "cli/command.h"
#include "cli/gzip_stream.h"
#include "cli/large.h"
#include "cluster/wire.h"
#include "solver/answer/certificate.h"
#include "solver/answer/solve.h"
#include "solver/io/kif_writer.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"
#include "solver/io/svg_diagram.h"

namespace tsume::cli {

namespace {

namespace fs = std::filesystem;

constexpr HelpText kHelp{
    "tsume solve [options] INPUT...",
    "Solves tsume problems: for each, mate or no mate, the exact length in plies (shortest "
    "attack,\n"
    "longest defence, futile interpositions (無駄合) not counted) and the main line.\n"
    "\n"
    "INPUT is a SFEN string (quote it), a file of SFEN or TSV lines ('SFEN<TAB>id<TAB>...'; blank\n"
    "and '#' lines skipped) or of JSON Lines records (those of solve, check and generate), a\n"
    "KIF, KI2 or CSA file, a folder (searched recursively, in sorted order, for .kif .kifu .ki2\n"
    ".ki2u .csa .sfen .usi .tsv .txt files), or '-' for standard input (lines, or one KIF, KI2\n"
    "or CSA record). A SFEN may be a USI command, 'position sfen SFEN [moves ...]' or 'position\n"
    "startpos [moves ...]' (the problem is then the position after the moves); after a plain\n"
    "SFEN, ' moves ...' is the problem's given line and must be legal moves. The id of a problem\n"
    "is the TSV's second column or the record's id, else '<file>:<record>'\n"
    "(the record number counts problems in the file from 1), 'stdin:<record>', or 'arg<k>' for\n"
    "the k-th INPUT when it is a SFEN. An empty defender hand means all remaining pieces "
    "(残り全部)\n"
    "unless --hand-as-given.\n"
    "\n"
    "--answer exact (the default) certifies the exact length and gives the main line; --answer\n"
    "first stops at the first mate proven and gives its length as an upper bound with a line of\n"
    "it (much faster on long problems). --certify-nodes N gives the certification a budget of\n"
    "its own after the first mate, which gets the whole of --nodes/--time.\n"
    "Records are written and flushed as problems complete. Status: mate (a mate was proven),\n"
    "no_mate, unknown (a limit was hit before either was proven) or error (a record that could\n"
    "not be read: the message names the file and line; the batch goes on). jsonl fields: id,\n"
    "sfen, status, length (null unless mate), length_exact (true: the exact length and the main\n"
    "line; false: a mate in at most `length` plies and a line of it, with --answer first or\n"
    "when a limit stopped the certification), pv (USI moves, space separated), limit (what\n"
    "stopped an unfinished search: nodes, time or certify-nodes; else null), length_min (with\n"
    "--answer exact, when mate: no mate is shorter; equal to length once the length is settled,\n"
    "even where a limit stopped the main line; else null), nodes, time_ms, error. Durations\n"
    "take units (30, 30s, 10m, 1.5h), counts suffixes (20M, 500k).\n"
    "--resume reads the ids already in the -o file, drops an incomplete last record and appends\n"
    "the remaining problems. --shard I/N does the records k (counted from 0) with k mod N = I,\n"
    "for array jobs (docs/cluster.md); scripts/merge_shards.py joins the parts. Started by\n"
    "mpirun as several processes (MPI mode, docs/cluster.md), rank 0 reads the inputs, hands\n"
    "out --chunk records at a time and writes the one output in input order. A progress bar\n"
    "goes to stderr when it is a terminal; a summary goes to stderr (and, with --format text, to\n"
    "stdout; once when both are one terminal). --threads: see below; records keep the input\n"
    "order whatever the thread count, and the answers do not depend on it (unless --nodes or\n"
    "--time cut a search: where a limit falls depends on the threads).\n"
    "Exit status: 0 when the batch ran (even with error records), 1 when nothing could be read,\n"
    "2 on usage errors, 130 when interrupted (the problem in progress is not written).\n"
    "--rules chu|dai|tenjiku solves chu, dai and tenjiku shogi problems with options of their\n"
    "own: see 'tsume solve --rules chu --help'.",
    "tsume solve \"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1\"\n"
    "tsume solve problems/zukou.tsv --nodes 2000000 --format jsonl -o zukou.jsonl\n"
    "tsume solve problems/zukou.tsv --nodes 2000000 --format jsonl -o zukou.jsonl --resume\n"
    "tsume solve my_problems/ --format kif --time 10\n"
    "tsume solve problems/zukou.tsv --nodes 100000 --diagram svg --diagram-dir zukou-svg\n"
    "mpirun -np 8 tsume solve problems.tsv --threads 4 --format jsonl -o solved.jsonl --resume",
};

constexpr BatchOptionsHelp kBatchHelp{
    "text|jsonl|kif",
    "output format: text for people, JSON Lines (one object per problem), or KIF records",
    "time limit per problem (0: none)",
};

struct Outcome {
  std::string id;
  std::string sfen;  // the position solved (defender hand applied), or the text that failed
  Variant rules = Variant::Shogi;
  std::string status;         // mate, no_mate, unknown, error
  int length = -1;            // when mate: the exact length, or with !length_exact a bound
  bool length_exact = false;  // the exact length and the main line (else a line of the mate)
  int length_min = -1;        // when mate with --answer exact: no mate is shorter (else -1)
  bool first = false;         // --answer first (an upper bound by request, not by a limit)
  std::vector<Move> pv;
  std::optional<Position> start;
  std::uint64_t nodes = 0;
  double seconds = 0;
  // What stopped an unfinished search (status unknown, or a mate whose length a limit left
  // uncertified): "nodes", "time" or "certify-nodes"; empty otherwise.
  std::string limit;
  std::string error;
  std::string certificate;  // with --certificate: its text, or a comment line saying why none

  // A mate whose length is known (certified, or settled with the main line cut by a limit).
  bool length_settled() const { return length >= 0 && length_min == length; }
  // A mate whose length the length search had bounded from below (some shorter lengths excluded).
  bool length_bounded_below() const { return length >= 0 && length_min > 1; }
};

struct Settings {
  Format format = Format::Text;
  io::ReadOptions read;  // --hand-as-given, --rules
  SearchLimits limits;
  SolveOptions options;
  bool verbose = false;  // --verbose: the questions of each answer on stderr
  // --certificate FILE.gz: each record's certificate text is compressed as it is made (one
  // gzip member a record), so that no large text is held whole.
  bool compress_certificates = false;
};

// A record's certificate text (Outcome::certificate), plain or made into one gzip member as it
// is written (Settings::compress_certificates).
class CertificateText {
public:
  explicit CertificateText(bool compress) {
    if (compress) gzip_.emplace();
  }
  void add(std::string_view text) {
    if (gzip_)
      gzip_->add(text);
    else
      plain_ += text;
  }
  // The certificate of a problem, its text added piece by piece.
  void add(const Certificate& c, const std::string& id, const std::string& sfen) {
    write_certificate_text(c, id, sfen, [this](std::string_view piece) { add(piece); });
  }
  std::string finish() { return gzip_ ? gzip_->finish() : std::move(plain_); }

private:
  std::optional<GzipMemberWriter> gzip_;
  std::string plain_;
};

// Writes one --verbose line to stderr, "ID: WHAT; T nodes, S in all" (the problem's nodes and
// time so far), whole: lines of problems solved at once do not mix.
void log_line(const std::string& id, const std::string& what, std::uint64_t total_nodes,
              double seconds) {
  std::ostringstream line;
  line << id << ": " << what << "; " << total_nodes << " nodes, " << seconds_text(seconds)
       << " in all\n";
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  std::cerr << line.str() << std::flush;
}

// One line per question of an answer (--verbose), from any thread.
void log_question(const std::string& id, const LengthQuestionEvent& e) {
  std::ostringstream what;
  if (e.within == kUnboundedPlies)
    what << "mate at all?";
  else
    what << "mate within " << e.within << "?";
  what << ' '
       << (e.outcome == tsume::Outcome::Proven      ? "proven"
           : e.outcome == tsume::Outcome::Disproven ? "disproven"
                                                    : "open")
       << ", " << e.nodes << " nodes";
  if (e.cap) what << " (cap " << e.cap << ")";
  what << "; shortest mate known ";
  if (e.upper >= kNoMate)
    what << "none";
  else
    what << e.upper;
  log_line(id, what.str(), e.total_nodes, e.seconds);
}

// The main line of an exact answer (--verbose): its plies and nodes.
void log_main_line(const std::string& id, const MainLineEvent& e) {
  std::ostringstream what;
  what << "main line ";
  if (e.complete)
    what << e.plies << " plies";
  else
    what << "stopped after " << e.plies << " plies";
  what << ", " << e.nodes << " nodes";
  log_line(id, what.str(), e.total_nodes, e.seconds);
}

// The settings of the command's options.
Settings read_settings(const po::variables_map& vm) {
  Settings s;
  s.format = format_option(vm, true);
  s.limits = batch_limits(vm);
  s.read = read_options(vm);
  s.options.exclude_futile = !vm["count-futile"].as<bool>();
  const auto& answer = vm["answer"].as<std::string>();
  if (answer == "first") {
    s.options.answer = AnswerMode::First;
  } else if (answer != "exact") {
    throw UsageError("--answer must be exact or first, not '" + answer + "'");
  }
  s.options.certificate = vm.count("certificate") != 0;
  s.options.exactness_certificate = vm["certificate-exact"].as<bool>();
  if (s.options.exactness_certificate && !s.options.certificate)
    throw UsageError("--certificate-exact needs --certificate FILE");
  const int version = vm["certificate-version"].as<int>();
  if (version != 1 && version != 4 && version != 5)
    throw UsageError("--certificate-version is 4, 5 or 1");
  s.options.exactness_implicit = version >= 4;
  s.options.exactness_unbounded_nodes = version == 5;
  if (s.options.certificate && s.read.variant != Variant::Shogi && s.read.variant != Variant::Sho)
    throw UsageError("--certificate is supported for shogi and sho only, not --rules " +
                     std::string(variant_name(s.read.variant)));
  s.options.certify_nodes = count_option(vm, "certify-nodes");
  s.verbose = vm["verbose"].as<bool>();
  return s;
}

Outcome solve_record(const Record& r, Solver& solver, const Settings& settings) {
  Outcome o;
  o.id = r.id;
  o.rules = settings.read.variant;
  auto pos = read_record_position(r, settings.read);
  if (!pos) {
    o.status = "error";
    o.error = pos.error().message();
    if (r.kind == Record::Kind::Sfen) o.sfen = excerpt(r.text);
    return o;
  }
  // A given line (`<sfen> moves ...`, a TSV's fourth column) is not solved, but it must be moves.
  if (auto given = read_given_moves(r, *pos); !given) {
    o.status = "error";
    o.error = (r.file.empty() ? r.id + ": " : "") + given.error().message();
    o.sfen = excerpt(r.text);
    return o;
  }
  o.sfen = io::to_sfen(*pos);
  o.start = *pos;
  SolveOptions options = settings.options;
  if (settings.verbose) {
    options.on_length_question = [id = one_line(o.id)](const LengthQuestionEvent& e) {
      log_question(id, e);
    };
    options.on_main_line = [id = one_line(o.id)](const MainLineEvent& e) { log_main_line(id, e); };
  }
  SolveResult result = solver.solve(*pos, settings.limits, options);
  o.nodes = result.nodes;
  o.seconds = result.seconds;
  o.status = to_string(result.status);
  o.limit = unfinished_limit(result, settings.limits, settings.options);
  const std::string id = one_line(o.id);
  // The certificates' text; each certificate is let go once written.
  CertificateText text(settings.compress_certificates);
  const auto write_certificate = [&](std::shared_ptr<const Certificate>& c) {
    text.add(*c, id, o.sfen);
    c.reset();
  };
  if (result.certificate)
    text.add("# " + id + ": " + std::to_string(result.certificate_nodes) + " search nodes, " +
             seconds_text(result.certificate_seconds) + " to write\n");
  if (result.status != SolveStatus::Mate) {
    // No mate: the certificate of no mate at all; unknown: none.
    if (result.certificate)
      write_certificate(result.certificate);
    else if (settings.options.certificate)
      text.add("# " + id + ": no certificate (" +
               (result.certificate_error.empty() ? o.status : result.certificate_error) + ")\n");
    if (settings.options.certificate) o.certificate = text.finish();
    return o;
  }
  // Exact: the length is certified and the main line complete (it may hold more moves than the
  // length: futile interpositions and their captures are shown but not counted). Otherwise
  // (--answer first, or a limit stopped the certification) a mate in at most `length` plies
  // and a line of it, when one was read.
  o.length = result.length;
  o.length_exact = result.length_exact;
  o.length_min = result.length_min;
  o.first = settings.options.answer == AnswerMode::First;
  o.pv = result.pv;
  if (result.certificate) {
    write_certificate(result.certificate);
    if (result.exactness_certificate)
      write_certificate(result.exactness_certificate);
    else if (settings.options.exactness_certificate && result.length_exact && result.length >= 3)
      text.add("# " + id + ": no certificate of no mate within " +
               std::to_string(result.length - 2) + " (" + result.exactness_error + ")\n");
  } else if (settings.options.certificate) {
    text.add("# " + id + ": no certificate (" + result.certificate_error + ")\n");
  }
  if (settings.options.certificate) o.certificate = text.finish();
  return o;
}

// Whether a record needs no more search: a mate with the answer asked for, no mate, an error.
bool is_final(const Outcome& o) {
  if (o.status == "mate") return o.length_exact || o.first;
  return o.status != "unknown";
}

// ---------------------------------------------------------------------------------------------
// Output

std::string format_jsonl(const Outcome& o) {
  std::ostringstream s;
  s << "{\"id\":" << json_string(o.id) << ",\"sfen\":" << json_string(o.sfen);
  if (o.rules != Variant::Shogi) s << ",\"rules\":" << json_string(variant_name(o.rules));
  s << ",\"status\":" << json_string(o.status) << ",\"length\":";
  if (o.length >= 0) {
    s << o.length;
  } else {
    s << "null";
  }
  s << ",\"length_exact\":" << (o.length_exact ? "true" : "false");
  s << ",\"pv\":" << json_string(usi_line(o.pv));
  s << ",\"limit\":" << (o.limit.empty() ? "null" : json_string(o.limit));
  s << ",\"length_min\":";
  if (o.length_min >= 0) {
    s << o.length_min;
  } else {
    s << "null";
  }
  s << ",\"nodes\":" << o.nodes
    << ",\"time_ms\":" << static_cast<std::uint64_t>(o.seconds * 1000.0 + 0.5) << ",\"error\":";
  if (o.error.empty()) {
    s << "null";
  } else {
    s << json_string(o.error);
  }
  s << "}\n";
  return s.str();
}

// A block of lines that starts with `id <id>` and ends with an empty line (what --resume reads).
std::string format_text(const Outcome& o) {
  std::ostringstream s;
  s << "id " << one_line(o.id) << '\n';
  if (!o.sfen.empty()) s << "sfen " << one_line(o.sfen) << '\n';
  s << "status " << o.status << '\n';
  if (o.status == "error") {
    s << "error " << one_line(o.error) << "\n\n";
    return s.str();
  }
  if (o.length >= 0 && o.length_exact) {
    s << "length " << o.length << '\n';
  } else if (o.length_settled()) {
    s << "length " << o.length << " (a limit stopped the main line)\n";
  } else if (o.length_bounded_below()) {
    s << "length at most " << o.length << ", at least " << o.length_min
      << " (a limit stopped the search for shorter mates)\n";
  } else if (o.length >= 0) {
    s << "length at most " << o.length
      << (o.first ? " (the first mate found, not proven shortest)\n"
                  : " (a limit stopped the search for shorter mates)\n");
  }
  if (o.length >= 0 && !o.pv.empty()) {
    auto japanese = io::to_japanese_line(*o.start, o.pv);
    s << (o.length_exact ? "main " : "mate line ")
      << (japanese ? *japanese : "(" + japanese.error().message() + ")") << '\n';
    s << "usi " << usi_line(o.pv) << '\n';
  }
  if (!o.limit.empty()) s << "limit " << o.limit << '\n';
  s << "nodes " << o.nodes << '\n' << "time " << seconds_text(o.seconds) << "\n\n";
  return s.str();
}

// A KIF record (表題 = the id) followed by an empty line.
std::string format_kif(const Outcome& o) {
  io::KifRecordInfo info;
  info.title = one_line(o.id);
  std::ostringstream summary;
  summary << "tsume solve: " << o.status;
  if (o.length >= 0 && o.length_exact)
    summary << ", " << o.length << (o.length == 1 ? " ply" : " plies");
  else if (o.length_settled())
    summary << ", " << o.length << (o.length == 1 ? " ply" : " plies")
            << " (a limit stopped the main line; a line of the mate)";
  else if (o.length_bounded_below())
    summary << ", mate in " << o.length_min << " to " << o.length
            << " plies (a line of a mate, not proven shortest)";
  else if (o.length >= 0)
    summary << ", mate in at most " << o.length << " plies (a line of it, not proven shortest)";
  if (!o.limit.empty()) summary << ", stopped by the " << o.limit << " limit";
  summary << ", " << o.nodes << " nodes, " << seconds_text(o.seconds);
  if (!o.start) return "表題：" + info.title + "\n*error: " + one_line(o.error) + "\n\n";
  info.comments.push_back(summary.str());
  if (o.pv.empty()) info.terminator.clear();
  auto record = io::to_kif_record(*o.start, o.pv, info);
  if (!record) return "表題：" + info.title + "\n*error: " + record.error().message() + "\n\n";
  return *record + "\n";
}

// --diagram svg: the problem's diagram, titled with the id and the verdict (`21手詰`, 不詰).
std::string diagram_svg(const Outcome& o) {
  io::SvgDiagramOptions options;
  options.title = one_line(o.id);
  if (o.length_settled()) {
    options.title += "  " + std::to_string(o.length) + "手詰";
  } else if (o.length >= 0) {
    options.title += "  " + std::to_string(o.length) + "手以内の詰";
  } else if (o.status == "no_mate") {
    options.title += "  不詰";
  }
  options.defender_rest = io::defender_hand_is_rest(*o.start);
  return io::to_svg_diagram(*o.start, options);
}

std::string format_outcome(const Outcome& o, Format format) {
  switch (format) {
  case Format::Jsonl:
    return format_jsonl(o);
  case Format::Kif:
    return format_kif(o);
  case Format::Text:
  case Format::Tsv:  // not a format of solve (generate's sfen lines)
    break;
  }
  return format_text(o);
}

// What the writing process needs of an outcome besides its record (batch::Entry::data): the
// id, status and exactness for the summary, the certificate and the diagram to write.
struct Extras {
  std::string id;
  std::string status;
  bool length_exact = false;
  std::string certificate;
  std::string diagram;  // with --diagram, when the position was read
};

batch::Entry entry(const Outcome& o, Format format, bool diagram) {
  batch::Entry e;
  e.record = format_outcome(o, format);
  e.readable = o.status != "error";
  e.counted = o.status == "mate";
  e.nodes = o.nodes;
  cluster::WireWriter w;
  w.str(o.id).str(o.status).u64(o.length_exact ? 1 : 0).str(o.certificate);
  w.str(diagram && o.start ? diagram_svg(o) : std::string());
  e.data = std::move(w).bytes();
  return e;
}

Extras extras(const batch::Entry& e) {
  cluster::WireReader in(e.data);
  Extras x;
  x.id = in.str();
  x.status = in.str();
  x.length_exact = in.u64() != 0;
  x.certificate = in.str();
  x.diagram = in.str();
  return x;
}

// ---------------------------------------------------------------------------------------------
// Batches on several threads

// Nodes of the first, quick try of each problem on a small table (--quick-nodes).
constexpr std::uint64_t kQuickTryNodes = 100'000;
// The least table of a problem that the hard pass solves beside others (megabytes).
constexpr std::size_t kMinHardTableMb = 16;

// The table of a try of at most `nodes` nodes: room for four entries a node, in megabytes
// rounded up to a power of two, and never more than `share`. The first write to each page of a
// table costs a page fault that zeroes it, and a quick try's stores land all over its table: a
// quick pass on tables of --hash / threads would fault in the whole --hash once, and the hard
// pass, which allocates its tables after the quick pass frees its own, all of it again.
std::size_t try_table_mb(std::uint64_t nodes, std::size_t share) {
  constexpr std::uint64_t kNodesPerMb = (1u << 20) / (4 * TranspositionTable::kSlotBytes);
  const std::uint64_t mb = nodes / kNodesPerMb + 1;
  return static_cast<std::size_t>(std::min<std::uint64_t>(std::bit_ceil(mb), share));
}

// Solves the records with the threads of `pool` and hands each outcome to `done(i, outcome)`,
// in any order; a problem cut short (results.stopped()) is not handed on.
//
// With one thread, or one problem, the problems are solved one after another with all threads,
// each first with a quick try on a table sized for it while the table of --hash is not yet
// allocated (below). Otherwise a batch runs in two passes, so that no core idles and none is
// oversubscribed: first every problem is tried on one thread with a small node budget
// (`quick_nodes`), as many problems at once as there are threads, each with its share of the table;
// most problems of a collection end there. The problems that budget left open are then solved the
// same way, as many at once as there are threads (or problems, or 16 MB shares of the table), and
// the threads whose work is done join the problems still open (below). A single open
// problem gets all threads and the whole table. Answers are the same either way; only nodes
// and times differ.
//
// `kept` holds the solver of a batch on one thread from one call to the next (a batch run in
// chunks, under MPI), so that its table is allocated once.
void solve_batch(const std::vector<const Record*>& todo, const Settings& settings,
                 std::size_t hash_mb, batch::Pool& pool, std::uint64_t quick_nodes,
                 const batch::Results& results,
                 const std::function<void(std::size_t, const Outcome&)>& done,
                 std::unique_ptr<Solver>& kept) {
  const int threads = pool.threads();
  std::vector<std::size_t> hard;
  std::vector<Outcome> tries(todo.size());
  const std::uint64_t user_nodes = settings.limits.max_nodes;
  const bool quick_is_final = user_nodes != 0 && user_nodes <= quick_nodes;
  Settings quick = settings;
  if (!quick_is_final) quick.limits.max_nodes = quick_nodes;
  // Problem i's quick try on `solver`: true when it is left open for a try on the table of
  // --hash (the try kept in tries[i]); false when it is answered (and handed on) or the batch
  // was stopped.
  const auto quick_try = [&](std::size_t i, Solver& solver, const Settings& s) {
    Outcome o = solve_record(*todo[i], solver, s);
    if (results.stopped()) return false;
    if (is_final(o) || quick_is_final || o.nodes < quick_nodes) {
      done(i, o);
      return false;
    }
    tries[i] = std::move(o);
    return true;
  };
  if (threads > 1 && todo.size() > 1 && quick_nodes > 0) {
    const std::size_t share =
        try_table_mb(quick.limits.max_nodes,
                     std::max<std::size_t>(hash_mb / static_cast<std::size_t>(threads), 1));
    Settings each = quick;  // the problems tried at once share the certificates' memory
    each.options.certificate_memory /= static_cast<std::uint64_t>(threads);
    std::mutex hard_mutex;
    {
      tbb::enumerable_thread_specific<std::unique_ptr<Solver>> solvers(
          [&] { return std::make_unique<Solver>(share, 1); });
      pool.each(todo.size(), [&](std::size_t i) {
        if (results.stopped() || !quick_try(i, *solvers.local(), each)) return;
        const std::lock_guard<std::mutex> lock(hard_mutex);
        hard.push_back(i);
      });
    }  // the quick pass's tables are freed before the hard pass allocates its own
    if (results.stopped()) return;
    std::sort(hard.begin(), hard.end());
  } else {
    hard.resize(todo.size());
    for (std::size_t i = 0; i < todo.size(); ++i) hard[i] = i;
  }
  if (hard.empty()) return;
  // The problems solved at once share the certificates' memory as they share the table.
  Settings hard_settings = settings;
  const auto solve_hard = [&](std::size_t i, Solver& solver) {
    // The quick try's nodes and time count against the problem's limits.
    Settings own = hard_settings;
    own.limits = hard_settings.limits.after(tries[i].nodes, tries[i].seconds);
    Outcome o = solve_record(*todo[i], solver, own);
    if (results.stopped()) return false;
    o.nodes += tries[i].nodes;  // the quick try counts too
    o.seconds += tries[i].seconds;
    done(i, o);
    return true;
  };
  // As many owners as threads and open problems allow, each with a table of at least
  // kMinHardTableMb (a small --hash with many threads gives fewer owners and more helpers).
  const std::size_t owners = std::min({static_cast<std::size_t>(threads), hard.size(),
                                       std::max<std::size_t>(hash_mb / kMinHardTableMb, 1)});
  if (owners <= 1) {
    std::unique_ptr<Solver> own;
    std::unique_ptr<Solver>& solver = threads == 1 ? kept : own;
    // Until the table of --hash is allocated, a problem without a quick try gets one first,
    // with all threads, on a table sized for its nodes: a lone problem, or a batch on one
    // thread, whose first problems are easy, then never reserves the large table. On several
    // threads the table is shared, and a shared table is mapped whole (a lone 21-ply 図巧
    // problem, --hash 2048: 2.1-2.7 s of page faults for 0.03 s of search); on one thread the
    // table grows with use (search/tt.h), so there the try spares only the reservation (a
    // batch under an address-space limit, tests/cli/solve_quick_tables.sh) and repeats at
    // most its 100,000 nodes on a problem it leaves open.
    std::unique_ptr<Solver> small;
    for (std::size_t i : hard) {
      if (results.stopped()) return;
      if (!solver && tries[i].nodes == 0 && quick_nodes > 0) {
        if (!small)
          small = std::make_unique<Solver>(try_table_mb(quick.limits.max_nodes, hash_mb), threads);
        if (!quick_try(i, *small, quick)) continue;
      }
      if (!solver) solver = std::make_unique<Solver>(hash_mb, threads);
      if (!solve_hard(i, *solver)) return;
    }
    return;
  }
  // The hard pass: `owners` loops take the open problems in input order, each problem on its
  // loop's thread and table (its share of --hash); the thread of a loop that finds no problem
  // left becomes spare, and the searches still running take it in as a helper
  // (ParallelMateSearch), so the last problems get every thread.
  SpareThreads spare(threads - static_cast<int>(owners));
  std::atomic<std::size_t> next{0};
  const std::size_t share = std::max<std::size_t>(hash_mb / owners, 1);
  hard_settings.options.certificate_memory /= owners;
  pool.loops(owners, [&](std::size_t) {
    std::unique_ptr<Solver> solver;  // allocated with the loop's first problem
    for (std::size_t j; (j = next.fetch_add(1)) < hard.size() && !results.stopped();) {
      if (!solver) {
        solver = std::make_unique<Solver>(share, threads);
        solver->set_spare_threads(&spare);
      }
      if (!solve_hard(hard[j], *solver)) break;
    }
    spare.give();
  });
}

// `tsume solve` as a job of the batch runner: a record's result is its entry(); the
// certificates and diagrams are written as the records are.
class SolveJob : public batch::Job {
public:
  // Where a record's certificate and diagram go: --certificate FILE (appended to with --resume)
  // and --diagram-dir (created when missing); empty: none.
  struct Files {
    std::string where;  // "tsume solve", for messages
    std::string certificates;
    bool append = false;
    bool diagrams = false;
    std::string diagram_dir;
  };

  SolveJob(Settings settings, std::size_t hash_mb, std::uint64_t quick_nodes, Files files)
      : settings_(std::move(settings)), hash_mb_(hash_mb), quick_nodes_(quick_nodes),
        files_(std::move(files)) {}

  bool open(std::ostream& err) override {
    if (files_.diagrams && !batch::ensure_folder(files_.diagram_dir)) {
      err << files_.where << ": cannot create the folder '" << files_.diagram_dir << "'\n";
      return false;
    }
    if (!files_.certificates.empty()) {
      certificates_.open(files_.certificates,
                         std::ios::binary | (files_.append ? std::ios::app : std::ios::trunc));
      if (!certificates_) {
        err << files_.where << ": cannot write " << files_.certificates << '\n';
        return false;
      }
    }
    return true;
  }

  void run(const std::vector<const Record*>& records, batch::Pool& pool,
           batch::Results& results) override {
    solve_batch(
        records, settings_, hash_mb_, pool, quick_nodes_, results,
        [&](std::size_t i, const Outcome& o) {
          results.put(i, entry(o, settings_.format, files_.diagrams));
        },
        kept_);
  }

  void take(const batch::Entry& result) override {
    const Extras o = extras(result);
    if (certificates_.is_open()) {
      // (With a .gz file the text is one gzip member already: Settings::compress_certificates.)
      certificates_ << o.certificate << std::flush;
      if (!certificates_) unwritable_ = files_.certificates;
    }
    if (!o.diagram.empty() && unwritable_.empty()) {
      const std::string path =
          (fs::path(files_.diagram_dir) / (diagram_names_.take(o.id) + ".svg")).string();
      if (!batch::write_whole_file(path, o.diagram)) unwritable_ = path;
    }
    if (o.status == "mate") {
      ++mate_;
      exact_ += o.length_exact ? 1 : 0;
    } else if (o.status == "no_mate") {
      ++no_mate_;
    } else if (o.status == "error") {
      ++errors_;
    } else {
      ++unknown_;
    }
  }

  std::string failure() const override { return unwritable_; }

  std::string summary_counts() const override {
    std::ostringstream s;
    s << mate_ << " solved (mate), " << no_mate_ << " no mate, " << unknown_ << " unknown, "
      << errors_ << " errors";
    if (mate_ > 0) s << "; " << exact_ << " of the mates with the exact length certified";
    return s.str();
  }

private:
  Settings settings_;
  std::size_t hash_mb_;
  std::uint64_t quick_nodes_;
  Files files_;
  std::unique_ptr<Solver> kept_;  // run(): the solver of a batch on one thread
  batch::FileNames diagram_names_;
  std::ofstream certificates_;
  std::string unwritable_;  // a diagram or the certificate file that could not be written
  std::size_t mate_ = 0, exact_ = 0, no_mate_ = 0, unknown_ = 0, errors_ = 0;
};

}  // namespace

int solve_main(const Context& ctx) {
  if (large_rules_in(ctx.args)) return large_solve_main(ctx);  // chu, dai, tenjiku: cli/large.cpp
  po::options_description options = batch_options(kBatchHelp);
  auto add = options.add_options();
  add_threads_option(options,
                     "a batch solves several problems at once, a hard problem gets all threads");
  add("quick-nodes", count_value(std::to_string(kQuickTryNodes)),
      "nodes of each problem's first try, on a small table (with several threads and problems: "
      "on one thread each; 0: no quick try)");
  add_hash_option(options, "transposition table size in megabytes (1..1048576)");
  add("diagram", po::value<std::string>()->value_name("svg"),
      "also write a board diagram of each problem (its id, verdict and length as the title) to "
      "<id>.svg in --diagram-dir");
  add("diagram-dir", po::value<std::string>()->value_name("DIR")->default_value("."),
      "the folder for --diagram (created when missing)");
  add("answer", po::value<std::string>()->value_name("exact|first")->default_value("exact"),
      "exact: certify the exact length and give the main line; first: stop at the first mate "
      "proven (its length an upper bound, with a line of it)");
  add("certify-nodes", count_value("0"),
      "with --answer exact: at most N nodes for certifying the length and the main line after "
      "the first mate (0: only --nodes/--time); a mate found is then always reported, with its "
      "length certified when N sufficed");
  add("certificate", po::value<std::string>()->value_name("FILE"),
      "also write each answer's certificate to FILE: a mate's proof, or for no mate its "
      "disproof (one after another in input order; "
      "appended with --resume), for 'tsume verify' (docs/certificate.md); FILE.gz: "
      "gzip-compressed");
  add("certificate-exact", po::bool_switch()->default_value(false),
      "with --certificate: after each exact length L >= 3 also the certificate of no mate within "
      "L - 2, which makes the length exact (larger and slower to write)");
  add("certificate-version", po::value<int>()->default_value(5)->value_name("V"),
      "the format of --certificate-exact's certificates: 5 (positions not mated at all written "
      "once as nodes of no mate at all, and children that need only 'no mate within 1' left for "
      "the verifier to derive), 4 (the implicit children only) or 1 (every node written)");
  add_certificate_memory_option(options, "; problems solved at once share it");
  add("count-futile", po::bool_switch()->default_value(false),
      "count every interposition, futile ones (無駄合) included, as game-style mate searches do");
  add("verbose", po::bool_switch()->default_value(false),
      "print each question of an answer to stderr as it is answered: the first mate's proof "
      "and each 'mate within D?' of the exact-length search, with its outcome, nodes and the "
      "shortest mate known, then the main line's plies and nodes (lines start with the "
      "problem's id)");
  add_read_options(options);
  return batch_main(ctx, options, kHelp, "solved", [&](const po::variables_map& vm) {
    Settings settings = read_settings(vm);
    const std::size_t hash_mb = hash_megabytes_option(vm);
    settings.options.certificate_memory = certificate_memory_option(vm, hash_mb);
    settings.compress_certificates = is_gzip_path(string_option(vm, "certificate"));
    const int threads = threads_option(vm);
    const bool diagram = vm.count("diagram") != 0;
    if (diagram && vm["diagram"].as<std::string>() != "svg")
      throw UsageError("--diagram must be svg, not '" + vm["diagram"].as<std::string>() + "'");
    SolveJob::Files files;
    files.where = "tsume " + std::string(ctx.command);
    files.certificates = string_option(vm, "certificate");
    files.append = vm["resume"].as<bool>();
    files.diagrams = diagram;
    files.diagram_dir = vm["diagram-dir"].as<std::string>();
    return BatchCommand{std::make_unique<SolveJob>(
                            settings, hash_mb, count_option(vm, "quick-nodes"), std::move(files)),
                        settings.format, threads};
  });
}

}  // namespace tsume::cli
