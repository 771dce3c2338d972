// The `tsume` Python module (pybind11): positions, legal moves and checks, the solver, the
// checker and the generator of the library, with the semantics of the command line (cli/solve.cpp,
// cli/check.cpp, cli/generate.cpp). Errors of the readers raise ValueError with the CLI's
// messages. Searches run with the GIL released; on Python's main thread they run on a helper
// thread while the caller polls for signals, so that Ctrl-C stops them (KeyboardInterrupt).
// The package python/tsume/__init__.py adds solve_many on top of Solver and StopFlag.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "generator/from_games.h"
#include "generator/generator.h"
#include "generator/reverse.h"
#include "solver/answer/check.h"
#include "solver/answer/solve.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/io/csa.h"
#include "solver/io/kif.h"
#include "solver/io/kif_writer.h"
#include "solver/io/piece_names.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"
#include "tsume_version.h"

namespace py = pybind11;

namespace tsume::python {

namespace {

// ---------------------------------------------------------------------------------------------
// Threads, the GIL and Ctrl-C

unsigned long g_main_thread = 0;  // Python's main thread (the one that gets signals)

bool on_main_thread() { return PyThread_get_thread_ident() == g_main_thread; }

constexpr auto kSignalPoll = std::chrono::milliseconds(50);

// Runs `work` with the GIL released and returns its result. On the main thread it runs on a
// helper thread while this one checks for signals every 50 ms: a signal whose handler raises
// (SIGINT: KeyboardInterrupt) sets `stop`, waits for `work` to return and raises that exception.
template <class F> auto run_released(std::atomic<bool>& stop, F&& work) -> decltype(work()) {
  using T = decltype(work());
  if (!on_main_thread()) {
    const py::gil_scoped_release release;
    return work();
  }
  std::optional<T> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false;
  bool interrupted = false;
  {
    const py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(work());
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard lock(mutex);
      done = true;
      cv.notify_all();
    });
    std::unique_lock lock(mutex);
    while (!cv.wait_for(lock, kSignalPoll, [&] { return done; })) {
      if (interrupted) continue;
      lock.unlock();
      {
        const py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
          interrupted = true;
          stop.store(true);
        }
      }
      lock.lock();
    }
    lock.unlock();
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

// A flag that stops the searches it is given to (Solver.solve's `stop`), from any thread.
class StopFlag {
public:
  void set() { flag_.store(true); }
  void clear() { flag_.store(false); }
  bool is_set() const { return flag_.load(); }
  std::atomic<bool>& atomic() { return flag_; }

private:
  std::atomic<bool> flag_{false};
};

// ---------------------------------------------------------------------------------------------
// Arguments

Variant rules_of(const std::string& rules) {
  const auto v = parse_variant(rules);
  if (!v) throw py::value_error("rules must be shogi or sho, not '" + rules + "'");
  return *v;
}

io::ReadOptions read_options(const std::string& rules, bool hand_as_given) {
  io::ReadOptions read;
  read.variant = rules_of(rules);
  read.defender_hand = hand_as_given ? io::DefenderHand::AsGiven : io::DefenderHand::RestIfEmpty;
  return read;
}

template <class T> T value_or_raise(io::Expected<T> e) {
  if (!e) throw py::value_error(e.error().message());
  return std::move(*e);
}

std::uint64_t count_arg(std::int64_t n, const char* name) {
  if (n < 0)
    throw py::value_error(std::string(name) + " must be 0 (no limit) or a positive number");
  return static_cast<std::uint64_t>(n);
}

double seconds_arg(double t) {
  if (!(t >= 0)) throw py::value_error("time must be 0 (no limit) or a positive number of seconds");
  return t;
}

std::size_t hash_arg(std::int64_t mb) {
  if (mb < 1 || mb > 1048576) throw py::value_error("hash_mb must be between 1 and 1048576");
  return static_cast<std::size_t>(mb);
}

int threads_arg(int threads) {
  if (threads < 0 || threads > 1024) throw py::value_error("threads must be between 0 and 1024");
  if (threads == 0) return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return threads;
}

// ---------------------------------------------------------------------------------------------
// Positions

std::vector<std::string> usi_moves(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (const Move m : moves) out.push_back(io::to_usi(m));
  return out;
}

std::vector<std::string> sorted_usi(const MoveList& list) {
  std::vector<std::string> out;
  out.reserve(list.size());
  for (const Move m : list) out.push_back(io::to_usi(m));
  std::sort(out.begin(), out.end());
  return out;
}

// The moves in KI2 notation, one string each ("▲２三銀成", "△同　玉"); empty when a move is
// not legal in turn.
std::vector<std::string> japanese_moves(const Position& start, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  const auto line = io::to_japanese_line(start, moves);
  if (!line) return out;
  std::string_view rest = *line;
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    out.emplace_back(rest.substr(0, space));
    if (space == std::string_view::npos) break;
    rest.remove_prefix(space + 1);
  }
  return out;
}

std::vector<Move> parse_moves(const Position& start, const std::vector<std::string>& usi) {
  std::vector<Move> moves;
  Position pos = start;
  for (std::size_t i = 0; i < usi.size(); ++i) {
    auto m = io::parse_usi_move(usi[i], pos);
    if (!m)
      throw py::value_error("move " + std::to_string(i + 1) + " '" + usi[i] +
                            "': " + m.error().message());
    moves.push_back(*m);
    pos.do_move(*m);
  }
  return moves;
}

