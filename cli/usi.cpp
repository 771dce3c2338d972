// `tsume usi`: the USI protocol's mate search (詰将棋エンジン), as shogi GUIs (ShogiGUI,
// Shogidokoro, ShogiHome) speak it: `usi`, `isready`, `setoption`, `usinewgame`, `position`,
// `go mate <ms>|infinite`, `stop`, `quit`; answered by `checkmate <moves>`, `checkmate nomate`
// or `checkmate timeout`.
//
// Commands are read line by line from standard input on the main thread; a search runs on its
// own thread and is stopped through the solver's cooperative stop flag. Every line written is
// flushed at once, under one mutex, so that the two threads never interleave.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <iostream>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli/batch.h"
#include "cli/command.h"
#include "solver/answer/solve.h"
#include "solver/core/movegen.h"
#include "solver/io/sfen.h"
#include "solver/io/text.h"
#include "tsume_version.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume usi",
    "Speaks the USI protocol on standard input and output as a mate engine (詰将棋エンジン), for\n"
    "shogi GUIs and scripts. Register the binary in the GUI with the argument 'usi'.\n"
    "\n"
    "Commands: usi, isready, setoption name <N> value <V>, usinewgame, position sfen <SFEN>\n"
    "[moves ...], position startpos [moves ...], go mate <ms>|infinite, stop, quit (gameover and\n"
    "ponderhit are accepted and ignored). The side to move after the moves is the attacker; both\n"
    "hands are taken as given (option RestToDefender gives an empty defender hand all remaining\n"
    "pieces, 残り全部). Answers: 'checkmate <USI moves>' (the main line: shortest attack,\n"
    "longest defence, futile interpositions not counted), 'checkmate nomate' (no mate exists),\n"
    "'checkmate timeout' (the time or node limit ran out, or stop came, before any mate was\n"
    "proven), each after one 'info time <ms> nodes <n> nps <n> [pv ...]' line. As soon as a first\n"
    "mate is proven its line is shown ('info ... score mate <plies> pv ...', with 'info string'\n"
    "saying it is not proven shortest); with option Answer exact (the default) the search goes on\n"
    "to the exact answer, showing in the same way each shorter mate it proves on the way whose\n"
    "line is shorter than the last shown, and if the time runs out first the answer is the line\n"
    "of the shortest mate known;\n"
    "with Answer first it answers with that line at once. 'go' without 'mate' is\n"
    "answered 'bestmove resign'. Unknown or malformed commands are answered with 'info string "
    "...'\n"
    "and otherwise ignored. At the end of the input a search with a limit is finished, an\n"
    "infinite one stopped.\n"
    "\n"
    "Options: USI_Hash (MB, the solver's table), Threads (workers of the parallel search; the\n"
    "answer does not depend on it), NodeLimit (nodes per search, 0: none), CountFutile (count "
    "every\n"
    "interposition, game-style), Answer (exact or first), RestToDefender, Rules (shogi or sho: sho "
    "shogi positions, with\n"
    "the drunk elephant E and the crown prince +E; startpos is then sho's start).",
    "tsume usi\n"
    "printf 'position sfen 3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1\\ngo mate 1000\\n' | "
    "tsume usi",
};

constexpr std::size_t kMaxHashMb = std::size_t{1} << 20;
constexpr std::int64_t kMaxNodeLimit = 2'000'000'000'000;

// The words of a command line, split at ASCII blanks.
std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::istringstream in{std::string(line)};
  for (std::string w; in >> w;) words.push_back(std::move(w));
  return words;
}

// The words [from, to) joined by single spaces.
std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < words.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += words[i];
  }
  return out;
}

std::optional<std::int64_t> parse_integer(const std::string& text) {
  try {
    std::size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used != text.size()) return std::nullopt;
    return v;
  } catch (const std::exception&) {  // std::invalid_argument, std::out_of_range
    return std::nullopt;
  }
}

std::optional<bool> parse_check(const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  return std::nullopt;
}

