#include "verifier/certificate.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <stdexcept>
#include <type_traits>

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

bool CertificateReader::read_rules(std::string_view value) const {
  if (value != "shogi" && value != "sho") fail("rules must be 'shogi' or 'sho'");
  return value == "sho";
}

void CertificateReader::fail(const std::string& reason) const {
  throw std::runtime_error(file_ + ":" + std::to_string(line_) + ": " + reason);
}

bool CertificateReader::next(Certificate& result) {
  Certificate out;
  std::string line;
  if (!getline(line)) return false;
  out.line = line_;
  const auto f = split(line);
  if (f.size() != 2 || f[0] != "tsume-certificate") fail("expected 'tsume-certificate 1'");
  const auto v = number<int>(f[1]);
  if (!v || (*v != kCertificateVersion && *v != kCheckCertificateVersion &&
             *v != kSharedCheckCertificateVersion && *v != kImplicitNoMateVersion &&
             *v != kUnboundedNodesVersion))
    fail("certificate version '" + std::string(f[1]) + "' is not supported (this reads " +
         std::to_string(kCertificateVersion) + ", " + std::to_string(kCheckCertificateVersion) +
         ", " + std::to_string(kSharedCheckCertificateVersion) + ", " +
         std::to_string(kImplicitNoMateVersion) + " and " + std::to_string(kUnboundedNodesVersion) +
         ")");
  out.version = *v;
  if (*v == kCertificateVersion || *v == kImplicitNoMateVersion || *v == kUnboundedNodesVersion)
    read_version1(out);
  else
    read_version2(out);
  result = std::move(out);
  return true;
}

// A check certificate: the header up to `parts N`, N parts (`part ROLE K MOVE [REASON]`, then
// a version-1 certificate unless the role is exempt), `end`. Version 3: the header holds the
// shared table (`nodes N` and N node lines) before `parts N`, and a no-mate part may be
// `part ROLE K MOVE node ID`, its root a node of the table, without a certificate of its own.
void CertificateReader::read_version2(Certificate& out) {
  std::string line;
  std::optional<std::size_t> count;
  bool have_claim = false, have_futile = false, have_line = false, have_table = false;
  while (!count) {
    if (!getline(line)) fail("the check certificate ends in its header");
    const std::string_view l = line;
    const std::size_t space = l.find(' ');
    const std::string_view key = l.substr(0, space);
    const std::string_view value = space == l.npos ? std::string_view{} : l.substr(space + 1);
    if (key == "claim") {
      if (value == "cooked") {
        out.cooked = true;
      } else if (value == "sound") {
        out.cooked = false;
      } else {
        fail("a check certificate's claim is 'cooked' or 'sound'");
      }
      have_claim = true;
    } else if (key == "rules") {
      out.sho = read_rules(value);
    } else if (key == "problem") {
      out.problem = std::string(value);
    } else if (key == "sfen") {
      out.sfen = std::string(value);
    } else if (key == "futile") {
      if (value != "not-counted") fail("a check certificate has 'futile not-counted'");
      have_futile = true;
    } else if (key == "line") {
      for (std::string_view m : split(value)) {
        const auto move = parse_move(m);
        if (!move) fail("'" + std::string(m) + "' is not a USI move");
        out.main_line.push_back(*move);
      }
      have_line = true;
    } else if (key == "nodes" && out.version == kSharedCheckCertificateVersion) {
      const auto v = number<std::size_t>(value);
      if (!v) fail("nodes must be a number");
      if (have_table) fail("a second node table");
      have_table = true;
      read_nodes(out, *v, true);
    } else if (key == "parts") {
      const auto v = number<std::size_t>(value);
      if (!v) fail("parts must be a number");
      count = *v;
    } else {
      fail("unknown header line '" + std::string(key) + "' of a check certificate");
    }
  }
  if (out.sfen.empty() || !have_claim || !have_futile || !have_line || out.main_line.empty())
    fail("the header needs claim, sfen, futile and a line before parts");
  out.length = static_cast<int>(out.main_line.size());
  for (std::size_t i = 0; i < *count; ++i) {
    if (!getline(line)) fail("the check certificate ends after " + std::to_string(i) + " parts");
    const auto f = split(line);
    if (f.size() < 4 || f[0] != "part") fail("a part begins 'part <role> <ply> <move>|-'");
    Part part;
    part.line = line_;
    part.role = std::string(f[1]);
    static const std::vector<std::string_view> roles = {"main", "cook",  "not-last",    "slow",
                                                        "mate", "exact", "alternative", "exempt"};
    if (std::find(roles.begin(), roles.end(), f[1]) == roles.end())
      fail("unknown part role '" + part.role + "'");
    const auto ply = number<int>(f[2]);
    if (!ply || *ply < 0) fail("a part's ply is a number of moves of the line");
    part.ply = *ply;
    if (f[3] != "-") {
      part.move = parse_move(f[3]);
      if (!part.move) fail("'" + std::string(f[3]) + "' is not a USI move");
    }
    if (part.role == "exempt") {
      if (f.size() != 5) fail("an exempt part is 'part exempt <ply> <move> <reason>'");
      part.reason = std::string(f[4]);
    } else if (f.size() == 6 && f[4] == "node" && out.version == kSharedCheckCertificateVersion) {
      if (part.role != "alternative" && part.role != "exact" && part.role != "not-last" &&
          part.role != "slow")
        fail("a " + part.role + " part holds a certificate of its own (only no-mate parts " +
             "name a node of the table)");
      const auto id = number<std::uint32_t>(f[5]);
      if (!id || *id >= out.nodes.size())
        fail("'" + std::string(f[5]) + "' is not a node id of the table");
      part.node = *id;
    } else {
      if (f.size() != 4) fail("a part line is 'part <role> <ply> <move>|-'");
      Certificate body;
      if (!getline(line) || line != "tsume-certificate 1")
        fail("a part holds a version-1 certificate ('tsume-certificate 1')");
      body.line = line_;
      body.version = kCertificateVersion;
      read_version1(body);
      part.body.push_back(std::move(body));
    }
    out.parts.push_back(std::move(part));
  }
  if (!getline(line) || line != "end") fail("expected 'end' after the parts");
}

