#include "solver/answer/certificate.h"

#include "solver/answer/key_map.h"
#include "solver/answer/main_line.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace tsume {

namespace {

// No node (a failed proof); Certificate::kNoChild, the same value, is only ever stored in an
// edge whose child needs no node.
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// The first node cap of a widening round of queries, and its growth per round.
constexpr std::uint64_t kFirstCap = 2'000;
constexpr std::uint64_t kCapGrowth = 4;

// The distance budget one ply further down: r - 1, and infinite stays infinite.
constexpr Plies below(Plies r) { return r >= kNoMate ? kNoMate : r - 1; }
// The length budget of a question "mated within r?" (infinite: the unbounded search).
constexpr Plies budget_of(Plies r) { return r >= kNoMate ? kUnboundedPlies : r; }

// Whether an edge leads to a node (not kNoChild, not implicit).
bool has_node(const Certificate::Edge& e) {
  return e.child != Certificate::kNoChild && e.child != Certificate::kImplicit;
}

// A node being built: its edges are gathered here, then stored with the graph's (Builder::set).
struct Draft {
  bool attacker = false;
  Plies distance = 0;
  std::vector<Certificate::Edge> edges;
};

class Builder {
public:
  Builder(TranspositionTable& table, const SearchLimits& limits, Color attacker,
          MateSearchOptions options, bool implicit = false, bool unbounded_nodes = false)
      : table_(table), budget_(limits), reader_(table, budget_, attacker), attacker_(attacker),
        options_(options), implicit_(implicit), unbounded_nodes_(unbounded_nodes),
        memory_limit_(limits.max_memory_bytes) {}

  // A node proving that `pos` is mated within `r` plies (futile drops per the options), or kNone.
  std::uint32_t emit(Position& pos, Plies r) {
    if (forbidden(pos)) return kNone;
    const std::uint64_t key = pos.key();
    std::uint32_t id;
    if (const std::uint32_t* found = id_of_.find(key)) {
      id = *found;
      if (building_[id]) return kNone;  // a repetition on the line
      if (bound_[id] <= r) return id;
    } else {
      if (out_of_memory()) return kNone;
      id = static_cast<std::uint32_t>(graph_.nodes.size());
      graph_.nodes.emplace_back();
      building_.push_back(0);
      bound_.push_back(kNoMate);
      id_of_.emplace(key, id);
    }
    building_[id] = 1;
    Draft built;
    const bool ok = pos.side_to_move() == attacker_ ? attacker_node(pos, r, built)
                                                    : defender_node(pos, r, built);
    building_[id] = 0;
    if (!ok) return kNone;
    bound_[id] = built.distance;
    set(id, built);  // (rebuilt with a smaller distance: its old edges stay unused)
    return id;
  }

  // A node of the dual tree: `pos` is not mated within `r` plies, or kNone. Positions may repeat
  // here at different distances; a node is reused for any r up to its own. With r = kNoMate
  // (no mate at all) see emit_no_mate_at_all().
  // With implicit children on, a child (not the root: `root`) that needs r <= 1 is
  // Certificate::kImplicit: the caller's search has shown it, the verifier derives it.
  std::uint32_t emit_no_mate(Position& pos, Plies r, bool root = false) {
    if (r >= kNoMate) return emit_no_mate_at_all(pos);
    if (implicit_ && !root && r <= Certificate::kImplicitMaxNeed) return Certificate::kImplicit;
    const std::uint64_t key = pos.key();
    // Format version 5: a position not mated at all (the table's bound says so) that
    // is needed within r >= kUnboundedMinNeed gets the node of no mate at all, which serves every
    // distance; where that graph cannot be built, the node of r as before.
    if (unbounded_nodes_ && r >= Certificate::kUnboundedMinNeed) {
      if (const std::uint32_t* found = any_length_id_.find(key)) return *found;
      if (no_mate_at_all(pos) && unbounded_tried_.insert(key).second) {
        const bool too_deep = too_deep_, refuted = refuted_;
        if (const std::uint32_t id = emit_no_mate_at_all(pos); id != kNone) return id;
        if (stopped_) return kNone;
        too_deep_ = too_deep;
        refuted_ = refuted;
      }
    }
    if (const std::uint32_t id = held_within(key, r); id != kNone) return id;
    // A position the first build wrote at a larger distance too is written once, at that
    // distance, which serves every smaller need; not while it is on the line being built (its
    // subtree may need it again, at a smaller distance).
    if (const auto it = wanted_.find(key);
        it != wanted_.end() && it->second > r && !on_line_.contains(key) && depth_ < kMaxDepth) {
      if (const std::uint32_t id = build_no_mate(pos, key, it->second); id != kNone) return id;
      if (stopped_) return kNone;
    }
    // A node of the first build whose graph holds no position wanted at another distance is
    // taken over as it is (the same node would be built again).
    if (first_)
      if (const auto it = first_->no_mate_ids_.find(key); it != first_->no_mate_ids_.end())
        for (std::uint32_t id : it->second)
          if (first_->graph_.nodes[id].distance >= r && first_clean_[id]) return take_over(id);
    return build_no_mate(pos, key, r);
  }

  // Whether the table shows `pos` not mated at any length (no search of its own).
  bool no_mate_at_all(const Position& pos) { return reader_.lookup(pos).lower >= kNoMate; }

