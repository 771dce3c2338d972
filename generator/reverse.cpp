#include "generator/reverse.h"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "batch/pool.h"
#include "generator/candidate.h"
#include "generator/checkpoint_text.h"
#include "generator/dedup.h"
#include "generator/guided.h"
#include "generator/themes.h"
#include "solver/core/attacks.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/search/dfpn.h"

namespace tsume::gen {

namespace {

// The counters of a step, in a fixed order (sums, checkpoints).
template <typename S> auto fields(S& s) {
  return std::array{
      &s.parents,      &s.candidates,    &s.reply_positions, &s.reply_mates, &s.evaluated,
      &s.cook_rejects, &s.repairs_tried, &s.repaired,        &s.checks,      &s.accepted,
      &s.used,         &s.drift_tries,   &s.drifted,         &s.through,     &s.guided_tries,
      &s.guided,       &s.escapes,       &s.escape_tries,    &s.escaped,     &s.nodes};
}
static_assert(sizeof(StepStats) == std::tuple_size_v<decltype(fields(std::declval<StepStats&>()))> *
                                       sizeof(std::uint64_t),
              "every counter of StepStats is in fields()");

}  // namespace

StepStats& StepStats::operator+=(const StepStats& o) {
  const auto mine = fields(*this);
  const auto theirs = fields(o);
  for (std::size_t i = 0; i < mine.size(); ++i) *mine[i] += *theirs[i];
  return *this;
}

std::size_t ReverseStats::seeds_at_least(int plies) const {
  std::set<std::string> found;
  for (const auto& [length, ids] : seeds_by_length)
    if (length >= plies) found.insert(ids.begin(), ids.end());
  return found.size();
}

namespace {

// One problem of the chain and what is known of its extensions.
struct Node {
  explicit Node(Generated p) : problem(std::move(p)) {}
  Generated problem;
  bool built = false;
  std::vector<Extension> candidates;              // R proven, sorted
  std::vector<std::optional<Generated>> results;  // of the evaluated prefix
  std::vector<char> written;                      // results taken when evaluated (write_all)
  std::set<std::tuple<int, bool, std::uint16_t>> written_ideas;  // of those results (landing)
  std::size_t next = 0;  // the next candidate to take as a child
  int children = 0;
  int drifts = 0;                                       // variants this chain position went to
  std::set<std::tuple<int, int, std::uint16_t>> ideas;  // of the children taken
  std::map<int, int> cooks;    // squares the cooking checks of the candidates went to (counts)
  std::map<int, int> escapes;  // squares the king escapes to in replies R that do not mate
  // Drift at this dead end: the mutations to evaluate, the next one, how many are guided (the
  // first `escape_guards` of them against escapes, the rest against cooks).
  bool drifting = false, dead = false;
  std::vector<BoardSetup> mutations;
  std::size_t drift_next = 0, guided = 0, escape_guards = 0;
};

// One seed's chain: the stack of problems from the seed to the current one.
struct ChainState {
  Generated seed;
  std::vector<Node> stack;
  int counter = 0;               // extensions and variants taken (their ids)
  int best = 0;                  // the longest problem the chain reached
  std::uint64_t since_best = 0;  // nodes spent since it reached `best`
  bool idea_full = false;        // a problem of the chain found its idea full (per_idea)
};

// The idea of an extension: where the check came from (or that it was a drop) and went to, and
// the reply. Siblings that differ only in the piece captured or dropped, or in a promotion,
// share it; only the first of them is taken into the chain.
std::tuple<int, int, std::uint16_t> idea(const Move attack, const Move defence) {
  return {attack.is_drop() ? -1 : index_of(attack.from()), index_of(attack.to()), defence.raw()};
}

// Where the check of an extension lands (and whether it was a drop), and the reply: siblings
// that share it differ only in where the checking piece came from, which piece was captured or
// dropped, or a promotion (a bishop's sacrifice from any square of its diagonal).
std::tuple<int, bool, std::uint16_t> landing(const Move attack, const Move defence) {
  return {index_of(attack.to()), attack.is_drop(), defence.raw()};
}

// The state of a run in a checkpoint (ReverseOptions::checkpoint): each structure's fields in
// one list, io(field), which a CheckpointWriter writes and a CheckpointReader reads back
// (checkpoint_text.h); S is the structure, const when written.
template <typename S, typename T>
concept StateOf = std::is_same_v<std::remove_const_t<S>, T>;

template <typename IO, StateOf<Extension> S> void fields_of(IO& io, S& e) {
  io(e.setup);
  io(e.reply_at);
  io(e.attack);
  io(e.defence);
  io(e.pieces);
}

// The size of `v` (at most `limit`) and its elements from `from` on, each by `each`: those
// before `from` are never read again (evaluated candidates, tried mutations), so they are not
// written and come back empty.
template <typename IO, typename V, typename Each>
void tail(IO& io, V& v, std::size_t from, std::size_t limit, const Each& each) {
  std::size_t size = std::min(v.size(), limit);
  io(size);
  if constexpr (!IO::kWriting) {
    if (size > IO::kMaxItems) io.fail("too many items: " + std::to_string(size));
    v.resize(size);
  }
  for (std::size_t i = std::min(from, size); i < size; ++i) each(v[i]);
}

template <typename IO, StateOf<Node> S> void fields_of(IO& io, S& n, std::size_t tries) {
  io.tag("node");
  io(n.problem);
  io(n.built);
  io(n.next);
  io(n.children);
  io(n.drifts);
  io(n.drifting);
  io(n.dead);
  io(n.results);
  io(n.written);
  tail(io, n.candidates, n.results.size(), tries, [&](auto& e) { fields_of(io, e); });
  io(n.written_ideas);
  io(n.ideas);
  io(n.cooks);
  io(n.escapes);
  io(n.drift_next);
  io(n.guided);
  io(n.escape_guards);
  tail(io, n.mutations, n.drift_next, SIZE_MAX, [&](auto& m) { io(m); });
  if constexpr (!IO::kWriting) {
    if (n.next > n.results.size() || n.written.size() != n.results.size() ||
        n.drift_next > n.mutations.size() || n.guided > n.mutations.size() ||
        n.escape_guards > n.mutations.size())
      io.fail("a node's positions in its candidates or mutations are out of range");
  }
  io.end_line();
}

template <typename IO, StateOf<ChainState> S> void fields_of(IO& io, S& c, std::size_t tries) {
  io.tag("chain");
  io(c.seed);
  io(c.counter);
  io(c.best);
  io(c.since_best);
  io(c.idea_full);
  std::size_t depth = c.stack.size();
  io(depth);
  if constexpr (!IO::kWriting) {
    if (depth > IO::kMaxItems) io.fail("too many problems in a chain");
    c.stack.assign(depth, Node(Generated{}));
  }
  for (auto& n : c.stack) fields_of(io, n, tries);
}

template <typename IO, StateOf<ReverseStats> S> void fields_of(IO& io, S& s) {
  io.tag("stats");
  for (auto* v : counters(s.seeds)) io(*v);
  io(s.seed_problems);
  io(s.abandoned);
  io(s.idea_abandoned);
  io(s.emitted);
  io(s.duplicates);
  io(s.idea_full);
  io(s.longest);
  std::size_t lengths = s.by_length.size();
  io(lengths);
  if constexpr (IO::kWriting) {
    for (const auto& [length, step] : s.by_length) {
      io(length);
      for (const std::uint64_t* v : fields(step)) io(*v);
    }
  } else {
    for (std::size_t k = 0; k < lengths; ++k) {
      int length = 0;
      io(length);
      for (std::uint64_t* v : fields(s.by_length[length])) io(*v);
    }
  }
  io(s.seeds_by_length);
}

class Chain {
public:
  Chain(const ReverseOptions& o, const EmitFn& emit, const ReverseProgressFn& progress,
        ReverseStats& stats)
      : o_(o), emit_(emit), progress_(progress), stats_(stats),
        pool_(o.base.pool ? *o.base.pool : own_pool_.emplace(std::max(1, o.base.threads))),
        start_(std::chrono::steady_clock::now()), solver_(o.base.hash_megabytes),
        written_(o.base.per_idea) {
    for (const DedupKeys& keys : o.base.written) written_.insert(keys);
  }