void CertificateReader::read_version1(Certificate& out) {
  std::string line;
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
      out.sho = read_rules(value);
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
  const bool mixed = out.version == kUnboundedNodesVersion;
  const bool implicit = out.version == kImplicitNoMateVersion || mixed;
  if (implicit && (!out.no_mate || out.unbounded))
    fail("a version-" + std::to_string(out.version) +
         " certificate is a 'claim no-mate-within' certificate");
  read_nodes(out, *count, mixed, implicit);
  if (!getline(line) || line != "end") fail("expected 'end' after the nodes");
}

void CertificateReader::read_nodes(Certificate& out, std::size_t count, bool mixed, bool implicit) {
  std::string line;
  out.nodes.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (!getline(line)) fail("the certificate ends after " + std::to_string(i) + " nodes");
    const auto f = split(line);
    if (f.size() < 3 || (f.size() - 3) % 2 != 0)
      fail("a node line is '<id> A|D <distance> [<move> <child>]...'");
    const auto id = number<std::size_t>(f[0]);
    if (!id || *id != i)
      fail("node ids must run 0, 1, 2, ... (expected " + std::to_string(i) + ")");
    Node node;
    if (f[1] == "A") {
      node.attacker = true;
    } else if (f[1] != "D") {
      fail("a node is A (attacker to move) or D (defender to move)");
    }
    if (mixed && f[2] == "inf") {
      node.distance = kInfinite;
    } else if (out.unbounded) {
      if (f[2] != "inf") fail("every distance of a 'claim no-mate' certificate is inf");
      node.distance = kInfinite;
    } else {
      const auto d = number<int>(f[2]);
      if (!d || *d < -1 || *d >= kInfinite / 2)
        fail("a distance is a number of plies (at least -1)" + std::string(mixed ? " or inf" : ""));
      node.distance = *d;
    }
    if (out.edges.size() + (f.size() - 3) / 2 > 0xffffffffu)
      fail("more edges than a certificate may hold (2^32 - 1)");
    node.first_edge = static_cast<std::uint32_t>(out.edges.size());
    node.edge_count = static_cast<std::uint32_t>((f.size() - 3) / 2);
    for (std::size_t k = 3; k < f.size(); k += 2) {
      Edge e;
      const auto m = parse_move(f[k]);
      if (!m) fail("'" + std::string(f[k]) + "' is not a USI move");
      e.from = static_cast<std::int8_t>(m->from);
      e.to = static_cast<std::int8_t>(m->to);
      e.drop = static_cast<std::int8_t>(m->drop);
      e.promote = m->promote;
      std::string_view c = f[k + 1];
      if (c == "-") {
        e.child = kNoChild;
        out.edges.push_back(e);
        continue;
      }
      if (c.starts_with("f+")) {
        e.kind = EdgeKind::FutilePromoted;
        c.remove_prefix(2);
      } else if (c.starts_with("f")) {
        e.kind = EdgeKind::Futile;
        c.remove_prefix(1);
      }
      if (c == "*") {
        if (!implicit) fail("an implicit child ('*') is for version-4 and 5 certificates");
        e.child = kImplicit;
        out.edges.push_back(e);
        continue;
      }
      const auto child = number<std::uint32_t>(c);
      if (!child || *child >= count)
        fail("'" + std::string(f[k + 1]) + "' is not a node id of this certificate");
      e.child = *child;
      out.edges.push_back(e);
    }
    out.nodes.push_back(node);
  }
  out.edges.shrink_to_fit();  // (grown by doubling while read)
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

// Walks a certificate's nodes depth first from a root node at a given position, each node at the
// position it is first reached as: the move of an edge played, or a futile drop's comparison
// position. `enter(id, node, pos)` checks a node when it is first reached and returns why it
// fails ("" when it holds). An edge must reach a node at the position the node already has.
// `unique(node)`: no other such node may hold the node's position; `cycles(node)`: an edge may
// lead to the node while it is still on the depth-first path (else a cycle is refused). Edges
// without a child (kNoChild) are left to `enter`. `comparison_failure` names a comparison
// position that cannot be built. Several roots may be walked one after another (a version-3
// table): what was reached from one is not walked again from the next. The position of every
// node reached is kept packed (PackedPosition, rules.h), and positions are compared in that
// form, which is exact.
struct WalkFailure {
  long node;
  std::string reason;
};

