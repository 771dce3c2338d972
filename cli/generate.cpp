// `tsume generate`: sound tsume problems from a seed (generator/generator.h, docs/generate.md),
// written as found in JSON Lines, problem TSV (problems/README.md) or KIF, with progress and a
// summary on standard error.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "cli/batch.h"
#include "cli/command.h"
#include "cli/generate_resume.h"
#include "cli/option_values.h"
#include "cluster/mpi.h"
#include "cluster/wire.h"
#include "generator/candidate.h"
#include "generator/dedup.h"
#include "generator/from_games.h"
#include "generator/generator.h"
#include "generator/rating.h"
#include "generator/reverse.h"
#include "solver/io/kif_writer.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume generate --count N --plies A-B [--mode composition|training] [--seed S]\n"
    "                      [--threads N] [--time DURATION] [--format jsonl|sfen|kif] [options]\n"
    "tsume generate --method reverse --plies A-B [--seed-plies C-D | --extend FILE...] [options]\n"
    "tsume generate --from-games FILE... [--plies A-B] [--trim] [options]",
    "Generates tsume problems whose exact length (SPEC.md section 3) is an odd number of plies\n"
    "in A-B, each accepted by the certified checker of 'tsume check' (docs/check.md):\n"
    "  composition  SOUND only, unnecessary pieces removed, no surplus;\n"
    "  training     more pieces, SOUND or SOUND_WITH_FLAWS where only the last attacker move\n"
    "               (or a variation) has alternatives; the flaws are listed in each record.\n"
    "Each candidate is a random placement near the defender's king improved by mutations (see\n"
    "docs/generate.md). Problems are deduplicated under mirror, file translation and identical\n"
    "solution. The output depends only on --seed and the budgets, not on --threads; --time and\n"
    "--max-candidates stop between batches (the output is then a prefix of the full one).\n"
    "Started by mpirun as several processes (MPI mode, docs/cluster.md), the random method\n"
    "shares the candidates among them and writes the same problems as one process.\n"
    "\n"
    "--method reverse lengthens sound problems two plies at a time: from a problem P of N\n"
    "plies it builds the positions Q where a check and a reply reach P (un-played by brute\n"
    "force and verified by the legal move generators) and keeps a Q that 'tsume check' finds\n"
    "SOUND in N+2 plies with that check and reply first; the chain goes on from Q, backing\n"
    "up when a problem has no such Q among its first --tries candidates; a problem of at\n"
    "least --drift-from plies with none is first replaced by a SOUND variant (a mutation of\n"
    "it with the same length or two plies more, --drift tried). Seeds: problems of\n"
    "--seed-plies from the random method, or the problems of --extend FILE (any input of\n"
    "'tsume solve'). Every SOUND problem of the chain whose length is in --plies is written.\n"
    "Composition mode only; the output does not depend on --threads. With -o FILE the run\n"
    "keeps its state in FILE.checkpoint (at its start, every --checkpoint, at its end or\n"
    "Ctrl-C); --resume with the same options goes on from it, FILE ending as one\n"
    "uninterrupted run's.\n"
    "\n"
    "--from-games reads game records (KIF, KI2, CSA) and writes every position where the side\n"
    "to move has a forced mate of an exact length in --plies (default 3-9 here) within\n"
    "--mate-nodes, as a practical mate: game rules, both kings, the real hands (pieces a\n"
    "record leaves out go to the defender's hand). A mate that the game goes on playing is\n"
    "written once, at its first position. --trim takes off the pieces the mate does not need\n"
    "(to the defender's hand; the attacker's king leaves the board). Each puzzle gets the\n"
    "checker's verdict without the piece test (COOKED is common in games); jsonl adds source,\n"
    "move (the position after that many moves), variation, variation_move, game_move, cooks\n"
    "and trimmed. The 変化 variations of a KIF/KI2 record are searched after its main line\n"
    "(variation: k for the record's k-th variation in file order, 0 on the main line;\n"
    "variation_move: its 変化 number, the move it replaces; ids <file>-v<k>-<move>).\n"
    "Every record of a multi-record CSA file is a game (ids <file>-<record>-<move>). A\n"
    "damaged record (an illegal or unreadable move) has the positions before the damage\n"
    "searched, then gives an error record ({id, source, error}; '#' line in sfen); the run\n"
    "goes on.\n"
    "--count (when given) and --time stop the run between games. --resume (with -o FILE)\n"
    "goes on after an interruption: FILE is cut to its complete records, the games done are\n"
    "not searched again and no record is written twice.\n"
    "\n"
    "--rules sho makes sho shogi problems (docs/sho.md) with the random method: board pieces\n"
    "only (no hands, no drops), the drunk elephant (E, +E) among them; the records say so\n"
    "(jsonl \"rules\":\"sho\", a '# rules sho' line before the sfen records, a KIF comment):\n"
    "read them back with --rules sho.\n"
    "\n"
    "jsonl fields: id, sfen, length, pv, verdict, flaws (findings as in 'tsume check': {kind,\n"
    "ply, move, alternative, length, nodes, note}),\n"
    "difficulty (1-10 from solver nodes), themes, seed, candidate, mode, pieces, nodes,\n"
    "rating and its features (docs/generate.md), rules (sho only). --rate FILE... rates\n"
    "given problems instead (id, length, pv, nodes, rating, features).\n"
    "sfen: the problems/ TSV (SFEN, id, length, main line), readable by 'tsume check'.",
    "tsume generate --count 10 --plies 5-9\n"
    "tsume generate --count 1000 --plies 3-7 --mode training --threads 2 -o drill.jsonl\n"
    "tsume generate --count 5 --plies 9-13 --seed 42 --format kif\n"
    "tsume generate --rules sho --count 20 --plies 3-9 --threads 2\n"
    "tsume generate --count 100 --plies 7 --time 10m --format sfen | tsume check -\n"
    "tsume generate --method reverse --count 1 --plies 33-41 --seed-plies 9-11 --threads 2\n"
    "tsume generate --method reverse --plies 11-21 --extend problems.tsv --format sfen\n"
    "tsume generate --from-games games/*.kif games/*.csa --plies 3-11 --trim --format sfen",
};