  // A new chain from `seed`, or std::nullopt when its position was taken before in the run.
  std::optional<ChainState> start(const Generated& seed);
  // One unit of work on the chain (build a problem's candidates, evaluate a batch of candidates
  // or of drift mutations, take a child or back up).
  enum class Step {
    Done,      // the chain goes on
    Finished,  // its stack is empty, or it was abandoned (node budget, full idea)
    Undone,    // a stop cut the unit short: nothing changed, a resumed run does it again
  };
  Step step(ChainState& c);
  bool done() const {
    return stats_.emitted >= o_.base.count || stopped() ||
           (o_.base.max_seconds > 0 && elapsed() >= o_.base.max_seconds);
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // The run's time: this process's and that of the runs it resumes.
  double seconds() const { return before_ + elapsed(); }
  // The positions taken into chains, written to or read from a checkpoint.
  template <typename IO> void positions_taken(IO& io) { io(seen_); }
  void resumed_after(double seconds) { before_ = seconds; }

private:
  bool stopped() const { return o_.base.stop && o_.base.stop->load(std::memory_order_relaxed); }
  Workspace& workspace() {
    std::unique_ptr<Workspace>& w = workspaces_.local();
    if (!w) w = std::make_unique<Workspace>(o_.base.hash_megabytes);
    return *w;
  }
  // One evaluation and its counters; evaluate_batch runs eval(i, workspace, evaluated) for every
  // i in [from, to) on the pool's threads and returns them in index order.
  struct Evaluated {
    std::optional<Generated> problem;
    StepStats stats;
    int cook = -1;  // the square a cooking check went to (-1: none found)
    bool guided = false, escape = false;
  };
  // The node's candidates, and the nodes spent; nothing when stopped.
  std::optional<std::uint64_t> build(Node& node);
  void evaluate(const Node& parent, const Extension& e, Workspace& w, Evaluated& out) const;
  Move early_cook(Position& q, Move attack, Plies max_len, Workspace& w,
                  std::uint64_t& spent) const;
  bool mates_after(Position& q, Move c, Plies max_len, Workspace& w, std::uint64_t& spent) const;
  std::optional<Extension> repair(const Extension& e, Move cook, Plies n, Workspace& w,
                                  StepStats& st) const;
  void start_drift(Node& node);
  bool drift_step(ChainState& c);  // false: undone (stopped)
  std::optional<Generated> evaluate_variant(const Node& parent, const BoardSetup& setup,
                                            bool through, Workspace& w, StepStats& st) const;
  void take(ChainState& c, Generated& g, const char* kind);
  void spend(ChainState& c, std::uint64_t nodes) const { c.since_best += nodes; }
  template <typename Eval>
  std::vector<Evaluated> evaluate_batch(std::size_t from, std::size_t to, const Eval& eval);
  // False when the problem is not written for its idea (per_idea problems of it were).
  bool emit(Generated& g, const std::string& seed_id);

  const ReverseOptions& o_;
  const EmitFn& emit_;
  const ReverseProgressFn& progress_;
  ReverseStats& stats_;
  std::optional<batch::Pool> own_pool_;  // when the caller gives none
  batch::Pool& pool_;
  tbb::enumerable_thread_specific<std::unique_ptr<Workspace>> workspaces_;
  std::chrono::steady_clock::time_point start_;
  Solver solver_;               // difficulty of emitted problems (main thread)
  std::set<std::string> seen_;  // positions taken into a chain
  double before_ = 0;           // seconds of the runs resumed
  Deduplicator written_;
};

// The candidates of `node`: every (Q, a, d) within the piece limit whose R mates within N + 1
// (bounded search, futile interpositions not counted), sorted by pieces, then by the number of
// checks of Q (fewer alternatives to refute), then by a hash of the seed and Q.
std::optional<std::uint64_t> Chain::build(Node& node) {
  const Plies n = node.problem.length;
  std::vector<Extension> all = two_ply_predecessors(node.problem.position, o_.max_pieces);
  // The distinct R, each searched once.
  std::vector<BoardSetup> replies;
  for (const Extension& e : all) replies.push_back(e.reply_at);
  std::sort(replies.begin(), replies.end(),
            [](const BoardSetup& a, const BoardSetup& b) { return a < b; });
  replies.erase(std::unique(replies.begin(), replies.end()), replies.end());
  const auto find_reply = [&](const BoardSetup& r) {
    return static_cast<std::size_t>(
        std::lower_bound(replies.begin(), replies.end(), r,
                         [](const BoardSetup& a, const BoardSetup& b) { return a < b; }) -
        replies.begin());
  };
  // The reply d of each R (R + d is the problem): not an escape. Escapes are looked for only
  // where they may guide a drift.
  const bool escape = o_.guided_escape && o_.drift > 0 && n >= o_.drift_from;
  std::vector<Move> reply_move(escape ? replies.size() : 0, Move::none());
  if (escape)
    for (const Extension& e : all) reply_move[find_reply(e.reply_at)] = e.defence;
  std::vector<char> mates(replies.size(), 0);
  std::vector<std::uint64_t> spent(replies.size(), 0);
  std::vector<std::vector<Square>> escapes(replies.size());
  pool_.each(replies.size(), [&](std::size_t i) {
    if (stopped()) return;
    Workspace& w = workspace();
    Position r;
    if (!r.set(replies[i], KingRule::Any).empty()) return;
    mates[i] = gen::mates_within(w.filter, r, n + 1, o_.filter_nodes, o_.base.stop, &spent[i]);
    if (!mates[i] && escape && !stopped())
      escapes[i] =
          escape_squares(w.filter, r, reply_move[i], n, o_.cook_nodes, o_.base.stop, &spent[i]);
  });
  // A stop cuts the searches short: nothing is kept, the resumed run builds the node again.
  if (stopped()) return std::nullopt;
  node.built = true;
  StepStats& st = stats_.by_length[n];
  ++st.parents;
  st.candidates += all.size();
  std::uint64_t nodes = 0;
  for (const std::uint64_t x : spent) nodes += x;
  st.nodes += nodes;
  st.reply_positions += replies.size();
  for (const char m : mates) st.reply_mates += m;
  for (const std::vector<Square>& squares : escapes) {
    st.escapes += squares.size();
    for (const Square s : squares) ++node.escapes[index_of(s)];
  }
  struct Ranked {
    int pieces, checks;
    std::uint64_t hash;
    std::size_t index;
  };
  std::vector<Ranked> ranked;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (!mates[find_reply(all[i].reply_at)]) continue;
    Position q;
    if (!q.set(all[i].setup).empty()) continue;
    MoveList checks;
    generate_checks(q, checks);
    Rng mix(q.key() ^ (o_.base.seed * 0x9E3779B97F4A7C15ull));
    ranked.push_back({all[i].pieces, static_cast<int>(checks.size()), mix.next(), i});
  }
  std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    return std::tie(a.checks, a.pieces, a.hash, a.index) <
           std::tie(b.checks, b.pieces, b.hash, b.index);
  });
  for (const Ranked& r : ranked) node.candidates.push_back(all[r.index]);
  return nodes;
}

