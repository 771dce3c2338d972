#include "generator/from_games.h"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include "batch/pool.h"
#include "generator/dedup.h"
#include "generator/themes.h"
#include "solver/search/shogi_rules.h"

namespace tsume::gen {

GameStats& GameStats::operator+=(const GameStats& o) {
  games += o.games;
  errors += o.errors;
  positions += o.positions;
  mates += o.mates;
  continuations += o.continuations;
  duplicates += o.duplicates;
  puzzles += o.puzzles;
  nodes += o.nodes;
  return *this;
}

BoardSetup game_position(const io::Problem& game, std::size_t moves) {
  Position pos;
  pos.set(game.setup, KingRule::Any);
  for (std::size_t i = 0; i < moves && i < game.moves.size(); ++i) pos.do_move(game.moves[i]);
  BoardSetup setup = pos.setup();
  give_rest_to(setup, ~setup.side_to_move);
  return setup;
}

namespace {

// The exact mate length of `pos` when it is in [min, max] within `nodes` (a bounded search for a
// mate within max first: most game positions have none), else -1.
struct Found {
  Plies length = -1;
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
};

Found exact_mate(Position& pos, Plies min, Plies max, std::uint64_t nodes, Workspace& w,
                 const std::atomic<bool>* stop) {
  Found f;
  if (!mates_within(w.filter, pos, max, nodes, stop, &f.nodes)) return f;
  const SolveResult r = w.solver.solve(pos, SearchLimits{nodes, 0, stop});
  f.nodes += r.nodes;
  if (r.status != SolveStatus::Mate || !r.length_exact || r.length < min || r.length > max)
    return f;
  f.length = r.length;
  f.pv = r.pv;
  return f;
}

// Board pieces other than the kings, plus the attacker's hand pieces (piece_count for either side
// to move).
int attacking_pieces(const BoardSetup& setup) {
  int n = 0;
  for (Piece p : setup.board)
    if (p != Piece::None && type_of(p) != PieceType::King) ++n;
  for (int k = index_of(PieceType::Pawn); k <= index_of(PieceType::Gold); ++k)
    n += setup.hand(setup.side_to_move).count(static_cast<PieceType>(k));
  return n;
}

}  // namespace

BoardSetup trim_position(const BoardSetup& setup, Plies length, const std::vector<Move>& pv,
                         std::uint64_t nodes, Solver& solver, int* removed, std::uint64_t* spent) {
  int count = 0;
  BoardSetup current = setup;
  const auto keeps_mate = [&](const BoardSetup& smaller) {
    Position pos;
    if (!pos.set(smaller, KingRule::Any).empty()) return false;
    if (!replay_mate(pos, pv).empty()) return false;
    const SolveResult r = solver.solve(pos, SearchLimits{nodes, 0, nullptr});
    if (spent) *spent += r.nodes;
    return r.status == SolveStatus::Mate && r.length_exact && r.length == length;
  };
  // The checker's removals of the current position, one at a time: a board piece by its square,
  // then each kind of the attacker's hand as long as one can go.
  const auto removal_of = [&](Square sq, Piece hand_piece) -> std::optional<BoardSetup> {
    Position pos;
    if (!pos.set(current, KingRule::Any).empty()) return std::nullopt;
    for (const ShogiRules::Removal& r : ShogiRules::removals(pos, true))
      if (r.square == sq && (sq != Square::None || r.piece == hand_piece)) return r.setup;
    return std::nullopt;
  };
  for (int i = 0; i < kSquareCount; ++i) {
    const Square sq = square_at(i);
    if (current.board[i] == Piece::None) continue;
    if (const auto smaller = removal_of(sq, Piece::None); smaller && keeps_mate(*smaller)) {
      current = *smaller;
      ++count;
    }
  }
  const Color attacker = current.side_to_move;
  for (int k = index_of(PieceType::Pawn); k <= index_of(PieceType::Gold); ++k) {
    const Piece p = make_piece(attacker, static_cast<PieceType>(k));
    while (current.hand(attacker).has(type_of(p))) {
      const auto smaller = removal_of(Square::None, p);
      if (!smaller || !keeps_mate(*smaller)) break;
      current = *smaller;
      ++count;
    }
  }
  // The attacker's king leaves the game (the classic tsume has none) when the mate stays.
  for (int i = 0; i < kSquareCount; ++i) {
    if (current.board[i] != make_piece(attacker, PieceType::King)) continue;
    BoardSetup smaller = current;
    smaller.board[i] = Piece::None;
    if (keeps_mate(smaller)) {
      current = smaller;
      ++count;
    }
  }
  if (removed) *removed = count;
  return current;
}

struct GameScanner::Impl {
  explicit Impl(const GameOptions& o)
      : pool(o.pool ? *o.pool : own_pool.emplace(std::max(1, o.threads))) {}
  std::optional<batch::Pool> own_pool;  // when the caller gives none
  batch::Pool& pool;
  tbb::enumerable_thread_specific<std::unique_ptr<Workspace>> workspaces;
  std::set<std::string> seen;  // position keys of the puzzles written