std::pair<int, int> parse_plies(const std::string& text) {
  const auto dash = text.find('-');
  const auto number = [&](std::string_view s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v < 1 || v > 255)
      throw UsageError("--plies must be N or A-B with 1 <= A <= B <= 255, got '" + text + "'");
    return v;
  };
  const int a = number(std::string_view(text).substr(0, dash));
  const int b = dash == std::string::npos ? a : number(std::string_view(text).substr(dash + 1));
  if (a > b) throw UsageError("--plies A-B needs A <= B, got '" + text + "'");
  if (a == b && a % 2 == 0) throw UsageError("--plies: mate lengths are odd, got '" + text + "'");
  return {a, b};
}

// ,"rating":R,"features":{...} (generator/rating.h) of a problem's main line.
std::string rating_fields(const gen::Generated& g) {
  const gen::RatingFeatures f = gen::rating_features(g.position, g.pv, g.solve_nodes);
  char r[32];
  std::snprintf(r, sizeof r, "%.2f", gen::rating(f));
  return std::string(",\"rating\":") + r + ",\"features\":" + gen::rating_features_json(f);
}

// How many distinct ideas (endings: gen::idea_key) the problems written have.
std::string ideas_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " idea" : " ideas") +
         " (distinct endings: the last 5 plies and the mating picture)";
}

std::string record_jsonl(const gen::Generated& g, const gen::GenerateOptions& o) {
  std::ostringstream s;
  s << "{\"id\":" << json_string(g.id) << ",\"sfen\":" << json_string(io::to_sfen(g.position))
    << ",\"length\":" << g.length << ",\"pv\":" << json_string(usi_line(g.pv))
    << ",\"verdict\":" << json_string(to_string(g.verdict)) << ",\"flaws\":[";
  for (std::size_t i = 0; i < g.flaws.size(); ++i) s << (i ? "," : "") << finding_json(g.flaws[i]);
  s << "],\"difficulty\":" << g.difficulty << ",\"themes\":[";
  for (std::size_t i = 0; i < g.themes.size(); ++i) s << (i ? "," : "") << json_string(g.themes[i]);
  s << "],\"seed\":" << o.seed << ",\"candidate\":" << g.candidate
    << ",\"mode\":" << json_string(gen::to_string(o.mode)) << ",\"pieces\":" << g.pieces
    << ",\"nodes\":" << g.solve_nodes << rating_fields(g)
    << ",\"idea\":" << json_string(gen::idea_id(g.position, g.pv));
  // Modern shogi records stay as they were; a sho record must say so to be read back.
  if (o.variant != Variant::Shogi) s << ",\"rules\":" << json_string(variant_name(o.variant));
  s << "}\n";
  return s.str();
}

std::string record_tsv(const gen::Generated& g) {
  return io::to_sfen(g.position) + '\t' + g.id + '\t' + std::to_string(g.length) + '\t' +
         usi_line(g.pv) + '\n';
}

std::string record_kif(const gen::Generated& g, const gen::GenerateOptions& o) {
  io::KifRecordInfo info;
  info.title = g.id;
  info.headers.emplace_back("作者", "tsume generate (seed " + std::to_string(o.seed) + ")");
  std::string themes;
  for (const std::string& t : g.themes) themes += (themes.empty() ? "" : " ") + t;
  if (o.variant != Variant::Shogi)
    info.comments.push_back("rules " + std::string(variant_name(o.variant)) +
                            " (read with --rules " + std::string(variant_name(o.variant)) + ")");
  info.comments.push_back("verdict " + std::string(to_string(g.verdict)) + ", mode " +
                          gen::to_string(o.mode) + ", difficulty " + std::to_string(g.difficulty) +
                          (themes.empty() ? "" : ", " + themes));
  for (const Finding& f : g.flaws) {
    info.comments.push_back(std::string("flaw ") + to_string(f.kind) + " at ply " +
                            std::to_string(f.ply));
  }
  auto text = io::to_kif_record(g.position, g.pv, info);
  return text.ok() ? text.value() + '\n' : std::string();
}

std::string game_record_jsonl(const gen::GamePuzzle& p, const std::string& source) {
  const gen::Generated& g = p.problem;
  std::ostringstream s;
  s << "{\"id\":" << json_string(g.id) << ",\"sfen\":" << json_string(io::to_sfen(g.position))
    << ",\"length\":" << g.length << ",\"pv\":" << json_string(usi_line(g.pv))
    << ",\"verdict\":" << json_string(to_string(g.verdict)) << ",\"flaws\":[";
  for (std::size_t i = 0; i < g.flaws.size(); ++i) s << (i ? "," : "") << finding_json(g.flaws[i]);
  s << "],\"cooks\":" << p.cooks << ",\"difficulty\":" << g.difficulty << ",\"themes\":[";
  for (std::size_t i = 0; i < g.themes.size(); ++i) s << (i ? "," : "") << json_string(g.themes[i]);
  s << "],\"source\":" << json_string(source) << ",\"move\":" << p.move
    << ",\"variation\":" << p.variation << ",\"variation_move\":" << p.variation_move
    << ",\"game_move\":" << json_string(p.game_move ? io::to_usi(*p.game_move) : "")
    << ",\"trimmed\":" << p.removed << ",\"mode\":\"games\",\"pieces\":" << g.pieces
    << ",\"nodes\":" << g.solve_nodes << rating_fields(g)
    << ",\"idea\":" << json_string(gen::idea_id(g.position, g.pv)) << "}\n";
  return s.str();
}