// The first check of `q` other than `attack` that mates within `max_len` plies (bounded search
// per check), or Move::none().
Move Chain::early_cook(Position& q, Move attack, Plies max_len, Workspace& w,
                       std::uint64_t& spent) const {
  MoveList checks;
  generate_checks(q, checks);
  // The checks to the attack's square first: the attack's promotion twin is the likeliest
  // alternative (a sacrificed piece is captured unpromoted either way).
  std::stable_partition(checks.begin(), checks.end(),
                        [&](const Move c) { return c.to() == attack.to(); });
  for (const Move c : checks) {
    if (c == attack) continue;
    if (stopped()) return c;
    if (mates_after(q, c, max_len, w, spent)) return c;
  }
  return Move::none();
}

bool Chain::mates_after(Position& q, Move c, Plies max_len, Workspace& w,
                        std::uint64_t& spent) const {
  q.do_move(c);
  const bool mates = gen::mates_within(w.filter, q, max_len, o_.cook_nodes, o_.base.stop, &spent);
  q.undo_move(c);
  return mates;
}

// `e` with one defender piece added that stops the check `cook` from mating within N + 1 while
// a, d still reach P plus that piece and R plus the piece still mates within N + 1: the first
// such (square, kind) in a fixed order, squares next to the king or on or next to the cook's
// destination, kinds pawn, lance, knight, silver, gold.
std::optional<Extension> Chain::repair(const Extension& e, Move cook, Plies n, Workspace& w,
                                       StepStats& st) const {
  Position q;
  if (!q.set(e.setup).empty()) return std::nullopt;
  const Square king = q.king_square(Color::White);
  Bitboard near = king_attacks(king) | king_attacks(cook.to());
  near.set(cook.to());
  near &= ~q.pieces();
  constexpr PieceType kKinds[] = {PieceType::Pawn, PieceType::Lance, PieceType::Knight,
                                  PieceType::Silver, PieceType::Gold};
  for (const Square s : near) {
    for (const PieceType pt : kKinds) {
      if (stopped()) return std::nullopt;
      if (!q.hand(Color::White).has(pt)) continue;
      Extension x = e;
      x.setup.at(s) = make_piece(Color::White, pt);
      refill_defender_hand(x.setup);
      x.pieces = piece_count(x.setup);
      if (o_.max_pieces > 0 && x.pieces > o_.max_pieces) continue;
      Position qx;
      if (!qx.set(x.setup).empty() || !qx.is_legal(x.attack) || !qx.gives_check(x.attack)) continue;
      ++st.repairs_tried;
      if (qx.is_legal(cook) && mates_after(qx, cook, n + 1, w, st.nodes)) continue;
      Position r = qx;
      r.do_move(x.attack);
      if (!r.is_legal(x.defence)) continue;
      x.reply_at = r.setup();
      x.reply_at.ply = 1;  // compared between positions without the move number
      Position rx;
      if (!rx.set(x.reply_at, KingRule::Any).empty()) continue;
      if (!gen::mates_within(w.filter, rx, n + 1, o_.filter_nodes, o_.base.stop, &st.nodes))
        continue;
      return x;
    }
  }
  return std::nullopt;
}

