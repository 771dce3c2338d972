#include "generator/generator.h"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include "batch/pool.h"
#include "generator/candidate.h"
#include "generator/dedup.h"
#include "generator/rng.h"
#include "generator/themes.h"
#include "solver/search/dfpn.h"

namespace tsume::gen {

GenerateStats& GenerateStats::operator+=(const GenerateStats& o) {
  const auto mine = counters(*this);
  const auto theirs = counters(o);
  for (std::size_t i = 0; i < mine.size(); ++i) *mine[i] += *theirs[i];
  return *this;
}
static_assert(sizeof(GenerateStats) ==
                  (std::tuple_size_v<decltype(counters(std::declval<GenerateStats&>()))> + 1) *
                      sizeof(std::uint64_t),
              "every counter of GenerateStats is in counters()");

const char* to_string(Mode m) { return m == Mode::Composition ? "composition" : "training"; }

bool mates_within(TranspositionTable& filter, Position& pos, Plies max_len, std::uint64_t nodes,
                  const std::atomic<bool>* stop, std::uint64_t* spent) {
  filter.clear();
  SearchBudget budget(SearchLimits{nodes, 0, stop});
  MateSearch search(filter, budget, Color::Black);
  const Outcome out = search.prove(pos, max_len, MateSearchOptions{true});
  if (spent) *spent += budget.nodes();
  return out == Outcome::Proven;
}

StagedCheck check_staged(const Position& pos, const GenerateOptions& o, bool pieces) {
  CheckOptions full;
  full.limits = SearchLimits{o.check_nodes, 0, o.stop};
  full.step_nodes = o.check_step_nodes;
  full.hash_megabytes = 2 * o.hash_megabytes;  // the checker's main and scratch tables
  full.test_pieces = pieces;
  full.pieces_needed_for_sound = pieces;
  CheckOptions quick = full;
  quick.limits.max_nodes = o.quick_check_nodes;
  quick.step_nodes = o.quick_check_step_nodes;
  StagedCheck c;
  c.result = check_problem(pos, quick);
  c.nodes = c.result.nodes;
  const Verdict v = c.result.verdict;
  const bool decided = v != Verdict::Unknown && v != Verdict::Sound && v != Verdict::SoundWithFlaws;
  if (!decided) {
    c.full = true;
    c.result = check_problem(pos, full);
    c.nodes += c.result.nodes;
  }
  return c;
}

namespace {

CandidateShape shape_for(const GenerateOptions& o) {
  CandidateShape s;
  s.variant = o.variant;
  if (o.variant == Variant::Sho) {
    // No hand: the attacker's board pieces must do the work of modern shogi's drops, so there
    // are more of them (measured in docs/generate.md).
    s.min_hand = s.max_hand = 0;
    s.min_attackers = 2;
    s.max_attackers = 4;
    if (o.mode == Mode::Training) {
      s.min_attackers = 3;
      s.max_attackers = 6;
      s.max_defenders = 4;
    } else if (o.min_plies >= 9) {
      s.min_attackers = 3;
      s.max_attackers = 5;
      s.max_defenders = 3;
    }
    return s;
  }
  if (o.mode == Mode::Training) {
    s.min_attackers = 2;
    s.max_attackers = 5;
    s.max_defenders = 4;
    s.min_hand = 0;
    s.max_hand = 3;
  } else if (o.min_plies >= 9) {
    s.min_attackers = 2;
    s.max_attackers = 4;
    s.max_defenders = 3;
    s.max_hand = 4;
  }
  return s;
}

bool in_band(const GenerateOptions& o, Plies length) {
  return length >= o.min_plies && length <= o.max_plies;
}

// The one candidate being worked on, with its budgets and counters.
class CandidateSearch {
public:
  CandidateSearch(const GenerateOptions& options, std::uint64_t index, Workspace& workspace,
                  GenerateStats& stats)
      : o_(options), index_(index), solver_(workspace.solver), filter_(workspace.filter),
        stats_(stats) {}