  // The first build, for a second one: the positions to write at a larger distance when first
  // asked for a smaller one, and the first build's nodes, whose graphs without such a position
  // are taken over.
  void second_build_of(const Builder& first, std::unordered_map<std::uint64_t, Plies> wanted) {
    wanted_ = std::move(wanted);
    first_ = &first;
    // The children of a node were made before it (smaller ids).
    const auto& nodes = first.graph_.nodes;
    first_clean_.assign(nodes.size(), 0);
    // (A node of no mate at all is not taken over: its graph may have cycles; it is built
    // again, mostly from the table.)
    for (std::size_t id = 0; id < nodes.size(); ++id) {
      bool clean = !wanted_.contains(first.keys_[id]) && nodes[id].distance < kNoMate;
      for (const Certificate::Edge& e : first.graph_.edges_of(nodes[id]))
        if (has_node(e)) clean = clean && first_clean_[e.child];
      first_clean_[id] = clean;
    }
  }

  // The nodes of the graph below node `root` (itself included).
  std::vector<std::uint32_t> reached_from(std::uint32_t root) const {
    std::vector<std::uint8_t> seen(graph_.nodes.size(), 0);
    std::vector<std::uint32_t> reached{root};
    seen[root] = 1;
    for (std::size_t i = 0; i < reached.size(); ++i)
      for (const Certificate::Edge& e : graph_.edges_of(graph_.nodes[reached[i]]))
        if (has_node(e) && !seen[e.child]) {
          seen[e.child] = 1;
          reached.push_back(e.child);
        }
    return reached;
  }
  // The positions that the graph below node `root` holds at several distances, each with the
  // largest (for a second build: second_build_of()).
  std::unordered_map<std::uint64_t, Plies> repeated_below(std::uint32_t root) const {
    std::unordered_map<std::uint64_t, std::pair<Plies, int>> seen;  // the largest, how many
    for (std::uint32_t id : reached_from(root)) {
      const Plies d = graph_.nodes[id].distance;
      if (d >= kNoMate) continue;  // serves every distance already
      auto& held = seen.try_emplace(keys_[id], d, 0).first->second;
      held.first = std::max(held.first, d);
      ++held.second;
    }
    std::unordered_map<std::uint64_t, Plies> out;
    for (const auto& [key, held] : seen)
      if (held.second > 1) out.emplace(key, held.first);
    return out;
  }

  // A copy of the first build's node `first_id` and its graph, nodes this build holds already
  // (a position within at least the distance) used as they are.
  std::uint32_t take_over(std::uint32_t first_id) {
    if (const auto it = taken_.find(first_id); it != taken_.end()) return it->second;
    const Certificate::Node& from = first_->graph_.nodes[first_id];
    const std::uint64_t key = first_->keys_[first_id];
    if (const std::uint32_t id = held_within(key, from.distance); id != kNone)
      return taken_[first_id] = id;
    const auto edges = first_->graph_.edges_of(from);
    Draft copy{from.attacker, from.distance, {edges.begin(), edges.end()}};
    for (Certificate::Edge& e : copy.edges)
      if (has_node(e)) e.child = take_over(e.child);
    return taken_[first_id] = add_no_mate_node(std::move(copy), key);
  }

  // A new node of "`pos` (position key `key`) is not mated within r", or kNone.
  std::uint32_t build_no_mate(Position& pos, std::uint64_t key, Plies r) {
    if (out_of_memory()) return kNone;
    Draft built;
    built.distance = r;
    ++on_line_[key];
    ++depth_;
    const bool ok = pos.side_to_move() == attacker_ ? attacker_no_mate(pos, r, built)
                                                    : defender_no_mate(pos, r, built);
    --depth_;
    if (const auto it = on_line_.find(key); --it->second == 0) on_line_.erase(it);
    if (!ok) return kNone;
    return add_no_mate_node(std::move(built), key);
  }

  // Appends a finished node of no mate within its distance for position `key`.
  std::uint32_t add_no_mate_node(const Draft& node, std::uint64_t key) {
    const auto id = static_cast<std::uint32_t>(graph_.nodes.size());
    bound_.push_back(node.distance);
    graph_.nodes.emplace_back();
    set(id, node);
    building_.push_back(0);
    keys_.resize(graph_.nodes.size());
    keys_[id] = key;
    no_mate_ids_[key].push_back(id);
    return id;
  }

  // A node of this certificate of no mate within at least r for position `key`, or kNone.
  std::uint32_t held_within(std::uint64_t key, Plies r) const {
    if (const auto it = no_mate_ids_.find(key); it != no_mate_ids_.end())
      for (std::uint32_t id : it->second)
        if (graph_.nodes[id].distance >= r) return id;
    return kNone;
  }

  // Whether the certificate has a node for "no mate within r" (or no mate at all) of `pos`.
  bool holds_no_mate(const Position& pos, Plies r) const {
    if (r >= kNoMate) return any_length_id_.contains(pos.key());
    return held_within(pos.key(), r) != kNone;
  }

  // A node of the graph of no mate at all: each position at one node, made before its children
  // so that a line that comes back to a position on it links to that node (a cycle: the line
  // can go round for ever, which is no mate). When a node cannot be built, everything made
  // since it was begun is taken back (nodes made under it may point to it).
  std::uint32_t emit_no_mate_at_all(Position& pos) {
    const std::uint64_t key = pos.key();
    if (const std::uint32_t* found = any_length_id_.find(key)) return *found;
    if (depth_ >= kMaxDepth) {
      too_deep_ = true;
      return kNone;
    }
    if (out_of_memory()) return kNone;
    const auto id = static_cast<std::uint32_t>(graph_.nodes.size());
    const std::size_t edges_before = graph_.edges.size();
    graph_.nodes.emplace_back();
    building_.push_back(0);
    bound_.push_back(kNoMate);
    keys_.resize(graph_.nodes.size());
    keys_[id] = key;
    any_length_id_.emplace(key, id);
    Draft built;
    built.distance = kNoMate;
    ++depth_;
    const bool ok = pos.side_to_move() == attacker_ ? attacker_no_mate(pos, kNoMate, built)
                                                    : defender_no_mate(pos, kNoMate, built);
    --depth_;
    if (!ok) {
      for (std::size_t i = id; i < graph_.nodes.size(); ++i) any_length_id_.erase(keys_[i]);
      graph_.nodes.resize(id);
      graph_.edges.resize(edges_before);
      building_.resize(id);
      bound_.resize(id);
      keys_.resize(id);
      return kNone;
    }
    set(id, built);
    return id;
  }