template <class Enter, class Unique, class Cycles> class Walker {
public:
  Walker(const Certificate& cert, Unique unique, Cycles cycles, std::string comparison_failure,
         Enter& enter)
      : cert_(cert), unique_(unique), cycles_(cycles),
        comparison_failure_(std::move(comparison_failure)), enter_(enter),
        position_(cert.nodes.size()), state_(cert.nodes.size(), 0) {}

  // Walks from node `start` at `pos` (a node already reached must hold `pos`).
  std::optional<WalkFailure> from(std::uint32_t start, const Position& pos) {
    const auto fail = [](std::uint32_t id, std::string reason) {
      return std::optional<WalkFailure>{WalkFailure{static_cast<long>(id), std::move(reason)}};
    };
    if (reached(start)) {
      if (position_[start] != pack(pos))
        return fail(start, "the root is not the position that the node holds (reached before)");
      return std::nullopt;
    }
    if (const auto why = place(start, pos, "")) return why;
    std::vector<Frame> stack{{start, 0}};
    // The position of the node on top of the stack, unpacked.
    Position at;
    std::uint32_t at_node = kNoChild;
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::uint32_t id = top.node;
      const Node& node = cert_.nodes[id];
      if (at_node != id) {
        at = unpack(position_[id]);
        at_node = id;
      }
      if (top.next_edge == 0) {
        if (std::string why = enter_(id, node, at); !why.empty()) return fail(id, std::move(why));
      }
      if (top.next_edge == node.edge_count) {
        state_[id] = 2;
        stack.pop_back();
        continue;
      }
      const Edge& e = cert_.edges_of(node)[top.next_edge++];
      if (e.child == kNoChild || e.child == kImplicit) continue;
      Position child;
      if (e.kind == EdgeKind::Reply) {
        child = play(at, e.move());
      } else {
        std::string why;
        const auto q = comparison_position(at, e.to, e.kind == EdgeKind::FutilePromoted, why);
        if (!q) return fail(id, comparison_failure_ + move_text(e.move()) + ": " + why);
        child = *q;
      }
      const std::string via = " (reached from node " + std::to_string(id) + " by " +
                              move_text(e.move()) +
                              (e.kind == EdgeKind::Reply ? "" : ", its comparison position") + ")";
      if (state_[e.child] == 1 && !cycles_(cert_.nodes[e.child]))
        return fail(e.child, "a cycle: the node is its own descendant" + via);
      if (reached(e.child)) {
        if (position_[e.child] != pack(child))
          return fail(e.child, "the node is reached as two different positions" + via);
        continue;
      }
      if (const auto why = place(e.child, child, via)) return why;
      stack.push_back({e.child, 0});
    }
    return std::nullopt;
  }

  // Whether node `id` has been reached, and its position (when it has).
  bool reached(std::uint32_t id) const { return state_[id] != 0; }
  Position position(std::uint32_t id) const { return unpack(position_[id]); }

private:
  struct Frame {
    std::uint32_t node;
    std::uint32_t next_edge;
  };
  std::optional<WalkFailure> place(std::uint32_t id, const Position& pos, const std::string& via) {
    position_[id] = pack(pos);
    if (unique_(cert_.nodes[id])) {
      if (const std::uint32_t other = holder(id); other != id)
        return WalkFailure{static_cast<long>(id), "repeats the position of node " +
                                                      std::to_string(other) +
                                                      " (each position occurs at one node)" + via};
    }
    state_[id] = 1;
    return std::nullopt;
  }

  // The node placed before `id` whose position must be unique and is that of `id` (which is
  // placed, its position_ set); `id` itself, entered in the table, when there is none. The
  // table is an open-addressing hash set of node ids (linear probing, kNoChild for empty),
  // made once the first time with twice as many slots as the certificate has nodes, so that
  // it is never more than half full; its lookups compare the packed positions themselves.
  std::uint32_t holder(std::uint32_t id) {
    if (unique_table_.empty()) unique_table_.assign(2 * cert_.nodes.size() + 1, kNoChild);
    const PackedPosition& p = position_[id];
    const std::string_view bytes(reinterpret_cast<const char*>(p.data()), p.size());
    std::size_t slot = std::hash<std::string_view>{}(bytes) % unique_table_.size();
    while (unique_table_[slot] != kNoChild) {
      if (position_[unique_table_[slot]] == p) return unique_table_[slot];
      slot = (slot + 1) % unique_table_.size();
    }
    unique_table_[slot] = id;
    return id;
  }

  const Certificate& cert_;
  Unique unique_;
  Cycles cycles_;
  std::string comparison_failure_;
  Enter& enter_;
  std::vector<PackedPosition> position_;  // the position of each node reached
  std::vector<std::uint8_t> state_;       // 0 unseen, 1 on the depth-first path, 2 done
  std::vector<std::uint32_t> unique_table_;
};

// Walks a certificate from its root (node 0 at `root`); `unique` and `cycles` say for each node
// whether its position occurs at it only and whether an edge may lead back to it (Walker);
// every node must be reachable from the root.
template <class Enter, class Unique, class Cycles>
Verdict walk_nodes(const Certificate& cert, const Position& root, Unique unique, Cycles cycles,
                   const std::string& comparison_failure, Enter&& enter,
                   std::vector<Position>* positions) {
  Walker<std::remove_reference_t<Enter>, Unique, Cycles> walker(cert, unique, cycles,
                                                                comparison_failure, enter);
  if (const auto f = walker.from(0, root)) return failure(cert, f->node, f->reason);
  for (std::uint32_t i = 0; i < cert.nodes.size(); ++i)
    if (!walker.reached(i))
      return failure(cert, static_cast<long>(i), "not reachable from the root");
  if (positions) {
    positions->clear();
    positions->reserve(cert.nodes.size());
    for (std::uint32_t i = 0; i < cert.nodes.size(); ++i) positions->push_back(walker.position(i));
  }
  Verdict v;
  v.nodes = cert.nodes.size();
  v.valid = true;
  v.length = cert.length;
  return v;
}

// walk_nodes() with `one_node_per_position` and `allow_cycles` the same for every node.
template <class Enter>
Verdict walk(const Certificate& cert, const Position& root, bool one_node_per_position,
             bool allow_cycles, const std::string& comparison_failure, Enter&& enter,
             std::vector<Position>* positions = nullptr) {
  const auto unique = [one_node_per_position](const Node&) { return one_node_per_position; };
  const auto cycles = [allow_cycles](const Node&) { return allow_cycles; };
  return walk_nodes(cert, root, unique, cycles, comparison_failure, std::forward<Enter>(enter),
                    positions);
}

// A distance for messages ("inf" for no mate at all).
std::string distance_text(int d) { return d >= kInfinite ? "inf" : std::to_string(d); }

