#include "solver/answer/certificate_check.h"

#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "solver/answer/exemptions.h"
#include "solver/answer/main_line.h"

namespace tsume {

namespace {

class Writer {
public:
  Writer(const Position& root, const CheckResult& result, const SearchLimits& limits,
         std::size_t hash_megabytes)
      : root_(root), result_(result), limits_(limits), memory_(limits.max_memory_bytes),
        own_(result.table ? nullptr : std::make_unique<TranspositionTable>(hash_megabytes)),
        table_(result.table ? *result.table : *own_), attacker_(root.side_to_move()) {
    Position pos = root;
    path_.push_back(pos);
    for (Move m : result.main_line) {
      pos.do_move(m);
      path_.push_back(pos);
    }
  }

  CheckCertificateBuild build() {
    CheckCertificateBuild out;
    const auto& r = result_;
    if (r.verdict == Verdict::Cooked) {
      std::string why = "no cook";
      for (const Finding& f : r.cooks) {
        out.certificate = CheckCertificate{};
        limits_.max_memory_bytes = memory_;  // a cook's parts alone
        if (cooked(f, out.certificate, why)) {
          out.ok = true;
          break;
        }
      }
      if (!out.ok) out.error = "no cook's proof could be written: " + why;
    } else if (r.verdict == Verdict::Sound || r.verdict == Verdict::SoundWithFlaws) {
      out.ok = sound(out.certificate, out.error);
    } else {
      out.error = std::string("the verdict is ") + to_string(r.verdict) +
                  " (check certificates are for COOKED, SOUND and SOUND_WITH_FLAWS)";
    }
    out.certificate.line = r.main_line;
    out.certificate.sho = root_.variant() == Variant::Sho;
    out.certificate.attacker = attacker_;
    out.nodes = nodes_;
    out.seconds = seconds_;
    return out;
  }

private:
  // One part from a build; false (with the reason) when it failed.
  bool take(CertificateBuild built, CheckCertificate& c, std::string role, int ply, Move move,
            const Position& at, std::string& why) {
    nodes_ += built.nodes;
    seconds_ += built.seconds;
    if (!built.ok) {
      why = role + " at ply " + std::to_string(ply) + ": " + built.error;
      return false;
    }
    // The parts held count against the memory limit of those still to write.
    limits_.charge_memory(built.certificate.bytes());
    c.parts.push_back({std::move(role), ply, move, "", at, std::move(built.certificate)});
    return true;
  }

  bool cooked(const Finding& f, CheckCertificate& c, std::string& why) {
    c.cooked = true;
    const int k = f.ply;
    const int length = static_cast<int>(result_.main_line.size());
    if (k < 0 || k >= length || k % 2 != 0) return false;
    const Position& at = path_[static_cast<std::size_t>(k)];
    const Move main = result_.main_line[static_cast<std::size_t>(k)];
    table_.clear();
    // The main move's mate, within what is left of the line.
    if (!take(build_certificate_with_move(table_, limits_, at, main, length - k, kExact), c, "main",
              k, main, at, why))
      return false;
    if (length > 1 && !take(build_no_mate_certificate(table_, limits_, at, 1, kExact), c,
                            "not-last", k, Move::none(), at, why))
      return false;
    const Plies d = c.parts.front().certificate.length;
    if (length > 1 && (differs_only_in_promotion<ShogiRules>(f.alternative, main) ||
                       differs_only_in_drop_distance(at, f.alternative, main))) {
      // A candidate for non-limitation (非限定; not at the last node, so not in a 1-ply
      // problem): shown not to mate as fast as the main move.
      Position after = at;
      after.do_move(f.alternative);
      if (!take(build_no_mate_certificate_for(table_, limits_, after, attacker_, d - 1, kExact), c,
                "slow", k, f.alternative, after, why))
        return false;
    }
    // The cook's mate, off the main line: its positions forbidden (forbidden.h, what the
    // checker's detour and transposition tests do), in a table cleared of proofs through them.
    table_.clear();
    ForbiddenPositions line_positions;
    for (const Position& p : path_) line_positions.add(p.board_key(), p.hand(attacker_));
    MateSearchOptions off_line = kExact;
    off_line.forbidden = &line_positions;
    // The checker's bound is that of a proof that may pass through the line: off it the mate
    // may take longer, so the bound is doubled (three times at most) while no proof is found.
    Plies bound = f.length > 0 ? f.length : length - k;
    for (int round = 0;; ++round) {
      CertificateBuild built =
          build_certificate_with_move(table_, limits_, at, f.alternative, bound, off_line);
      const bool longer = !built.ok && round < 3 && built.error.starts_with("no proof within");
      if (longer) {
        nodes_ += built.nodes;
        seconds_ += built.seconds;
        bound = 2 * bound + 1;
        continue;
      }
      return take(std::move(built), c, "cook", k, f.alternative, at, why);
    }
  }

