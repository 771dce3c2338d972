// `tsume check`: soundness verdicts for composers (SPEC.md section 4, docs/check.md) over one
// problem or a collection: the verdict, the main line, cooks, flaws, unnecessary pieces and the
// tests that did not finish, with evidence. Inputs, ids, --resume and progress as in `solve`.
#include <chrono>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/batch.h"
#include "cli/command.h"
#include "cli/gzip_stream.h"
#include "cli/large.h"
#include "cluster/wire.h"
#include "solver/answer/certificate_check.h"
#include "solver/answer/check.h"
#include "solver/io/kif_writer.h"
#include "solver/io/piece_names.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume check [options] INPUT...",
    "Checks tsume problems for soundness (SPEC.md section 4; rules in docs/check.md). Verdicts,\n"
    "most serious first: NO_MATE, COOKED (another check mates at a main-line node other than\n"
    "the last), SURPLUS (pieces left in hand), UNNECESSARY_PIECE, LONGER_VARIATION (a defence\n"
    "mates later than the given line), UNKNOWN (a test that could change the verdict ran out of\n"
    "budget: never SOUND then), SOUND_WITH_FLAWS and SOUND. Flaws: final_move_alternative,\n"
    "non_limitation, detour, transposition, mirror, equal_variation, longer_variation.\n"
    "\n"
    "Every alternative check on the main line must be proven not to mate at any length; each\n"
    "gets --step-nodes nodes. Every piece is then taken off (to the defender's hand) and the\n"
    "smaller problem checked again (--realistic: hand pieces only). When the input gives a line\n"
    "(TSV 4th column, KIF/CSA moves, '<sfen> moves ...') it is compared with the rule-exact one.\n"
    "\n"
    "INPUT as for 'tsume solve' (SFEN, SFEN/TSV files, KIF/KI2/CSA files, folders, '-'). jsonl\n"
    "fields: id, sfen, verdict, reason, limit (UNKNOWN: nodes, time or step-nodes, the budget\n"
    "that ran out; else null), length, pv, intended, cooks, flaws, unnecessary,\n"
    "undecided, pieces_undecided, pieces_necessary, alternatives, disproved, nodes, time_ms,\n"
    "error. A finding is {kind, ply (0 = the problem position), move, alternative, length,\n"
    "nodes, note}; a tested piece is {piece, square, result, nodes, note[, flaws_without]}, the\n"
    "last being the flaws found without the piece that were not found with it.\n"
    "Each problem is checked serially; --threads N checks N problems at once (default: all\n"
    "hardware threads). The verdict does not depend on N, nor on timing unless --time is set.\n"
    "Durations take units (30, 30s, 10m), counts suffixes (2M, 500k). --resume, --shard, the\n"
    "MPI mode (under mpirun) and the exit status as for 'tsume solve'.",
    "tsume check \"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\"\n"
    "tsume check my_problem.kif\n"
    "tsume check problems/zukou.tsv --nodes 20000000 --format jsonl -o zukou-check.jsonl --resume\n"
    "tsume check collection/ --realistic --step-nodes 500000",
};

constexpr BatchOptionsHelp kBatchHelp{
    "text|jsonl",
    "output format: a short report per problem, or JSON Lines (one object per problem)",
    "time limit per problem (0: none); makes verdicts depend on machine speed",
};

// ---------------------------------------------------------------------------------------------
// One problem

struct Checked {
  std::string id;
  std::string sfen;
  Variant rules = Variant::Shogi;
  std::optional<Position> start;
  std::optional<CheckResult> result;
  std::string given_error;  // the given line could not be read
  std::string error;        // the record could not be read
  // UNKNOWN: the limit that left a test unfinished, "nodes" or "time" (the problem's), else
  // "step-nodes" (one step's budget).
  std::string limit;
  std::string certificate;  // with --certificate: its text, or a comment saying why none
};

struct Settings {
  Format format = Format::Text;
  io::ReadOptions read;  // --hand-as-given, --rules
  CheckOptions options;
  bool use_given = true;
  bool certificate = false;              // --certificate FILE: write check certificates
  int certificate_version = 3;           // --certificate-version: 3 (parts share nodes) or 2
  std::uint64_t certificate_memory = 0;  // --certificate-memory, in bytes
};

