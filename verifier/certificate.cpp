#include "verifier/certificate.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace tsume::verifier {

namespace {

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

template <class T> std::optional<T> number(std::string_view s) {
  T v{};
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

bool CertificateReader::getline(std::string& line) {
  while (std::getline(in_, line)) {
    ++line_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    return true;
  }
  return false;
}

void CertificateReader::fail(const std::string& reason) const {
  throw std::runtime_error(file_ + ":" + std::to_string(line_) + ": " + reason);
}

bool CertificateReader::next(Certificate& result) {
  Certificate out;
  std::string line;
  if (!getline(line)) return false;
  out.line = line_;
  {
    const auto f = split(line);
    if (f.size() != 2 || f[0] != "tsume-certificate") fail("expected 'tsume-certificate 1'");
    const auto v = number<int>(f[1]);
    if (!v || *v != kCertificateVersion)
      fail("certificate version '" + std::string(f[1]) + "' is not supported (this reads " +
           std::to_string(kCertificateVersion) + ")");
    out.version = *v;
  }
  // The header: key value lines up to `nodes N`.
  std::optional<std::size_t> count;
  bool have_futile = false;
  while (!count) {
    if (!getline(line)) fail("the certificate ends in its header");
    const std::string_view l = line;
    const std::size_t space = l.find(' ');
    const std::string_view key = l.substr(0, space);
    const std::string_view value = space == l.npos ? std::string_view{} : l.substr(space + 1);
    if (key == "claim") {
      if (value == "mate") {
        out.no_mate = false;
      } else if (value == "no-mate-within") {
        out.no_mate = true;
        out.unbounded = false;
      } else if (value == "no-mate") {
        out.no_mate = true;
        out.unbounded = true;
      } else {
        fail("claim must be 'mate', 'no-mate-within' or 'no-mate'");
      }
    } else if (key == "rules") {
      if (value == "shogi") {
        out.sho = false;
      } else if (value == "sho") {
        out.sho = true;
      } else {
        fail("rules must be 'shogi' or 'sho'");
      }
    } else if (key == "problem") {
      out.problem = std::string(value);
    } else if (key == "sfen") {
      out.sfen = std::string(value);
    } else if (key == "futile") {
      if (value == "not-counted") {
        out.futile_counted = false;
      } else if (value == "counted") {
        out.futile_counted = true;
      } else {
        fail("futile must be 'not-counted' or 'counted'");
      }
      have_futile = true;
    } else if (key == "length") {
      if (value == "inf") {
        if (!out.unbounded) fail("length inf is for 'claim no-mate' (given before it)");
        out.length = kInfinite;
        continue;
      }
      if (out.unbounded) fail("a 'claim no-mate' certificate has length inf");
      const auto v = number<int>(value);
      if (!v || *v < 1) fail("length must be a positive number of plies");
      out.length = *v;
    } else if (key == "nodes") {
      const auto v = number<std::size_t>(value);
      if (!v || *v < 1) fail("nodes must be a positive number");
      count = *v;
    } else {
      fail("unknown header line '" + std::string(key) + "'");
    }
  }
  if (out.sfen.empty() || out.length < 0 || !have_futile)
    fail("the header needs sfen, futile and length before nodes");
  out.nodes.reserve(*count);
  for (std::size_t i = 0; i < *count; ++i) {
    if (!getline(line)) fail("the certificate ends after " + std::to_string(i) + " nodes");
    const auto f = split(line);
    if (f.size() < 3 || (f.size() - 3) % 2 != 0)
      fail("a node line is '<id> A|D <distance> [<move> <child>]...'");
    const auto id = number<std::size_t>(f[0]);
    if (!id || *id != i)
      fail("node ids must run 0, 1, 2, ... (expected " + std::to_string(i) + ")");
    Node node;
    node.line = line_;
    if (f[1] == "A") {
      node.attacker = true;
    } else if (f[1] != "D") {
      fail("a node is A (attacker to move) or D (defender to move)");
    }
    if (out.unbounded) {
      if (f[2] != "inf") fail("every distance of a 'claim no-mate' certificate is inf");
      node.distance = kInfinite;
    } else {
      const auto d = number<int>(f[2]);
      if (!d || *d < -1) fail("a distance is a number of plies (at least -1)");
      node.distance = *d;
    }
    for (std::size_t k = 3; k < f.size(); k += 2) {
      Edge e;
      const auto m = parse_move(f[k]);
      if (!m) fail("'" + std::string(f[k]) + "' is not a USI move");
      e.move = *m;
      std::string_view c = f[k + 1];
      if (c == "-") {
        e.child = kNoChild;
        node.edges.push_back(e);
        continue;
      }
      if (c.starts_with("f+")) {
        e.kind = EdgeKind::FutilePromoted;
        c.remove_prefix(2);
      } else if (c.starts_with("f")) {
        e.kind = EdgeKind::Futile;
        c.remove_prefix(1);
      }
      const auto child = number<std::uint32_t>(c);
      if (!child || *child >= *count)
        fail("'" + std::string(f[k + 1]) + "' is not a node id of this certificate");
      e.child = *child;
      node.edges.push_back(e);
    }
    out.nodes.push_back(std::move(node));
  }
  if (!getline(line) || line != "end") fail("expected 'end' after the nodes");
  result = std::move(out);
  return true;
}

namespace {

// The comparison position of a drop on `s` at the defender node `pos` (SPEC.md section 3,
// docs/futile-interposition.md): the single checker moved to s (promoted when `promote`), the
// hands unchanged, the defender to move and still in check. Empty with the reason when the
// drop is not an interposition the rule can exempt.
std::optional<Position> comparison_position(const Position& pos, int s, bool promote,
                                            std::string& why) {
  const int defender = pos.side;
  const std::vector<int> from = checkers(pos, defender);
  if (from.size() != 1) {
    why = "the defender is not checked by exactly one piece";
    return std::nullopt;
  }
  int ksq = -1;
  for (int sq = 0; sq < 81; ++sq)
    if (pos.board[static_cast<std::size_t>(sq)] == (defender == kBlack ? kKing : -kKing)) ksq = sq;
  const int c = from.front();
  // s strictly between the checker and the king on one line.
  const int df = file_of(c) - file_of(ksq), dr = rank_of(c) - rank_of(ksq);
  const int sf = file_of(s) - file_of(ksq), sr = rank_of(s) - rank_of(ksq);
  const int steps = std::max(std::abs(df), std::abs(dr));
  const bool line = (df == 0 || dr == 0 || std::abs(df) == std::abs(dr)) && steps > 1;
  bool between = false;
  if (line)
    for (int k = 1; k < steps; ++k)
      if (sf == df / steps * k && sr == dr / steps * k) between = true;
  if (!between) {
    why = "the drop square is not between the king and the checker";
    return std::nullopt;
  }
  const int attacker = 1 - defender;
  const int kind = kind_of(pos.board[static_cast<std::size_t>(c)]);
  if (promote && !(promotable(kind) && (in_zone(attacker, c) || in_zone(attacker, s)))) {
    why = "the checker cannot promote on the drop square";
    return std::nullopt;
  }
  if (!promote && dead_square(attacker, kind, s)) {
    why = "the checker must promote on the drop square";
    return std::nullopt;
  }
  Position q = pos;
  q.side = attacker;
  q = play(q, Move{c, s, kEmpty, promote});
  if (!in_check(q, defender)) {
    why = "the checker on the drop square gives no check";
    return std::nullopt;
  }
  if (in_check(q, attacker)) {
    why = "moving the checker to the drop square leaves the attacker's king in check";
    return std::nullopt;
  }
  return q;
}

bool less(const Move& a, const Move& b) {
  return std::tie(a.from, a.to, a.drop, a.promote) < std::tie(b.from, b.to, b.drop, b.promote);
}

// The comparison positions a drop on `s` at the defender node `pos` has (docs/certificate.md):
// unpromoted and promoted, those that exist and check.
// The verdict that `node` of `cert` fails for `reason` (-1: the certificate as a whole).
Verdict failure(const Certificate& cert, long node, std::string reason) {
  Verdict v;
  v.nodes = cert.nodes.size();
  v.valid = false;
  v.node = node;
  v.reason = std::move(reason);
  return v;
}

// Whether `listed` holds each move of `required` exactly once (and, checked before, nothing
// else): "" when it does, else "the <what> X is listed twice" or `missing(X)`.
template <class Missing>
std::string each_listed_once(std::vector<Move> required, std::vector<Move> listed,
                             const std::string& what, Missing&& missing) {
  std::sort(required.begin(), required.end(), less);
  std::sort(listed.begin(), listed.end(), less);
  if (const auto dup = std::adjacent_find(listed.begin(), listed.end()); dup != listed.end())
    return "the " + what + " " + move_text(*dup) + " is listed twice";
  for (const Move& m : required)
    if (!std::binary_search(listed.begin(), listed.end(), m, less)) return missing(move_text(m));
  return "";
}

std::vector<std::pair<bool, Position>> comparison_positions(const Position& pos, int s) {
  std::vector<std::pair<bool, Position>> out;
  for (bool promote : {false, true}) {
    std::string why;
    if (auto q = comparison_position(pos, s, promote, why)) out.emplace_back(promote, *q);
  }
  return out;
}

// The dual tree: "not mated within d" at every node (certificate.h).
// Walks a certificate depth first from its root (node 0 at `root`), each node at the position it
// is first reached as: the move of an edge played, or a futile drop's comparison position.
// `enter(id, node, pos)` checks a node when it is first reached and returns why it fails ("" when
// it holds). An edge must reach a node at the position the node already has, and no node may be
// its own descendant; with `one_node_per_position` no two nodes may hold one position. Edges
// without a child (kNoChild) are left to `enter`. `comparison_failure` names a comparison
// position that cannot be built.
template <class Enter>
Verdict walk(const Certificate& cert, const Position& root, bool one_node_per_position,
             bool allow_cycles, const std::string& comparison_failure, Enter&& enter) {
  const auto fail = [&](long node, std::string reason) {
    return failure(cert, node, std::move(reason));
  };
  const std::size_t n = cert.nodes.size();
  std::vector<std::optional<Position>> position(n);
  std::vector<std::uint8_t> state(n, 0);  // 0 unseen, 1 on the DFS stack, 2 done
  std::unordered_map<std::string, std::uint32_t> node_of;
  position[0] = root;
  if (one_node_per_position) node_of.emplace(position_key(root), 0);
  struct Frame {
    std::uint32_t node;
    std::size_t next_edge;
  };
  std::vector<Frame> stack{{0, 0}};
  state[0] = 1;
  while (!stack.empty()) {
    Frame& top = stack.back();
    const std::uint32_t id = top.node;
    const Node& node = cert.nodes[id];
    const Position& pos = *position[id];
    if (top.next_edge == 0) {
      if (std::string why = enter(id, node, pos); !why.empty())
        return fail(static_cast<long>(id), std::move(why));
    }
    if (top.next_edge == node.edges.size()) {
      state[id] = 2;
      stack.pop_back();
      continue;
    }
    const Edge& e = node.edges[top.next_edge++];
    if (e.child == kNoChild) continue;
    Position child;
    if (e.kind == EdgeKind::Reply) {
      child = play(pos, e.move);
    } else {
      std::string why;
      const auto q = comparison_position(pos, e.move.to, e.kind == EdgeKind::FutilePromoted, why);
      if (!q)
        return fail(static_cast<long>(id), comparison_failure + move_text(e.move) + ": " + why);
      child = *q;
    }
    const std::string via = " (reached from node " + std::to_string(id) + " by " +
                            move_text(e.move) +
                            (e.kind == EdgeKind::Reply ? "" : ", its comparison position") + ")";
    if (state[e.child] == 1 && !allow_cycles)
      return fail(static_cast<long>(e.child), "a cycle: the node is its own descendant" + via);
    if (position[e.child]) {
      if (!(*position[e.child] == child))
        return fail(static_cast<long>(e.child),
                    "the node is reached as two different positions" + via);
      continue;
    }
    if (one_node_per_position) {
      const auto [it, fresh] = node_of.emplace(position_key(child), e.child);
      if (!fresh)
        return fail(static_cast<long>(e.child), "repeats the position of node " +
                                                    std::to_string(it->second) +
                                                    " (each position occurs at one node)" + via);
    }
    position[e.child] = child;
    state[e.child] = 1;
    stack.push_back({e.child, 0});
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!position[i]) return fail(static_cast<long>(i), "not reachable from the root");
  Verdict v;
  v.nodes = cert.nodes.size();
  v.valid = true;
  v.length = cert.length;
  return v;
}

Verdict verify_no_mate(const Certificate& cert, const Position& root) {
  const auto fail = [&](long node, std::string reason) {
    return failure(cert, node, std::move(reason));
  };
  if (cert.nodes.empty() || !cert.nodes[0].attacker)
    return fail(0, "the root is not an attacker node");
  if (cert.nodes[0].distance < cert.length)
    return fail(0, "the certificate claims no mate within " + std::to_string(cert.length) +
                       " but its root records only " + std::to_string(cert.nodes[0].distance));
  return walk(
      cert, root, cert.unbounded, cert.unbounded, "the comparison position of ",
      [&](std::uint32_t, const Node& node, const Position& pos) -> std::string {
        const auto at = [](std::string reason) { return reason; };
        const std::string within = " not within " + std::to_string(node.distance);
        if (node.attacker != (pos.side == root.side))
          return at(std::string("recorded as ") + (node.attacker ? "an attacker" : "a defender") +
                    " node but the other side is to move");
        if (node.attacker) {
          // Every legal check, each child not mated within d - 1; nothing when d <= 0.
          std::vector<Move> checks;
          if (node.distance > 0)
            for (Move m : legal_moves(pos))
              if (in_check(play(pos, m), 1 - pos.side)) checks.push_back(m);
          std::vector<Move> listed;
          for (const Edge& e : node.edges) {
            if (e.kind != EdgeKind::Reply) return at("an attacker node lists plain checks only");
            if (e.child == kNoChild) return at("the check " + move_text(e.move) + " has no child");
            if (std::find(checks.begin(), checks.end(), e.move) == checks.end())
              return at("the move " + move_text(e.move) + " is not a legal check" +
                        (node.distance > 0 ? "" : " needed here (no mate within 0 needs none)"));
            const Node& child = cert.nodes[e.child];
            if (child.attacker)
              return at("the child of " + move_text(e.move) + " is an attacker node");
            if (child.distance < node.distance - 1)
              return at("the check " + move_text(e.move) + " leads to node " +
                        std::to_string(e.child) + ", not mated only within " +
                        std::to_string(child.distance) + ", less than " +
                        std::to_string(node.distance - 1));
            listed.push_back(e.move);
          }
          if (std::string why = each_listed_once(
                  checks, listed, "check",
                  [](const std::string& m) { return "the legal check " + m + " is missing"; });
              !why.empty())
            return why;
        } else {
          if (!in_check(pos, pos.side)) return at("the defender is not in check");
          if (node.distance < 0) return at("a defender node records a distance below 0");
          const auto reply = std::find_if(node.edges.begin(), node.edges.end(),
                                          [](const Edge& e) { return e.kind == EdgeKind::Reply; });
          if (reply == node.edges.end() ||
              std::count_if(node.edges.begin(), node.edges.end(),
                            [](const Edge& e) { return e.kind == EdgeKind::Reply; }) != 1)
            return at("a defender node gives exactly one reply");
          const std::string m = move_text(reply->move);
          if (!is_legal(pos, reply->move)) return at("the reply " + m + " is not legal");
          if (reply->child == kNoChild && node.distance > 1)
            return at("the reply " + m + " has no child, but its child must not be mated within " +
                      std::to_string(node.distance - 1));
          if (reply->child != kNoChild) {  // (without a child: no mate takes 0 plies)
            const Node& child = cert.nodes[reply->child];
            if (!child.attacker) return at("the child of " + m + " is a defender node");
            if (child.distance < node.distance - 1)
              return at("the reply " + m + " leads to node " + std::to_string(reply->child) +
                        ", not mated only within " + std::to_string(child.distance) +
                        ", less than " + std::to_string(node.distance - 1));
          }
          // A drop the rule could exempt: every comparison position, each not mated within d.
          const auto comparisons = !cert.futile_counted && reply->move.is_drop()
                                       ? comparison_positions(pos, reply->move.to)
                                       : std::vector<std::pair<bool, Position>>{};
          for (const Edge& e : node.edges) {
            if (e.kind == EdgeKind::Reply) continue;
            if (cert.futile_counted) return at("a comparison node, but every interposition counts");
            if (!(e.move == reply->move))
              return at("the comparison node of " + move_text(e.move) + " is not for the reply " +
                        m);
            const Node& q = cert.nodes[e.child];
            if (q.attacker) return at("the comparison node of " + m + " is an attacker node");
            if (q.distance < node.distance)
              return at("the comparison node " + std::to_string(e.child) + " of " + m +
                        " is not mated only within " + std::to_string(q.distance) +
                        ": the drop could be futile" + within);
          }
          for (const auto& [promote, q] : comparisons) {
            const EdgeKind kind = promote ? EdgeKind::FutilePromoted : EdgeKind::Futile;
            if (std::none_of(node.edges.begin(), node.edges.end(),
                             [&](const Edge& e) { return e.kind == kind; }))
              return at("the drop " + m + " could be futile: the comparison position with the " +
                        "checker " + (promote ? "promoted" : "unpromoted") + " is not shown");
          }
        }
        return "";
      });
}

}  // namespace

Verdict verify(const Certificate& cert) {
  const auto fail = [&](long node, std::string reason) {
    return failure(cert, node, std::move(reason));
  };
  std::string error;
  const std::optional<Position> root = parse_sfen(cert.sfen, error, cert.sho);
  if (!root) return fail(-1, "the root SFEN: " + error);
  if (const std::string problem = position_problem(*root); !problem.empty())
    return fail(-1, "the root position: " + problem);
  if (cert.no_mate) return verify_no_mate(cert, *root);
  if (cert.nodes.empty() || !cert.nodes[0].attacker)
    return fail(0, "the root is not an attacker node");
  if (cert.nodes[0].distance != cert.length)
    return fail(0, "the certificate claims length " + std::to_string(cert.length) +
                       " but its root is mated in " + std::to_string(cert.nodes[0].distance));

  return walk(
      cert, *root, true, false, "the futile interposition ",
      [&](std::uint32_t, const Node& node, const Position& pos) -> std::string {
        const auto at = [](std::string reason) { return reason; };
        // Entering the node: its moves and its distance, checked against the rules and against
        // the distances its children record.
        const int side = pos.side;
        for (const Edge& e : node.edges)
          if (e.child == kNoChild)
            return at("the move " + move_text(e.move) + " has no child ('-' is for no-mate " +
                      "certificates)");
        if (node.attacker != (side == root->side))
          return at(std::string("recorded as ") + (node.attacker ? "an attacker" : "a defender") +
                    " node but the other side is to move");
        if (node.attacker) {
          if (node.edges.size() != 1 || node.edges[0].kind != EdgeKind::Reply)
            return at("an attacker node records exactly one move and its child");
          const Edge& e = node.edges[0];
          if (!is_legal(pos, e.move)) return at("the check " + move_text(e.move) + " is not legal");
          if (!in_check(play(pos, e.move), 1 - side))
            return at("the move " + move_text(e.move) + " does not give check");
          const Node& child = cert.nodes[e.child];
          if (child.attacker)
            return at("the child of " + move_text(e.move) + " is an attacker node");
          if (node.distance != 1 + child.distance)
            return at("records mate in " + std::to_string(node.distance) + " but " +
                      move_text(e.move) + " leads to node " + std::to_string(e.child) +
                      ", mated in " + std::to_string(child.distance));
        } else {
          if (!in_check(pos, side)) return at("the defender is not in check");
          // The replies: every one legal, listed once, and every legal one listed.
          std::vector<Move> legal = legal_moves(pos);
          std::vector<Move> listed;
          for (const Edge& e : node.edges) {
            if (std::find(legal.begin(), legal.end(), e.move) == legal.end())
              return at("the reply " + move_text(e.move) + " is not legal");
            listed.push_back(e.move);
          }
          const bool mate = node.edges.empty();
          if (std::string why = each_listed_once(
                  legal, listed, "reply",
                  [mate](const std::string& m) {
                    return mate ? "recorded as mate but the defender has the legal reply " + m
                                : "the legal reply " + m + " is missing";
                  });
              !why.empty())
            return why;
          // The distance: each counted reply mated within d - 1, each exempted drop's comparison
          // position within d, and d no more than that.
          int computed = 0;
          for (const Edge& e : node.edges) {
            const std::string m = move_text(e.move);
            const Node& child = cert.nodes[e.child];
            if (e.kind == EdgeKind::Reply) {
              if (!child.attacker) return at("the child of " + m + " is a defender node");
              if (node.distance < 1 + child.distance)
                return at("records mate in " + std::to_string(node.distance) + " but the reply " +
                          m + " leads to node " + std::to_string(e.child) + ", mated in " +
                          std::to_string(child.distance));
              computed = std::max(computed, 1 + child.distance);
              continue;
            }
            if (cert.futile_counted)
              return at("the reply " + m + " is marked futile, but this certificate counts every " +
                        "interposition");
            if (!e.move.is_drop()) return at("the reply " + m + " is marked futile but is no drop");
            if (child.attacker)
              return at("the comparison node " + std::to_string(e.child) + " of " + m +
                        " is an attacker node");
            if (child.distance > node.distance)
              return at("the futile interposition " + m + " is not exempt: its comparison " +
                        "position (node " + std::to_string(e.child) + ") is mated in " +
                        std::to_string(child.distance) + ", not within " +
                        std::to_string(node.distance));
            computed = std::max(computed, child.distance);
          }
          if (computed != node.distance)
            return at("records mate in " + std::to_string(node.distance) +
                      " but its replies give " + std::to_string(computed));
        }
        return "";
      });
}

}  // namespace tsume::verifier