// A problem found from `parent` (a lengthening or a variant), with the checker's result.
Generated problem_found(const Node& parent, const Position& q, const CheckResult& r,
                        Verdict verdict) {
  Generated g;
  g.candidate = parent.problem.candidate;
  g.setup = q.setup();
  g.position = q;
  g.length = r.length;
  g.pv = r.main_line;
  g.verdict = verdict;
  g.check_nodes = r.nodes;
  g.pieces = piece_count(g.setup);
  return g;
}

template <typename Eval>
std::vector<Chain::Evaluated> Chain::evaluate_batch(std::size_t from, std::size_t to,
                                                    const Eval& eval) {
  std::vector<Evaluated> out(to - from);
  pool_.each(to - from, [&](std::size_t k) { eval(from + k, workspace(), out[k]); });
  return out;
}

// Q accepted: SOUND (with the unnecessary-piece test), exact length N + 2, main line a, d, ...
// A check other than a that mates within N + 2 (found cheaply) rejects Q, unless a defender
// piece added by repair() stops it (at most `repairs` pieces).
void Chain::evaluate(const Node& parent, const Extension& candidate, Workspace& w,
                     Evaluated& out) const {
  StepStats& st = out.stats;
  ++st.evaluated;
  const Plies n = parent.problem.length;
  Extension e = candidate;
  for (int repaired = 0;; ++repaired) {
    Position q;
    if (!q.set(e.setup).empty()) return;
    const Move cook = early_cook(q, e.attack, n + 1, w, st.nodes);
    if (stopped()) return;
    if (cook.is_none()) break;
    if (repaired == 0) {
      ++st.cook_rejects;
      out.cook = index_of(cook.to());
    }
    if (repaired >= o_.repairs) return;
    std::optional<Extension> fixed = repair(e, cook, n, w, st);
    if (!fixed) return;
    e = *fixed;
  }
  if (e.setup != candidate.setup) ++st.repaired;
  Position q;
  if (!q.set(e.setup).empty()) return;
  StagedCheck staged = check_staged(q, o_.base, true);
  st.checks += 1 + staged.full;
  st.nodes += staged.nodes;
  const Verdict verdict = staged.result.verdict;
  if (verdict == Verdict::UnnecessaryPiece && o_.through_unnecessary) {
    staged = check_staged(q, o_.base, false);
    st.checks += 1 + staged.full;
    st.nodes += staged.nodes;
  }
  const CheckResult& r = staged.result;
  if (r.verdict == Verdict::Cooked && out.cook < 0 && !r.cooks.empty())
    out.cook = index_of(r.cooks.front().alternative.to());
  if (r.verdict != Verdict::Sound || r.length != n + 2 || r.main_line.size() < 2 ||
      r.main_line[0] != e.attack || r.main_line[1] != e.defence ||
      !replay_mate(q, r.main_line).empty())
    return;
  ++st.accepted;
  out.problem = problem_found(parent, q, r, verdict);
}