// The settings of the command's options.
Settings read_settings(const po::variables_map& vm) {
  Settings s;
  s.format = format_option(vm, false);
  s.options.limits = batch_limits(vm);
  s.options.step_nodes = count_option(vm, "step-nodes");
  s.options.hash_megabytes = hash_megabytes_option(vm);
  s.options.realistic = vm["realistic"].as<bool>();
  s.options.test_pieces = !vm["no-pieces"].as<bool>();
  s.use_given = !vm["ignore-given"].as<bool>();
  s.read = read_options(vm);
  s.certificate = vm.count("certificate") != 0;
  s.options.keep_table = s.certificate;  // the certificate writer reads the checker's table
  s.certificate_version = vm["certificate-version"].as<int>();
  if (s.certificate_version != 2 && s.certificate_version != 3)
    throw UsageError("--certificate-version is 2 or 3");
  s.certificate_memory = certificate_memory_option(vm, s.options.hash_megabytes);
  return s;
}

Checked check_record(const Record& r, const Settings& settings) {
  Checked c;
  c.id = r.id;
  c.rules = settings.read.variant;
  auto problem = read_record_given(r, settings.read);
  if (!problem) {
    c.error = problem.error().message();
    if (r.kind == Record::Kind::Sfen) c.sfen = excerpt(r.text);
    return c;
  }
  c.sfen = io::to_sfen(problem->position);
  c.start = problem->position;
  c.given_error = problem->given_error;
  std::optional<std::vector<Move>> given;
  if (settings.use_given) given = problem->given;
  c.result = check_problem(problem->position, settings.options, given);
  if (c.result->verdict == Verdict::Unknown)
    c.limit =
        limit_reached(settings.options.limits, c.result->nodes, c.result->seconds, "step-nodes");
  if (settings.certificate) {
    // Searched in the checker's table, each part within the problem's limits.
    SearchLimits writing = settings.options.limits;
    writing.max_memory_bytes = settings.certificate_memory;
    CheckCertificateBuild built = build_check_certificate(problem->position, *c.result, writing,
                                                          settings.options.hash_megabytes);
    // Version 3: the no-mate parts share one node table (version 2 where that fails); its
    // time counts as writing time.
    if (built.ok && settings.certificate_version == 3) {
      const auto start = std::chrono::steady_clock::now();
      share_nodes(built.certificate);
      built.seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    c.result->table.reset();
    const std::string id = one_line(c.id);
    std::ostringstream text;
    if (built.ok) {
      text << "# " << id << ": " << to_string(c.result->verdict) << ", " << built.nodes
           << " search nodes, " << seconds_text(built.seconds) << " to write\n"
           << check_certificate_text(built.certificate, id, c.sfen,
                                     [](const Position& p) { return io::to_sfen(p); });
    } else {
      text << "# " << id << ": no check certificate (" << built.error << ")\n";
    }
    c.certificate = text.str();
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Words for findings

std::string piece_where(const PieceTest& t) {
  return t.square == Square::None ? io::sfen_piece(t.piece) + " in hand"
                                  : io::sfen_piece(t.piece) + " on " + io::usi_square(t.square);
}

// The position after `ply` main-line moves.
Position position_at(const Position& start, const std::vector<Move>& line, int ply) {
  Position pos = start;
  for (int i = 0; i < ply && i < static_cast<int>(line.size()); ++i)
    pos.do_move(line[static_cast<std::size_t>(i)]);
  return pos;
}

// "▲２三銀成" for a move at a node of the main line (USI if it cannot be written).
std::string japanese_at(const Position& start, const std::vector<Move>& line, int ply, Move m) {
  if (m.is_none()) return "-";
  const Position pos = position_at(start, line, ply);
  if (!pos.is_legal(m)) return io::to_usi(m);
  const Square previous = ply > 0 && ply <= static_cast<int>(line.size()) && !line.empty()
                              ? line[static_cast<std::size_t>(ply - 1)].to()
                              : Square::None;
  return io::to_japanese(pos, m, previous);
}

std::string finding_text(const Finding& f, const Position& start, const std::vector<Move>& line) {
  std::ostringstream s;
  s << to_string(f.kind) << " at move " << f.ply + 1;
  if (!f.main_move.is_none())
    s << (f.kind == FindingKind::LongerVariation ? " (given " : " (main ")
      << japanese_at(start, line, f.ply, f.main_move) << ")";
  if (!f.alternative.is_none())
    s << ": " << japanese_at(start, line, f.ply, f.alternative) << " " << io::to_usi(f.alternative);
  if (f.length >= 0)
    s << ", mate in " << (f.kind == FindingKind::Cook ? "at most " : "") << f.length;
  s << " - " << f.note;
  if (f.nodes) s << " [" << f.nodes << " nodes]";
  return s.str();
}

template <class T, class F> std::string json_array(const std::vector<T>& items, F&& to_json) {
  std::string out = "[";
  for (const T& x : items) {
    if (out.size() > 1) out += ',';
    out += to_json(x);
  }
  return out + "]";
}

std::string piece_json(const PieceTest& t) {
  std::ostringstream s;
  s << "{\"piece\":" << json_string(io::sfen_piece(t.piece))
    << ",\"square\":" << json_string(t.square == Square::None ? "hand" : io::usi_square(t.square))
    << ",\"result\":" << json_string(to_string(t.result)) << ",\"nodes\":" << t.nodes
    << ",\"note\":" << json_string(t.note);
  if (!t.flaws_without.empty())
    s << ",\"flaws_without\":" << json_array(t.flaws_without, finding_json);
  s << '}';
  return s.str();
}

std::vector<PieceTest> pieces_with(const CheckResult& r, PieceTest::Result which) {
  std::vector<PieceTest> out;
  for (const PieceTest& t : r.pieces)
    if (t.result == which) out.push_back(t);
  return out;
}

std::uint64_t milliseconds(double seconds) {
  return static_cast<std::uint64_t>(seconds * 1000.0 + 0.5);
}

// ---------------------------------------------------------------------------------------------
// Records

std::string format_jsonl(const Checked& c) {
  std::ostringstream s;
  s << "{\"id\":" << json_string(c.id) << ",\"sfen\":" << json_string(c.sfen);
  if (c.rules != Variant::Shogi) s << ",\"rules\":" << json_string(variant_name(c.rules));
  if (!c.result) {
    s << ",\"verdict\":\"ERROR\",\"error\":" << json_string(c.error) << "}\n";
    return s.str();
  }
  const CheckResult& r = *c.result;
  s << ",\"verdict\":" << json_string(to_string(r.verdict))
    << ",\"reason\":" << json_string(r.reason)
    << ",\"limit\":" << (c.limit.empty() ? "null" : json_string(c.limit)) << ",\"length\":";
  if (r.length >= 0) {
    s << r.length;
  } else {
    s << "null";
  }
  if (r.length_upper >= 0) s << ",\"length_upper\":" << r.length_upper;
  if (r.verified_along_given && r.length >= 0) s << ",\"length_from_given\":true";
  if (r.length_resumed) s << ",\"length_resumed\":true";
  s << ",\"pv\":" << json_string(usi_line(r.main_line)) << ",\"intended\":";
  if (r.has_intended) {
    s << "{\"is_main\":"
      << (r.intended_open      ? "null"
          : r.intended_is_main ? "true"
                               : "false")
      << ",\"diverges_at\":" << r.intended_diverges_at
      << ",\"note\":" << json_string(r.intended_note) << '}';
  } else if (!c.given_error.empty()) {
    s << "{\"error\":" << json_string(c.given_error) << '}';
  } else {
    s << "null";
  }
  std::vector<Finding> cooks = r.cooks;
  if (r.longer_variation) cooks.push_back(*r.longer_variation);
  s << ",\"cooks\":" << json_array(cooks, finding_json)
    << ",\"flaws\":" << json_array(r.flaws, finding_json)
    << ",\"unnecessary\":" << json_array(pieces_with(r, PieceTest::Result::Unnecessary), piece_json)
    << ",\"undecided\":" << json_array(r.undecided, finding_json) << ",\"pieces_undecided\":"
    << json_array(pieces_with(r, PieceTest::Result::Undecided), piece_json)
    << ",\"pieces_necessary\":"
    << json_array(pieces_with(r, PieceTest::Result::Necessary), piece_json)
    << ",\"alternatives\":" << r.alternatives << ",\"disproved\":" << r.disproved
    << ",\"phase_nodes\":{\"length\":" << r.phase_nodes.length << ",\"line\":" << r.phase_nodes.line
    << ",\"cooks\":" << r.phase_nodes.cooks << ",\"pieces\":" << r.phase_nodes.pieces << '}'
    << ",\"nodes\":" << r.nodes << ",\"time_ms\":" << milliseconds(r.seconds)
    << ",\"error\":null}\n";
  return s.str();
}

// A block of lines that starts with `id <id>` and ends with an empty line (what --resume reads).
std::string format_text(const Checked& c) {
  std::ostringstream s;
  s << "id " << one_line(c.id) << '\n';
  if (!c.sfen.empty()) s << "sfen " << one_line(c.sfen) << '\n';
  if (!c.result) {
    s << "verdict ERROR\nerror " << one_line(c.error) << "\n\n";
    return s.str();
  }
  const CheckResult& r = *c.result;
  // The main line (or the given line followed) in Japanese notation, or why it cannot be.
  const auto write_japanese = [&] {
    const auto japanese = io::to_japanese_line(*c.start, r.main_line);
    if (japanese) {
      s << *japanese << '\n';
    } else {
      s << '(' << japanese.error().message() << ")\n";
    }
  };
  s << "verdict " << to_string(r.verdict) << " (" << r.reason << ")\n";
  if (!c.limit.empty()) s << "limit " << c.limit << '\n';
  if (r.length >= 0) {
    s << "length " << r.length
      << (r.verified_along_given ? " (the given line's, verified node by node)"
          : r.length_resumed     ? " (the exact-length search resumed after the given line's "
                                   "verification was left open)"
                                 : "")
      << '\n';
    s << "main ";
    write_japanese();
    s << "usi " << usi_line(r.main_line) << '\n';
  } else {
    if (r.length_upper >= 0) s << "length at most " << r.length_upper << '\n';
    if (r.verified_along_given) {
      // The given line was followed node by node but did not verify (docs/check.md, step 1).
      s << "followed the given line (" << r.main_line.size()
        << " plies, not verified as the main line): ";
      write_japanese();
    }
  }
  if (r.has_intended) {
    s << "intended "
      << (r.intended_open      ? "followed, undecided whether it is"
          : r.intended_is_main ? "is"
                               : "is not")
      << " the main line";
    if (!r.intended_is_main && r.intended_diverges_at >= 0)
      s << " (leaves it at move " << r.intended_diverges_at + 1 << ")";
    s << ": " << r.intended_note << '\n';
  } else if (!c.given_error.empty()) {
    s << "intended not read: " << one_line(c.given_error) << '\n';
  }
  for (const Finding& f : r.cooks) s << "cook " << finding_text(f, *c.start, r.main_line) << '\n';
  if (r.longer_variation)
    s << "longer " << finding_text(*r.longer_variation, *c.start, r.main_line) << '\n';
  for (const Finding& f : r.flaws) s << "flaw " << finding_text(f, *c.start, r.main_line) << '\n';
  for (const Finding& f : r.undecided)
    s << "undecided " << finding_text(f, *c.start, r.main_line) << '\n';
  for (const PieceTest& t : r.pieces)
    if (t.result != PieceTest::Result::Necessary)
      s << "piece " << piece_where(t) << ": " << to_string(t.result) << " - " << t.note << '\n';
  if (r.length >= 0)
    s << "alternatives " << r.alternatives << " before the last move, " << r.disproved
      << " disproved; " << r.pieces.size() << " pieces tested\n";
  s << "nodes " << r.nodes << '\n' << "time " << seconds_text(r.seconds) << "\n\n";
  return s.str();
}

// What the output gets of a checked record: the record written out, and the verdict (ERROR
// when the record could not be read) for the summary.
batch::Entry entry(const Checked& c, Format format) {
  batch::Entry e;
  e.record = format == Format::Jsonl ? format_jsonl(c) : format_text(c);
  e.readable = c.result.has_value();
  e.counted = c.result &&
              (c.result->verdict == Verdict::Sound || c.result->verdict == Verdict::SoundWithFlaws);
  e.nodes = c.result ? c.result->nodes : 0;
  cluster::WireWriter w;
  w.str(c.result ? to_string(c.result->verdict) : "ERROR").str(c.certificate);
  e.data = std::move(w).bytes();
  return e;
}

// `tsume check` as a job of the batch runner: each problem is checked serially on one thread of
// the pool with its own tables (so a verdict does not depend on the thread count), as many at
// once as there are threads.
class CheckJob : public batch::Job {
public:
  CheckJob(Settings settings, std::string certificates, bool append)
      : settings_(std::move(settings)), certificates_path_(std::move(certificates)),
        append_(append), compress_(is_gzip_path(certificates_path_)) {}

  bool open(std::ostream& err) override {
    if (certificates_path_.empty()) return true;
    certificates_.open(certificates_path_,
                       std::ios::binary | (append_ ? std::ios::app : std::ios::trunc));
    if (!certificates_) {
      err << "tsume check: cannot write " << certificates_path_ << '\n';
      return false;
    }
    return true;
  }

  void run(const std::vector<const Record*>& records, batch::Pool& pool,
           batch::Results& results) override {
    pool.each(records.size(), [&](std::size_t i) {
      if (results.stopped()) return;
      const Checked c = check_record(*records[i], settings_);
      results.put(i, entry(c, settings_.format));
    });
  }

  void take(const batch::Entry& result) override {
    cluster::WireReader in(result.data);
    const std::string verdict = in.str();
    const std::string certificate = in.str();
    ++verdicts_[verdict];
    if (certificates_.is_open()) {
      if (compress_)
        certificates_ << gzip_member(certificate) << std::flush;
      else
        certificates_ << certificate << std::flush;
      if (!certificates_) unwritable_ = certificates_path_;
    }
  }

  std::string failure() const override { return unwritable_; }

  // "2 SOUND, 1 COOKED": the count of each verdict, in the order of their names.
  std::string summary_counts() const override { return counts_text(verdicts_); }

private:
  Settings settings_;
  std::string certificates_path_;
  bool append_;
  bool compress_;  // FILE.gz: each record's certificate a gzip member
  std::ofstream certificates_;
  std::string unwritable_;
  std::map<std::string, std::size_t> verdicts_;
};

}  // namespace

int check_main(const Context& ctx) {
  if (large_rules_in(ctx.args)) return large_check_main(ctx);  // chu, dai, tenjiku: cli/large.cpp
  po::options_description options = batch_options(kBatchHelp);
  auto add = options.add_options();
  add("step-nodes", count_value("2M"),
      "node limit of one step: one alternative check, one removed piece (x4 for all its tests; "
      "x1 in a first round over all pieces) (0: none)");
  add_hash_option(options,
                  "tables of one problem, all together, in megabytes (1..1048576); each problem "
                  "checked at once has its own");
  add("realistic", po::bool_switch()->default_value(false),
      "game-like problem (実戦型): do not test board pieces for removal, only hand pieces");
  add("no-pieces", po::bool_switch()->default_value(false),
      "skip the unnecessary-piece test (the verdict is then at best UNKNOWN)");
  add("ignore-given", po::bool_switch()->default_value(false),
      "do not compare with the line given in the input");
  add("certificate", po::value<std::string>()->value_name("FILE"),
      "also write a check certificate of each COOKED, SOUND or SOUND_WITH_FLAWS verdict to FILE "
      "(one after another in input order, a comment for the others; appended with --resume), "
      "for 'tsume verify' (docs/certificate.md); FILE.gz: gzip-compressed");
  add("certificate-version", po::value<int>()->default_value(3)->value_name("V"),
      "format of the check certificates: 3, the no-mate parts sharing one node table, or 2, "
      "each part a certificate of its own (docs/certificate.md)");
  add_certificate_memory_option(options, "");
  add_threads_option(options,
                     "problems checked at once (each serially, with its own tables); records "
                     "stay in input order and verdicts do not depend on N");
  add_read_options(options);
  return batch_main(ctx, options, kHelp, "sound", [](const po::variables_map& vm) {
    const Settings settings = read_settings(vm);
    return BatchCommand{std::make_unique<CheckJob>(settings, string_option(vm, "certificate"),
                                                   vm["resume"].as<bool>()),
                        settings.format, threads_option(vm)};
  });
}

}  // namespace tsume::cli