  Workspace& local(std::size_t hash_megabytes) {
    std::unique_ptr<Workspace>& w = workspaces.local();
    if (!w) w = std::make_unique<Workspace>(hash_megabytes);
    return *w;
  }
};

GameScanner::GameScanner(const GameOptions& options)
    : options_(options), impl_(std::make_unique<Impl>(options)) {}

GameScanner::~GameScanner() = default;

namespace {

// One position of a record to search: on the main line or on one of its 変化 variations.
struct Entry {
  BoardSetup setup;
  std::size_t move = 0;           // moves played from the record's start
  std::optional<Move> next;       // the move the record plays there (none at a line's end)
  std::size_t variation = 0;      // 0: the main line; k: on Problem::variations[k - 1]
  std::size_t ply = 0;            // that variation's 変化 number (the move it replaces)
  std::size_t before = kNoEntry;  // the entry two plies earlier on the same line
  static constexpr std::size_t kNoEntry = static_cast<std::size_t>(-1);
};

// The entry of `pos`, reached after `move` moves, with the defender given the rest.
Entry entry_of(const Position& pos, std::size_t move) {
  Entry e;
  e.setup = pos.setup();
  give_rest_to(e.setup, ~e.setup.side_to_move);
  e.move = move;
  return e;
}

// The main line's positions, then each variation's (from the position after its first move).
std::vector<Entry> record_entries(const io::Problem& game) {
  std::vector<Entry> out;
  Position walk;
  walk.set(game.setup, KingRule::Any);
  for (std::size_t i = 0; i <= game.moves.size(); ++i) {
    if (i > 0) walk.do_move(game.moves[i - 1]);
    Entry e = entry_of(walk, i);
    if (i < game.moves.size()) e.next = game.moves[i];
    if (i >= 2) e.before = i - 2;
    out.push_back(std::move(e));
  }
  const std::vector<io::Variation>& vs = game.variations;
  std::vector<std::size_t> first(vs.size(), 0);  // each variation's first entry
  // The entry of `line` (vs.size(): the main line) after `move` moves.
  const auto entry_at = [&](std::size_t line, std::size_t move) {
    while (line < vs.size() && move < vs[line].ply) {
      const std::size_t p = vs[line].parent;
      line = p == 0 || p - 1 >= line ? vs.size() : p - 1;
    }
    return line < vs.size() ? first[line] + (move - vs[line].ply) : move;
  };
  for (std::size_t v = 0; v < vs.size(); ++v) {
    const io::Variation& var = vs[v];
    const std::vector<Move> before = io::line_prefix(game.moves, vs, v, var.ply - 1);
    if (before.size() + 1 != var.ply || var.moves.empty()) continue;  // not well formed
    Position pos;
    pos.set(game.setup, KingRule::Any);
    for (Move m : before) pos.do_move(m);
    first[v] = out.size();
    const std::size_t parent = var.parent == 0 || var.parent - 1 >= v ? vs.size() : var.parent - 1;
    for (std::size_t k = 1; k <= var.moves.size(); ++k) {
      pos.do_move(var.moves[k - 1]);
      Entry e = entry_of(pos, var.ply - 1 + k);
      if (k < var.moves.size()) e.next = var.moves[k];
      e.variation = v + 1;
      e.ply = var.ply;
      // Two plies earlier: the variation's own position, or its parent line's before the branch.
      if (k >= 3)
        e.before = first[v] + (k - 3);
      else if (e.move >= 2)
        e.before = entry_at(parent, e.move - 2);
      out.push_back(std::move(e));
    }
  }
  return out;
}

}  // namespace

std::vector<GamePuzzle> GameScanner::scan(const io::Problem& game, const std::string& name) {
  ++stats_.games;
  const std::vector<Entry> entries = record_entries(game);
  const std::size_t n = entries.size();
  std::vector<Found> found(n);
  const GameOptions& o = options_;
  impl_->pool.each(n, [&](std::size_t i) {
    Position pos;
    if (!pos.set(entries[i].setup).empty()) return;  // e.g. the side not to move has no king
    found[i] = exact_mate(pos, o.min_plies, o.max_plies, o.mate_nodes,
                          impl_->local(o.hash_megabytes), o.stop);
  });
  stats_.positions += n;
  // What is written, in record order (the main line, then each variation): the first position
  // of each mating sequence. A position whose side to move also mated two plies earlier on the
  // same line, in at least two plies more, continues that mate (the attacker played on and the
  // defender did not escape it).
  std::vector<std::size_t> taken;
  for (std::size_t i = 0; i < n; ++i) {
    stats_.nodes += found[i].nodes;
    if (found[i].length < 0) continue;
    ++stats_.mates;
    const std::size_t b = entries[i].before;
    if (b != Entry::kNoEntry && found[b].length >= 0 && found[i].length <= found[b].length - 2) {
      ++stats_.continuations;
      continue;
    }
    taken.push_back(i);
  }
  // Trimmed and checked in parallel, then deduplicated in game order.
  std::vector<GamePuzzle> puzzles(taken.size());
  std::vector<std::uint64_t> nodes(taken.size(), 0);
  impl_->pool.each(taken.size(), [&](std::size_t k) {
    const std::size_t i = taken[k];
    Workspace& w = impl_->local(o.hash_megabytes);
    GamePuzzle& p = puzzles[k];
    Generated& g = p.problem;
    const Entry& e = entries[i];
    p.move = e.move;
    p.variation = e.variation;
    p.variation_move = e.ply;
    p.game_move = e.next;
    g.id = name + '-' + (e.variation ? 'v' + std::to_string(e.variation) + '-' : std::string()) +
           std::to_string(e.move);
    g.setup = e.setup;
    g.length = found[i].length;
    g.pv = found[i].pv;
    if (o.trim)
      g.setup =
          trim_position(g.setup, g.length, g.pv, o.mate_nodes, w.solver, &p.removed, &nodes[k]);
    g.position.set(g.setup, KingRule::Any);
    GenerateOptions c = o.check;
    c.stop = o.stop;
    const StagedCheck staged = check_staged(g.position, c, false);
    const CheckResult& r = staged.result;
    g.verdict = r.verdict;
    g.flaws = r.flaws;
    p.cooks = r.cooks.size();
    g.check_nodes = staged.nodes;
    if (r.length == g.length && replay_mate(g.position, r.main_line).empty()) g.pv = r.main_line;
    g.themes = line_themes(g.position, g.pv);
    const SolveResult sr = w.solver.solve(g.position, SearchLimits{o.mate_nodes, 0, o.stop});
    g.solve_nodes = sr.nodes;
    g.difficulty = difficulty_grade(g.solve_nodes);
    g.pieces = attacking_pieces(g.setup);
    nodes[k] += staged.nodes + sr.nodes;
  });
  std::vector<GamePuzzle> out;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    stats_.nodes += nodes[k];
    if (!impl_->seen.insert(position_key(puzzles[k].problem.setup)).second) {
      ++stats_.duplicates;
      continue;
    }
    ++stats_.puzzles;
    out.push_back(std::move(puzzles[k]));
  }
  return out;
}