// A mutation of a dead end's problem (N plies) accepted as its variant: SOUND (with the
// unnecessary-piece test, or, `through` (the chain goes through unnecessary pieces, or a guided
// mutation), without it and then marked UNNECESSARY_PIECE when the piece test fails), exact
// length N or N + 2, main line replayed by the core rules.
std::optional<Generated> Chain::evaluate_variant(const Node& parent, const BoardSetup& setup,
                                                 bool through, Workspace& w, StepStats& st) const {
  ++st.drift_tries;
  const Plies n = parent.problem.length;
  Position q;
  if (!q.set(setup).empty()) return std::nullopt;
  if (!gen::mates_within(w.filter, q, n + 2, o_.filter_nodes, o_.base.stop, &st.nodes))
    return std::nullopt;
  if (n > 2 && gen::mates_within(w.filter, q, n - 2, o_.filter_nodes, o_.base.stop, &st.nodes))
    return std::nullopt;
  // Going through unnecessary pieces, the check without the piece test comes first here (most
  // mutations fail it, and then the piece test is never paid for), unlike evaluate(), where a
  // candidate that reaches the check has already passed the early cook test.
  StagedCheck staged = check_staged(q, o_.base, !through);
  st.checks += 1 + staged.full;
  st.nodes += staged.nodes;
  const CheckResult& r = staged.result;
  if (r.verdict != Verdict::Sound || (r.length != n && r.length != n + 2) ||
      !replay_mate(q, r.main_line).empty())
    return std::nullopt;
  Verdict verdict = Verdict::Sound;
  if (through) {
    const StagedCheck pieces = check_staged(q, o_.base, true);
    st.checks += 1 + pieces.full;
    st.nodes += pieces.nodes;
    verdict = pieces.result.verdict == Verdict::Sound ? Verdict::Sound : Verdict::UnnecessaryPiece;
  }
  return problem_found(parent, q, r, verdict);
}

// The mutations a dead end drifts through: with `guided_escape`, first guards of the squares the
// king escapes to in its replies that do not mate; with `guided`, then guards of the squares its
// candidates' cooking checks went to (the guided ones at most half of `drift`); then the blind
// ones (a random stream seeded by the run's seed, the problem and how often this chain position
// drifted); each distinct, not seen before in the run, within the piece limit.
void Chain::start_drift(Node& node) {
  const Generated& p = node.problem;
  Rng rng(p.position.key() ^ (o_.base.seed * 0x9E3779B97F4A7C15ull) ^
          static_cast<std::uint64_t>(node.drifts + 1) * 0xD1B54A32D192ED03ull);
  const std::size_t limit = static_cast<std::size_t>(o_.drift);
  node.mutations.clear();
  node.drift_next = 0;
  std::set<std::string> distinct;
  const auto add = [&](const BoardSetup& m) {
    if (o_.max_pieces > 0 && piece_count(m) > o_.max_pieces) return;
    const std::string key = position_key(m);
    if (seen_.count(key) || !distinct.insert(key).second) return;
    node.mutations.push_back(m);
  };
  if (o_.guided_escape)
    for (const BoardSetup& m : escape_mutations(p.setup, node.escapes, limit / 2)) add(m);
  node.escape_guards = node.mutations.size();
  if (o_.guided)
    for (const BoardSetup& m :
         guided_mutations(p.setup, node.cooks, limit / 2 - node.mutations.size()))
      add(m);
  node.guided = node.mutations.size();
  CandidateShape shape;
  for (int i = 0; i < o_.drift * 16 && node.mutations.size() < limit; ++i)
    if (std::optional<BoardSetup> m = mutate(p.setup, rng, shape)) add(*m);
  node.drifting = !node.mutations.empty();
  node.dead = !node.drifting;
}