// The position after `position sfen ... [moves ...]` or `position startpos [moves ...]`, or the
// reason it cannot be set up.
io::Expected<Position> parse_position_command(const std::vector<std::string>& words,
                                              io::DefenderHand hand, Variant variant) {
  std::size_t moves_at = words.size();
  for (std::size_t i = 1; i < words.size(); ++i)
    if (words[i] == "moves") {
      moves_at = i;
      break;
    }
  std::string sfen;
  if (words.size() >= 2 && words[1] == "startpos" && moves_at <= 2) {
    sfen = io::start_sfen(variant);
  } else if (words.size() >= 2 && words[1] == "sfen") {
    sfen = join(words, 2, moves_at);
  } else {
    return io::ParseError{{},
                          0,
                          "expected 'position sfen <SFEN> [moves ...]' or 'position "
                          "startpos [moves ...]'"};
  }
  // Game positions may lack kings on either side until the moves are played; the defender's
  // king is checked on the final position.
  auto start = io::read_position(sfen, hand, {}, 0, KingRule::Any, variant);
  if (!start) return start.error();
  Position pos = *start;
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    auto m = io::parse_usi_move(words[i], pos);
    if (!m)
      return io::ParseError{{},
                            0,
                            "move " + std::to_string(i - moves_at) + " '" + words[i] +
                                "': " + m.error().reason};
    pos.do_move(*m);
  }
  if (pos.king_square(~pos.side_to_move()) == Square::None)
    return io::ParseError{{}, 0, "the side not to move (the defender) has no king"};
  return pos;
}

// The engine: a reader (run(), the caller's thread) and one search thread. Every `go mate` is
// queued and answered in the order it came, each with the position and options current when it
// was read; `stop` ends the running search only; `isready` is answered at once. The solver is
// touched only by the search thread, or by the reader while no search is running or queued
// (under mutex_), so options set during a search never race with it.
class UsiEngine {
public:
  UsiEngine(std::istream& in, std::ostream& out)
      : in_(in), out_(out), solver_(kDefaultHashMb, default_threads()) {
    worker_ = std::thread([this] { work(); });
  }
  UsiEngine(const UsiEngine&) = delete;
  UsiEngine& operator=(const UsiEngine&) = delete;
  ~UsiEngine() { shut_down(/*drop_queue=*/true); }

  // Reads commands until `quit` or the end of the input.
  void run() {
    for (std::string line; std::getline(in_, line);) {
      if (!handle(io::trim(line))) return;
    }
    // The end of the input: searches with a limit finish and answer; an infinite one could
    // never be stopped any more, so it ends at once (answered `checkmate timeout`).
    shut_down(/*drop_queue=*/false);
  }

private:
  // One `go mate`, with everything fixed when it was read.
  struct Request {
    std::optional<Position> position;
    std::string error;  // not empty: answered `info string <error>` and `checkmate timeout`
    SearchLimits limits;
    SolveOptions options;
    std::size_t hash_mb = kDefaultHashMb;
    int threads = 1;
  };

  // Writes one line and flushes it; safe from both threads.
  void say(std::string_view line) {
    const std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << '\n' << std::flush;
  }