Position position_of_problem(const io::Problem& problem, const std::string& file) {
  Position pos;
  if (std::string why = pos.set(problem.setup); !why.empty())
    throw py::value_error(io::ParseError{file, 0, "illegal position: " + why}.message());
  return pos;
}

std::string bytes_of(const py::object& text) {
  if (py::isinstance<py::bytes>(text)) return text.cast<std::string>();
  if (py::isinstance<py::str>(text)) return text.cast<std::string>();
  throw py::type_error("the record must be str or bytes");
}

Position from_sfen(const std::string& sfen, const std::string& rules, bool hand_as_given) {
  const io::ReadOptions read = read_options(rules, hand_as_given);
  return value_or_raise(
      io::read_position(sfen, read.defender_hand, {}, 0, KingRule::DefenderKing, read.variant));
}

// A Position, or a SFEN string read under `rules`.
Position position_arg(const py::handle& p, const std::string& rules) {
  if (py::isinstance<py::str>(p)) return from_sfen(p.cast<std::string>(), rules, false);
  if (!py::isinstance<Position>(p)) throw py::type_error("position must be a Position or a SFEN");
  return p.cast<Position>();
}

// A problem file as read: the position, the moves recorded after it, the title.
struct PyProblem {
  Position position;
  std::vector<std::string> moves;  // USI
  std::string title;
  std::string format;  // SFEN, KIF, KI2, CSA
};