std::string game_record_kif(const gen::GamePuzzle& p, const std::string& source) {
  const gen::Generated& g = p.problem;
  io::KifRecordInfo info;
  info.title = g.id;
  info.headers.emplace_back(
      "出典", source + ", after move " + std::to_string(p.move) +
                  (p.variation ? " of variation " + std::to_string(p.variation) + " (変化：" +
                                     std::to_string(p.variation_move) + "手)"
                               : std::string()));
  std::string themes;
  for (const std::string& t : g.themes) themes += (themes.empty() ? "" : " ") + t;
  info.comments.push_back("verdict " + std::string(to_string(g.verdict)) + ", difficulty " +
                          std::to_string(g.difficulty) + (themes.empty() ? "" : ", " + themes) +
                          (p.removed ? ", " + std::to_string(p.removed) + " pieces trimmed" : ""));
  auto text = io::to_kif_record(g.position, g.pv, info);
  return text.ok() ? text.value() + '\n' : std::string();
}

// --from-games: the puzzles of each record, in file order.
int generate_from_games(const Context& ctx, const po::variables_map& vm,
                        const gen::GenerateOptions& o, const std::string& format, std::ostream& out,
                        const GamesResume* resume) {
  gen::GameOptions go;
  go.min_plies = o.min_plies;
  go.max_plies = o.max_plies;
  go.mate_nodes = count_option(vm, "mate-nodes");
  go.trim = vm["trim"].as<bool>();
  go.threads = o.threads;
  go.pool = o.pool;
  go.check = o;
  go.stop = o.stop;
  gen::GameScanner scanner(go);
  const auto start = std::chrono::steady_clock::now();
  // --count (when given; the puzzles already in a resumed file count) and --time stop the run
  // between games.
  const std::size_t count = vm["count"].defaulted() ? 0 : o.count;
  std::size_t written = resume ? resume->positions.size() : 0;
  if (resume)
    for (const BoardSetup& setup : resume->positions) scanner.remember(setup);
  // A resumed run skips the games done before: those with a record in the file but the last
  // (which may have been cut short; its records in the file are not written again).
  const auto done_before = [&](const std::string& name) {
    return resume && name != resume->last_game && resume->games.count(name) > 0;
  };
  const auto in_file = [&](const std::string& id) { return resume && resume->ids.count(id) > 0; };
  std::set<std::string> ideas;  // the distinct endings written (gen::idea_key)
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // On a terminal, a line of progress: the files read, the games searched, the puzzles written.
  StatusLine bar(ctx.err, ::isatty(STDERR_FILENO) == 1);
  const std::vector<std::string>& files = vm["from-games"].as<std::vector<std::string>>();
  std::size_t files_seen = 0;
  std::string last_file;
  const auto emit = [&](const gen::GameRecordResult& record) {
    bar.clear();
    if (record.file != last_file) {
      last_file = record.file;
      ++files_seen;
    }
    for (const gen::GamePuzzle& p : record.puzzles) {
      if (count && written >= count) break;
      if (in_file(p.problem.id)) continue;
      ++written;
      ideas.insert(gen::idea_key(p.problem.position, p.problem.pv));
      out << (format == "jsonl"  ? game_record_jsonl(p, record.file)
              : format == "sfen" ? record_tsv(p.problem)
                                 : game_record_kif(p, record.file));
    }
    if (record.error && !in_file(record.name)) {
      const std::string message = record.error->message();
      ctx.err << "tsume generate: " << message << '\n';
      if (format == "jsonl")
        out << "{\"id\":" << json_string(record.name) << ",\"source\":" << json_string(record.file)
            << ",\"error\":" << json_string(message) << "}\n";
      else if (format == "sfen")
        out << "# " << one_line(record.name) << ": error: " << one_line(message) << '\n';
      else
        out << "表題：" << one_line(record.name) << "\n*error: " << one_line(message) << "\n\n";
    }
    out.flush();
    bar.show(batch::progress_text(files_seen, files.size(), "puzzles", written, elapsed()));
    return !(count && written >= count);
  };
  gen::scan_game_files(scanner, files, o.max_seconds, &g_interrupted, emit, done_before);
  bar.clear();
  const gen::GameStats& s = scanner.stats();
  const double seconds = elapsed();
  ctx.err << "tsume generate: " << written << " puzzles from " << s.games << " games (" << s.errors
          << " unreadable; " << s.positions << " positions, " << s.mates
          << " with a mate in the band, " << s.continuations << " continuations and "
          << s.duplicates << " duplicates skipped; " << s.nodes << " nodes), "
          << ideas_text(ideas.size())
          << (resume ? ", " + std::to_string(resume->positions.size()) +
                           " puzzles of them already in the file"
                     : std::string())
          << " in " << seconds_text(seconds) << (g_interrupted.load() ? " (interrupted)" : "")
          << '\n';
  return s.games == 0 && s.errors > 0 ? kExitInputError : kExitOk;
}