// Whether `pos` is not mated within `d` plies, by the rules alone (for implicit children, so
// `d` is small): the attacker to move when `attacker_node`, then every legal check leads to a
// position not mated within d - 1 (nothing to show when d <= 0); else the defender, in check,
// has a legal reply to a position not mated within d - 1 that, when it is a drop the rule could
// make futile (not `futile_counted`), has every comparison position not mated within d (each
// with its checker nearer the king, so the recursion ends). `mating`, when the position is
// mated: the attacker's first move of a mate found (an attacker node).
bool not_mated_within(const Position& pos, bool attacker_node, int d, bool futile_counted,
                      Move* mating = nullptr) {
  if (attacker_node) {
    if (d <= 0) return true;
    return every_legal_check(pos, [&](Move m) {
      if (not_mated_within(play(pos, m), false, d - 1, futile_counted)) return true;
      if (mating) *mating = m;
      return false;
    });
  }
  // (Where the reply's child needs nothing, any legal move that is no drop will do.)
  if (d <= 1 && has_legal_move(pos, futile_counted)) return true;
  // Captures first (the attacker loses material), then the king's other moves, then the other
  // moves, drops last: the likeliest refutations first.
  std::vector<Move> replies = legal_moves(pos);
  const auto rank = [&](const Move& m) {
    if (m.is_drop()) return 3;
    if (pos.board[static_cast<std::size_t>(m.to)] != kEmpty) return 0;
    return kind_of(pos.board[static_cast<std::size_t>(m.from)]) == kKing ? 1 : 2;
  };
  std::stable_sort(replies.begin(), replies.end(),
                   [&](const Move& a, const Move& b) { return rank(a) < rank(b); });
  for (Move m : replies) {
    if (!not_mated_within(play(pos, m), true, d - 1, futile_counted)) continue;
    if (futile_counted || !m.is_drop()) return true;
    const auto comparisons = comparison_positions(pos, m.to);
    if (std::all_of(comparisons.begin(), comparisons.end(), [&](const auto& q) {
          return not_mated_within(q.second, false, d, futile_counted);
        }))
      return true;
  }
  return false;
}

// Why the position `pos` (the attacker to move when `attacker_node`) is mated within `need`
// plies, the need of an implicit child, or why it cannot be implicit; "" when it is not mated.
std::string implicit_failure(const Position& pos, bool attacker_node, int need,
                             bool futile_counted) {
  if (need > kImplicitMaxNeed)
    return "needs no mate within " + distance_text(need) + ", more than an implicit child ('*') " +
           "may show (" + std::to_string(kImplicitMaxNeed) + ")";
  Move mating{};
  if (not_mated_within(pos, attacker_node, need, futile_counted, &mating)) return "";
  if (attacker_node)
    return "is a position with a mate within " + std::to_string(need) + " (" + move_text(mating) +
           ")";
  return "is a position mated within " + std::to_string(need);
}

// The dual tree's rules at one node (certificate.h): `node` at `pos` is not mated within its
// distance given what its children record; `attacker` the attacker's colour; `futile_counted`:
// every interposition counts (no comparison nodes).
std::string check_no_mate_node(const Certificate& cert, const Node& node, const Position& pos,
                               int attacker, bool futile_counted) {
  const std::string within = " not within " + distance_text(node.distance);
  const int below = node.distance >= kInfinite ? kInfinite : node.distance - 1;
  if (node.attacker != (pos.side == attacker))
    return std::string("recorded as ") + (node.attacker ? "an attacker" : "a defender") +
           " node but the other side is to move";
  const std::span<const Edge> edges = cert.edges_of(node);
  if (node.attacker) {
    // Every legal check, each child not mated within d - 1; nothing when d <= 0.
    std::vector<Move> checks;
    if (node.distance > 0) checks = legal_checks(pos);
    std::vector<Move> listed;
    for (const Edge& e : edges) {
      if (e.kind != EdgeKind::Reply) return "an attacker node lists plain checks only";
      if (e.child == kNoChild) return "the check " + move_text(e.move()) + " has no child";
      if (std::find(checks.begin(), checks.end(), e.move()) == checks.end())
        return "the move " + move_text(e.move()) + " is not a legal check" +
               (node.distance > 0 ? "" : " needed here (no mate within 0 needs none)");
      if (e.child == kImplicit) {
        if (std::string why = implicit_failure(play(pos, e.move()), false, below, futile_counted);
            !why.empty())
          return "the implicit child ('*') of the check " + move_text(e.move()) + " " + why;
        listed.push_back(e.move());
        continue;
      }
      const Node& child = cert.nodes[e.child];
      if (child.attacker) return "the child of " + move_text(e.move()) + " is an attacker node";
      if (child.distance < below)
        return "the check " + move_text(e.move()) + " leads to node " + std::to_string(e.child) +
               ", not mated only within " + distance_text(child.distance) + ", less than " +
               distance_text(below);
      listed.push_back(e.move());
    }
    return each_listed_once(checks, listed, "check", [](const std::string& m) {
      return "the legal check " + m + " is missing";
    });
  }
  if (!in_check(pos, pos.side)) return "the defender is not in check";
  if (node.distance < 0) return "a defender node records a distance below 0";
  const auto reply = std::find_if(edges.begin(), edges.end(),
                                  [](const Edge& e) { return e.kind == EdgeKind::Reply; });
  if (reply == edges.end() || std::count_if(edges.begin(), edges.end(), [](const Edge& e) {
                                return e.kind == EdgeKind::Reply;
                              }) != 1)
    return "a defender node gives exactly one reply";
  const std::string m = move_text(reply->move());
  if (!is_legal(pos, reply->move())) return "the reply " + m + " is not legal";
  if (reply->child == kNoChild && node.distance > 1)
    return "the reply " + m + " has no child, but its child must not be mated within " +
           distance_text(below);
  if (reply->child == kImplicit) {
    if (std::string why = implicit_failure(play(pos, reply->move()), true, below, futile_counted);
        !why.empty())
      return "the implicit child ('*') of the reply " + m + " " + why;
  } else if (reply->child != kNoChild) {  // (without a child: no mate takes 0 plies)
    const Node& child = cert.nodes[reply->child];
    if (!child.attacker) return "the child of " + m + " is a defender node";
    if (child.distance < below)
      return "the reply " + m + " leads to node " + std::to_string(reply->child) +
             ", not mated only within " + distance_text(child.distance) + ", less than " +
             distance_text(below);
  }
  // A drop the rule could exempt: every comparison position, each not mated within d.
  const auto comparisons = !futile_counted && reply->move().is_drop()
                               ? comparison_positions(pos, reply->move().to)
                               : std::vector<std::pair<bool, Position>>{};
  for (const Edge& e : edges) {
    if (e.kind == EdgeKind::Reply) continue;
    if (futile_counted) return "a comparison node, but every interposition counts";
    if (!(e.move() == reply->move()))
      return "the comparison node of " + move_text(e.move()) + " is not for the reply " + m;
    if (e.child == kImplicit) {
      const bool promote = e.kind == EdgeKind::FutilePromoted;
      const auto q = std::find_if(comparisons.begin(), comparisons.end(),
                                  [&](const auto& c) { return c.first == promote; });
      if (q == comparisons.end())
        return "the drop " + m + " has no comparison position with the checker " +
               (promote ? "promoted" : "unpromoted");
      if (std::string why = implicit_failure(q->second, false, node.distance, futile_counted);
          !why.empty())
        return "the implicit comparison child ('*') of " + m + " " + why +
               ": the drop could be futile" + within;
      continue;
    }
    const Node& q = cert.nodes[e.child];
    if (q.attacker) return "the comparison node of " + m + " is an attacker node";
    if (q.distance < node.distance)
      return "the comparison node " + std::to_string(e.child) + " of " + m +
             " is not mated only within " + distance_text(q.distance) +
             ": the drop could be futile" + within;
  }
  for (const auto& [promote, q] : comparisons) {
    const EdgeKind kind = promote ? EdgeKind::FutilePromoted : EdgeKind::Futile;
    if (std::none_of(edges.begin(), edges.end(), [&](const Edge& e) { return e.kind == kind; }))
      return "the drop " + m + " could be futile: the comparison position with the " + "checker " +
             (promote ? "promoted" : "unpromoted") + " is not shown";
  }
  return "";
}