  // Handles one command; false after `quit`.
  bool handle(std::string_view line) {
    const std::vector<std::string> words = words_of(line);
    if (words.empty()) return true;
    const std::string& command = words.front();
    if (command == "usi") {
      identify();
    } else if (command == "isready") {
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (!busy_ && queue_.empty()) apply_table(hash_mb_);  // the allocation happens now
      }
      say("readyok");
    } else if (command == "setoption") {
      set_option(words);
    } else if (command == "usinewgame" || command == "gameover" || command == "ponderhit") {
      // Nothing to do: every search starts from a cleared table.
    } else if (command == "position") {
      set_position(words);
    } else if (command == "go") {
      go(words);
    } else if (command == "stop") {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (busy_) stop_.store(true);
    } else if (command == "quit") {
      shut_down(/*drop_queue=*/true);
      return false;
    } else {
      say("info string unknown command " + io::quote_prefix(line, 60));
    }
    return true;
  }

  void identify() {
    say("id name tsume " TSUME_VERSION);
    say("id author the tsume developers");
    say("option name USI_Hash type spin default " + std::to_string(kDefaultHashMb) + " min 1 max " +
        std::to_string(kMaxHashMb));
    say("option name Threads type spin default " + std::to_string(default_threads()) +
        " min 1 max 256");
    say("option name NodeLimit type spin default 0 min 0 max " + std::to_string(kMaxNodeLimit));
    say("option name CountFutile type check default false");
    say("option name Answer type combo default exact var exact var first");
    say("option name RestToDefender type check default false");
    say("option name Rules type combo default shogi var shogi var sho");
    say("usiok");
  }

  // `setoption name <name> [value <value>]`.
  void set_option(const std::vector<std::string>& words) {
    std::size_t value_at = words.size();
    for (std::size_t i = 2; i < words.size(); ++i)
      if (words[i] == "value") {
        value_at = i;
        break;
      }
    if (words.size() < 3 || words[1] != "name") {
      say("info string expected 'setoption name <name> value <value>'");
      return;
    }
    const std::string name = join(words, 2, value_at);
    const std::string value = join(words, value_at + 1, words.size());
    const auto bad_value = [&] {
      say("info string invalid value '" + value + "' for option " + name);
    };
    if (name == "USI_Hash" || name == "Hash") {
      const auto mb = parse_integer(value);
      if (!mb || *mb < 1 || *mb > static_cast<std::int64_t>(kMaxHashMb)) return bad_value();
      hash_mb_ = static_cast<std::size_t>(*mb);  // allocated at the next isready or go
    } else if (name == "Threads") {
      const auto n = parse_integer(value);
      if (!n || *n < 1) return bad_value();
      if (*n > 256) return bad_value();
      threads_ = static_cast<int>(*n);  // used from the next `go`
    } else if (name == "NodeLimit") {
      const auto n = parse_integer(value);
      if (!n || *n < 0 || *n > kMaxNodeLimit) return bad_value();
      node_limit_ = static_cast<std::uint64_t>(*n);
    } else if (name == "CountFutile") {
      const auto b = parse_check(value);
      if (!b) return bad_value();
      count_futile_ = *b;
    } else if (name == "Answer") {
      if (value == "exact") {
        answer_ = AnswerMode::Exact;
      } else if (value == "first") {
        answer_ = AnswerMode::First;
      } else {
        return bad_value();
      }
    } else if (name == "RestToDefender") {
      const auto b = parse_check(value);
      if (!b) return bad_value();
      rest_to_defender_ = *b;
    } else if (name == "Rules") {
      const auto v = parse_variant(value);
      if (!v) return bad_value();
      variant_ = *v;
    } else if (!name.starts_with("USI_")) {  // USI_Ponder and the like need no answer
      say("info string unknown option " + name);
    }
  }

  // Gives the solver a table of `mb` megabytes, or the largest half, quarter, ... of it that can
  // be allocated (said in an `info string`). A table of the size asked for has its memory
  // mapped at once: at `isready`, where a GUI waits for the allocation, its page faults are not
  // left to the first `go`; a smaller one, at the edge of what the kernel grants, is mapped
  // only as searches use it. Called with no search running.
  void apply_table(std::size_t mb) {
    if (mb == applied_hash_mb_) return;
    for (std::size_t size = mb;; size = std::max<std::size_t>(size / 2, 1)) {
      try {
        solver_.set_hash_size(size);
        if (size == mb) solver_.fault_in_table();
        applied_hash_mb_ = size;
        if (size != mb)
          say("info string USI_Hash " + std::to_string(mb) +
              " MB could not be allocated; the "
              "table has " +
              std::to_string(size) + " MB");
        return;
      } catch (const std::bad_alloc&) {
        if (size == 1) throw;
      }
    }
  }

  void set_position(const std::vector<std::string>& words) {
    auto pos = parse_position_command(
        words, rest_to_defender_ ? io::DefenderHand::RestIfEmpty : io::DefenderHand::AsGiven,
        variant_);
    if (!pos) {
      position_.reset();
      say("info string invalid position: " + pos.error().message());
      return;
    }
    position_ = *pos;
  }

  // `go mate <ms>|infinite`; any other `go` is a game search, which this engine does not do.
  void go(const std::vector<std::string>& words) {
    if (words.size() < 2 || words[1] != "mate") {
      say("info string tsume only answers 'go mate'");
      say("bestmove resign");
      return;
    }
    Request r;
    double seconds = 0;
    if (words.size() >= 3 && words[2] != "infinite") {
      const auto ms = parse_integer(words[2]);
      if (!ms || *ms < 0) {
        r.error = "expected 'go mate <milliseconds>' or 'go mate infinite'";
      } else {
        seconds = static_cast<double>(*ms) / 1000.0;
        if (*ms == 0) seconds = 1e-9;  // no time at all, not "no limit"
      }
    }
    if (r.error.empty() && !position_) r.error = "no valid position: send 'position' first";
    r.position = position_;
    r.limits = SearchLimits{node_limit_, seconds, &stop_};
    r.limits.progress = &progress_;
    r.options = SolveOptions{.exclude_futile = !count_futile_, .answer = answer_};
    r.hash_mb = hash_mb_;
    r.threads = threads_;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(std::move(r));
    }
    wake_.notify_one();
  }

  // The search thread: answers the queued requests in order until shut_down().
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing, nothing left
      Request r = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
      current_is_finite_ = r.limits.max_seconds > 0 || r.limits.max_nodes > 0;
      // After the end of the input nobody can send `stop`: an infinite search ends at once.
      stop_.store(closing_ && !current_is_finite_);
      lock.unlock();
      answer(r);
      lock.lock();
      busy_ = false;
    }
  }

  void answer(const Request& r) {
    if (!r.error.empty()) {
      say("info string " + r.error);
      say("checkmate timeout");  // no claim about a position that was never read
      return;
    }
    apply_table(r.hash_mb);
    solver_.set_threads(r.threads);
    progress_.store(0);
    search(*r.position, r.limits, r.options);
  }

  // Ends the search thread. drop_queue (`quit`): queued requests are dropped and the running
  // search stopped; otherwise (the end of the input) queued requests are answered first.
  void shut_down(bool drop_queue) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      closing_ = true;
      if (drop_queue) {
        queue_.clear();
        stop_.store(true);
      } else if (busy_ && !current_is_finite_) {
        stop_.store(true);
      }
    }
    wake_.notify_one();
    if (worker_.joinable()) worker_.join();
  }

  // True when `line` is legal from `start` and ends in mate (the defender has no legal move).
  static bool ends_in_mate(const Position& start, const std::vector<Move>& line) {
    if (line.empty() || line.size() % 2 == 0) return false;
    Position pos = start;
    for (Move m : line) {
      MoveList legal;
      generate_legal(pos, legal);
      if (!legal.contains(m)) return false;
      pos.do_move(m);
    }
    MoveList replies;
    generate_legal(pos, replies);
    return pos.in_check() && replies.empty();
  }

  // The search thread: solve, then answer. While it searches, a reporter thread prints
  // `info time <ms> nodes <n> nps <n>` once a second.
  void search(const Position& pos, const SearchLimits& limits, const SolveOptions& options) {
    std::atomic<bool> done{false};
    std::thread reporter([this, &done] {
      const auto start = std::chrono::steady_clock::now();
      auto next = start + std::chrono::seconds(1);
      while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const auto now = std::chrono::steady_clock::now();
        if (now < next || done.load()) continue;
        next += std::chrono::seconds(1);
        const auto ms = static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(now - start).count());
        const std::uint64_t nodes = progress_.load(std::memory_order_relaxed);
        say("info time " + std::to_string(ms) + " nodes " + std::to_string(nodes) + " nps " +
            std::to_string(ms > 0 ? nodes * 1000 / ms : 0));
      }
    });
    // The first mate proven is shown at once, then each shorter mate the length search proves on
    // the way when its line is shorter than the last one shown (a line may hold futile
    // interpositions, which its length does not count); the exact answer (if asked for) follows.
    std::size_t shown_plies = 0;  // the plies of the last line shown (0: none yet)
    const auto show = [this, &pos, &shown_plies](const SolveResult& m, const char* what,
                                                 bool looking) {
      if (shown_plies != 0 && m.pv.size() >= shown_plies) return;
      if (!ends_in_mate(pos, m.pv)) return;
      shown_plies = m.pv.size();
      const auto ms = static_cast<std::uint64_t>(m.seconds * 1000.0);
      say("info time " + std::to_string(ms) + " nodes " + std::to_string(m.nodes) + " score mate " +
          std::to_string(m.pv.size()) + " pv " + usi_line(m.pv));
      if (looking)
        say("info string " + std::string(what) + " (" + std::to_string(m.pv.size()) +
            (m.pv.size() == 1 ? " ply" : " plies") + "); looking for the exact answer");
    };
    solver_.on_first_mate([&show, &options](const SolveResult& first) {
      show(first, "first mate found", options.answer == AnswerMode::Exact);
    });
    solver_.on_shorter_mate(
        [&show](const SolveResult& shorter) { show(shorter, "a shorter mate found", true); });
    const SolveResult r = solver_.solve(pos, limits, options);
    solver_.on_first_mate(nullptr);
    solver_.on_shorter_mate(nullptr);
    done.store(true);
    reporter.join();
    const auto ms = static_cast<std::uint64_t>(r.seconds * 1000.0);
    const auto nps =
        r.seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(r.nodes) / r.seconds) : 0;
    // The line may hold more moves than the length (futile interpositions are not counted).
    const bool exact = r.status == SolveStatus::Mate && r.length_exact;
    // Without the exact length, a line of the proof found is still a mate for the GUI to show
    // (as other mate engines answer when time runs out), said to be unproven shortest.
    const bool found = r.status == SolveStatus::Mate && !exact && ends_in_mate(pos, r.pv);
    const bool mate = exact || found;
    const std::string moves = usi_line(r.pv);
    std::string info = "info time " + std::to_string(ms) + " nodes " + std::to_string(r.nodes) +
                       " nps " + std::to_string(nps);
    if (mate && !moves.empty()) info += " pv " + moves;
    std::string answer;
    if (mate) {
      answer = "checkmate " + moves;
    } else if (r.status == SolveStatus::NoMate) {
      answer = "checkmate nomate";
    } else {
      if (r.status == SolveStatus::Mate)
        say("info string a mate in at most " + std::to_string(r.length) +
            " plies was found; its exact length was not proven before the limit");
      answer = "checkmate timeout";
    }
    if (found && options.answer == AnswerMode::First)
      say("info string a mate in " + std::to_string(r.pv.size()) +
          " plies (the first mate found, not proven shortest)");
    else if (found)
      say("info string a mate in " + std::to_string(r.pv.size()) +
          " plies (the line of the proof found); the shortest mate was not proven before the "
          "limit");
    say(info);
    say(answer);
  }

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  Solver solver_;
  std::atomic<std::uint64_t> progress_{0};  // nodes of the current search, for `info`
  // Options as set by the reader; a request takes their values when its `go` is read.
  std::size_t hash_mb_ = kDefaultHashMb;
  int threads_ = default_threads();
  std::uint64_t node_limit_ = 0;
  bool count_futile_ = false;
  AnswerMode answer_ = AnswerMode::Exact;
  bool rest_to_defender_ = false;
  Variant variant_ = Variant::Shogi;  // option Rules
  std::optional<Position> position_;
  std::size_t applied_hash_mb_ = kDefaultHashMb;  // the table's size now (the solver's owner)
  // The queue, guarded by mutex_.
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Request> queue_;
  bool busy_ = false;               // a request is being answered
  bool current_is_finite_ = false;  // its search has a time or node limit
  bool closing_ = false;            // quit or the end of the input
  std::atomic<bool> stop_{false};
  std::thread worker_;  // last: started once every member above is ready
};

}  // namespace

int usi_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  const auto vm = parse_options(ctx, options, kHelp);
  if (!vm) return kExitOk;
  UsiEngine engine(std::cin, ctx.out);
  engine.run();
  return kExitOk;
}

}  // namespace tsume::cli