// --rate: each problem solved (exact length and main line within --check-nodes) and rated.
int rate_problems(const Context& ctx, const po::variables_map& vm, const gen::GenerateOptions& o,
                  std::ostream& out) {
  const std::vector<Record> records =
      batch::gather_records(vm["rate"].as<std::vector<std::string>>());
  std::vector<std::string> lines(records.size());
  tbb::enumerable_thread_specific<std::unique_ptr<Solver>> solvers;
  o.pool->each(records.size(), [&](std::size_t i) {
    const Record& r = records[i];
    std::unique_ptr<Solver>& solver = solvers.local();
    if (!solver) solver = std::make_unique<Solver>(16);
    io::ReadOptions read;
    read.variant = o.variant;
    const auto pos = read_record_position(r, read);
    std::ostringstream s;
    s << "{\"id\":" << json_string(r.id);
    if (!pos.ok()) {
      s << ",\"error\":" << json_string(pos.error().message()) << "}\n";
      lines[i] = s.str();
      return;
    }
    const SolveResult sr = solver->solve(pos.value(), SearchLimits{o.check_nodes, 0, o.stop});
    if (sr.status != SolveStatus::Mate || !sr.length_exact) {
      s << ",\"error\":\"no exact mate length within " << o.check_nodes << " nodes\"}\n";
      lines[i] = s.str();
      return;
    }
    gen::Generated g;
    g.position = pos.value();
    g.pv = sr.pv;
    g.solve_nodes = sr.nodes;
    s << ",\"length\":" << sr.length << ",\"pv\":" << json_string(usi_line(sr.pv))
      << ",\"nodes\":" << sr.nodes << rating_fields(g) << "}\n";
    lines[i] = s.str();
  });
  for (const std::string& line : lines) out << line;
  out.flush();
  ctx.err << "tsume generate: " << records.size() << " problems rated\n";
  return records.empty() ? kExitInputError : kExitOk;
}

std::string reverse_summary(const gen::ReverseStats& s, bool steps) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(1);
  out << s.emitted << " problems";
  if (s.duplicates > 0) out << " (" << s.duplicates << " duplicates not written)";
  if (s.idea_full > 0) out << " (" << s.idea_full << " not written for their idea)";
  out << ", longest " << s.longest << " plies, from " << s.seed_problems << " seeds ("
      << s.seeds.candidates << " seed candidates";
  if (s.abandoned > 0) out << ", " << s.abandoned << " chains abandoned";
  if (s.idea_abandoned > 0) out << ", " << s.idea_abandoned << " chains ended for their idea";
  out << ") in " << s.seconds << " s";
  if (!steps) return out.str();
  out << "\n  seeds behind the problems written: " << s.seeds_at_least(0) << "; of >= 17 plies "
      << s.seeds_at_least(17) << "; of >= 25 plies " << s.seeds_at_least(25);
  for (const auto& [n, t] : s.by_length) {
    out << "\n  " << n << " -> " << n + 2 << ": " << t.parents << " problems extended, "
        << t.candidates << " candidates, " << t.reply_mates << "/" << t.reply_positions
        << " replies mate, " << t.evaluated << " evaluated, " << t.cook_rejects
        << " cooks found early, " << t.repaired << " repaired (" << t.repairs_tried
        << " pieces tried), " << t.checks << " checks, " << t.accepted << " sound, " << t.used
        << " used";
    if (t.drift_tries > 0)
      out << ", " << t.drifted << " variants of dead ends (" << t.drift_tries << " tried)";
    if (t.through > 0) out << ", " << t.through << " taken with an unnecessary piece";
    if (t.guided_tries > 0)
      out << ", " << t.guided << " variants guided (" << t.guided_tries << " tried)";
    if (t.escapes > 0) out << ", " << t.escapes << " king escapes found";
    if (t.escape_tries > 0)
      out << ", " << t.escaped << " of the guided against escapes (" << t.escape_tries << " tried)";
    out << ", " << t.nodes << " nodes";
  }
  return out.str();
}

std::string summary(const gen::GenerateStats& s) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(1);
  out << s.emitted << " problems from " << s.candidates << " candidates (" << s.in_band
      << " in band, " << s.quick_checks << " quick checks, " << s.checks << " full checks, "
      << s.duplicates << " duplicates"
      << (s.idea_full > 0 ? ", " + std::to_string(s.idea_full) + " for their idea" : "")
      << "; nodes: " << s.solve_nodes << " solve, " << s.check_nodes << " check) in " << s.seconds
      << " s";
  if (s.seconds > 0)
    out << ", " << static_cast<double>(s.emitted) * 3600.0 / s.seconds << " per hour";
  return out.str();
}

// ---------------------------------------------------------------------------------------------
// The MPI mode (docs/cluster.md): the candidates, by index, are the items that rank 0 hands out;
// a rank evaluates them (the result of candidate i depends only on the options and i) and sends
// back each one's record, its deduplication keys and its costs. Rank 0 takes them in index
// order, as the single run does: the same seed gives the same problems whatever the number of
// ranks and threads.

struct CandidateResult {
  bool found = false;
  std::string record;
  gen::DedupKeys keys;  // with the idea
  gen::GenerateStats stats;
};

std::string encode(const CandidateResult& r) {
  cluster::WireWriter w;
  w.u64(r.found ? 1 : 0).str(r.record).str(r.keys.position).str(r.keys.solution).str(r.keys.idea);
  for (const std::uint64_t* v : gen::counters(r.stats)) w.u64(*v);
  return std::move(w).bytes();
}