Verdict verify_no_mate(const Certificate& cert, int attacker_colour, const Position& root,
                       std::vector<Position>* positions) {
  const auto fail = [&](long node, std::string reason) {
    return failure(cert, node, std::move(reason));
  };
  // The attacker: the side to move, unless a check certificate's part says otherwise (its root
  // the position after an alternative check, a defender node).
  const int attacker = attacker_colour >= 0 ? attacker_colour : root.side;
  if (cert.nodes.empty() || cert.nodes[0].attacker != (root.side == attacker))
    return fail(0, root.side == attacker ? "the root is not an attacker node"
                                         : "the root is not a defender node");
  if (cert.nodes[0].distance < cert.length)
    return fail(0, "the certificate claims no mate within " + std::to_string(cert.length) +
                       " but its root records only " + std::to_string(cert.nodes[0].distance));
  if (cert.version == kUnboundedNodesVersion) {
    // Version 5: a node recording inf follows the rules of no mate at all (every interposition
    // counted, one node per position, cycles allowed); its children record inf too, so a cycle
    // can only run through such nodes. The others as in version 4.
    const auto unbounded = [](const Node& node) { return node.distance >= kInfinite; };
    return walk_nodes(
        cert, root, unbounded, unbounded, "the comparison position of ",
        [&](std::uint32_t, const Node& node, const Position& pos) {
          return check_no_mate_node(cert, node, pos, attacker,
                                    cert.futile_counted || node.distance >= kInfinite);
        },
        positions);
  }
  return walk(
      cert, root, cert.unbounded, cert.unbounded, "the comparison position of ",
      [&](std::uint32_t, const Node& node, const Position& pos) {
        return check_no_mate_node(cert, node, pos, attacker, cert.futile_counted);
      },
      positions);
}

// ---------------------------------------------------------------------------------------------
// Check certificates (version 2)

// The board mirrored left to right (file f to 10 - f); hands and side unchanged.
int mirror_square(int sq) { return square_of(10 - file_of(sq), rank_of(sq)); }

bool mirror_symmetric(const Position& pos) {
  for (int sq = 0; sq < 81; ++sq)
    if (pos.board[static_cast<std::size_t>(sq)] !=
        pos.board[static_cast<std::size_t>(mirror_square(sq))])
      return false;
  return true;
}

Move mirrored(Move m) {
  Move out = m;
  if (!m.is_drop()) out.from = mirror_square(m.from);
  out.to = mirror_square(m.to);
  return out;
}

// The square of the king of `color`, or -1.
int king_square(const Position& pos, int color) {
  const int king = color == kBlack ? kKing : -kKing;
  for (int sq = 0; sq < 81; ++sq)
    if (pos.board[static_cast<std::size_t>(sq)] == king) return sq;
  return -1;
}

// The unit step from the square `from` towards `to` when they lie on one line (rank, file or
// diagonal), else {0, 0}.
std::pair<int, int> direction(int from, int to) {
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (df == 0 && dr == 0) return {0, 0};
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return {0, 0};
  return {(df > 0) - (df < 0), (dr > 0) - (dr < 0)};
}

// Whether the checks `a` and `b` at `pos` are candidates for non-limitation (非限定): the same
// board move with and without promotion, or drops of one kind on one ray from the defender's
// king. Broader than the checker's test is safe: such a cook needs the `slow` part.
bool non_limitation_candidates(const Position& pos, Move a, Move b) {
  if (a == b) return false;
  if (!a.is_drop() && !b.is_drop()) return a.from == b.from && a.to == b.to;
  if (!a.is_drop() || !b.is_drop() || a.drop != b.drop) return false;
  const int k = king_square(pos, 1 - pos.side);
  if (k < 0) return false;
  const auto da = direction(k, a.to), db = direction(k, b.to);
  return da == db && da != std::pair<int, int>{0, 0};
}

Verdict verify_as(const Certificate& cert, int attacker, std::vector<Position>* positions);