  std::optional<Generated> run();

private:
  // Exact mate length of `setup` within the quick budget, or -1. A bounded search ("mate within
  // the band's longest length?", futile interpositions not counted) comes first: most positions
  // have no such mate, and a bounded disproof is far cheaper than the solver's unbounded one.
  Plies quick_length(const BoardSetup& setup) {
    Position pos;
    if (!pos.set(setup).empty()) return -1;
    if (!mates_within(filter_, pos, o_.max_plies, o_.quick_nodes, o_.stop, &stats_.solve_nodes))
      return -1;
    ++stats_.solves;
    const SolveResult r = solver_.solve(pos, SearchLimits{o_.quick_nodes, 0, o_.stop});
    stats_.solve_nodes += r.nodes;
    if (r.status != SolveStatus::Mate || !r.length_exact) return -1;
    return r.length;
  }
  BoardSetup minimise(BoardSetup setup, Plies length);
  std::optional<Generated> accept(BoardSetup setup, Plies length);
  bool acceptable(const CheckResult& r) const;

  const GenerateOptions& o_;
  std::uint64_t index_;
  Solver& solver_;
  TranspositionTable& filter_;
  GenerateStats& stats_;
  int checks_left_ = 0;
  std::vector<BoardSetup> checked_;
  bool cooked_ = false;  // the last check found a cook: mutate towards fewer attacking resources
};

// Takes off every piece (board pieces in square order, then hand pieces) whose removal keeps a
// mate of the same exact length; the checker then decides whether what is left is sound.
BoardSetup CandidateSearch::minimise(BoardSetup setup, Plies length) {
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None || type_of(p) == PieceType::King) continue;
    BoardSetup smaller = without_piece(setup, square_at(i));
    if (quick_length(smaller) == length) setup = smaller;
  }
  for (int k = index_of(PieceType::Pawn); k <= index_of(PieceType::Gold); ++k) {
    const auto pt = static_cast<PieceType>(k);
    while (setup.hand(Color::Black).has(pt)) {
      BoardSetup smaller = without_hand_piece(setup, pt);
      if (quick_length(smaller) != length) break;
      setup = smaller;
    }
  }
  return setup;
}

bool CandidateSearch::acceptable(const CheckResult& r) const {
  if (r.verdict == Verdict::Sound) return true;
  if (o_.mode == Mode::Composition || r.verdict != Verdict::SoundWithFlaws) return false;
  // Training: every attacker move but the last must be the only one that mates in time.
  return std::all_of(r.flaws.begin(), r.flaws.end(), [&](const Finding& f) {
    return f.kind == FindingKind::FinalMoveAlternative || f.kind == FindingKind::EqualVariation ||
           f.kind == FindingKind::DualInVariation || f.ply == r.length - 1;
  });
}

std::optional<Generated> CandidateSearch::accept(BoardSetup setup, Plies length) {
  // Fewer pieces, fewer cooks: minimise before the checker sees the problem.
  if (o_.mode == Mode::Composition) setup = minimise(setup, length);
  // Mutations often lead back to a problem already checked (minimisation makes it likelier).
  if (std::find(checked_.begin(), checked_.end(), setup) != checked_.end()) return std::nullopt;
  checked_.push_back(setup);
  // A verdict that names an unnecessary piece or surplus is repaired and checked again.
  for (int round = 0; round < 3 && checks_left_ > 0; ++round) {
    --checks_left_;
    Position pos;
    if (!pos.set(setup).empty()) return std::nullopt;
    ++stats_.quick_checks;
    const StagedCheck staged = check_staged(pos, o_, o_.mode == Mode::Composition);
    stats_.checks += staged.full;
    stats_.check_nodes += staged.nodes;
    const CheckResult& r = staged.result;
    if (acceptable(r) && in_band(o_, r.length) && replay_mate(pos, r.main_line).empty()) {
      Generated g;
      g.candidate = index_;
      g.id = 'g' + std::to_string(o_.seed);
      g.id += '-';
      g.id += std::to_string(index_);
      g.setup = setup;
      g.position = pos;
      g.length = r.length;
      g.pv = r.main_line;
      g.verdict = r.verdict;
      g.flaws = r.flaws;
      g.themes = line_themes(pos, r.main_line);
      g.check_nodes = r.nodes;
      ++stats_.solves;
      g.solve_nodes = solver_.solve(pos, SearchLimits{o_.check_nodes, 0, o_.stop}).nodes;
      g.difficulty = difficulty_grade(g.solve_nodes);
      g.pieces = piece_count(setup);
      return g;
    }
    cooked_ = r.verdict == Verdict::Cooked;
    BoardSetup repaired = setup;
    if (r.verdict == Verdict::UnnecessaryPiece) {
      for (const PieceTest& t : r.pieces) {
        if (t.result != PieceTest::Result::Unnecessary) continue;
        repaired = t.square == Square::None ? without_hand_piece(setup, type_of(t.piece))
                                            : without_piece(setup, t.square);
        break;
      }
    } else if (r.verdict == Verdict::Surplus) {
      for (int k = index_of(PieceType::Pawn); k <= index_of(PieceType::Gold); ++k) {
        const auto pt = static_cast<PieceType>(k);
        for (int n = 0; n < r.surplus.count(pt) && repaired.hand(Color::Black).has(pt); ++n) {
          repaired = without_hand_piece(repaired, pt);
        }
      }
    }
    if (repaired == setup || quick_length(repaired) != length) return std::nullopt;
    setup = repaired;
  }
  return std::nullopt;
}