  bool sound(CheckCertificate& c, std::string& why) {
    c.cooked = false;
    const auto& line = result_.main_line;
    const int length = static_cast<int>(line.size());
    if (result_.length != length || length < 1) {
      why = "a sound certificate needs the exact length";
      return false;
    }
    if (!take(build_certificate_with_move(table_, limits_, root_, line[0], length, kExact), c,
              "mate", 0, line[0], root_, why))
      return false;
    if (length >= 3 && !take(build_no_mate_certificate(table_, limits_, root_, length - 2, kExact),
                             c, "exact", 0, Move::none(), root_, why))
      return false;
    // Every attacker node but the last; in a 1-ply problem the only one, where an alternative
    // must not mate in 1 (no mate within 1 of the position after it: not mated in 0).
    for (int k = 0; k + 2 < length || (length == 1 && k == 0); k += 2) {
      Position at = path_[static_cast<std::size_t>(k)];
      const Move main = line[static_cast<std::size_t>(k)];
      MoveList checks;
      generate_checks(at, checks);
      for (Move m : checks) {
        if (m == main) continue;
        // An exemption the checker found (a flaw), named; else the disproof at any length.
        std::string reason;
        for (const Finding& f : result_.flaws)
          if (f.ply == k && f.alternative == m) {
            if (f.kind == FindingKind::Mirror) reason = "mirror";
            if (f.kind == FindingKind::NonLimitation) reason = "non-limitation";
            if (f.kind == FindingKind::Detour) reason = "detour";
            if (f.kind == FindingKind::Transposition) reason = "transposition";
          }
        if (!reason.empty()) {
          c.parts.push_back({"exempt", k, m, reason, Position{}, Certificate{}});
          continue;
        }
        Position after = at;
        after.do_move(m);
        if (!take(build_no_mate_certificate_for(table_, limits_, after, attacker_,
                                                length == 1 ? 1 : kNoMate, kExact),
                  c, "alternative", k, m, after, why))
          return false;
      }
    }
    return true;
  }

