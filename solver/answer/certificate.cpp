#include "solver/answer/certificate.h"

#include <algorithm>
#include <limits>
#include <sstream>
#include <unordered_map>
#include <utility>

namespace tsume {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

class Builder {
public:
  Builder(MateSearch& search, MateSearchOptions options) : search_(search), options_(options) {}

  // A node proving that `pos` is mated within `r` plies (futile drops per the options), or kNone.
  std::uint32_t emit(Position& pos, Plies r) {
    const std::uint64_t key = pos.key();
    std::uint32_t id;
    if (const auto it = id_of_.find(key); it != id_of_.end()) {
      id = it->second;
      if (building_[id]) return kNone;  // a repetition on the line
      if (bound_[id] <= r) return id;
    } else {
      id = static_cast<std::uint32_t>(nodes_.size());
      nodes_.emplace_back();
      building_.push_back(0);
      bound_.push_back(kNoMate);
      id_of_.emplace(key, id);
    }
    building_[id] = 1;
    Certificate::Node built;
    const bool ok = pos.side_to_move() == search_.attacker() ? attacker_node(pos, r, built)
                                                             : defender_node(pos, r, built);
    building_[id] = 0;
    if (!ok) return kNone;
    bound_[id] = built.distance;
    nodes_[id] = std::move(built);
    return id;
  }

  bool stopped() const { return stopped_; }
  std::vector<Certificate::Node>& nodes() { return nodes_; }

private:
  Outcome prove(Position& pos, Plies r) {
    const Outcome o = search_.prove(pos, r, options_);
    if (o == Outcome::Unknown) stopped_ = true;
    return o;
  }

  bool attacker_node(Position& pos, Plies r, Certificate::Node& out) {
    out.attacker = true;
    if (r < 1 || stopped_) return false;
    MoveList list;
    generate_checks(pos, list);
    // The checks with the shortest known mates first.
    std::vector<std::pair<Plies, Move>> checks;
    for (Move m : list) {
      pos.do_move(m);
      checks.emplace_back(search_.lookup(pos).upper, m);
      pos.undo_move(m);
    }
    std::stable_sort(checks.begin(), checks.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [upper, m] : checks) {
      pos.do_move(m);
      std::uint32_t child = kNone;
      if (prove(pos, r - 1) == Outcome::Proven) child = emit(pos, r - 1);
      pos.undo_move(m);
      if (stopped_) return false;
      if (child != kNone) {
        out.distance = 1 + bound_[child];
        out.edges.push_back({m, child, Certificate::EdgeKind::Reply});
        return true;
      }
    }
    return false;
  }

  // The comparison node of a drop on `s` at the defender node `pos` (mated within `r`), or
  // kNone; `promoted` says whether the checker promotes.
  std::uint32_t comparison_node(Position& pos, Square s, Plies r, bool& promoted) {
    if (search_.futile_drop(pos, s, r) != Outcome::Proven) return kNone;
    std::uint32_t q = kNone;
    for (Move cm : ShogiRules::comparison_moves(pos, search_.attacker(), s)) {
      pos.do_null_move();
      pos.do_move(cm);
      if (pos.in_check() && prove(pos, r) == Outcome::Proven) q = emit(pos, r);
      pos.undo_move(cm);
      pos.undo_null_move();
      if (q != kNone || stopped_) {
        promoted = cm.is_promotion();
        break;
      }
    }
    return q;
  }

  bool defender_node(Position& pos, Plies r, Certificate::Node& out) {
    out.attacker = false;
    MoveList list;
    generate_evasions(pos, list);
    const std::vector<Move> evasions(list.begin(), list.end());
    // Per drop square: the comparison node found (kNone: none), shared by every piece dropped.
    std::unordered_map<int, std::pair<std::uint32_t, bool>> comparison;
    Plies distance = 0;
    for (Move m : evasions) {
      if (options_.futility && m.is_drop()) {
        const int s = index_of(m.to());
        auto it = comparison.find(s);
        if (it == comparison.end()) {
          bool promoted = false;
          const std::uint32_t q = comparison_node(pos, m.to(), r, promoted);
          it = comparison.emplace(s, std::make_pair(q, promoted)).first;
        }
        if (stopped_) return false;
        if (const auto [q, promoted] = it->second; q != kNone) {
          out.edges.push_back(
              {m, q,
               promoted ? Certificate::EdgeKind::FutilePromoted : Certificate::EdgeKind::Futile});
          distance = std::max(distance, bound_[q]);
          continue;
        }
      }
      pos.do_move(m);
      std::uint32_t child = kNone;
      if (prove(pos, r - 1) == Outcome::Proven) child = emit(pos, r - 1);
      pos.undo_move(m);
      if (child == kNone) return false;
      out.edges.push_back({m, child, Certificate::EdgeKind::Reply});
      distance = std::max(distance, static_cast<Plies>(1 + bound_[child]));
    }
    out.distance = distance;
    return true;
  }