std::optional<Generated> CandidateSearch::run() {
  Rng rng = candidate_rng(o_.seed, index_);
  const CandidateShape shape = shape_for(o_);
  checks_left_ = o_.max_checks;
  std::optional<BoardSetup> current;
  Plies current_length = 0;
  for (int step = 0; step < o_.steps && checks_left_ > 0; ++step) {
    if (o_.stop && o_.stop->load(std::memory_order_relaxed)) return std::nullopt;
    const std::optional<BoardSetup> next =
        current ? mutate(*current, rng, shape, cooked_ ? MutationBias::Tighten : MutationBias::Any)
                : random_candidate(rng, shape);
    if (!next) continue;
    const Plies length = quick_length(*next);
    if (length < 0 || length > o_.max_plies || (current && length < current_length)) continue;
    current = next;
    current_length = length;
    if (!in_band(o_, length)) continue;
    ++stats_.in_band;
    if (std::optional<Generated> g = accept(*next, length)) return g;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Generated> evaluate_candidate(const GenerateOptions& options, std::uint64_t index,
                                            Workspace& workspace, GenerateStats& stats) {
  ++stats.candidates;
  std::optional<Generated> g = CandidateSearch(options, index, workspace, stats).run();
  if (g) ++stats.accepted;
  return g;
}

GenerateStats generate(const GenerateOptions& options, const EmitFn& emit,
                       const ProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const int threads = options.pool ? options.pool->threads() : std::max(1, options.threads);
  const std::size_t per_batch =
      options.batch ? options.batch
                    : std::max<std::size_t>(8, 8 * static_cast<std::size_t>(threads));
  std::optional<batch::Pool> own;
  batch::Pool& pool = options.pool ? *options.pool : own.emplace(threads);
  tbb::enumerable_thread_specific<std::unique_ptr<Workspace>> workspaces;
  Deduplicator dedup(options.per_idea);
  for (const DedupKeys& keys : options.written) dedup.insert(keys);
  GenerateStats total;
  std::uint64_t next = options.first_candidate;
  const std::uint64_t end = options.first_candidate + options.max_candidates;
  while (total.emitted < options.count) {
    if (options.max_candidates && next >= end) break;
    if (options.max_seconds > 0 && elapsed() >= options.max_seconds) break;
    if (options.stop && options.stop->load()) break;
    std::size_t n = per_batch;
    if (options.max_candidates) n = std::min<std::uint64_t>(n, end - next);
    std::vector<std::optional<Generated>> found(n);
    std::vector<GenerateStats> stats(n);
    pool.each(n, [&](std::size_t i) {
      std::unique_ptr<Workspace>& workspace = workspaces.local();
      if (!workspace) workspace = std::make_unique<Workspace>(options.hash_megabytes);
      found[i] = evaluate_candidate(options, next + i, *workspace, stats[i]);
    });
    if (options.stop && options.stop->load()) break;  // the batch may be incomplete
    for (std::size_t i = 0; i < n && total.emitted < options.count; ++i) {
      total += stats[i];
      if (!found[i]) continue;
      const Deduplicator::Admission admitted = dedup.admit(dedup_keys(
          found[i]->setup, found[i]->pv, options.per_idea > 0 ? &found[i]->position : nullptr));
      if (admitted != Deduplicator::Admission::New) {
        ++(admitted == Deduplicator::Admission::Duplicate ? total.duplicates : total.idea_full);
        continue;
      }
      ++total.emitted;
      emit(*found[i]);
    }
    next += n;
    total.seconds = elapsed();
    if (progress) progress(total);
  }
  total.seconds = elapsed();
  return total;
}

}  // namespace tsume::gen