PyProblem read_problem(const std::string& path, const std::string& rules, bool hand_as_given) {
  const auto problem =
      value_or_raise(io::read_problem_file(path, read_options(rules, hand_as_given)));
  PyProblem out;
  out.position = position_of_problem(problem, path);
  out.moves = usi_moves(problem.moves);
  out.title = problem.title;
  out.format = std::string(io::format_name(problem.format));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Solving

struct PySolveResult {
  std::string sfen;
  std::string rules = "shogi";
  std::string status;  // mate, no_mate, unknown (error: solve_many's records that cannot be read)
  std::optional<int> length;
  bool exact = false;
  std::optional<int> length_min;  // answer="exact", mate: no mate is shorter
  bool first = false;             // answer="first": the length is a bound by request
  std::vector<std::string> pv;
  std::vector<std::string> pv_japanese;
  std::uint64_t nodes = 0;
  double time = 0;
  // What stopped an unfinished search, as in `tsume solve`: nodes, time or certify_nodes.
  std::optional<std::string> limit;
  std::optional<std::string> error;
  std::optional<std::string> id;  // solve_many: the id given with the problem
  std::int64_t index = -1;        // solve_many: the problem's place in the input
};

SolveOptions solve_options(const std::string& answer, bool count_futile,
                           std::int64_t certify_nodes) {
  SolveOptions o;
  o.exclude_futile = !count_futile;
  if (answer == "first") {
    o.answer = AnswerMode::First;
  } else if (answer != "exact") {
    throw py::value_error("answer must be exact or first, not '" + answer + "'");
  }
  o.certify_nodes = count_arg(certify_nodes, "certify_nodes");
  return o;
}

PySolveResult make_solve_result(const Position& pos, const SolveResult& r,
                                const SearchLimits& limits, const SolveOptions& options) {
  PySolveResult out;
  out.sfen = io::to_sfen(pos);
  out.rules = std::string(variant_name(pos.variant()));
  out.status = to_string(r.status);
  out.nodes = r.nodes;
  out.time = r.seconds;
  if (const std::string_view limit = unfinished_limit(r, limits, options); !limit.empty())
    out.limit = std::string(limit);
  if (r.status != SolveStatus::Mate) return out;
  out.length = r.length;
  out.exact = r.length_exact;
  if (r.length_min >= 0) out.length_min = r.length_min;
  out.first = options.answer == AnswerMode::First;
  out.pv = usi_moves(r.pv);
  out.pv_japanese = japanese_moves(pos, r.pv);
  return out;
}

// A solver with its table, reused from problem to problem (the table is cleared before each,
// so no answer depends on earlier problems). Calls from several Python threads take turns.
class PySolver {
public:
  PySolver(std::int64_t hash_mb, int threads) : solver_(hash_arg(hash_mb), threads_arg(threads)) {}

  PySolveResult solve(const py::object& position, std::int64_t nodes, double time,
                      const std::string& answer, bool count_futile, std::int64_t certify_nodes,
                      StopFlag* stop, const std::string& rules) {
    const Position pos = position_arg(position, rules);
    SearchLimits limits;
    limits.max_nodes = count_arg(nodes, "nodes");
    limits.max_seconds = seconds_arg(time);
    const SolveOptions options = solve_options(answer, count_futile, certify_nodes);
    StopFlag own;
    StopFlag& flag = stop ? *stop : own;
    limits.stop = &flag.atomic();
    const SolveResult r = run_released(flag.atomic(), [&] {
      const std::lock_guard lock(mutex_);  // one problem at a time on the table
      return solver_.solve(pos, limits, options);
    });
    return make_solve_result(pos, r, limits, options);
  }
  int threads() const { return solver_.threads(); }
  std::size_t hash_bytes() const { return solver_.hash_bytes(); }

private:
  Solver solver_;
  std::mutex mutex_;
};

// ---------------------------------------------------------------------------------------------
// Checking

struct PyFinding {
  std::string kind;
  int ply = 0;
  std::optional<std::string> move;
  std::optional<std::string> alternative;
  std::optional<int> length;
  std::vector<std::string> line;
  std::uint64_t nodes = 0;
  std::string note;
};

PyFinding make_finding(const Finding& f) {
  PyFinding out;
  out.kind = to_string(f.kind);
  out.ply = f.ply;
  if (!f.main_move.is_none()) out.move = io::to_usi(f.main_move);
  if (!f.alternative.is_none()) out.alternative = io::to_usi(f.alternative);
  if (f.length >= 0) out.length = f.length;
  out.line = usi_moves(f.line);
  out.nodes = f.nodes;
  out.note = f.note;
  return out;
}

std::vector<PyFinding> make_findings(const std::vector<Finding>& fs) {
  std::vector<PyFinding> out;
  out.reserve(fs.size());
  for (const Finding& f : fs) out.push_back(make_finding(f));
  return out;
}

struct PyPieceTest {
  std::string piece;
  std::string square;  // USI square, or "hand"
  std::string result;
  std::uint64_t nodes = 0;
  std::string note;
  std::vector<PyFinding> flaws_without;
};

struct PyCheckResult {
  std::string sfen;
  std::string verdict;
  std::string reason;
  std::optional<int> length;
  std::optional<int> length_upper;
  std::vector<std::string> pv;
  std::vector<std::string> pv_japanese;
  std::vector<PyFinding> cooks, flaws, undecided;
  std::vector<PyPieceTest> unnecessary, pieces_undecided, pieces_necessary;
  std::optional<bool> intended_is_main;  // None: no intended line, or a limit left it open
  int intended_diverges_at = -1;
  std::string intended_note;
  int alternatives = 0, disproved = 0;
  std::uint64_t nodes = 0;
  double time = 0;
};

std::vector<PyPieceTest> pieces_with(const CheckResult& r, PieceResult which) {
  std::vector<PyPieceTest> out;
  for (const PieceTest& t : r.pieces) {
    if (t.result != which) continue;
    PyPieceTest p;
    p.piece = io::sfen_piece(t.piece);
    p.square = t.square == Square::None ? "hand" : io::usi_square(t.square);
    p.result = to_string(t.result);
    p.nodes = t.nodes;
    p.note = t.note;
    p.flaws_without = make_findings(t.flaws_without);
    out.push_back(std::move(p));
  }
  return out;
}

PyCheckResult check(const py::object& position,
                    const std::optional<std::vector<std::string>>& intended, std::int64_t nodes,
                    double time, std::int64_t step_nodes, std::int64_t hash_mb, bool realistic,
                    bool pieces, const std::string& rules) {
  const Position pos = position_arg(position, rules);
  CheckOptions options;
  options.limits.max_nodes = count_arg(nodes, "nodes");
  options.limits.max_seconds = seconds_arg(time);
  options.step_nodes = count_arg(step_nodes, "step_nodes");
  options.hash_megabytes = hash_arg(hash_mb);
  options.realistic = realistic;
  options.test_pieces = pieces;
  std::optional<std::vector<Move>> given;
  if (intended) given = parse_moves(pos, *intended);
  std::atomic<bool> stop{false};
  options.limits.stop = &stop;
  const CheckResult r = run_released(stop, [&] { return check_problem(pos, options, given); });

  PyCheckResult out;
  out.sfen = io::to_sfen(pos);
  out.verdict = to_string(r.verdict);
  out.reason = r.reason;
  if (r.length >= 0) out.length = r.length;
  if (r.length_upper >= 0) out.length_upper = r.length_upper;
  out.pv = usi_moves(r.main_line);
  out.pv_japanese = japanese_moves(pos, r.main_line);
  std::vector<Finding> cooks = r.cooks;  // the CLI lists the 変長 evidence with the cooks
  if (r.longer_variation) cooks.push_back(*r.longer_variation);
  out.cooks = make_findings(cooks);
  out.flaws = make_findings(r.flaws);
  out.undecided = make_findings(r.undecided);
  out.unnecessary = pieces_with(r, PieceResult::Unnecessary);
  out.pieces_undecided = pieces_with(r, PieceResult::Undecided);
  out.pieces_necessary = pieces_with(r, PieceResult::Necessary);
  if (r.has_intended && !r.intended_open) out.intended_is_main = r.intended_is_main;
  out.intended_diverges_at = r.intended_diverges_at;
  out.intended_note = r.intended_note;
  out.alternatives = r.alternatives;
  out.disproved = r.disproved;
  out.nodes = r.nodes;
  out.time = r.seconds;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generating

struct PyGenerated {
  std::string id;
  Position position;
  std::string sfen;
  std::string rules;
  int length = 0;
  std::vector<std::string> pv;
  std::vector<std::string> pv_japanese;
  std::string verdict;
  std::vector<PyFinding> flaws;
  std::vector<std::string> themes;
  int difficulty = 1;
  std::uint64_t seed = 0;
  std::uint64_t candidate = 0;
  std::string mode;
  int pieces = 0;
  std::uint64_t nodes = 0;  // a plain solve of the problem
};

// The fields a generated problem and a puzzle from a game share (their jsonl records' common
// part).
template <class Out> void problem_fields(Out& out, const gen::Generated& g) {
  out.id = g.id;
  out.position = g.position;
  out.sfen = io::to_sfen(g.position);
  out.length = g.length;
  out.pv = usi_moves(g.pv);
  out.pv_japanese = japanese_moves(g.position, g.pv);
  out.verdict = to_string(g.verdict);
  out.flaws = make_findings(g.flaws);
  out.themes = g.themes;
  out.difficulty = g.difficulty;
  out.pieces = g.pieces;
  out.nodes = g.solve_nodes;
}

std::pair<int, int> plies_arg(const py::object& plies) {
  int a = 0, b = 0;
  std::string text;
  if (py::isinstance<py::int_>(plies)) {
    a = b = plies.cast<int>();
    text = std::to_string(a);
  } else {
    const auto pair = plies.cast<std::pair<int, int>>();
    std::tie(a, b) = pair;
    text = std::to_string(a) + "-" + std::to_string(b);
  }
  if (a < 1 || b > 255 || a > b)
    throw py::value_error("plies must be N or (A, B) with 1 <= A <= B <= 255, got " + text);
  if (a == b && a % 2 == 0) throw py::value_error("plies: mate lengths are odd, got " + text);
  return {a, b};
}

// Runs the generator on a thread of its own; the Python iterator takes the problems as they are
// emitted. Closing it (or dropping it) stops the run.
class GenerateIterator {
public:
  // The random method, or with `reverse` the reverse method (its `base` is `options`).
  explicit GenerateIterator(gen::GenerateOptions options,
                            std::optional<gen::ReverseOptions> reverse = std::nullopt)
      : options_(std::move(options)), reverse_(std::move(reverse)) {
    options_.stop = &stop_;
    if (reverse_) reverse_->base = options_;
    thread_ = std::thread([this] {
      try {
        const gen::EmitFn emit = [this](const gen::Generated& g) {
          const std::lock_guard lock(mutex_);
          queue_.push_back(g);
          cv_.notify_all();
        };
        if (reverse_)
          gen::generate_reverse(*reverse_, emit);
        else
          gen::generate(options_, emit);
      } catch (...) {
        const std::lock_guard lock(mutex_);
        error_ = std::current_exception();
      }
      const std::lock_guard lock(mutex_);
      finished_ = true;
      cv_.notify_all();
    });
  }
  ~GenerateIterator() { stop_and_join(); }
  GenerateIterator(const GenerateIterator&) = delete;
  GenerateIterator& operator=(const GenerateIterator&) = delete;

  PyGenerated next() {
    std::optional<gen::Generated> g;
    bool signalled = false;
    {
      const py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      for (;;) {
        if (cv_.wait_for(lock, kSignalPoll, [&] { return !queue_.empty() || finished_; })) break;
        if (!on_main_thread()) continue;
        lock.unlock();
        {
          const py::gil_scoped_acquire acquire;
          signalled = PyErr_CheckSignals() != 0;
        }
        lock.lock();
        if (signalled) break;
      }
      if (!signalled && !queue_.empty()) {
        g = std::move(queue_.front());
        queue_.pop_front();
      }
    }
    if (signalled) {
      stop_.store(true);  // the run stops; a later next() ends the iteration
      throw py::error_already_set();
    }
    if (!g) {
      if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
      throw py::stop_iteration();
    }
    return convert(*g);
  }

  // Stops the run; the problems not taken yet are dropped and the iteration ends.
  void close() {
    {
      const py::gil_scoped_release release;
      stop_and_join();
    }
    const std::lock_guard lock(mutex_);
    queue_.clear();
  }

private:
  void stop_and_join() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }

  PyGenerated convert(const gen::Generated& g) const {
    PyGenerated out;
    problem_fields(out, g);
    out.rules = std::string(variant_name(options_.variant));
    out.seed = options_.seed;
    out.candidate = g.candidate;
    out.mode = gen::to_string(options_.mode);
    return out;
  }

  gen::GenerateOptions options_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<gen::Generated> queue_;
  bool finished_ = false;
  std::exception_ptr error_;
  std::optional<gen::ReverseOptions> reverse_;
  std::thread thread_;
};

std::unique_ptr<GenerateIterator>
generate(std::int64_t count, const py::object& plies, const std::string& mode, std::uint64_t seed,
         int threads, const std::string& rules, double time, std::int64_t max_candidates,
         const std::string& method, const py::object& seed_plies, int chains,
         std::int64_t chain_nodes, bool all_extensions, std::int64_t per_idea) {
  gen::GenerateOptions o;
  if (count < 1) throw py::value_error("count must be at least 1");
  o.count = static_cast<std::size_t>(count);
  std::tie(o.min_plies, o.max_plies) = plies_arg(plies);
  if (mode == "composition") {
    o.mode = gen::Mode::Composition;
  } else if (mode == "training") {
    o.mode = gen::Mode::Training;
  } else {
    throw py::value_error("mode must be composition or training, got '" + mode + "'");
  }
  o.seed = seed;
  if (threads < 0 || threads > 256) throw py::value_error("threads must be between 0 and 256");
  o.threads = threads_arg(threads);
  o.variant = rules_of(rules);
  o.max_seconds = seconds_arg(time);
  o.max_candidates = count_arg(max_candidates, "max_candidates");
  o.per_idea = count_arg(per_idea, "per_idea");
  if (method == "random") return std::make_unique<GenerateIterator>(std::move(o));
  if (method != "reverse")
    throw py::value_error("method must be random or reverse, got '" + method + "'");
  if (o.mode != gen::Mode::Composition)
    throw py::value_error("the reverse method makes compositions only");
  if (o.variant != Variant::Shogi)
    throw py::value_error("the reverse method makes modern shogi problems only");
  gen::ReverseOptions r;
  std::tie(r.seed_min_plies, r.seed_max_plies) = plies_arg(seed_plies);
  if (chains < 1) throw py::value_error("chains must be at least 1");
  r.chains = chains;
  r.chain_nodes = count_arg(chain_nodes, "chain_nodes");
  r.write_all = all_extensions;
  return std::make_unique<GenerateIterator>(std::move(o), std::move(r));
}

// ---------------------------------------------------------------------------------------------
// Puzzles from game records

struct PyGamePuzzle {
  std::string id;
  std::optional<Position> position;  // None in an error record
  std::string sfen;
  int length = 0;
  std::vector<std::string> pv;
  std::vector<std::string> pv_japanese;
  std::string verdict;
  std::vector<PyFinding> flaws;
  std::size_t cooks = 0;
  std::vector<std::string> themes;
  int difficulty = 0;
  int pieces = 0;
  std::uint64_t nodes = 0;
  std::string source;
  std::size_t move = 0, variation = 0, variation_move = 0;
  std::optional<std::string> game_move;
  int trimmed = 0;
  std::optional<std::string> error;
};

PyGamePuzzle game_puzzle(const gen::GamePuzzle& p, const std::string& source) {
  const gen::Generated& g = p.problem;
  PyGamePuzzle out;
  problem_fields(out, g);
  out.cooks = p.cooks;
  out.source = source;
  out.move = p.move;
  out.variation = p.variation;
  out.variation_move = p.variation_move;
  if (p.game_move) out.game_move = io::to_usi(*p.game_move);
  out.trimmed = p.removed;
  return out;
}

std::vector<std::string> paths_arg(const py::object& files) {
  const py::object fspath = py::module_::import("os").attr("fspath");
  std::vector<std::string> out;
  if (py::isinstance<py::str>(files) || py::hasattr(files, "__fspath__")) {
    out.push_back(fspath(files).cast<std::string>());
    return out;
  }
  for (const py::handle f : files) out.push_back(fspath(f).cast<std::string>());
  return out;
}

std::vector<PyGamePuzzle> puzzles_from_games(const py::object& files, const py::object& plies,
                                             bool trim, std::int64_t mate_nodes, int threads,
                                             double time, std::int64_t count) {
  const std::vector<std::string> paths = paths_arg(files);
  gen::GameOptions o;
  std::tie(o.min_plies, o.max_plies) = plies_arg(plies);
  if (mate_nodes < 1) throw py::value_error("mate_nodes must be at least 1");
  o.mate_nodes = static_cast<std::uint64_t>(mate_nodes);
  o.trim = trim;
  o.threads = threads_arg(threads);
  const double seconds = seconds_arg(time);
  const std::uint64_t limit = count_arg(count, "count");
  std::atomic<bool> stop{false};
  o.stop = &stop;
  return run_released(stop, [&] {
    std::vector<PyGamePuzzle> out;
    std::uint64_t written = 0;
    gen::GameScanner scanner(o);
    gen::scan_game_files(scanner, paths, seconds, &stop, [&](const gen::GameRecordResult& r) {
      for (const gen::GamePuzzle& p : r.puzzles) {
        if (limit && written >= limit) break;
        ++written;
        out.push_back(game_puzzle(p, r.file));
      }
      if (r.error) {
        PyGamePuzzle e;
        e.id = r.name;
        e.source = r.file;
        e.error = r.error->message();
        out.push_back(std::move(e));
      }
      return !(limit && written >= limit);
    });
    return out;
  });
}

std::string repr_solve(const PySolveResult& r) {
  std::string s = "SolveResult(status='" + r.status + "'";
  if (r.length) s += ", length=" + std::to_string(*r.length);
  s += std::string(", exact=") + (r.exact ? "True" : "False");
  s += ", nodes=" + std::to_string(r.nodes) + ")";
  return s;
}

}  // namespace

}  // namespace tsume::python

