#include "solver/large/mate.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <unordered_map>

#include "solver/large/checks.h"

namespace tsume::large {

namespace {

// Hash keys: one per (square, cell value), one for Black to move, one per lion-capture square.
struct Zobrist {
  std::vector<std::uint64_t> cell;     // [square * 256 + cell]
  std::vector<std::uint64_t> capture;  // [square]
  std::uint64_t black = 0;
};

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

const Zobrist& zobrist() {
  static const Zobrist z = [] {
    Zobrist k;
    std::uint64_t state = 0x6c61726765ULL;  // "large"
    k.cell.resize(static_cast<std::size_t>(kCells) * 256);
    for (auto& v : k.cell) v = splitmix64(state);
    k.capture.resize(kCells);
    for (auto& v : k.capture) v = splitmix64(state);
    k.black = splitmix64(state);
    return k;
  }();
  return z;
}

constexpr int kInfinite = 1 << 20;

// What the table knows of a position: a mate within `mate_upper` plies; no mate within
// `no_mate_lower` plies (kInfinite: none at any length).
struct Entry {
  int mate_upper = kInfinite;
  int no_mate_lower = -1;
};

enum class Verdict { Proven, Disproven, Aborted };
struct Answer {
  Verdict verdict;
  bool limited = false;  // a disproof that met the length bound somewhere
};

// The square of the defender's royal nearest to `s` is what the check order looks at.
int royal_distance(const std::vector<Square>& royals, Square s) {
  int best = kInfinite;
  for (const Square r : royals)
    best = std::min(
        best, std::max(std::abs(square_x(r) - square_x(s)), std::abs(square_y(r) - square_y(s))));
  return best;
}

class Search {
public:
  std::uint64_t nodes() const { return nodes_; }
  void set_node_limit(std::uint64_t limit) { node_limit_ = limit; }
  // The time limit (seconds from now, 0: none) and the stop flag, looked at every 1,024 nodes.
  void set_stops(double max_seconds, const std::atomic<bool>* stop) {
    max_seconds_ = max_seconds;
    stop_ = stop;
    start_ = std::chrono::steady_clock::now();
  }
  // The time limit stopped the search (for good).
  bool out_of_time() const { return out_of_time_; }

  // Mate within d plies, the attacker to move?
  Answer attacker(const Position& pos, int d) {
    if (d < 1) return {Verdict::Disproven, true};
    if (!visit()) return {Verdict::Aborted};
    const std::uint64_t key = position_key(pos);
    if (const auto known = probe(key, d)) return *known;
    bool limited = false;
    for (const Move& m : ordered_checks(pos)) {
      const Answer a = defender(after(pos, m), d - 1);
      if (a.verdict == Verdict::Aborted) return a;
      if (a.verdict == Verdict::Proven) {
        Entry& e = table_[key];
        e.mate_upper = std::min(e.mate_upper, d);
        return {Verdict::Proven};
      }
      limited = limited || a.limited;
    }
    store_disproof(key, d, limited);
    return {Verdict::Disproven, limited};
  }

  // Mate within d plies, the defender (in check) to move?
  Answer defender(const Position& pos, int d) {
    if (!visit()) return {Verdict::Aborted};
    const std::uint64_t key = position_key(pos);
    if (const auto known = probe(key, d)) return *known;
    if (d <= 0) {
      if (has_legal_move(pos)) return {Verdict::Disproven, true};
      table_[key].mate_upper = 0;
      return {Verdict::Proven};
    }
    for (const Move& m : ordered_evasions(pos)) {
      const Answer a = attacker(after(pos, m), d - 1);
      if (a.verdict == Verdict::Aborted) return a;
      if (a.verdict == Verdict::Disproven) {
        store_disproof(key, d, a.limited);
        return a;
      }
    }
    Entry& e = table_[key];
    e.mate_upper = std::min(e.mate_upper, d);
    return {Verdict::Proven};
  }

  // The checks in search order: captures, then promotions, then nearer the defender's royal.
  std::vector<Move> ordered_checks(const Position& pos) const {
    auto checks = generate_checks(pos);
    std::vector<Square> royals;
    const GameTable& t = pos.table();
    const Side defender = opposite(pos.side_to_move());
    for (int y = 0; y < t.ranks; ++y)
      for (int x = 0; x < t.files; ++x) {
        const Cell c = pos.at(make_square(x, y));
        if (is_piece(c) && cell_side(c) == defender && t.kinds[cell_kind(c)].royal)
          royals.push_back(make_square(x, y));
      }
    const auto score = [&](const Move& m) {
      const bool capture = (m.to != m.from && is_piece(pos.at(m.to))) ||
                           (m.mid != kNoSquare && is_piece(pos.at(m.mid)));
      return (capture ? 64 : 0) + (m.promote ? 32 : 0) - royal_distance(royals, m.to);
    };
    std::stable_sort(checks.begin(), checks.end(),
                     [&](const Move& a, const Move& b) { return score(a) > score(b); });
    return checks;
  }

private:
  // The evasions in search order: royal moves, then captures, then the others (a refutation is
  // most often among the first).
  static std::vector<Move> ordered_evasions(const Position& pos) {
    auto moves = generate_evasions(pos);
    const auto score = [&](const Move& m) {
      const bool capture = (m.to != m.from && is_piece(pos.at(m.to))) ||
                           (m.mid != kNoSquare && is_piece(pos.at(m.mid)));
      const bool royal = pos.table().kinds[cell_kind(pos.at(m.from))].royal;
      return (royal ? 2 : 0) + (capture ? 1 : 0);
    };
    std::stable_sort(moves.begin(), moves.end(),
                     [&](const Move& a, const Move& b) { return score(a) > score(b); });
    return moves;
  }