  // The memory the graph and its indexes take, in bytes, as counted for the limit
  // (SearchLimits::max_memory_bytes): the arrays' capacities, the hash maps' entries as the
  // standard library lays them out, and what finish() will need to renumber the graph.
  std::uint64_t bytes() const {
    constexpr std::uint64_t kMapEntry = 48;    // a node of a std::unordered_map, and its bucket
    constexpr std::uint64_t kAllocation = 32;  // a small vector's allocation
    std::uint64_t b = graph_.bytes();
    b += building_.capacity() + bound_.capacity() * sizeof(Plies) +
         keys_.capacity() * sizeof(std::uint64_t);
    b += id_of_.memory() + any_length_id_.memory();
    b += no_mate_ids_.size() * (kMapEntry + kAllocation) + unbounded_tried_.size() * kMapEntry;
    b += (wanted_.size() + on_line_.size() + taken_.size()) * kMapEntry + first_clean_.capacity();
    // finish(): the graph again (without unused edges), a new id, an order and a state a node.
    b += graph_.nodes.size() * (sizeof(Certificate::Node) + 2 * sizeof(std::uint32_t) + 1) +
         graph_.edges.size() * sizeof(Certificate::Edge);
    return b;
  }
  bool out_of_memory_stopped() const { return out_of_memory_; }

  bool stopped() const { return stopped_; }
  bool too_deep() const { return too_deep_; }
  std::uint64_t memory_limit() const { return memory_limit_; }
  bool refuted() const { return refuted_; }
  const SearchBudget& budget() const { return budget_; }
  Certificate& graph() { return graph_; }

private:
  // Node `id` (made already) becomes `draft`, its edges stored after the graph's.
  void set(std::uint32_t id, const Draft& draft) {
    Certificate::Node& n = graph_.nodes[id];
    n.first = static_cast<std::uint32_t>(graph_.edges.size());
    n.count = static_cast<std::uint32_t>(draft.edges.size());
    n.distance = draft.distance;
    n.attacker = draft.attacker;
    graph_.edges.insert(graph_.edges.end(), draft.edges.begin(), draft.edges.end());
  }
  // Whether the graph has reached the memory limit; then the build stops (stopped_).
  bool out_of_memory() {
    if (memory_limit_ == 0 || bytes() < memory_limit_) return false;
    out_of_memory_ = stopped_ = true;
    return true;
  }

  // One question on a search of its own with at most `cap` nodes (0: what is left of the
  // budget). Unknown when the cap (or the budget: then stopped_) ran out.
  template <class Question> Outcome ask(std::uint64_t cap, const Question& question) {
    if (stopped_ || budget_.exhausted()) {
      stopped_ = true;
      return Outcome::Unknown;
    }
    SearchLimits left = budget_.remaining();
    if (cap) left.max_nodes = left.max_nodes ? std::min(left.max_nodes, cap) : cap;
    BudgetedSearch step(table_, left, attacker_);
    const Outcome o = question(step.search);
    budget_.charge(step.budget.nodes());
    if (o == Outcome::Unknown && (!cap || budget_.exhausted())) stopped_ = true;
    return o;
  }
  Outcome prove(Position& pos, Plies r, std::uint64_t cap) {
    // What the table's bounds settle needs no search of its own (most questions of a
    // no-mate certificate: the solve's disproof left them there).
    if (forbidden(pos)) return Outcome::Disproven;
    const TTProbe known = reader_.lookup(pos);
    if (known.upper <= r) return Outcome::Proven;
    if (known.lower > r) return Outcome::Disproven;
    return ask(cap, [&](MateSearch& s) { return s.prove(pos, r, options_); });
  }
  // A position the proof must not pass through (MateSearchOptions::forbidden).
  bool forbidden(const Position& pos) const {
    return options_.forbidden && options_.forbidden->contains(pos.board_key(), pos.hand(attacker_));
  }
  // The table's entry of the position after `m`, read without playing it.
  TTProbe probe_after(const Position& pos, Move m) const {
    return table_.probe(pos.board_key_after(m), pos.hand_after(m, attacker_));
  }

  // Tries `candidates` (each: a query under a cap, then the node it leads to) in widening
  // rounds: every open candidate with kFirstCap nodes, then four times as many, and so on.
  // `want_all`: every candidate must succeed (a defender node), else one (an attacker node).
  // A candidate's query returns Proven (then `take` builds its node), Disproven (it fails for
  // good) or Unknown (the next round).
  template <class Query, class Take>
  bool rounds(std::size_t count, bool want_all, const Query& query, const Take& take) {
    std::vector<std::uint8_t> open(count, 1);  // 1 open, 0 done or failed
    std::size_t left = count;
    for (std::uint64_t cap = kFirstCap; left > 0 && !stopped_; cap *= kCapGrowth) {
      for (std::size_t i = 0; i < count && !stopped_; ++i) {
        if (!open[i]) continue;
        const Outcome o = query(i, cap);
        if (o == Outcome::Unknown) continue;
        open[i] = 0;
        --left;
        const bool ok = o == Outcome::Proven && take(i);
        if (ok && !want_all) return true;
        if (!ok && want_all && !stopped_) return false;
      }
      if (budget_.exhausted()) stopped_ = true;
    }
    return want_all && !stopped_ && left == 0;
  }