CandidateResult decode(const std::string& bytes) {
  cluster::WireReader in(bytes);
  CandidateResult r;
  r.found = in.u64() != 0;
  r.record = in.str();
  r.keys.position = in.str();
  r.keys.solution = in.str();
  r.keys.idea = in.str();
  for (std::uint64_t* v : gen::counters(r.stats)) *v = in.u64();
  return r;
}

// Evaluates the candidates whose indices are `items` (WireWriter u64s) on the run's pool.
class CandidateChunks {
public:
  CandidateChunks(const gen::GenerateOptions& o,
                  std::function<std::string(const gen::Generated&)> format)
      : o_(o), format_(std::move(format)) {}

  bool run(const std::vector<std::string>& items, std::vector<std::string>& results) {
    std::vector<std::string> out(items.size());
    o_.pool->each(items.size(), [&](std::size_t i) {
      if (g_interrupted.load()) return;
      std::unique_ptr<gen::Workspace>& workspace = workspaces_.local();
      if (!workspace) workspace = std::make_unique<gen::Workspace>(o_.hash_megabytes);
      cluster::WireReader in(items[i]);
      CandidateResult r;
      const auto g = gen::evaluate_candidate(o_, in.u64(), *workspace, r.stats);
      if (g) {
        r.found = true;
        r.record = format_(*g);
        r.keys = gen::dedup_keys(g->setup, g->pv, &g->position);
      }
      if (!g_interrupted.load()) out[i] = encode(r);
    });
    for (std::string& r : out) {
      if (r.empty()) return false;  // interrupted: the results before it only
      results.push_back(std::move(r));
    }
    return true;
  }

private:
  const gen::GenerateOptions& o_;
  std::function<std::string(const gen::Generated&)> format_;
  tbb::enumerable_thread_specific<std::unique_ptr<gen::Workspace>> workspaces_;
};

// A whole-number option: --name value_name (default value), help.
struct NumberOption {
  const char* name;
  const char* value_name;
  int value;
  const char* help;
};

}  // namespace