  bool visit() {
    ++nodes_;
    if (stopped_) return false;
    if ((nodes_ & 1023) == 0) {
      if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) stopped_ = true;
      if (max_seconds_ > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >=
              max_seconds_)
        stopped_ = out_of_time_ = true;
      if (stopped_) return false;
    }
    return node_limit_ == 0 || nodes_ <= node_limit_;
  }

  std::optional<Answer> probe(std::uint64_t key, int d) const {
    const auto it = table_.find(key);
    if (it == table_.end()) return std::nullopt;
    if (it->second.mate_upper <= d) return Answer{Verdict::Proven};
    if (it->second.no_mate_lower >= d)
      return Answer{Verdict::Disproven, it->second.no_mate_lower != kInfinite};
    return std::nullopt;
  }

  void store_disproof(std::uint64_t key, int d, bool limited) {
    Entry& e = table_[key];
    e.no_mate_lower = limited ? std::max(e.no_mate_lower, d) : kInfinite;
  }

  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  double max_seconds_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  bool stopped_ = false;
  bool out_of_time_ = false;
  std::unordered_map<std::uint64_t, Entry> table_;
};

}  // namespace

std::uint64_t position_key(const Position& pos) {
  const Zobrist& z = zobrist();
  const GameTable& t = pos.table();
  std::uint64_t key = pos.side_to_move() == Side::Black ? z.black : 0;
  for (int y = 0; y < t.ranks; ++y)
    for (int x = 0; x < t.files; ++x) {
      const Square s = make_square(x, y);
      const Cell c = pos.at(s);
      if (c != kEmpty) key ^= z.cell[static_cast<std::size_t>(s) * 256 + c];
    }
  if (pos.last_lion_capture() != kNoSquare) key ^= z.capture[pos.last_lion_capture()];
  return key;
}

MateResult solve_mate(const Position& root, const MateLimits& limits) {
  MateResult result;
  Search search;
  search.set_node_limit(limits.max_nodes);
  search.set_stops(limits.max_seconds, limits.stop);
  for (int d = 1; d <= limits.max_plies; d += 2) {
    const Answer a = search.attacker(root, d);
    if (a.verdict == Verdict::Aborted) {
      result.nodes = search.nodes();
      result.out_of_time = search.out_of_time();
      return result;
    }
    if (a.verdict == Verdict::Disproven) {
      if (!a.limited) {
        result.status = MateStatus::NoMate;
        result.nodes = search.nodes();
        return result;
      }
      continue;
    }
    // Exact length d (no mate within d - 2). The main line, read through the table; it gets a
    // node budget of its own, as large as the search's.
    result.status = MateStatus::Mate;
    result.length = d;
    search.set_node_limit(limits.max_nodes == 0 ? 0 : search.nodes() + limits.max_nodes);
    Position pos = root;
    for (int rem = d; rem > 0;) {
      bool found = false;
      for (const Move& m : search.ordered_checks(pos)) {
        const Position child = after(pos, m);
        if (search.defender(child, rem - 1).verdict == Verdict::Proven) {
          result.pv.push_back(m);
          pos = child;
          --rem;
          found = true;
          break;
        }
      }
      if (!found || rem == 0) break;
      found = false;
      for (const Move& m : generate_evasions(pos)) {
        const Position child = after(pos, m);
        if (search.attacker(child, rem - 1).verdict != Verdict::Proven) continue;
        if (rem - 3 >= 1 && search.attacker(child, rem - 3).verdict != Verdict::Disproven) continue;
        result.pv.push_back(m);
        pos = child;
        --rem;
        found = true;
        break;
      }
      if (!found) break;
    }
    result.line_complete = static_cast<int>(result.pv.size()) == d;
    result.out_of_time = !result.line_complete && search.out_of_time();
    result.nodes = search.nodes();
    return result;
  }
  result.bounded = true;
  result.nodes = search.nodes();
  return result;
}

}  // namespace tsume::large