Verdict verify_check(const Certificate& cert) {
  std::size_t total = 0;
  const auto fail = [&](long part, long node, std::string reason) {
    Verdict v;
    v.valid = false;
    v.nodes = total;
    v.part = part;
    v.node = node;
    v.reason = std::move(reason);
    return v;
  };
  std::string error;
  const std::optional<Position> root = parse_sfen(cert.sfen, error, cert.sho);
  if (!root) return fail(-1, -1, "the root SFEN: " + error);
  if (const std::string problem = position_problem(*root); !problem.empty())
    return fail(-1, -1, "the root position: " + problem);
  const int attacker = root->side;
  // The main line: legal moves, a check at every attacker move, an odd number of plies.
  const auto& line = cert.main_line;
  const int length = static_cast<int>(line.size());
  if (length % 2 == 0) return fail(-1, -1, "the line has an even number of moves");
  std::vector<Position> path{*root};
  for (int i = 0; i < length; ++i) {
    const Position& p = path.back();
    const Move m = line[static_cast<std::size_t>(i)];
    if (!is_legal(p, m))
      return fail(-1, -1,
                  "move " + std::to_string(i + 1) + " of the line, " + move_text(m) +
                      ", is not legal");
    Position next = play(p, m);
    if (i % 2 == 0 && !in_check(next, 1 - attacker))
      return fail(-1, -1,
                  "move " + std::to_string(i + 1) + " of the line, " + move_text(m) +
                      ", gives no check");
    path.push_back(std::move(next));
  }
  // Each part: its root is the position its node and move give, and its certificate holds.
  struct Checked {
    const Part* part;
    long index;
    std::vector<Position> positions;  // a cook part's: the positions of its nodes
  };
  std::vector<Checked> checked;
  // Version 3: the shared table, walked from the parts' roots in part order, each node checked
  // once by the no-mate rules of its own distance (inf: every interposition counted, one node
  // per position, cycles allowed; a number: comparison positions shown, no cycle).
  const auto enter = [&](std::uint32_t, const Node& node, const Position& pos) {
    return check_no_mate_node(cert, node, pos, attacker, node.distance >= kInfinite);
  };
  const auto unbounded = [](const Node& node) { return node.distance >= kInfinite; };
  Walker<decltype(enter), decltype(unbounded), decltype(unbounded)> table(
      cert, unbounded, unbounded, "the comparison position of ", enter);
  if (cert.version != kSharedCheckCertificateVersion && !cert.nodes.empty())
    return fail(-1, -1, "a node table in a check certificate of version 2");
  total += cert.nodes.size();
  for (std::size_t i = 0; i < cert.parts.size(); ++i) {
    const Part& part = cert.parts[i];
    const long pi = static_cast<long>(i);
    if (part.ply >= length || part.ply % 2 != 0)
      return fail(pi, -1,
                  "ply " + std::to_string(part.ply) + " is not an attacker node of the " + "line");
    const Position& at = path[static_cast<std::size_t>(part.ply)];
    const Move main = line[static_cast<std::size_t>(part.ply)];
    const bool after_move = part.role == "alternative" || part.role == "slow";
    const bool needs_move = part.role != "not-last" && part.role != "exact";
    if (needs_move != part.move.has_value())
      return fail(pi, -1, needs_move ? "the part needs a move" : "the part takes no move ('-')");
    if (part.move) {
      const std::string m = move_text(*part.move);
      if (!is_legal(at, *part.move) || !in_check(play(at, *part.move), 1 - attacker))
        return fail(pi, -1, m + " is not a legal check at ply " + std::to_string(part.ply));
      const bool is_main = *part.move == main;
      if ((part.role == "main" || part.role == "mate") && !is_main)
        return fail(pi, -1, m + " is not the line's move " + move_text(main));
      if (part.role != "main" && part.role != "mate" && is_main)
        return fail(pi, -1, m + " is the line's own move, not another check");
    }
    if ((part.role == "mate" || part.role == "exact") && part.ply != 0)
      return fail(pi, -1, "a " + part.role + " part is about the problem (ply 0)");
    if (part.role == "exempt") {
      checked.push_back({&part, pi, {}});
      continue;
    }
    const Position expected = after_move ? play(at, *part.move) : at;
    if (part.node) {
      // A root in the shared table: the node records what the part needs (exact and slow: the
      // distance the claim needs, checked below), and its graph holds from the part's root.
      const std::uint32_t id = *part.node;
      const int need = part.role == "alternative" ? (length == 1 ? 1 : kInfinite)
                       : part.role == "not-last"  ? 1
                                                  : 0;
      if (cert.nodes[id].distance < need)
        return fail(pi, id,
                    "the node records no mate within " + distance_text(cert.nodes[id].distance) +
                        ", but the " + part.role + " part needs no mate " +
                        (need >= kInfinite ? "at all" : "within " + std::to_string(need)));
      if (const auto f = table.from(id, expected))
        return fail(pi, f->node,
                    f->node == static_cast<long>(id) && f->reason.starts_with("the root is not")
                        ? "the part's root (the position at ply " + std::to_string(part.ply) +
                              (after_move ? " after " + move_text(*part.move) : "") +
                              ") is not the position of node " + std::to_string(id) +
                              ", reached before"
                        : f->reason);
      checked.push_back({&part, pi, {}});
      continue;
    }
    if (part.body.size() != 1) return fail(pi, -1, "the part holds no certificate");
    const Certificate& body = part.body.front();
    // The part's rules are the container's (a sho position differs from a shogi one).
    if (body.sho != cert.sho)
      return fail(pi, -1,
                  std::string("the part's certificate is for ") + (body.sho ? "sho" : "shogi") +
                      ", the check certificate for " + (cert.sho ? "sho" : "shogi"));
    const std::optional<Position> given = parse_sfen(body.sfen, error, cert.sho);
    if (!given || !(*given == expected))
      return fail(pi, -1,
                  "its certificate's position is not the one at ply " + std::to_string(part.ply) +
                      (after_move ? " after " + move_text(*part.move) : ""));
    // What each role claims.
    const bool mate = !body.no_mate;
    const bool within = body.no_mate && !body.unbounded;
    if (part.role == "main" || part.role == "cook" || part.role == "mate") {
      if (!mate) return fail(pi, -1, "a " + part.role + " part holds a mate certificate");
    } else if (part.role == "alternative") {
      // At the last attacker node (only in a 1-ply problem) no mate within 1 (the defender to
      // move: not mated in 0) is enough; elsewhere no mate at all.
      if (!body.unbounded && !(length == 1 && within && !body.futile_counted))
        return fail(pi, -1,
                    length == 1 ? "an alternative part of a 1-ply line holds 'claim "
                                  "no-mate' or 'claim no-mate-within' with 'futile "
                                  "not-counted'"
                                : "an alternative part holds 'claim no-mate'");
    } else if (!within || body.futile_counted) {
      return fail(pi, -1,
                  "a " + part.role + " part holds 'claim no-mate-within' with 'futile " +
                      "not-counted'");
    }
    std::vector<Position> positions;
    const Verdict v = verify_as(body, after_move ? attacker : body.attacker,
                                part.role == "cook" ? &positions : nullptr);
    total += v.nodes;
    if (!v.valid) return fail(pi, v.node, v.reason);
    if (mate && !(body.edges_of(body.nodes[0])[0].move() == *part.move))
      return fail(pi, 0, "the certificate's root move is not " + move_text(*part.move));
    checked.push_back({&part, pi, std::move(positions)});
  }
  for (std::uint32_t i = 0; i < cert.nodes.size(); ++i)
    if (!table.reached(i))
      return fail(-1, static_cast<long>(i), "the node is not reachable from any part's root");
  // The length a part claims: its certificate's, or what its node in the table records.
  const auto claimed = [&](const Checked* c) {
    return c->part->node ? cert.nodes[*c->part->node].distance : c->part->body.front().length;
  };
  const auto find = [&](const std::string& role, int ply, std::optional<Move> move) {
    const Checked* out = nullptr;
    for (const Checked& c : checked)
      if (c.part->role == role && c.part->ply == ply && (!move || c.part->move == move)) out = &c;
    return out;
  };
  const auto count_role = [&](const std::string& role) {
    return std::count_if(checked.begin(), checked.end(),
                         [&](const Checked& c) { return c.part->role == role; });
  };
  Verdict v;
  v.valid = true;
  v.nodes = total;
  v.length = length;
  if (cert.cooked) {
    if (count_role("cook") != 1) return fail(-1, -1, "a cooked claim has exactly one cook part");
    const Checked* c = nullptr;
    for (const Checked& x : checked)
      if (x.part->role == "cook") c = &x;
    const int k = c->part->ply;
    const Move alt = *c->part->move;
    const Position& at = path[static_cast<std::size_t>(k)];
    const Move main = line[static_cast<std::size_t>(k)];
    const Checked* m = find("main", k, main);
    if (!m) return fail(c->index, -1, "no main part at ply " + std::to_string(k));
    if (mirror_symmetric(at) && mirrored(main) == alt)
      return fail(c->index, -1,
                  move_text(alt) + " is the mirror image of " + move_text(main) +
                      " on a symmetric board (鏡像): not a cook");
    if (length > 1 && !find("not-last", k, std::nullopt))
      return fail(c->index, -1,
                  "no not-last part: ply " + std::to_string(k) + " may be the last attacker node");
    if (length == 1 && k != 0) return fail(c->index, -1, "a 1-ply line has one attacker node");
    // Non-limitation exempts only at a node that is not the last: in a 1-ply problem every
    // other mate is a cook.
    if (length > 1 && non_limitation_candidates(at, alt, main)) {
      const Checked* slow = find("slow", k, alt);
      if (!slow)
        return fail(c->index, -1,
                    move_text(alt) + " could be a non-limitation of " + move_text(main) +
                        " (非限定): no slow part shows it slower");
      const int d = m->part->body.front().length;
      if (claimed(slow) < d - 1)
        return fail(slow->index, slow->part->node ? static_cast<long>(*slow->part->node) : 0,
                    "no mate within " + distance_text(claimed(slow)) + " after " + move_text(alt) +
                        ", but the main move mates " + "in " + std::to_string(d) +
                        ": it could be as fast");
    }
    // The cook's proof off the main line: no node but its root holds a position of the line.
    std::map<PackedPosition, int> on_line;
    for (int j = 0; j <= length; ++j) on_line.emplace(pack(path[static_cast<std::size_t>(j)]), j);
    for (std::size_t n = 1; n < c->positions.size(); ++n)
      if (const auto it = on_line.find(pack(c->positions[n])); it != on_line.end())
        return fail(c->index, static_cast<long>(n),
                    "the cook's proof passes through the main line's position after " +
                        std::to_string(it->second) + " moves (迂回 or 手順前後, not a cook)");
    for (const Checked& x : checked)
      if (x.part->role != "main" && x.part->role != "cook" && x.part->role != "not-last" &&
          x.part->role != "slow")
        return fail(x.index, -1, "a " + x.part->role + " part in a cooked claim");
    v.summary = "cooked at " + std::to_string(k) + " by " + move_text(alt) + " for " +
                move_text(main) + " (mate within " + std::to_string(c->part->body.front().length) +
                ")";
    return v;
  }
  // SOUND: the exact length, every other check disproven (or exempt), no pieces left.
  const Checked* mate = find("mate", 0, line[0]);
  if (!mate) return fail(-1, -1, "no mate part");
  if (mate->part->body.front().length != length)
    return fail(mate->index, 0,
                "the problem is mated in " + std::to_string(mate->part->body.front().length) +
                    ", not in the line's " + std::to_string(length));
  const Checked* exact = find("exact", 0, std::nullopt);
  if (!exact && length > 1)
    return fail(-1, -1, "no exact part (no mate within " + std::to_string(length - 2) + ")");
  if (exact && claimed(exact) < length - 2)
    return fail(exact->index, exact->part->node ? static_cast<long>(*exact->part->node) : 0,
                "no mate within " + distance_text(claimed(exact)) + " does not make " +
                    std::to_string(length) + " exact");
  int disproved = 0, mirrors = 0, trusted = 0;
  std::vector<std::uint8_t> used(checked.size(), 0);
  for (std::size_t i = 0; i < checked.size(); ++i)
    used[i] = checked[i].part->role == "mate" || checked[i].part->role == "exact";
  // Every attacker node but the last; in a 1-ply problem the only one (an alternative mate in
  // 1 is a cook there).
  for (int k = 0; k + 2 < length || (length == 1 && k == 0); k += 2) {
    const Position& at = path[static_cast<std::size_t>(k)];
    const Move main = line[static_cast<std::size_t>(k)];
    for (const Move c : legal_moves(at)) {
      if (c == main || !in_check(play(at, c), 1 - attacker)) continue;
      long found = -1;
      for (std::size_t i = 0; i < checked.size(); ++i) {
        const Part& p = *checked[i].part;
        if (p.ply != k || !(p.move == c) || (p.role != "alternative" && p.role != "exempt"))
          continue;
        if (found >= 0)
          return fail(static_cast<long>(i), -1,
                      "a second part for " + move_text(c) + " at ply " + std::to_string(k));
        found = static_cast<long>(i);
      }
      if (found < 0)
        return fail(-1, -1,
                    "the check " + move_text(c) + " at ply " + std::to_string(k) + " (for " +
                        move_text(main) + ") is neither disproven nor exempt");
      used[static_cast<std::size_t>(found)] = 1;
      const Part& p = *checked[static_cast<std::size_t>(found)].part;
      if (p.role == "alternative") {
        ++disproved;
      } else if (p.reason == "mirror") {
        if (!mirror_symmetric(at) || !(mirrored(main) == c))
          return fail(found, -1,
                      move_text(c) + " is not the mirror image of " + move_text(main) +
                          " on a symmetric board");
        ++mirrors;
      } else if (p.reason == "non-limitation" || p.reason == "detour" ||
                 p.reason == "transposition") {
        ++trusted;
      } else {
        return fail(found, -1, "unknown exemption '" + p.reason + "'");
      }
    }
  }
  for (std::size_t i = 0; i < checked.size(); ++i)
    if (!used[i])
      return fail(static_cast<long>(i), -1,
                  "a " + checked[i].part->role + " part that a sound claim does not use");
  for (const auto count : path.back().hand[static_cast<std::size_t>(attacker)])
    if (count != 0) return fail(-1, -1, "the attacker has pieces left in hand at the end (駒余り)");
  v.summary = "sound length " + std::to_string(length) + " (" + std::to_string(disproved) +
              " alternatives disproved, " + std::to_string(mirrors) + " mirror images, " +
              std::to_string(trusted) + " exemptions trusted)";
  return v;
}