  MateSearch& search_;
  MateSearchOptions options_;
  std::unordered_map<std::uint64_t, std::uint32_t> id_of_;
  std::vector<Certificate::Node> nodes_;
  std::vector<std::uint8_t> building_;
  std::vector<Plies> bound_;  // the distance each node was built with
  bool stopped_ = false;
};

// The graph reachable from node 0, renumbered in depth-first order, with every distance computed
// from the children (a node rebuilt with a smaller distance lowers its parents'). False on a
// cycle.
bool finish(std::vector<Certificate::Node>& nodes, std::vector<Certificate::Node>& out) {
  const std::size_t n = nodes.size();
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
    Certificate::Node& node = nodes[f.node];
    if (f.next < node.edges.size()) {
      const std::uint32_t c = node.edges[f.next++].child;
      if (state[c] == 1) return false;
      if (state[c] == 0) {
        state[c] = 1;
        new_id[c] = static_cast<std::uint32_t>(order.size());
        order.push_back(c);
        stack.push_back({c, 0});
      }
      continue;
    }
    // All children done: the distance from them.
    Plies d = 0;
    for (const Certificate::Edge& e : node.edges) {
      const Plies cd = nodes[e.child].distance;
      d = std::max(d, static_cast<Plies>(e.kind == Certificate::EdgeKind::Reply ? cd + 1 : cd));
    }
    node.distance = d;
    state[f.node] = 2;
    stack.pop_back();
  }
  out.clear();
  out.reserve(order.size());
  for (std::uint32_t old : order) {
    Certificate::Node node = std::move(nodes[old]);
    for (Certificate::Edge& e : node.edges) e.child = new_id[e.child];
    out.push_back(std::move(node));
  }
  return true;
}

}  // namespace

CertificateBuild build_certificate(MateSearch& search, const Position& root, Plies length,
                                   MateSearchOptions options, bool exact) {
  CertificateBuild result;
  Builder builder(search, options);
  Position pos = root;
  const std::uint32_t id = builder.emit(pos, length);
  if (id == kNone) {
    result.error = builder.stopped() ? "a limit stopped a proof of the certificate"
                                     : "no proof within the length was found";
    return result;
  }
  if (!finish(builder.nodes(), result.certificate.nodes)) {
    result.error = "the proof read from the table has a cycle";
    return result;
  }
  result.certificate.length = result.certificate.nodes[0].distance;
  result.certificate.futile_counted = !options.futility;
  if (result.certificate.length > length || (exact && result.certificate.length != length)) {
    result.error = "the proof read is " + std::to_string(result.certificate.length) +
                   " plies long, not " + std::to_string(length);
    return result;
  }
  result.ok = true;
  return result;
}

std::string certificate_text(const Certificate& c, const std::string& id, const std::string& sfen) {
  std::ostringstream s;
  s << "tsume-certificate 1\n";
  if (!id.empty()) s << "problem " << id << '\n';
  s << "sfen " << sfen << '\n'
    << "futile " << (c.futile_counted ? "counted" : "not-counted") << '\n'
    << "length " << c.length << '\n'
    << "nodes " << c.nodes.size() << '\n';
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    const Certificate::Node& n = c.nodes[i];
    s << i << (n.attacker ? " A " : " D ") << n.distance;
    for (const Certificate::Edge& e : n.edges) {
      s << ' ' << ShogiRules::move_text(e.move) << ' ';
      if (e.kind == Certificate::EdgeKind::Futile) s << 'f';
      if (e.kind == Certificate::EdgeKind::FutilePromoted) s << "f+";
      s << e.child;
    }
    s << '\n';
  }
  s << "end\n";
  return s.str();
}

}  // namespace tsume