  bool attacker_node(Position& pos, Plies r, Draft& out) {
    out.attacker = true;
    if (r < 1 || stopped_) return false;
    MoveList list;
    ShogiRules::generate_checks(pos, list);
    // The checks with the shortest known mates first; those the table proves within r - 1 are
    // tried at once, the others in widening rounds.
    std::vector<std::pair<Plies, Move>> checks;
    checks.reserve(list.size());
    for (Move m : list) checks.emplace_back(probe_after(pos, m).upper, m);
    std::stable_sort(checks.begin(), checks.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::uint32_t child = kNone;
    Move chosen = Move::none();
    const auto take = [&](std::size_t i) {
      const Move m = checks[i].second;
      pos.do_move(m);
      child = emit(pos, r - 1);
      pos.undo_move(m);
      chosen = m;
      return child != kNone;
    };
    bool found = false;
    // A check to a position the certificate already holds within r - 1 adds no node.
    for (std::size_t i = 0; i < checks.size() && !found; ++i) {
      const Move m = checks[i].second;
      pos.do_move(m);
      const std::uint32_t* id = id_of_.find(pos.key());
      const bool held = id && !building_[*id] && bound_[*id] <= r - 1;
      pos.undo_move(m);
      found = held && take(i);
    }
    for (std::size_t i = 0; i < checks.size() && !found && checks[i].first <= r - 1; ++i) {
      const Move m = checks[i].second;
      pos.do_move(m);
      const Outcome o = prove(pos, r - 1, 0);
      pos.undo_move(m);
      found = o == Outcome::Proven && take(i);
    }
    if (!found && !stopped_)
      found = rounds(
          checks.size(), false,
          [&](std::size_t i, std::uint64_t cap) {
            const Move m = checks[i].second;
            pos.do_move(m);
            const Outcome o = prove(pos, r - 1, cap);
            pos.undo_move(m);
            return o;
          },
          take);
    if (!found) return false;
    out.distance = 1 + bound_[child];
    out.edges.push_back({chosen, Certificate::EdgeKind::Reply, child});
    return true;
  }

  // The best of the comparison positions of a drop on `s` at the defender node `pos`: mated
  // within `r` (Proven), not (Disproven), or not known within `cap` nodes.
  Outcome comparison_mates(Position& pos, Square s, Plies r, std::uint64_t cap) {
    Outcome best = Outcome::Disproven;
    for (Move cm : ShogiRules::comparison_moves(pos, attacker_, s)) {
      pos.do_null_move();
      pos.do_move(cm);
      const Outcome o = pos.in_check() ? prove(pos, r, cap) : Outcome::Disproven;
      pos.undo_move(cm);
      pos.undo_null_move();
      if (o == Outcome::Proven) return o;
      if (o == Outcome::Unknown) best = o;
    }
    return best;
  }

  // The comparison node of a drop on `s` (its position mated within `r`), or kNone.
  std::uint32_t comparison_node(Position& pos, Square s, Plies r, bool& promoted) {
    std::uint32_t q = kNone;
    for (Move cm : ShogiRules::comparison_moves(pos, attacker_, s)) {
      pos.do_null_move();
      pos.do_move(cm);
      if (pos.in_check() && prove(pos, r, 0) == Outcome::Proven) q = emit(pos, r);
      pos.undo_move(cm);
      pos.undo_null_move();
      if (q != kNone || stopped_) {
        promoted = cm.is_promotion();
        break;
      }
    }
    return q;
  }

  bool defender_node(Position& pos, Plies r, Draft& out) {
    out.attacker = false;
    MoveList list;
    ShogiRules::generate_evasions(pos, list);
    const std::vector<Move> evasions(list.begin(), list.end());
    const std::size_t n = evasions.size();
    // Each evasion is a counted reply (its child mated within r - 1) or, for a drop with
    // futility on, an exemption (its comparison position mated within r); both questions are
    // asked in widening rounds, the first answered Proven decides. The table decides at once
    // where it knows a child proven within r - 1.
    std::vector<Certificate::Edge> edges(n);
    // With r < 2 no counted reply can be mated in time (its child, an attacker node, needs a
    // ply), so only exemptions can cover the evasions.
    std::vector<std::uint8_t> reply_failed(n, r < 2 ? 1 : 0), exemption_failed(n, 0);
    // Per drop square, the comparison node once built (shared by every piece dropped there).
    std::unordered_map<int, std::pair<std::uint32_t, bool>> comparison;
    const auto can_exempt = [&](Move m) { return options_.futility && m.is_drop(); };
    const auto query = [&](std::size_t i, std::uint64_t cap) {
      const Move m = evasions[i];
      if (!reply_failed[i]) {
        pos.do_move(m);
        const Outcome o = prove(pos, r - 1, cap);
        pos.undo_move(m);
        if (o == Outcome::Proven) {
          edges[i].kind = Certificate::EdgeKind::Reply;
          return o;
        }
        if (o == Outcome::Disproven) reply_failed[i] = 1;
      }
      if (can_exempt(m) && !exemption_failed[i] && !stopped_) {
        if (comparison.contains(index_of(m.to()))) {
          edges[i].kind = Certificate::EdgeKind::Futile;
          return Outcome::Proven;
        }
        const Outcome o = comparison_mates(pos, m.to(), r, cap);
        if (o == Outcome::Proven) {
          edges[i].kind = Certificate::EdgeKind::Futile;
          return o;
        }
        if (o == Outcome::Disproven) exemption_failed[i] = 1;
      }
      const bool failed = reply_failed[i] && (!can_exempt(m) || exemption_failed[i]);
      return failed ? Outcome::Disproven : Outcome::Unknown;
    };
    const auto take = [&](std::size_t i) {
      const Move m = evasions[i];
      edges[i].move = m;
      if (edges[i].kind == Certificate::EdgeKind::Reply) {
        pos.do_move(m);
        edges[i].child = emit(pos, r - 1);
        pos.undo_move(m);
        return edges[i].child != kNone;
      }
      auto it = comparison.find(index_of(m.to()));
      if (it == comparison.end()) {
        bool promoted = false;
        const std::uint32_t q = comparison_node(pos, m.to(), r, promoted);
        if (q == kNone) return false;
        it = comparison.emplace(index_of(m.to()), std::make_pair(q, promoted)).first;
      }
      edges[i].child = it->second.first;
      edges[i].kind =
          it->second.second ? Certificate::EdgeKind::FutilePromoted : Certificate::EdgeKind::Futile;
      return true;
    };
    // First what the table already proves as counted replies, then the rounds for the rest.
    std::vector<std::size_t> rest;
    for (std::size_t i = 0; i < n; ++i) {
      if (probe_after(pos, evasions[i]).upper <= r - 1) {
        edges[i].kind = Certificate::EdgeKind::Reply;
        if (!take(i)) return false;
      } else {
        rest.push_back(i);
      }
    }
    if (!rest.empty() && !rounds(
                             rest.size(), true,
                             [&](std::size_t k, std::uint64_t cap) { return query(rest[k], cap); },
                             [&](std::size_t k) { return take(rest[k]); }))
      return false;
    Plies distance = 0;
    for (const Certificate::Edge& e : edges) {
      const Plies d = bound_[e.child];
      distance = std::max(distance, e.kind == Certificate::EdgeKind::Reply ? Plies(d + 1) : d);
    }
    out.edges = std::move(edges);
    out.distance = distance;
    return true;
  }

  // Every legal check, each child not mated within r - 1 (none needed when r <= 0).
  bool attacker_no_mate(Position& pos, Plies r, Draft& out) {
    out.attacker = true;
    if (r <= 0) return true;
    MoveList list;
    ShogiRules::generate_checks(pos, list);
    out.edges.reserve(list.size());
    for (Move m : list) {
      pos.do_move(m);
      const Outcome o = prove(pos, budget_of(below(r)), 0);
      const std::uint32_t child = o == Outcome::Disproven ? emit_no_mate(pos, below(r)) : kNone;
      pos.undo_move(m);
      if (o == Outcome::Proven) refuted_ = true;
      if (child == kNone) return false;
      out.edges.push_back({m, Certificate::EdgeKind::Reply, child});
    }
    return true;
  }

  // One reply whose child is not mated within r - 1 and, for a drop the rule could exempt,
  // whose comparison positions are each not mated within r; tried in widening rounds.
  bool defender_no_mate(Position& pos, Plies r, Draft& out) {
    out.attacker = false;
    MoveList list;
    ShogiRules::generate_evasions(pos, list);
    // The refutations the table already knows first, and among them those whose no-mate node
    // the certificate holds already (no new node), then those after which the attacker has the
    // fewest checks (every check needs a subtree of its own: the smallest trees); the other
    // replies after them, the best known bounds first.
    struct Candidate {
      bool known;  // the table proves the reply a refutation
      bool held;   // and the certificate has its node
      std::size_t checks;
      Plies lower;
      Move move;
    };
    std::vector<Candidate> candidates;
    candidates.reserve(list.size());
    const Plies needed = below(r);
    std::size_t known = 0;
    for (Move m : list) {
      Candidate c{false, false, 0, probe_after(pos, m).lower, m};
      c.known = needed <= 0 || c.lower > needed || (needed >= kNoMate && c.lower >= kNoMate);
      known += c.known;
      candidates.push_back(c);
    }
    // The checks after each reply tell the candidates apart where several are known (and, for
    // no mate at all, where none is: none of its nodes is a leaf). A lone known refutation is
    // tried first whatever they are.
    // (Not where the child will be implicit: it needs no subtree.)
    const bool implicit_child = implicit_ && needed <= Certificate::kImplicitMaxNeed;
    if (needed > 0 && !implicit_child && (known > 1 || (needed >= kNoMate && known == 0)))
      for (Candidate& c : candidates) {
        if (!c.known && needed < kNoMate) continue;
        MoveList after;
        pos.do_move(c.move);
        ShogiRules::generate_checks(pos, after);
        c.checks = after.size();
        c.held = c.known && holds_no_mate(pos, needed);
        pos.undo_move(c.move);
      }
    const auto before = [](const Candidate& a, const Candidate& b) {
      if (a.known != b.known) return a.known;
      if (a.held != b.held) return a.held;
      if (a.known && a.checks != b.checks) return a.checks < b.checks;
      if (a.lower != b.lower) return a.lower > b.lower;
      return a.checks < b.checks;
    };
    // A stable insertion sort: the lists are short, and it needs no buffer.
    for (std::size_t i = 1; i < candidates.size(); ++i) {
      const Candidate c = candidates[i];
      std::size_t j = i;
      for (; j > 0 && before(c, candidates[j - 1]); --j) candidates[j] = candidates[j - 1];
      candidates[j] = c;
    }
    const auto comparisons = [&](Move m) {
      std::vector<Move> out_moves;
      if (options_.futility && r < kNoMate && m.is_drop())
        for (Move cm : ShogiRules::comparison_moves(pos, attacker_, m.to())) {
          pos.do_null_move();
          pos.do_move(cm);
          if (pos.in_check()) out_moves.push_back(cm);
          pos.undo_move(cm);
          pos.undo_null_move();
        }
      return out_moves;
    };
    const auto query = [&](std::size_t i, std::uint64_t cap) {
      const Move m = candidates[i].move;
      pos.do_move(m);
      Outcome o = below(r) <= 0 ? Outcome::Disproven : prove(pos, budget_of(below(r)), cap);
      pos.undo_move(m);
      if (o != Outcome::Disproven) return o == Outcome::Proven ? Outcome::Disproven : o;
      for (Move cm : comparisons(m)) {
        pos.do_null_move();
        pos.do_move(cm);
        const Outcome q = prove(pos, r, cap);
        pos.undo_move(cm);
        pos.undo_null_move();
        if (q == Outcome::Proven) return Outcome::Disproven;  // futile: no refutation
        if (q == Outcome::Unknown) return q;
      }
      return Outcome::Proven;  // a refutation (the rounds' "success")
    };
    const auto take = [&](std::size_t i) {
      const Move m = candidates[i].move;
      std::uint32_t child = Certificate::kNoChild;  // no mate within 0 needs no node
      if (below(r) > 0) {
        pos.do_move(m);
        child = emit_no_mate(pos, below(r));
        pos.undo_move(m);
        if (child == kNone) return false;
      }
      out.edges.push_back({m, Certificate::EdgeKind::Reply, child});
      for (Move cm : comparisons(m)) {
        pos.do_null_move();
        pos.do_move(cm);
        const std::uint32_t q = emit_no_mate(pos, r);
        pos.undo_move(cm);
        pos.undo_null_move();
        if (q == kNone) return false;
        out.edges.push_back({m,
                             cm.is_promotion() ? Certificate::EdgeKind::FutilePromoted
                                               : Certificate::EdgeKind::Futile,
                             q});
      }
      return true;
    };
    if (rounds(candidates.size(), false, query, take)) return true;
    if (!stopped_) refuted_ = true;
    return false;
  }

  TranspositionTable& table_;
  SearchBudget budget_;
  MateSearch reader_;  // table lookups
  Color attacker_;
  MateSearchOptions options_;
  bool implicit_ = false;  // format version 4: children needing r <= 1 get no node
  // Format version 5: positions not mated at all get nodes of no mate at all (any_length_id_);
  // the positions tried for that.
  bool unbounded_nodes_ = false;
  std::unordered_set<std::uint64_t> unbounded_tried_;
  KeyMap<std::uint32_t> id_of_;
  Certificate graph_;  // the nodes, in the order made; an id is an index of graph_.nodes
  std::vector<std::uint8_t> building_;
  std::vector<Plies> bound_;  // the distance each node was built with
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> no_mate_ids_;
  // The no-mate-within positions to write at a larger distance than first asked (a second build),
  // and those on the line being built (how many times).
  std::unordered_map<std::uint64_t, Plies> wanted_;
  std::unordered_map<std::uint64_t, int> on_line_;
  // A second build: the first, which of its nodes have no wanted position in their graphs, and
  // the nodes taken over from it (its id to ours).
  const Builder* first_ = nullptr;
  std::vector<std::uint8_t> first_clean_;
  std::unordered_map<std::uint32_t, std::uint32_t> taken_;
  // The graph of no mate at all: the node of each position, the position key of each node.
  KeyMap<std::uint32_t> any_length_id_;
  std::vector<std::uint64_t> keys_;
  // Its construction recurses along lines of play; a line longer than this is given up.
  static constexpr int kMaxDepth = 4000;
  int depth_ = 0;
  bool too_deep_ = false;
  bool stopped_ = false;
  bool refuted_ = false;  // a no-mate claim met a mate
  // The memory limit (0: none), and whether it stopped the build.
  std::uint64_t memory_limit_ = 0;
  bool out_of_memory_ = false;
};

// Why a build stopped by a limit failed: its memory limit or its search budget.
std::string stopped_error(const Builder& b, const char* what) {
  if (!b.out_of_memory_stopped()) return std::string("a limit stopped a ") + what;
  return "the certificate reached its memory limit (" +
         std::to_string((b.memory_limit() + (1u << 20) - 1) >> 20) + " MB)";
}

// Node `id` becomes node 0 (the root): the two swap places and every edge follows.
void make_root(Certificate& graph, std::uint32_t id) {
  std::swap(graph.nodes[0], graph.nodes[id]);
  for (Certificate::Edge& e : graph.edges)
    e.child = e.child == id ? 0 : e.child == 0 ? id : e.child;
}

// The graph reachable from node 0, renumbered in depth-first order into `out` (its nodes and
// edges; `out` may have nodes already, the new ones then follow them, numbered after them),
// with every distance computed from the children (a node rebuilt with a smaller distance lowers
// its parents'). False on a cycle, unless `allow_cycles` (no mate at all; then no distance is
// recomputed).
bool finish(Certificate& graph, Certificate& out, bool recompute = true,
            bool allow_cycles = false) {
  const std::size_t n = graph.nodes.size();
  std::vector<std::uint32_t> new_id(n, kNone);
  std::vector<std::uint8_t> state(n, 0);  // 0 unseen, 1 on the stack, 2 done
  std::vector<std::uint32_t> order;
  struct Frame {
    std::uint32_t node;
    std::size_t next;
  };
  std::vector<Frame> stack{{0, 0}};
  state[0] = 1;
  new_id[0] = 0;
  order.push_back(0);
  while (!stack.empty()) {
    Frame& f = stack.back();
    Certificate::Node& node = graph.nodes[f.node];
    const auto edges = graph.edges_of(node);
    if (f.next < edges.size()) {
      const Certificate::Edge& e = edges[f.next++];
      if (!has_node(e)) continue;
      const std::uint32_t c = e.child;
      if (state[c] == 1 && !allow_cycles) return false;
      if (state[c] == 0) {
        state[c] = 1;
        new_id[c] = static_cast<std::uint32_t>(order.size());
        order.push_back(c);
        stack.push_back({c, 0});
      }
      continue;
    }
    // All children done: the distance from them (a mate's tree).
    if (recompute) {
      Plies d = 0;
      for (const Certificate::Edge& e : edges) {
        const Plies cd = graph.nodes[e.child].distance;
        d = std::max(d, static_cast<Plies>(e.kind == Certificate::EdgeKind::Reply ? cd + 1 : cd));
      }
      node.distance = d;
    }
    state[f.node] = 2;
    stack.pop_back();
  }
  const auto offset = static_cast<std::uint32_t>(out.nodes.size());
  std::size_t edge_count = out.edges.size();
  for (std::uint32_t old : order) edge_count += graph.nodes[old].count;
  out.nodes.reserve(out.nodes.size() + order.size());
  out.edges.reserve(edge_count);
  for (std::uint32_t old : order) {
    const Certificate::Node& node = graph.nodes[old];
    const std::uint32_t id = out.add_node(node.attacker, node.distance, graph.edges_of(node));
    for (Certificate::Edge& e : out.edges_of(out.nodes[id]))
      if (has_node(e)) e.child = offset + new_id[e.child];
  }
  return true;
}

}  // namespace

CertificateBuild build_certificate(TranspositionTable& table, const SearchLimits& limits,
                                   const Position& root, Plies length, MateSearchOptions options,
                                   bool exact) {
  CertificateBuild result;
  Builder builder(table, limits, root.side_to_move(), options);
  Position pos = root;
  const std::uint32_t id = builder.emit(pos, length);
  result.nodes = builder.budget().nodes();
  result.seconds = builder.budget().seconds();
  if (id == kNone) {
    result.error = builder.stopped() ? stopped_error(builder, "proof of the certificate")
                                     : "no proof within the length was found";
    return result;
  }
  if (!finish(builder.graph(), result.certificate)) {
    result.error = "the proof read from the table has a cycle";
    return result;
  }
  result.certificate.length = result.certificate.nodes[0].distance;
  result.certificate.futile_counted = !options.futility;
  result.certificate.sho = root.variant() == Variant::Sho;
  if (result.certificate.length > length || (exact && result.certificate.length != length)) {
    result.error = "the proof read is " + std::to_string(result.certificate.length) +
                   " plies long, not " + std::to_string(length);
    return result;
  }
  result.ok = true;
  return result;
}

CertificateBuild build_certificate_with_move(TranspositionTable& table, const SearchLimits& limits,
                                             const Position& root, Move first, Plies length,
                                             MateSearchOptions options) {
  CertificateBuild result;
  Builder builder(table, limits, root.side_to_move(), options);
  Position pos = root;
  pos.do_move(first);
  // The child is the first node made (node 0 of the graph finish() renumbers); the root, an
  // attacker node with `first`, is put in front of it.
  const std::uint32_t id = length >= 1 ? builder.emit(pos, length - 1) : kNone;
  result.nodes = builder.budget().nodes();
  result.seconds = builder.budget().seconds();
  if (id == kNone) {
    result.error = builder.stopped() ? stopped_error(builder, "proof of the certificate")
                                     : "no proof within the length was found";
    return result;
  }
  Certificate& graph = builder.graph();
  make_root(graph, id);
  // The root, then the graph below it from node 1 (its distance set once that is known).
  const Certificate::Edge top{first, Certificate::EdgeKind::Reply, 1};
  result.certificate.add_node(true, 0, {&top, 1});
  if (!finish(graph, result.certificate)) {
    result.error = "the proof read from the table has a cycle";
    return result;
  }
  result.certificate.nodes[0].distance = 1 + result.certificate.nodes[1].distance;
  result.certificate.length = result.certificate.nodes[0].distance;
  result.certificate.futile_counted = !options.futility;
  result.certificate.sho = root.variant() == Variant::Sho;
  result.ok = true;
  return result;
}

CertificateBuild build_no_mate_certificate(TranspositionTable& table, const SearchLimits& limits,
                                           const Position& root, Plies length,
                                           MateSearchOptions options, bool implicit,
                                           bool unbounded_nodes) {
  return build_no_mate_certificate_for(table, limits, root, root.side_to_move(), length, options,
                                       implicit, unbounded_nodes);
}

CertificateBuild build_no_mate_certificate_for(TranspositionTable& table,
                                               const SearchLimits& limits, const Position& root,
                                               Color attacker, Plies length,
                                               MateSearchOptions options, bool implicit,
                                               bool unbounded_nodes) {
  CertificateBuild result;
  const bool at_all = length >= kNoMate;
  implicit = implicit && !at_all;
  unbounded_nodes = unbounded_nodes && implicit;
  // No mate at all is the same claim whether futile interpositions count or not (a futile
  // drop's comparison position is mated only where the drop and its capture are:
  // docs/certificate.md), so that certificate counts every interposition and needs no
  // comparison positions.
  if (at_all) options.futility = false;
  Builder builder(table, limits, attacker, options, implicit, unbounded_nodes);
  Position pos = root;
  std::uint32_t id = builder.emit_no_mate(pos, at_all ? kNoMate : length, true);
  result.nodes = builder.budget().nodes();
  result.seconds = builder.budget().seconds();
  // A position written at several distances: a second build writes it once, at the largest,
  // first asked or not; kept when its graph is smaller.
  std::optional<Builder> second;
  if (id != kNone && !at_all) {
    auto wanted = builder.repeated_below(id);
    if (!wanted.empty()) {
      // The second build's memory is what the first leaves of the limit (the first is kept
      // when it runs out).
      SearchLimits left = builder.budget().remaining();
      left.charge_memory(builder.bytes());
      second.emplace(table, left, attacker, options, implicit, unbounded_nodes);
      second->second_build_of(builder, std::move(wanted));
      Position again = root;
      const std::uint32_t id2 = second->emit_no_mate(again, length, true);
      result.nodes += second->budget().nodes();
      result.seconds += second->budget().seconds();
      if (id2 == kNone || second->reached_from(id2).size() >= builder.reached_from(id).size())
        second.reset();
      else
        id = id2;
    }
  }
  Builder& kept = second ? *second : builder;
  if (id == kNone) {
    result.error = builder.refuted()    ? "a mate within the length was found"
                   : builder.stopped()  ? stopped_error(builder, "disproof of the certificate")
                   : builder.too_deep() ? "a line of the disproof is too long to write"
                                        : "no disproof was found";
    return result;
  }
  // The root is the last node built (the first for no mate at all): renumber from it.
  Certificate& graph = kept.graph();
  make_root(graph, id);
  if (!finish(graph, result.certificate, false, at_all || unbounded_nodes)) {
    result.error = "the disproof read from the table has a cycle";
    return result;
  }
  result.certificate.length = at_all ? kNoMate : length;
  result.certificate.no_mate = true;
  result.certificate.implicit = implicit;
  result.certificate.unbounded_nodes = unbounded_nodes;
  result.certificate.futile_counted = !options.futility;
  result.certificate.sho = root.variant() == Variant::Sho;
  result.ok = true;
  return result;
}

std::uint64_t Certificate::bytes() const {
  return nodes.capacity() * sizeof(Node) + edges.capacity() * sizeof(Edge);
}

std::uint32_t Certificate::add_node(bool attacker, Plies distance,
                                    std::span<const Edge> node_edges) {
  const auto id = static_cast<std::uint32_t>(nodes.size());
  nodes.push_back({static_cast<std::uint32_t>(edges.size()),
                   static_cast<std::uint32_t>(node_edges.size()), distance, attacker});
  edges.insert(edges.end(), node_edges.begin(), node_edges.end());
  return id;
}

namespace {

void append_node_line(std::string& s, std::size_t id, const Certificate& c,
                      const Certificate::Node& n, bool inf) {
  const auto number = [&s](auto v) {
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    s.append(digits, end);
  };
  number(id);
  s += n.attacker ? " A " : " D ";
  if (inf)
    s += "inf";
  else
    number(n.distance);
  for (const Certificate::Edge& e : c.edges_of(n)) {
    s += ' ';
    s += ShogiRules::move_text(e.move);
    s += ' ';
    if (e.child == Certificate::kNoChild) {
      s += '-';
      continue;
    }
    if (e.kind == Certificate::EdgeKind::Futile) s += 'f';
    if (e.kind == Certificate::EdgeKind::FutilePromoted) s += "f+";
    if (e.child == Certificate::kImplicit)
      s += '*';
    else
      number(e.child);
  }
  s += '\n';
}

}  // namespace

void write_node_line(std::ostream& s, std::size_t id, const Certificate& c,
                     const Certificate::Node& n, bool inf) {
  std::string line;
  append_node_line(line, id, c, n, inf);
  s << line;
}

void write_certificate_text(const Certificate& c, const std::string& id, const std::string& sfen,
                            const std::function<void(std::string_view)>& sink) {
  constexpr std::size_t kPiece = std::size_t{1} << 16;
  std::string s;
  s.reserve(kPiece + 4096);
  s += "tsume-certificate ";
  s += c.unbounded_nodes ? '5' : c.implicit ? '4' : '1';
  s += '\n';
  const bool at_all = c.no_mate && c.length >= kNoMate;
  if (c.no_mate) s += at_all ? "claim no-mate\n" : "claim no-mate-within\n";
  if (c.sho) s += "rules sho\n";
  if (!id.empty()) s += "problem " + id + '\n';
  s += "sfen " + sfen + '\n';
  s += c.futile_counted ? "futile counted\n" : "futile not-counted\n";
  s += at_all ? std::string("length inf\n") : "length " + std::to_string(c.length) + '\n';
  s += "nodes " + std::to_string(c.nodes.size()) + '\n';
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    append_node_line(s, i, c, c.nodes[i], at_all || c.nodes[i].distance >= kNoMate);
    if (s.size() >= kPiece) {
      sink(s);
      s.clear();
    }
  }
  s += "end\n";
  sink(s);
}

std::string certificate_text(const Certificate& c, const std::string& id, const std::string& sfen) {
  std::string text;
  write_certificate_text(c, id, sfen, [&text](std::string_view piece) { text += piece; });
  return text;
}

}  // namespace tsume