// verify() with `attacker` (-1: the side to move at the root) for the attacker's colour in
// place of cert.attacker.
Verdict verify_as(const Certificate& cert, int attacker, std::vector<Position>* positions) {
  const auto fail = [&](long node, std::string reason) {
    return failure(cert, node, std::move(reason));
  };
  if (cert.version == kCheckCertificateVersion || cert.version == kSharedCheckCertificateVersion)
    return verify_check(cert);
  if (attacker >= 0 && !cert.no_mate)
    return fail(-1, "a mate certificate's root is the attacker's move");
  std::string error;
  const std::optional<Position> root = parse_sfen(cert.sfen, error, cert.sho);
  if (!root) return fail(-1, "the root SFEN: " + error);
  if (const std::string problem = position_problem(*root); !problem.empty())
    return fail(-1, "the root position: " + problem);
  if (cert.no_mate) return verify_no_mate(cert, attacker, *root, positions);
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
        const std::span<const Edge> edges = cert.edges_of(node);
        for (const Edge& e : edges)
          if (e.child == kNoChild)
            return at("the move " + move_text(e.move()) + " has no child ('-' is for no-mate " +
                      "certificates)");
        if (node.attacker != (side == root->side))
          return at(std::string("recorded as ") + (node.attacker ? "an attacker" : "a defender") +
                    " node but the other side is to move");
        if (node.attacker) {
          if (edges.size() != 1 || edges[0].kind != EdgeKind::Reply)
            return at("an attacker node records exactly one move and its child");
          const Edge& e = edges[0];
          if (!is_legal(pos, e.move()))
            return at("the check " + move_text(e.move()) + " is not legal");
          if (!in_check(play(pos, e.move()), 1 - side))
            return at("the move " + move_text(e.move()) + " does not give check");
          const Node& child = cert.nodes[e.child];
          if (child.attacker)
            return at("the child of " + move_text(e.move()) + " is an attacker node");
          if (node.distance != 1 + child.distance)
            return at("records mate in " + std::to_string(node.distance) + " but " +
                      move_text(e.move()) + " leads to node " + std::to_string(e.child) +
                      ", mated in " + std::to_string(child.distance));
        } else {
          if (!in_check(pos, side)) return at("the defender is not in check");
          // The replies: every one legal, listed once, and every legal one listed.
          std::vector<Move> legal = legal_moves(pos);
          std::vector<Move> listed;
          for (const Edge& e : edges) {
            if (std::find(legal.begin(), legal.end(), e.move()) == legal.end())
              return at("the reply " + move_text(e.move()) + " is not legal");
            listed.push_back(e.move());
          }
          const bool mate = edges.empty();
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
          for (const Edge& e : edges) {
            const std::string m = move_text(e.move());
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
            if (!e.move().is_drop())
              return at("the reply " + m + " is marked futile but is no drop");
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
      },
      positions);
}

}  // namespace

Verdict verify(const Certificate& cert, std::vector<Position>* positions) {
  return verify_as(cert, cert.attacker, positions);
}

}  // namespace tsume::verifier