// One batch of the dead end's mutations: the first SOUND variant (else, going through
// unnecessary pieces, the first sound but for one) replaces the dead end; when none is left the
// dead end is given up.
bool Chain::drift_step(ChainState& c) {
  Node& top = c.stack.back();
  StepStats& st = stats_.by_length[top.problem.length];
  const std::size_t from = top.drift_next;
  const std::size_t to = std::min(top.mutations.size(), from + std::max<std::size_t>(1, o_.batch));
  std::vector<Evaluated> batch =
      evaluate_batch(from, to, [&](std::size_t i, Workspace& w, Evaluated& e) {
        // A guard is idle in the dead end itself (the cooks it is against are its
        // predecessors'), so a guided variant goes through the piece test.
        e.guided = i < top.guided;
        e.escape = i < top.escape_guards;
        e.problem =
            evaluate_variant(top, top.mutations[i], o_.through_unnecessary || e.guided, w, e.stats);
        e.stats.guided_tries += e.guided;
        e.stats.escape_tries += e.escape;
      });
  if (stopped()) return false;  // the batch is evaluated again by a resumed run
  std::uint64_t nodes = 0;
  for (const Evaluated& e : batch) {
    st += e.stats;
    nodes += e.stats.nodes;
  }
  spend(c, nodes);
  top.drift_next = to;
  for (const bool sound : {true, false}) {
    for (Evaluated& e : batch) {
      std::optional<Generated>& g = e.problem;
      if (!g || (g->verdict == Verdict::Sound) != sound ||
          !seen_.insert(position_key(g->setup)).second)
        continue;
      ++st.drifted;
      st.through += !sound;
      st.guided += e.guided;
      st.escaped += e.escape;
      Generated v = std::move(*g);
      take(c, v, ".v");
      const int drifts = top.drifts + 1;
      top = Node(std::move(v));
      top.drifts = drifts;
      return true;
    }
  }
  if (to >= top.mutations.size()) top.dead = true;
  return true;
}

// A problem taken into the chain: written when SOUND and in the band.
void Chain::take(ChainState& c, Generated& g, const char* kind) {
  g.id = c.seed.id + kind + std::to_string(++c.counter);
  if (g.length > c.best) {
    c.best = g.length;
    c.since_best = 0;
  }
  if (g.verdict != Verdict::Sound || stats_.emitted >= o_.base.count) return;
  stats_.longest = std::max<int>(stats_.longest, g.length);
  if (g.length >= o_.base.min_plies && g.length <= o_.base.max_plies && !emit(g, c.seed.id))
    c.idea_full = true;
}

bool Chain::emit(Generated& g, const std::string& seed_id) {
  // Written once per position and per solution (the chain may reach one main line from
  // several positions, e.g. with an untouched piece promoted or not).
  // At most per_idea problems of one idea: the chain that made this one is then abandoned.
  const Deduplicator::Admission admitted =
      written_.admit(dedup_keys(g.setup, g.pv, o_.base.per_idea > 0 ? &g.position : nullptr));
  if (admitted == Deduplicator::Admission::IdeaFull) {
    ++stats_.idea_full;
    return false;
  }
  if (admitted == Deduplicator::Admission::Duplicate) {
    ++stats_.duplicates;
    return true;
  }
  g.themes = line_themes(g.position, g.pv);
  // Not cut short by a stop (it is bounded in nodes): a unit of work that writes problems ends,
  // with their true difficulty, or keeps nothing, so that a stop leaves a state to resume from.
  g.solve_nodes = solver_.solve(g.position, SearchLimits{o_.base.check_nodes, 0, nullptr}).nodes;
  g.difficulty = difficulty_grade(g.solve_nodes);
  ++stats_.emitted;
  stats_.seeds_by_length[g.length].insert(seed_id);
  emit_(g);
  return true;
}

std::optional<ChainState> Chain::start(const Generated& seed) {
  if (!seen_.insert(position_key(seed.setup)).second) return std::nullopt;
  ++stats_.seed_problems;
  ChainState c;
  c.seed = seed;
  c.best = seed.length;
  c.stack.emplace_back(seed);
  return c;
}