PYBIND11_MODULE(_tsume, m) {
  using namespace tsume;
  using namespace tsume::python;
  g_main_thread =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  m.doc() = "Tsume-shogi solver, soundness checker and problem generator (the tsume library).";
  m.attr("__version__") = TSUME_VERSION;

  py::class_<Position>(m, "Position", "A validated position (the attacker is usually to move).")
      .def_static(
          "from_sfen", &from_sfen, py::arg("sfen"), py::kw_only(), py::arg("rules") = "shogi",
          py::arg("hand_as_given") = false,
          "Reads a SFEN (or 'startpos'). An empty defender hand means all remaining pieces unless "
          "hand_as_given. Raises ValueError naming what is wrong.")
      .def_static(
          "from_kif",
          [](const py::object& text, const std::string& rules, bool hand_as_given) {
            const std::string bytes = bytes_of(text);
            const auto problem =
                value_or_raise(io::read_kif(bytes, {}, read_options(rules, hand_as_given)));
            return position_of_problem(problem, {});
          },
          py::arg("text"), py::kw_only(), py::arg("rules") = "shogi",
          py::arg("hand_as_given") = false,
          "Reads the start position of a KIF or KI2 record (str, or bytes in UTF-8 or Shift_JIS).")
      .def_static(
          "from_csa",
          [](const py::object& text, const std::string& rules, bool hand_as_given) {
            const std::string bytes = bytes_of(text);
            const auto problem =
                value_or_raise(io::read_csa(bytes, {}, read_options(rules, hand_as_given)));
            return position_of_problem(problem, {});
          },
          py::arg("text"), py::kw_only(), py::arg("rules") = "shogi",
          py::arg("hand_as_given") = false, "Reads the start position of a CSA record.")
      .def_static(
          "from_file",
          [](const std::string& path, const std::string& rules, bool hand_as_given) {
            const auto problem =
                value_or_raise(io::read_problem_file(path, read_options(rules, hand_as_given)));
            return position_of_problem(problem, path);
          },
          py::arg("path"), py::kw_only(), py::arg("rules") = "shogi",
          py::arg("hand_as_given") = false,
          "Reads a problem file (.sfen .kif .kifu .ki2 .ki2u .csa, or detected from the content).")
      .def(
          "sfen", [](const Position& p) { return io::to_sfen(p); }, "The position as SFEN.")
      .def(
          "legal_moves",
          [](const Position& p) {
            MoveList list;
            generate_legal(p, list);
            return sorted_usi(list);
          },
          "The legal moves of the side to move as USI strings, sorted.")
      .def(
          "checks",
          [](const Position& p) {
            MoveList list;
            generate_checks(p, list);
            return sorted_usi(list);
          },
          "The legal checking moves of the side to move as USI strings, sorted (`tsume checks`).")
      .def(
          "play",
          [](const Position& p, const std::string& usi) {
            Position next = p;
            next.do_move(value_or_raise(io::parse_usi_move(usi, p)));
            return next;
          },
          py::arg("move"), "The position after a legal USI move (ValueError when it is not).")
      .def(
          "japanese",
          [](const Position& p, const std::vector<std::string>& moves) {
            const std::vector<Move> line = parse_moves(p, moves);
            return japanese_moves(p, line);
          },
          py::arg("moves"), "USI moves played from here, in KI2 notation ('▲２三銀成').")
      .def("in_check", &Position::in_check, "Whether the side to move is in check.")
      .def_property_readonly(
          "side_to_move",
          [](const Position& p) { return p.side_to_move() == Color::Black ? "black" : "white"; })
      .def_property_readonly(
          "rules", [](const Position& p) { return std::string(variant_name(p.variant())); })
      .def(
          "__eq__",
          [](const Position& a, const Position& b) { return io::to_sfen(a) == io::to_sfen(b); },
          py::is_operator())
      .def("__hash__", [](const Position& p) { return py::hash(py::str(io::to_sfen(p))); })
      .def("__str__", [](const Position& p) { return io::to_sfen(p); })
      .def("__repr__", [](const Position& p) { return "Position('" + io::to_sfen(p) + "')"; });

  py::class_<PyProblem>(m, "Problem", "A problem file as read (read_problem).")
      .def_readonly("position", &PyProblem::position)
      .def_readonly("moves", &PyProblem::moves, "the moves recorded after the position, USI")
      .def_readonly("title", &PyProblem::title, "KIF 表題, CSA $EVENT, or empty")
      .def_readonly("format", &PyProblem::format, "SFEN, KIF, KI2 or CSA");
  m.def("read_problem", &tsume::python::read_problem, py::arg("path"), py::kw_only(),
        py::arg("rules") = "shogi", py::arg("hand_as_given") = false,
        "Reads a problem file with its recorded moves (the composer's line for check's "
        "`intended`). Raises ValueError naming the file, line and reason.");

  py::class_<StopFlag>(m, "StopFlag", "Stops the searches it is given to, from any thread.")
      .def(py::init<>())
      .def("set", &StopFlag::set)
      .def("clear", &StopFlag::clear)
      .def("is_set", &StopFlag::is_set);

  py::class_<PySolveResult>(m, "SolveResult",
                            "The answer of `solve` (the fields of `tsume solve`).")
      .def_readonly("sfen", &PySolveResult::sfen)
      .def_readonly("rules", &PySolveResult::rules)
      .def_readonly("status", &PySolveResult::status, "mate, no_mate, unknown or error")
      .def_readonly("length", &PySolveResult::length,
                    "plies when status is mate (exact, or an upper bound when not exact)")
      .def_readonly("exact", &PySolveResult::exact,
                    "the exact length and the main line were established")
      .def_readonly("length_min", &PySolveResult::length_min,
                    "with answer='exact', when mate: no mate is shorter (equal to length once "
                    "the length is settled, even where a limit stopped the main line)")
      .def_readonly("first", &PySolveResult::first, "solved with answer='first'")
      .def_readonly("pv", &PySolveResult::pv, "the main line (or a line of the mate), USI moves")
      .def_readonly("pv_japanese", &PySolveResult::pv_japanese, "the same line in KI2 notation")
      .def_readonly("nodes", &PySolveResult::nodes)
      .def_readonly("time", &PySolveResult::time, "seconds")
      .def_readonly("limit", &PySolveResult::limit,
                    "what stopped an unfinished search: 'nodes', 'time' or 'certify-nodes'")
      .def_readonly("error", &PySolveResult::error)
      .def_readwrite("id", &PySolveResult::id)
      .def_readwrite("index", &PySolveResult::index)
      .def(
          "to_dict",
          [](const PySolveResult& r) {
            py::dict d;
            d["id"] = r.id;
            d["sfen"] = r.sfen;
            if (r.rules != "shogi") d["rules"] = r.rules;
            d["status"] = r.status;
            d["length"] = r.length;
            d["length_exact"] = r.exact;
            std::string pv;
            for (const auto& move : r.pv) pv += (pv.empty() ? "" : " ") + move;
            d["pv"] = pv;
            d["limit"] = r.limit;
            d["length_min"] = r.length_min;
            d["nodes"] = r.nodes;
            d["time_ms"] = static_cast<std::uint64_t>(r.time * 1000.0 + 0.5);
            d["error"] = r.error;
            return d;
          },
          "The fields of a `tsume solve --format jsonl` record (pv as one string).")
      .def("__repr__", &repr_solve);

  m.def(
      "_error_result",
      [](const std::string& message, const std::string& sfen) {
        PySolveResult r;
        r.status = "error";
        r.error = message;
        r.sfen = sfen;
        return r;
      },
      py::arg("message"), py::arg("sfen") = "", "solve_many's result for an unreadable input.");

  py::class_<PySolver>(m, "Solver",
                       "A solver with its own table, for many problems in turn (one at a time).")
      .def(py::init<std::int64_t, int>(), py::kw_only(), py::arg("hash_mb") = 128,
           py::arg("threads") = 1)
      .def("solve", &PySolver::solve, py::arg("position"), py::kw_only(), py::arg("nodes") = 0,
           py::arg("time") = 0.0, py::arg("answer") = "exact", py::arg("count_futile") = false,
           py::arg("certify_nodes") = 0, py::arg("stop") = nullptr, py::arg("rules") = "shogi",
           "Solves a Position (or a SFEN); see tsume.solve.")
      .def_property_readonly("threads", &PySolver::threads)
      .def_property_readonly("hash_bytes", &PySolver::hash_bytes);

  m.def(
      "solve",
      [](const py::object& position, std::int64_t nodes, double time, int threads,
         std::int64_t hash_mb, const std::string& answer, bool count_futile,
         std::int64_t certify_nodes, const std::string& rules) {
        PySolver solver(hash_mb, threads);
        return solver.solve(position, nodes, time, answer, count_futile, certify_nodes, nullptr,
                            rules);
      },
      py::arg("position"), py::kw_only(), py::arg("nodes") = 0, py::arg("time") = 0.0,
      py::arg("threads") = 1, py::arg("hash_mb") = 128, py::arg("answer") = "exact",
      py::arg("count_futile") = false, py::arg("certify_nodes") = 0, py::arg("rules") = "shogi",
      "Solves a tsume problem like `tsume solve`: mate or no mate, the exact length (futile "
      "interpositions not counted unless count_futile) and the main line. nodes/time limit the "
      "search (0: none); threads 0 means all hardware threads; answer='first' stops at the first "
      "mate proven (its length an upper bound).");

  py::class_<PyFinding>(m, "Finding", "Evidence about a node of the main line (tsume check).")
      .def_readonly("kind", &PyFinding::kind)
      .def_readonly("ply", &PyFinding::ply, "the node: the position after `ply` main-line moves")
      .def_readonly("move", &PyFinding::move, "the main line's move there")
      .def_readonly("alternative", &PyFinding::alternative)
      .def_readonly("length", &PyFinding::length)
      .def_readonly("line", &PyFinding::line)
      .def_readonly("nodes", &PyFinding::nodes)
      .def_readonly("note", &PyFinding::note)
      .def("__repr__", [](const PyFinding& f) {
        return "Finding(kind='" + f.kind + "', ply=" + std::to_string(f.ply) + ")";
      });

  py::class_<PyPieceTest>(m, "PieceTest", "The unnecessary-piece test of one piece.")
      .def_readonly("piece", &PyPieceTest::piece)
      .def_readonly("square", &PyPieceTest::square, "USI square, or 'hand'")
      .def_readonly("result", &PyPieceTest::result)
      .def_readonly("nodes", &PyPieceTest::nodes)
      .def_readonly("note", &PyPieceTest::note)
      .def_readonly("flaws_without", &PyPieceTest::flaws_without);

  py::class_<PyCheckResult>(m, "CheckResult", "The verdict of `check` with its evidence.")
      .def_readonly("sfen", &PyCheckResult::sfen)
      .def_readonly("verdict", &PyCheckResult::verdict)
      .def_readonly("reason", &PyCheckResult::reason)
      .def_readonly("length", &PyCheckResult::length)
      .def_readonly("length_upper", &PyCheckResult::length_upper)
      .def_readonly("pv", &PyCheckResult::pv)
      .def_readonly("pv_japanese", &PyCheckResult::pv_japanese)
      .def_readonly("cooks", &PyCheckResult::cooks)
      .def_readonly("flaws", &PyCheckResult::flaws)
      .def_readonly("undecided", &PyCheckResult::undecided)
      .def_readonly("unnecessary", &PyCheckResult::unnecessary)
      .def_readonly("pieces_undecided", &PyCheckResult::pieces_undecided)
      .def_readonly("pieces_necessary", &PyCheckResult::pieces_necessary)
      .def_readonly("intended_is_main", &PyCheckResult::intended_is_main)
      .def_readonly("intended_diverges_at", &PyCheckResult::intended_diverges_at)
      .def_readonly("intended_note", &PyCheckResult::intended_note)
      .def_readonly("alternatives", &PyCheckResult::alternatives)
      .def_readonly("disproved", &PyCheckResult::disproved)
      .def_readonly("nodes", &PyCheckResult::nodes)
      .def_readonly("time", &PyCheckResult::time)
      .def("__repr__", [](const PyCheckResult& r) {
        return "CheckResult(verdict='" + r.verdict + "', reason='" + r.reason + "')";
      });

  m.def("check", &tsume::python::check, py::arg("position"), py::kw_only(),
        py::arg("intended") = py::none(), py::arg("nodes") = 0, py::arg("time") = 0.0,
        py::arg("step_nodes") = 2'000'000, py::arg("hash_mb") = 128, py::arg("realistic") = false,
        py::arg("pieces") = true, py::arg("rules") = "shogi",
        "Checks a problem for soundness like `tsume check`: the verdict (SOUND, SOUND_WITH_FLAWS, "
        "COOKED, ...), the reason and the evidence. `intended` is the composer's line (USI).");

  py::class_<PyGenerated>(m, "Generated", "A problem made by `generate` (the fields of its jsonl).")
      .def_readonly("id", &PyGenerated::id)
      .def_readonly("position", &PyGenerated::position)
      .def_readonly("sfen", &PyGenerated::sfen)
      .def_readonly("rules", &PyGenerated::rules)
      .def_readonly("length", &PyGenerated::length)
      .def_readonly("pv", &PyGenerated::pv)
      .def_readonly("pv_japanese", &PyGenerated::pv_japanese)
      .def_readonly("verdict", &PyGenerated::verdict)
      .def_readonly("flaws", &PyGenerated::flaws)
      .def_readonly("themes", &PyGenerated::themes)
      .def_readonly("difficulty", &PyGenerated::difficulty, "1-10 from solver nodes")
      .def_readonly("seed", &PyGenerated::seed)
      .def_readonly("candidate", &PyGenerated::candidate)
      .def_readonly("mode", &PyGenerated::mode)
      .def_readonly("pieces", &PyGenerated::pieces)
      .def_readonly("nodes", &PyGenerated::nodes)
      .def("__repr__", [](const PyGenerated& g) {
        return "Generated(id='" + g.id + "', length=" + std::to_string(g.length) + ")";
      });

  py::class_<GenerateIterator>(m, "GenerateIterator", "Problems as the generator finds them.")
      .def("__iter__", [](GenerateIterator& it) -> GenerateIterator& { return it; })
      .def("__next__", &GenerateIterator::next)
      .def("close", &GenerateIterator::close, "Stops the run.")
      .def("__enter__", [](GenerateIterator& it) -> GenerateIterator& { return it; })
      .def("__exit__", [](GenerateIterator& it, const py::args&) { it.close(); });

  py::class_<PyGamePuzzle>(m, "GamePuzzle",
                           "A puzzle found in a game record by `puzzles_from_games` (the fields "
                           "of a `tsume generate --from-games` jsonl record), or an error record.")
      .def_readonly("id", &PyGamePuzzle::id)
      .def_readonly("position", &PyGamePuzzle::position)
      .def_readonly("sfen", &PyGamePuzzle::sfen)
      .def_readonly("length", &PyGamePuzzle::length)
      .def_readonly("pv", &PyGamePuzzle::pv)
      .def_readonly("pv_japanese", &PyGamePuzzle::pv_japanese)
      .def_readonly("verdict", &PyGamePuzzle::verdict)
      .def_readonly("flaws", &PyGamePuzzle::flaws)
      .def_readonly("cooks", &PyGamePuzzle::cooks)
      .def_readonly("themes", &PyGamePuzzle::themes)
      .def_readonly("difficulty", &PyGamePuzzle::difficulty, "1-10 from solver nodes")
      .def_readonly("pieces", &PyGamePuzzle::pieces)
      .def_readonly("nodes", &PyGamePuzzle::nodes)
      .def_readonly("source", &PyGamePuzzle::source, "the file as given")
      .def_readonly("move", &PyGamePuzzle::move, "the position after this many moves")
      .def_readonly("variation", &PyGamePuzzle::variation,
                    "0 on the main line; k on the record's k-th variation")
      .def_readonly("variation_move", &PyGamePuzzle::variation_move,
                    "that variation's N in 変化：N手 (0 on the main line)")
      .def_readonly("game_move", &PyGamePuzzle::game_move,
                    "the move the record plays there (USI; None at the end of its line)")
      .def_readonly("trimmed", &PyGamePuzzle::trimmed)
      .def_readonly("error", &PyGamePuzzle::error,
                    "the reading error of a damaged record (then only id and source are set)")
      .def("__repr__", [](const PyGamePuzzle& p) {
        if (p.error) return "GamePuzzle(id='" + p.id + "', error='" + *p.error + "')";
        return "GamePuzzle(id='" + p.id + "', length=" + std::to_string(p.length) + ")";
      });

  m.def("puzzles_from_games", &tsume::python::puzzles_from_games, py::arg("files"), py::kw_only(),
        py::arg("plies") = std::make_pair(3, 9), py::arg("trim") = false,
        py::arg("mate_nodes") = 20'000, py::arg("threads") = 1, py::arg("time") = 0.0,
        py::arg("count") = 0,
        "The practical mates of game records like `tsume generate --from-games`: every position "
        "of the records (KIF, KI2, CSA; their variations too) where the side to move mates with "
        "an exact length in plies, in file order; a damaged record adds an error record after "
        "the puzzles before the damage. files: a path or a list of paths. count (0: all) and "
        "time stop the run between records. The result does not depend on threads.");

  m.def("generate", &tsume::python::generate, py::kw_only(), py::arg("count") = 10,
        py::arg("plies") = std::make_pair(5, 9), py::arg("mode") = "composition",
        py::arg("seed") = 1, py::arg("threads") = 1, py::arg("rules") = "shogi",
        py::arg("time") = 0.0, py::arg("max_candidates") = 0, py::arg("method") = "random",
        py::arg("seed_plies") = std::make_pair(5, 9), py::arg("chains") = 1,
        py::arg("chain_nodes") = 0, py::arg("all_extensions") = false, py::arg("per_idea") = 0,
        "Generates sound problems like `tsume generate` and yields each as it is found (the "
        "output depends only on seed and the budgets, not on threads). method='reverse' "
        "lengthens seed problems of seed_plies two plies at a time (`--method reverse`, with "
        "--chains, --chain-nodes and --all-extensions as chains, chain_nodes, all_extensions). "
        "per_idea: at most that many problems per idea, their ending (`--per-idea`; 0: no "
        "limit).");
}