int generate_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("count,n", count_value("10"), "stop after N problems");
  add("plies", po::value<std::string>()->value_name("A-B")->default_value("5-9"),
      "exact lengths in plies, A to B (or one length N)");
  add("mode", po::value<std::string>()->value_name("MODE")->default_value("composition"),
      "composition (strict) or training (see above)");
  add("seed", po::value<std::uint64_t>()->value_name("S")->default_value(1),
      "the run's seed: same seed and budgets, same output");
  add_threads_option(options, "candidates evaluated at once (the output does not depend on it)");
  add("time", duration_value("0"), "stop after this long (0: no limit), between batches");
  add("chunk", count_value("0"),
      "under mpirun with several processes: the candidates handed to a process at a time (0: 8 "
      "per --threads)");
  add("max-candidates", count_value("0"), "stop after N candidates (0: no limit)");
  add("per-idea", count_value("0"),
      "write at most K problems per idea, their ending (the last 5 plies and the mating "
      "picture; 0: no limit); the reverse method ends a chain whose idea is full");
  add("format", po::value<std::string>()->value_name("jsonl|sfen|kif")->default_value("jsonl"),
      "output format");
  add("output,o", po::value<std::string>()->value_name("FILE"), "write to FILE (default stdout)");
  add("steps", po::value<int>()->value_name("N")->default_value(20),
      "random draws and mutations per candidate");
  add("quick-nodes", count_value("4000"), "solver budget of the filter, per position");
  add("check-nodes", count_value("250k"), "checker budget per problem");
  add("step-nodes", count_value("30k"), "checker budget per alternative or piece");
  add("method", po::value<std::string>()->value_name("random|reverse")->default_value("random"),
      "random placement and mutations, or the reverse method (lengthening)");
  add("seed-plies", po::value<std::string>()->value_name("A-B")->default_value("5-9"),
      "reverse: lengths of the random seed problems");
  add("extend", po::value<std::vector<std::string>>()->value_name("FILE")->multitoken(),
      "reverse: lengthen these problems instead of random seeds");
  // The whole numbers of the reverse method, in two groups around its node budgets.
  const auto add_numbers = [&](std::initializer_list<NumberOption> numbers) {
    for (const NumberOption& n : numbers)
      add(n.name, po::value<int>()->value_name(n.value_name)->default_value(n.value), n.help);
  };
  add_numbers({
      {"max-pieces", "N", 16,
       "reverse: at most N pieces (board without kings, plus attacker hand)"},
      {"tries", "N", 96, "reverse: candidates evaluated per problem before backing up"},
      {"children", "N", 2, "reverse: extensions of one problem taken into the chain"},
      {"repairs", "N", 1, "reverse: defender pieces added to a candidate against cooks"},
  });
  add("cook-nodes", count_value("3000"),
      "reverse: budget per other check of a candidate (an early cook test)");
  add("filter-nodes", count_value("20k"),
      "reverse: budget per reply position ('mates within N+1?')");
  add_numbers({
      {"drift", "N", 512,
       "reverse: mutations tried for a sound variant of a problem with no extension (0: none)"},
      {"drift-from", "L", 19, "reverse: drift only problems of at least L plies"},
      {"drifts", "N", 30, "reverse: variants in a row at one chain position"},
  });
  add("through-unnecessary", po::bool_switch(),
      "reverse: lengthen problems that are sound but for an unnecessary piece (not written)");
  add("chains", po::value<int>()->value_name("K")->default_value(gen::ReverseOptions{}.chains),
      "reverse: seed chains grown side by side, one unit of work each in turn");
  add("chain-nodes", count_value("0"),
      "reverse: abandon a chain after N nodes without a new length (0: never)");
  add("guided-drift", po::value<std::string>()->value_name("GUIDE")->implicit_value("cooks"),
      "reverse: drift first through guards of squares the checker found: cooks (the squares "
      "the dead end's cooks went to; the default of a bare --guided-drift), escape (the squares "
      "the king escapes to in its replies that do not mate), or both (escapes first); spell a "
      "value --guided-drift=GUIDE");
  add("all-extensions", po::bool_switch(),
      "reverse: write every sound extension found, not only those the chains go on from");
  add("from-games", po::value<std::vector<std::string>>()->value_name("FILE")->multitoken(),
      "puzzles from the positions of these game records (KIF, KI2, CSA)");
  add("mate-nodes", count_value("20k"),
      "--from-games: budget per game position (and per piece --trim tries)");
  add("trim", po::bool_switch(), "--from-games: take off the pieces the mate does not need");
  add("resume", po::bool_switch(),
      "with -o FILE: go on from the records already in FILE (the reverse method: from its "
      "checkpoint FILE.checkpoint)");
  add("checkpoint", duration_value("1m"),
      "reverse, with -o FILE: write the run's state to FILE.checkpoint this often (0: after "
      "every unit of work) and at its end or Ctrl-C, for --resume");
  add("rate", po::value<std::vector<std::string>>()->value_name("FILE")->multitoken(),
      "rate these problems instead (difficulty rating, jsonl; budget --check-nodes)");
  add_rules_option(options);
  const auto vm = parse_options(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const std::string method = (*vm)["method"].as<std::string>();
  if (method != "random" && method != "reverse")
    throw UsageError("--method must be random or reverse, got '" + method + "'");
  const bool reverse = method == "reverse";
  // Several copies of one seeded chain would write the same problems, to the same file.
  if (const int processes = cluster::launched_world_size(); reverse && processes > 1)
    throw UsageError("no MPI mode for generate --method reverse, started as one of " +
                     std::to_string(processes) +
                     " MPI processes: run it as one process, or one process per --seed");
  if (!reverse && vm->count("extend")) throw UsageError("--extend needs --method reverse");
  const bool games = vm->count("from-games") > 0;
  if (const int processes = cluster::launched_world_size();
      (games || vm->count("rate")) && processes > 1)
    throw UsageError(std::string("no MPI mode for generate ") +
                     (games ? "--from-games" : "--rate") + ", started as one of " +
                     std::to_string(processes) + " MPI processes: run it as one process");
  if (games && reverse) throw UsageError("--from-games does not go with --method reverse");
  if (!games && (!(*vm)["trim"].defaulted() || !(*vm)["mate-nodes"].defaulted()))
    throw UsageError("--trim and --mate-nodes need --from-games");

  gen::GenerateOptions o;
  o.variant = rules_option(*vm);
  // The reverse method un-plays drops and captures into hands (reverse.h): modern shogi only.
  if (reverse && o.variant != Variant::Shogi)
    throw UsageError("--method reverse makes modern shogi problems only (not --rules sho)");
  std::tie(o.min_plies, o.max_plies) =
      parse_plies(games && (*vm)["plies"].defaulted() ? "3-9" : (*vm)["plies"].as<std::string>());
  if (games && o.variant != Variant::Shogi)
    throw UsageError("--from-games reads modern shogi games only (not --rules sho)");
  const std::string mode = (*vm)["mode"].as<std::string>();
  if (mode == "composition") {
    o.mode = gen::Mode::Composition;
  } else if (mode == "training") {
    o.mode = gen::Mode::Training;
  } else {
    throw UsageError("--mode must be composition or training, got '" + mode + "'");
  }
  const std::string format = (*vm)["format"].as<std::string>();
  if (format != "jsonl" && format != "sfen" && format != "kif")
    throw UsageError("--format must be jsonl, sfen or kif, got '" + format + "'");
  const bool resume = (*vm)["resume"].as<bool>();
  if (resume && vm->count("rate")) throw UsageError("--resume does not go with --rate");
  if (resume && !vm->count("output")) throw UsageError("--resume needs -o FILE");
  o.seed = (*vm)["seed"].as<std::uint64_t>();
  o.threads = threads_option(*vm);
  batch::Pool pool(o.threads);  // every loop of the run takes its threads from it
  o.pool = &pool;
  o.count = static_cast<std::size_t>(count_option(*vm, "count"));
  o.max_seconds = duration_option(*vm, "time");
  o.max_candidates = count_option(*vm, "max-candidates");
  o.per_idea = static_cast<std::size_t>(count_option(*vm, "per-idea"));
  if (o.per_idea > 0 && (games || vm->count("rate")))
    throw UsageError("--per-idea goes with the random and reverse methods (not --from-games, "
                     "not --rate)");
  o.steps = (*vm)["steps"].as<int>();
  if (o.steps < 1) throw UsageError("--steps must be at least 1");
  o.quick_nodes = count_option(*vm, "quick-nodes");
  o.check_nodes = count_option(*vm, "check-nodes");
  o.check_step_nodes = count_option(*vm, "step-nodes");
  if (reverse && o.mode != gen::Mode::Composition)
    throw UsageError("--method reverse makes compositions only");

  gen::ReverseOptions ro;
  if (reverse) {
    std::tie(ro.seed_min_plies, ro.seed_max_plies) =
        parse_plies((*vm)["seed-plies"].as<std::string>());
    ro.max_pieces = (*vm)["max-pieces"].as<int>();
    ro.tries = (*vm)["tries"].as<int>();
    if (ro.tries < 1) throw UsageError("--tries must be at least 1");
    ro.repairs = (*vm)["repairs"].as<int>();
    if (ro.repairs < 0) throw UsageError("--repairs must be at least 0");
    ro.children = (*vm)["children"].as<int>();
    if (ro.children < 1) throw UsageError("--children must be at least 1");
    ro.cook_nodes = count_option(*vm, "cook-nodes");
    ro.filter_nodes = count_option(*vm, "filter-nodes");
    ro.drift = (*vm)["drift"].as<int>();
    ro.drift_from = (*vm)["drift-from"].as<int>();
    ro.drifts = (*vm)["drifts"].as<int>();
    ro.through_unnecessary = (*vm)["through-unnecessary"].as<bool>();
    ro.chains = (*vm)["chains"].as<int>();
    if (ro.chains < 1) throw UsageError("--chains must be at least 1");
    ro.chain_nodes = count_option(*vm, "chain-nodes");
    if (vm->count("guided-drift")) {
      const std::string guide = (*vm)["guided-drift"].as<std::string>();
      if (guide != "cooks" && guide != "escape" && guide != "both")
        throw UsageError("--guided-drift must be cooks, escape or both, got '" + guide + "'");
      ro.guided = guide != "escape";
      ro.guided_escape = guide != "cooks";
    }
    ro.write_all = (*vm)["all-extensions"].as<bool>();
    if (ro.drift < 0 || ro.drifts < 0) throw UsageError("--drift and --drifts must be at least 0");
    if (vm->count("extend")) {
      // Each problem's exact length and main line come from the solver with the check budget.
      Solver solver(16);
      for (const Record& r :
           batch::gather_records((*vm)["extend"].as<std::vector<std::string>>())) {
        const auto pos = read_record_position(r, io::ReadOptions{});
        if (!pos.ok()) {
          ctx.err << "tsume generate: " << r.id << ": " << pos.error().message() << '\n';
          continue;
        }
        const SolveResult sr = solver.solve(pos.value(), SearchLimits{o.check_nodes, 0, nullptr});
        if (sr.status != SolveStatus::Mate || !sr.length_exact) {
          ctx.err << "tsume generate: " << r.id << ": no exact mate length within " << o.check_nodes
                  << " nodes, skipped\n";
          continue;
        }
        gen::Generated g;
        g.id = r.id;
        g.position = pos.value();
        g.setup = pos.value().setup();
        g.length = sr.length;
        g.pv = sr.pv;
        g.pieces = gen::piece_count(g.setup);
        ro.seeds.push_back(g);
      }
      if (ro.seeds.empty()) {
        ctx.err << "tsume generate: --extend: no problem to lengthen\n";
        return kExitInputError;
      }
    }
  }

  const auto format_record = [&](const gen::Generated& g) {
    return format == "jsonl"  ? record_jsonl(g, o)
           : format == "sfen" ? record_tsv(g)
                              : record_kif(g, o);
  };
  // Under mpirun every rank evaluates chunks of candidates; rank 0 also writes the output.
  const std::unique_ptr<cluster::World> world =
      reverse || games || vm->count("rate") ? nullptr : join_world();
  std::optional<CandidateChunks> chunks;
  if (world) chunks.emplace(o, format_record);
  const auto run_chunk = [&](const std::vector<std::string>& items,
                             std::vector<std::string>& results) {
    return chunks->run(items, results);
  };
  if (world && world->rank() != 0) {
    const InterruptGuard guard;
    world->serve(run_chunk);
    return g_interrupted.load() ? 130 : kExitOk;
  }

  std::set<std::string> ideas;  // the distinct endings written (gen::idea_key)
  std::optional<GamesResume> resumed;
  std::size_t resumed_problems = 0;  // the problems already in the file (kept)
  ReverseResume resumed_reverse;     // the reverse method's checkpoint
  bool resumed_empty = true;         // nothing in the file to resume (no header yet)
  if (resume) {
    const std::string path = (*vm)["output"].as<std::string>();
    const batch::Format kind = format == "jsonl" ? batch::Format::Jsonl
                               : format == "kif" ? batch::Format::Kif
                                                 : batch::Format::Tsv;
    std::string content;
    const batch::ResumeState st = batch::prepare_resume(path, kind, &content);
    if (!st.problem.empty()) {
      ctx.err << "tsume generate: cannot resume " << path << ": " << st.problem << '\n';
      return kExitInputError;
    }
    resumed_empty = content.empty();
    try {
      std::vector<WrittenRecord> records;
      if (reverse) {
        // The records after the checkpoint are cut off: the resumed run writes them again.
        ro.base = o;
        resumed_reverse = resume_reverse(content, path, format, ro);
        records = std::move(resumed_reverse.records);
        for (const WrittenRecord& w : records) o.written.push_back(written_keys(w));
        resumed_problems = records.size();
        std::error_code error;
        if (!resumed_reverse.state.empty())
          std::filesystem::resize_file(path, resumed_reverse.bytes, error);
        if (error) throw ResumeError("cannot resume " + path + ": " + error.message());
      } else {
        records = read_written(content, path, format, o.variant);
        if (games)
          resumed = games_resume(records);
        else
          resumed_problems = resume_random(records, o, path);
      }
      // The endings of the problems kept count among the run's ideas.
      for (const gen::DedupKeys& keys : o.written) ideas.insert(keys.idea);
    } catch (const ResumeError& e) {
      ctx.err << "tsume generate: " << e.what() << '\n';
      return kExitInputError;
    }
  }
  std::ofstream file;
  if (vm->count("output")) {
    file.open((*vm)["output"].as<std::string>(),
              resume ? std::ios::binary | std::ios::app : std::ios::binary);
    if (!file) {
      ctx.err << "tsume generate: cannot write " << (*vm)["output"].as<std::string>() << '\n';
      return kExitInputError;
    }
  }
  std::ostream& out = vm->count("output") ? file : ctx.out;
  StatusLine bar(ctx.err, ::isatty(STDERR_FILENO) == 1);
  const InterruptGuard guard;
  o.stop = &g_interrupted;
  const auto write_record = [&](const std::string& record) {
    bar.clear();
    out << record;
    out.flush();
  };
  const auto write = [&](const gen::Generated& g) {
    ideas.insert(gen::idea_key(g.position, g.pv));
    write_record(format_record(g));
  };
  if (games) return generate_from_games(ctx, *vm, o, format, out, resumed ? &*resumed : nullptr);
  if (vm->count("rate")) return rate_problems(ctx, *vm, o, out);
  // The SFEN of a sho problem reads as a (different) modern shogi problem, so the rules go first.
  if (format == "sfen" && o.variant != Variant::Shogi && resumed_empty)
    out << "# rules " << variant_name(o.variant) << " (read with --rules "
        << variant_name(o.variant) << ")\n";
  if (reverse) {
    ro.base = o;
    if (vm->count("output")) {
      // The checkpoint beside the file; an old one (of another run) is removed at once.
      const std::string path = (*vm)["output"].as<std::string>();
      std::error_code ignored;  // a checkpoint that cannot be removed is overwritten later
      if (resumed_reverse.state.empty())
        std::filesystem::remove(checkpoint_path(path), ignored);
      else
        ro.resume = &resumed_reverse.state;
      ro.checkpoint_seconds = duration_option(*vm, "checkpoint");
      ro.checkpoint = [&, path](const std::string& state, const gen::ReverseStats& s) {
        out.flush();
        write_checkpoint(path, std::filesystem::file_size(path), s.emitted, state);
      };
    }
    gen::ReverseStats stats;
    try {
      stats = gen::generate_reverse(ro, write, [&](const gen::ReverseStats& s) {
        bar.show("tsume generate: " + reverse_summary(s, false));
      });
    } catch (const std::runtime_error& e) {  // a checkpoint not read or not written
      bar.clear();
      ctx.err << "tsume generate: " << e.what() << '\n';
      return kExitInputError;
    }
    bar.clear();
    ctx.err << "tsume generate: " << reverse_summary(stats, true) << "\n  "
            << ideas_text(ideas.size())
            << (resume ? ", " + std::to_string(resumed_problems) + " problems already in the file"
                       : std::string())
            << (g_interrupted.load() ? " (interrupted)" : "") << '\n';
    return kExitOk;
  }
  gen::GenerateStats stats;
  if (world) {
    // Candidates in index order from o.first_candidate, as gen::generate takes them; the same
    // stops (--count, --max-candidates, --time), checked as each candidate comes in.
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    gen::Deduplicator dedup(o.per_idea);
    for (const gen::DedupKeys& keys : o.written) dedup.insert(keys);
    cluster::Plan plan;
    plan.count =
        o.max_candidates != 0 ? o.max_candidates : std::numeric_limits<std::size_t>::max() / 2;
    plan.chunk = count_option(*vm, "chunk") != 0
                     ? static_cast<std::size_t>(count_option(*vm, "chunk"))
                     : std::max<std::size_t>(8, 8 * static_cast<std::size_t>(o.threads));
    world->distribute(
        plan,
        [&](std::size_t i) {
          cluster::WireWriter w;
          w.u64(o.first_candidate + i);
          return std::move(w).bytes();
        },
        run_chunk,
        [&](std::size_t, const std::string& bytes) {
          if (stats.emitted >= o.count) return;
          const CandidateResult r = decode(bytes);
          stats += r.stats;
          const auto admitted = r.found ? dedup.admit(r.keys) : gen::Deduplicator::Admission::New;
          if (admitted == gen::Deduplicator::Admission::Duplicate) {
            ++stats.duplicates;
          } else if (admitted == gen::Deduplicator::Admission::IdeaFull) {
            ++stats.idea_full;
          } else if (r.found) {
            ++stats.emitted;
            ideas.insert(r.keys.idea);
            write_record(r.record);
          }
          stats.seconds = elapsed();
          bar.show("tsume generate: " + summary(stats));
        },
        [&] {
          return g_interrupted.load() || stats.emitted >= o.count ||
                 (o.max_seconds > 0 && elapsed() >= o.max_seconds);
        });
    stats.seconds = elapsed();
  } else {
    stats = gen::generate(
        o, write, [&](const gen::GenerateStats& s) { bar.show("tsume generate: " + summary(s)); });
  }
  bar.clear();
  ctx.err << "tsume generate: " << summary(stats) << ", " << ideas_text(ideas.size())
          << (resume ? ", " + std::to_string(resumed_problems) + " problems already in the file"
                     : std::string())
          << (g_interrupted.load() ? " (interrupted)" : "") << '\n';
  return kExitOk;
}

}  // namespace tsume::cli