Chain::Step Chain::step(ChainState& c) {
  if (o_.chain_nodes > 0 && c.since_best >= o_.chain_nodes) {
    ++stats_.abandoned;
    c.stack.clear();
  }
  if (c.idea_full && !c.stack.empty()) {
    ++stats_.idea_abandoned;
    c.stack.clear();
  }
  if (c.stack.empty()) return Step::Finished;
  Node& top = c.stack.back();
  if (top.dead || top.problem.length + 2 > o_.base.max_plies) {
    c.stack.pop_back();
    return c.stack.empty() ? Step::Finished : Step::Done;
  }
  if (!top.built) {
    const std::optional<std::uint64_t> nodes = build(top);
    if (!nodes) return Step::Undone;
    spend(c, *nodes);
    return Step::Done;
  }
  if (top.drifting) {
    return drift_step(c) ? Step::Done : Step::Undone;
  }
  const std::size_t limit =
      std::min<std::size_t>(top.candidates.size(), static_cast<std::size_t>(o_.tries));
  // The next child among the candidates evaluated: accepted, an idea not taken from this
  // problem yet, a position not in a chain yet.
  while (top.next < top.results.size() && top.next < limit && top.children < o_.children) {
    const std::size_t i = top.next++;
    if (!top.results[i]) continue;
    const Generated& g = *top.results[i];
    if (!top.ideas.insert(idea(g.pv[0], g.pv[1])).second) continue;
    if (!seen_.insert(position_key(g.setup)).second) continue;
    Generated child = g;
    ++top.children;
    StepStats& st = stats_.by_length[top.problem.length];
    ++st.used;
    st.through += child.verdict != Verdict::Sound;
    if (!top.written[i]) take(c, child, ".e");
    c.stack.emplace_back(std::move(child));  // `top` is not used after this
    return Step::Done;
  }
  // With write_all, the candidates of a problem whose extensions are in the band are all
  // evaluated (up to `tries`), not only until `children` were taken.
  const bool all = o_.write_all && top.problem.length + 2 >= o_.base.min_plies;
  if (top.results.size() < limit && (top.children < o_.children || all)) {
    const std::size_t from = top.results.size();
    const std::size_t to = std::min(limit, from + std::max<std::size_t>(1, o_.batch));
    std::vector<Evaluated> batch =
        evaluate_batch(from, to, [&](std::size_t i, Workspace& w, Evaluated& e) {
          evaluate(top, top.candidates[i], w, e);
        });
    if (stopped()) return Step::Undone;  // the batch is evaluated again by a resumed run
    std::uint64_t nodes = 0;
    for (Evaluated& e : batch) {
      // Every accepted extension written at once (write_all), in candidate order.
      // Siblings that differ only in where the check came from, in the piece captured or
      // dropped or in a promotion are written once.
      const bool write =
          o_.write_all && e.problem &&
          top.written_ideas.insert(landing(e.problem->pv[0], e.problem->pv[1])).second;
      if (write) take(c, *e.problem, ".e");
      top.results.push_back(std::move(e.problem));
      top.written.push_back(write);
      if (e.cook >= 0) ++top.cooks[e.cook];
      stats_.by_length[top.problem.length] += e.stats;
      nodes += e.stats.nodes;
    }
    spend(c, nodes);
    stats_.seconds = seconds();
    if (progress_) progress_(stats_);
    return Step::Done;
  }
  // A dead end: drift, or back up to the parent.
  if (o_.drift > 0 && top.problem.length >= o_.drift_from && top.drifts < o_.drifts) {
    start_drift(top);
    return Step::Done;
  }
  c.stack.pop_back();
  return c.stack.empty() ? Step::Finished : Step::Done;
}

}  // namespace

std::string checkpoint_options(const ReverseOptions& o) {
  const GenerateOptions& b = o.base;
  std::string text = "version=1";
  const auto add = [&](const char* name, auto value) {
    text += ' ';
    text += name;
    text += '=';
    text += std::to_string(value);
  };
  add("seed", b.seed);
  add("min_plies", b.min_plies);
  add("max_plies", b.max_plies);
  add("mode", static_cast<int>(b.mode));
  add("variant", static_cast<int>(b.variant));
  add("max_candidates", b.max_candidates);
  add("first_candidate", b.first_candidate);
  add("steps", b.steps);
  add("max_checks", b.max_checks);
  add("quick_nodes", b.quick_nodes);
  add("check_nodes", b.check_nodes);
  add("check_step_nodes", b.check_step_nodes);
  add("quick_check_nodes", b.quick_check_nodes);
  add("quick_check_step_nodes", b.quick_check_step_nodes);
  add("hash_megabytes", b.hash_megabytes);
  add("per_idea", b.per_idea);
  add("seed_min_plies", o.seed_min_plies);
  add("seed_max_plies", o.seed_max_plies);
  add("max_pieces", o.max_pieces);
  add("tries", o.tries);
  add("children", o.children);
  add("batch", o.batch);
  add("filter_nodes", o.filter_nodes);
  add("cook_nodes", o.cook_nodes);
  add("repairs", o.repairs);
  add("seed_count", o.seed_count);
  add("drift", o.drift);
  add("drift_from", o.drift_from);
  add("drifts", o.drifts);
  add("through_unnecessary", static_cast<int>(o.through_unnecessary));
  add("chains", o.chains);
  add("chain_nodes", o.chain_nodes);
  add("guided", static_cast<int>(o.guided));
  add("guided_escape", static_cast<int>(o.guided_escape));
  add("write_all", static_cast<int>(o.write_all));
  // The given seeds: their number and a hash of their ids, positions, lengths and lines.
  std::string seeds;
  for (const Generated& g : o.seeds) {
    CheckpointWriter w;
    w(g.id);
    w(g.setup);
    w(g.length);
    w(g.pv);
    seeds += w.str();
  }
  add("seeds", o.seeds.size());
  add("seeds_hash", fnv1a(seeds));
  return text;
}