void GameScanner::remember(const BoardSetup& setup) { impl_->seen.insert(position_key(setup)); }

std::string game_of_record(const std::string& id, bool error) {
  if (error) return id;
  // Strips "-<digits>" from the end of `s` when it is there.
  const auto strip = [](std::string_view s, std::string_view mark) -> std::optional<std::size_t> {
    std::size_t end = s.size();
    while (end > 0 && s[end - 1] >= '0' && s[end - 1] <= '9') --end;
    if (end == s.size() || end < mark.size() || s.substr(end - mark.size(), mark.size()) != mark)
      return std::nullopt;
    return end - mark.size();
  };
  std::string_view name = id;
  if (const auto cut = strip(name, "-")) name = name.substr(0, *cut);
  if (const auto cut = strip(name, "-v")) name = name.substr(0, *cut);
  return std::string(name);
}

void scan_game_files(GameScanner& scanner, const std::vector<std::string>& files,
                     double max_seconds, const std::atomic<bool>* stop,
                     const std::function<bool(const GameRecordResult&)>& emit,
                     const std::function<bool(const std::string&)>& skip) {
  const auto start = std::chrono::steady_clock::now();
  const auto stopped = [&] {
    if (stop && stop->load()) return true;
    return max_seconds > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
               max_seconds;
  };
  io::ReadOptions read;
  read.defender_hand = io::DefenderHand::AsGiven;  // a game's hands are what the record says
  for (const std::string& file : files) {
    if (stopped()) return;
    const std::string stem = std::filesystem::path(file).stem().string();
    const std::vector<io::RecordPart> parts = io::read_game_records_file(file, read);
    for (std::size_t r = 0; r < parts.size(); ++r) {
      if (stopped()) return;
      const io::RecordPart& part = parts[r];
      GameRecordResult out;
      out.file = file;
      out.name = parts.size() > 1 ? stem + '-' + std::to_string(r + 1) : stem;
      if (skip && skip(out.name)) continue;
      if (part.problem) out.puzzles = scanner.scan(*part.problem, out.name);
      if (part.error) {
        scanner.count_error();
        out.error = part.error;
      }
      if (!emit(out)) return;
    }
  }
}

}  // namespace tsume::gen