  const Position& root_;
  const CheckResult& result_;
  SearchLimits limits_;
  std::uint64_t memory_;  // the writer's memory limit (SearchLimits::max_memory_bytes)
  std::unique_ptr<TranspositionTable> own_;  // when the check left no table
  TranspositionTable& table_;
  Color attacker_;
  std::vector<Position> path_;  // the main line's positions, 0..L
  std::uint64_t nodes_ = 0;
  double seconds_ = 0;
};

}  // namespace

CheckCertificateBuild build_check_certificate(const Position& root, const CheckResult& result,
                                              const SearchLimits& limits,
                                              std::size_t hash_megabytes) {
  return Writer(root, result, limits, hash_megabytes).build();
}

namespace {

bool shares(const CheckCertificate::Part& p) {
  return p.role == "alternative" || p.role == "exact" || p.role == "not-last" || p.role == "slow";
}

// The position key of every node of `cert` (rooted at `root`, `attacker` the attacker), found by
// replaying its edges depth first; empty when a comparison move cannot be found.
std::vector<std::uint64_t> node_keys(const Certificate& cert, const Position& root,
                                     Color attacker) {
  const std::size_t n = cert.nodes.size();
  std::vector<std::uint64_t> keys(n, 0);
  std::vector<std::uint8_t> seen(n, 0);
  if (n == 0) return keys;
  Position pos = root;
  struct Frame {
    std::uint32_t node;
    std::size_t next;
    Move move;  // the move that led here (none at the root)
    bool null;  // a comparison position: played after a null move
  };
  std::vector<Frame> stack{{0, 0, Move::none(), false}};
  keys[0] = pos.key();
  seen[0] = 1;
  while (!stack.empty()) {
    Frame& top = stack.back();
    const auto edges = cert.edges_of(cert.nodes[top.node]);
    if (top.next == edges.size()) {
      const Frame done = top;
      stack.pop_back();
      if (!done.move.is_none()) {
        pos.undo_move(done.move);
        if (done.null) pos.undo_null_move();
      }
      continue;
    }
    const Certificate::Edge& e = edges[top.next++];
    if (e.child == Certificate::kNoChild || seen[e.child]) continue;
    Move m = e.move;
    const bool null = e.kind != Certificate::EdgeKind::Reply;
    if (null) {
      m = Move::none();
      for (Move cm : ShogiRules::comparison_moves(pos, attacker, e.move.to()))
        if (cm.is_promotion() == (e.kind == Certificate::EdgeKind::FutilePromoted)) m = cm;
      if (m.is_none()) return {};
      pos.do_null_move();
    }
    pos.do_move(m);
    keys[e.child] = pos.key();
    seen[e.child] = 1;
    stack.push_back({e.child, 0, m, null});
  }
  return keys;
}

}  // namespace

bool share_nodes(CheckCertificate& c) {
  constexpr std::uint32_t kNone = Certificate::kNoChild;
  const std::size_t np = c.parts.size();
  // Each global node: the part and node it is taken from.
  std::vector<std::pair<std::size_t, std::uint32_t>> from;
  std::unordered_map<std::uint64_t, std::uint32_t> at_all;          // by position
  std::map<std::pair<std::uint64_t, Plies>, std::uint32_t> within;  // by position, distance
  std::vector<std::vector<std::uint32_t>> global(np);
  // First the parts of no mate at all, then those of no mate within d (which may use them).
  for (const bool unbounded : {true, false})
    for (std::size_t p = 0; p < np; ++p) {
      const CheckCertificate::Part& part = c.parts[p];
      if (!shares(part) || (part.certificate.length >= kNoMate) != unbounded) continue;
      const auto& nodes = part.certificate.nodes;
      if (nodes.empty()) return false;
      const std::vector<std::uint64_t> keys = node_keys(part.certificate, part.root, c.attacker);
      if (keys.size() != nodes.size()) return false;
      global[p].assign(nodes.size(), kNone);
      for (std::uint32_t i = 0; i < nodes.size(); ++i) {
        const auto next = static_cast<std::uint32_t>(from.size());
        std::uint32_t g;
        if (unbounded) {
          g = at_all.emplace(keys[i], next).first->second;
        } else if (const auto it = at_all.find(keys[i]); it != at_all.end()) {
          g = it->second;
        } else {
          g = within.emplace(std::make_pair(keys[i], nodes[i].distance), next).first->second;
        }
        if (g == next) from.emplace_back(p, i);
        global[p][i] = g;
      }
    }
  // The nodes, their edges to global ids.
  Certificate table;
  for (std::size_t g = 0; g < from.size(); ++g) {
    const auto [p, i] = from[g];
    const Certificate& part = c.parts[p].certificate;
    const Certificate::Node& node = part.nodes[i];
    table.add_node(node.attacker, part.length >= kNoMate ? kNoMate : node.distance,
                   part.edges_of(node));
    for (Certificate::Edge& e : table.edges_of(table.nodes[g]))
      if (e.child != kNone) e.child = global[p][e.child];
  }
  // Renumbered depth first from the roots in part order; what no root reaches is dropped. A
  // cycle through a node of finite distance refuses the sharing.
  std::vector<std::uint32_t> id(table.nodes.size(), kNone);
  std::vector<std::uint8_t> state(table.nodes.size(), 0);  // 1 on the path, 2 done
  std::vector<std::uint32_t> order;
  for (std::size_t p = 0; p < np; ++p) {
    if (global[p].empty()) continue;
    const std::uint32_t root = global[p][0];
    if (state[root]) continue;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack{{root, 0}};
    state[root] = 1;
    id[root] = static_cast<std::uint32_t>(order.size());
    order.push_back(root);
    while (!stack.empty()) {
      auto& [g, next] = stack.back();
      const auto edges = table.edges_of(table.nodes[g]);
      if (next == edges.size()) {
        state[g] = 2;
        stack.pop_back();
        continue;
      }
      const std::uint32_t child = edges[next++].child;
      if (child == kNone) continue;
      if (state[child] == 1 && table.nodes[child].distance < kNoMate) return false;
      if (state[child]) continue;
      state[child] = 1;
      id[child] = static_cast<std::uint32_t>(order.size());
      order.push_back(child);
      stack.emplace_back(child, 0);
    }
  }
  c.table = Certificate{};
  c.table.nodes.reserve(order.size());
  for (const std::uint32_t g : order) {
    const Certificate::Node& node = table.nodes[g];
    const std::uint32_t at = c.table.add_node(node.attacker, node.distance, table.edges_of(node));
    for (Certificate::Edge& e : c.table.edges_of(c.table.nodes[at]))
      if (e.child != kNone) e.child = id[e.child];
  }
  for (std::size_t p = 0; p < np; ++p) {
    if (global[p].empty()) continue;
    c.parts[p].node = id[global[p][0]];
    c.parts[p].certificate = Certificate{};
  }
  c.shared = true;
  return true;
}

std::string check_certificate_text(const CheckCertificate& c, const std::string& id,
                                   const std::string& root_sfen,
                                   const std::function<std::string(const Position&)>& sfen) {
  std::ostringstream s;
  s << (c.shared ? "tsume-certificate 3\n" : "tsume-certificate 2\n")
    << (c.cooked ? "claim cooked\n" : "claim sound\n");
  if (c.sho) s << "rules sho\n";
  if (!id.empty()) s << "problem " << id << '\n';
  s << "sfen " << root_sfen << "\nfutile not-counted\nline";
  for (Move m : c.line) s << ' ' << ShogiRules::move_text(m);
  s << '\n';
  if (c.shared) {
    s << "nodes " << c.table.nodes.size() << '\n';
    for (std::size_t i = 0; i < c.table.nodes.size(); ++i)
      write_node_line(s, i, c.table, c.table.nodes[i], c.table.nodes[i].distance >= kNoMate);
  }
  s << "parts " << c.parts.size() << '\n';
  for (const CheckCertificate::Part& p : c.parts) {
    s << "part " << p.role << ' ' << p.ply << ' '
      << (p.move.is_none() ? std::string("-") : ShogiRules::move_text(p.move));
    if (p.role == "exempt") {
      s << ' ' << p.reason << '\n';
      continue;
    }
    if (p.node != Certificate::kNoChild) {
      s << " node " << p.node << '\n';
      continue;
    }
    s << '\n' << certificate_text(p.certificate, "", sfen(p.root));
  }
  s << "end\n";
  return s.str();
}

}  // namespace tsume