ReverseStats generate_reverse(const ReverseOptions& options, const EmitFn& emit,
                              const ReverseProgressFn& progress) {
  ReverseStats stats;
  Chain chain(options, emit, progress, stats);
  // The seeds: the given ones in order, or the random generator's, one at a time in candidate
  // order.
  std::size_t given = 0;
  GenerateOptions seeds = options.base;
  seeds.mode = Mode::Composition;
  seeds.min_plies = options.seed_min_plies;
  seeds.max_plies = options.seed_max_plies;
  seeds.count = 1;
  seeds.written.clear();
  std::uint64_t drawn = 0;
  const auto next_seed = [&]() -> std::optional<Generated> {
    if (!options.seeds.empty()) {
      if (given >= options.seeds.size()) return std::nullopt;
      return options.seeds[given++];
    }
    if (options.seed_count != 0 && drawn >= options.seed_count) return std::nullopt;
    if (options.base.max_seconds > 0)
      seeds.max_seconds = options.base.max_seconds - chain.elapsed();
    // --max-candidates bounds the seed candidates: indices below it.
    if (options.base.max_candidates) {
      if (seeds.first_candidate >= options.base.max_candidates) return std::nullopt;
      seeds.max_candidates = options.base.max_candidates - seeds.first_candidate;
    }
    std::optional<Generated> seed;
    const GenerateStats spent = generate(seeds, [&](const Generated& g) { seed = g; });
    // A search cut by the time limit or a stop is made again by a resumed run.
    if (!seed && chain.done()) return std::nullopt;
    stats.seeds += spent;
    if (!seed) return std::nullopt;  // max_candidates reached
    ++drawn;
    seeds.first_candidate = seed->candidate + 1;
    return seed;
  };
  // The chains side by side, one step each in turn (`turn`: the next slot); a finished chain's
  // slot takes the next seed at once.
  std::vector<std::optional<ChainState>> slots(
      static_cast<std::size_t>(std::max(1, options.chains)));
  std::size_t turn = 0;
  bool seeds_left = true;
  const std::string version = checkpoint_options(options);
  // The run's state, in one list for the checkpoint written and the checkpoint resumed.
  const auto state = [&](auto& io) {
    using IO = std::remove_reference_t<decltype(io)>;
    io.tag("tsume-reverse-checkpoint");
    std::string options_text = version;
    io(options_text);
    if (options_text != version)
      throw CheckpointError("written by a run with other options: " + options_text +
                            "; this run: " + version);
    // The run's time on a line of its own: the only part of a state that depends on the machine.
    io.end_line();
    io.tag("seconds");
    auto ms = static_cast<std::uint64_t>(chain.seconds() * 1000);
    io(ms);
    io.end_line();
    if constexpr (!IO::kWriting) chain.resumed_after(static_cast<double>(ms) / 1000);
    fields_of(io, stats);
    io.tag("seeds");
    io(given);
    io(seeds.first_candidate);
    io(drawn);
    io(seeds_left);
    io(turn);
    io.tag("seen");
    chain.positions_taken(io);
    io.tag("slots");
    std::size_t chains = slots.size();
    io(chains);
    if constexpr (!IO::kWriting) {
      if (given > options.seeds.size() || turn > slots.size() || chains != slots.size())
        io.fail("another number of seeds or chains");
    }
    for (std::optional<ChainState>& slot : slots) {
      bool busy = slot.has_value();
      io(busy);
      if constexpr (!IO::kWriting) slot.reset();
      if (!busy) continue;
      if constexpr (!IO::kWriting) slot.emplace();
      fields_of(io, *slot, static_cast<std::size_t>(options.tries));
    }
    io.tag("end");
    io.end_line();
  };
  const auto save_state = [&] {
    CheckpointWriter w;
    state(w);
    options.checkpoint(w.str(), stats);
  };
  if (options.resume) {
    CheckpointReader r(*options.resume);
    state(r);
    if (!r.at_end()) r.fail("text after the end");
  }
  // A new run's first checkpoint is its start: an output file always has one to resume from.
  if (options.checkpoint && !options.resume) save_state();
  auto last_checkpoint = std::chrono::steady_clock::now();
  while (!chain.done()) {
    if (turn == slots.size()) turn = 0;
    std::optional<ChainState>& slot = slots[turn];
    while (!slot && seeds_left && !chain.done()) {
      const std::optional<Generated> seed = next_seed();
      if (!seed) {
        if (!chain.done()) seeds_left = false;
        break;
      }
      slot = chain.start(*seed);
    }
    if (slot) {
      const Chain::Step done = chain.step(*slot);
      if (done == Chain::Step::Undone) break;  // this slot's turn again in a resumed run
      if (done == Chain::Step::Finished) slot.reset();
    }
    ++turn;
    if (options.base.stop && options.base.stop->load()) break;
    if (!seeds_left && std::none_of(slots.begin(), slots.end(),
                                    [](const std::optional<ChainState>& c) { return c; }))
      break;
    if (options.checkpoint &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint).count() >=
            options.checkpoint_seconds) {
      save_state();
      last_checkpoint = std::chrono::steady_clock::now();
    }
  }
  // The run ends between units of work (its count, time or seeds, or a stop: a unit cut short by
  // a stop keeps nothing), so it can go on from here.
  if (options.checkpoint) save_state();
  stats.seconds = chain.seconds();
  return stats;
}

}  // namespace tsume::gen
