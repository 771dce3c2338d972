// Proof certificates of tsume answers (docs/certificate.md): reading the text format and checking
// every node with the verifier's own rules (rules.h). Nothing here comes from the solver.
//
// A certificate is a DAG of positions given by node ids, node 0 the root (the attacker to move):
// - an attacker node: one legal check and the node it leads to;
// - a defender node: every legal reply, each with the node it leads to, or, for a drop
//   interposition the rule exempts (無駄合), a reference to the node of its comparison position
//   (the checker moved to the drop square, promoted or not, hands unchanged) whose mate justifies
//   the exemption; a defender node with no reply is a mate.
// Each node records its mate distance d in plies, checked against its children: an attacker node
// d = 1 + d(child); a defender node d = the largest of 0, 1 + d(child) over its counted replies
// and d(comparison node) over its exempted ones (a drop on s at a node to be mated within r is
// futile when its comparison position is mated within r: docs/futile-interposition.md). The
// root's d is the certificate's length. Each position occurs at one node only and the graph has
// no cycle, so no line of the proof repeats a position (the GHI problem cannot arise).
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "verifier/rules.h"

namespace tsume::verifier {

enum class EdgeKind : std::uint8_t {
  Reply,           // a counted move (the only kind at attacker nodes)
  Futile,          // an exempted drop; the child is the comparison position, checker unpromoted
  FutilePromoted,  // the same with the checker promoted on the drop square
};

// The child of a refuting reply that needs no node: in a no-mate certificate, at a defender node
// recording at most 1 (the attacker node after it need only be "not mated within 0"), written
// `-`.
inline constexpr std::uint32_t kNoChild = 0xffffffffu;
// A child left implicit (`*`, version 4): the verifier derives by its own rules that the
// position the edge reaches is not mated within what the edge needs, at most 1 ply (an
// attacker position: every legal check has a reply that is no futile drop; a defender
// position: such a reply exists).
inline constexpr std::uint32_t kImplicit = 0xfffffffeu;
inline constexpr int kImplicitMaxNeed = 2;

struct Edge {
  // The move in 4 bytes (a Move's squares, -1..80, and kind, 0..16, fit in a signed byte).
  std::int8_t from = -1;
  std::int8_t to = 0;
  std::int8_t drop = kEmpty;
  bool promote = false;
  std::uint32_t child = 0;  // or kNoChild, kImplicit
  EdgeKind kind = EdgeKind::Reply;
  Move move() const { return Move{from, to, drop, promote}; }
};

// A node's edges are Certificate::edges[first_edge, first_edge + edge_count)
// (Certificate::edges_of).
struct Node {
  bool attacker = false;
  int distance = 0;
  std::uint32_t first_edge = 0;
  std::uint32_t edge_count = 0;
};

struct Certificate;

// A part of a check certificate (version 2, docs/certificate.md "Certificates of `tsume
// check`'s verdicts"): its role, the node of the main line it is tied to (the position after
// `ply` moves of the line), a move there (none: `-`), and for every role but `exempt` a
// version-1 certificate (`body`, one element); `exempt` gives its reason instead.
struct Part {
  std::string role;  // main, cook, not-last, slow, mate, exact, alternative, exempt
  int ply = 0;
  std::optional<Move> move;
  std::string reason;             // exempt: mirror, non-limitation, detour, transposition
  std::vector<Certificate> body;  // one certificate, none for exempt or a shared root
  // Version 3: instead of a body, the node of the shared table (Certificate::nodes of the
  // check certificate) whose position is the part's root (the roles alternative, exact,
  // not-last and slow: the no-mate claims).
  std::optional<std::uint32_t> node;
  std::size_t line = 0;  // the line of the file its `part` line was read from
};

struct Certificate {
  int version = 1;
  // Version 2 (a check certificate): the claim, the main line and the parts; the nodes are
  // then those of the parts. Version 3: the same, and `nodes` is the table of no-mate nodes
  // that the parts share (each distance a number, "not mated within d", or kInfinite, "not
  // mated at all").
  bool cooked = false;  // "claim cooked"; else "claim sound"
  std::vector<Move> main_line;
  std::vector<Part> parts;
  // The attacker's colour when it is not the side to move at the root (-1: it is). Set for
  // the parts of a check certificate whose root is the position after an alternative check
  // (a defender node); never read from a version-1 header.
  int attacker = -1;
  // "claim mate" (the default): mate within `length` plies, the recorded tree that long.
  // "claim no-mate-within": no mate within `length` plies (the dual tree; see verify()).
  // "claim no-mate": no mate at any length (`length inf`, every distance `inf`; a graph that
  // may have cycles, see verify()).
  bool no_mate = false;
  bool unbounded = false;  // "claim no-mate": `length` and every distance are kInfinite
  bool sho = false;        // "rules sho": sho shogi (rules.h); "rules shogi" or none: shogi
  std::string problem;     // the problem's id
  std::string sfen;
  bool futile_counted = false;  // "futile counted": every interposition counts, no exemption
  int length = -1;
  std::vector<Node> nodes;
  std::vector<Edge> edges;  // the edges of every node, node after node
  std::size_t line = 0;     // the line of its first header
  std::span<const Edge> edges_of(const Node& node) const {
    return {edges.data() + node.first_edge, node.edge_count};
  }
};

inline constexpr int kCertificateVersion = 1;
// Check certificates (`tsume check --certificate`): a container of version-1 certificates.
inline constexpr int kCheckCertificateVersion = 2;
// Check certificates whose no-mate parts share one node table.
inline constexpr int kSharedCheckCertificateVersion = 3;
// No-mate-within certificates whose trivial children are implicit (`*`).
inline constexpr int kImplicitNoMateVersion = 4;
// Version 4 whose nodes may record `inf` (no mate at all; cycles among them): a position not
// mated at any length written once for every distance it is needed at.
inline constexpr int kUnboundedNodesVersion = 5;
// Whether `c` is a check certificate (versions 2 and 3), whose verdict has a summary and parts.
inline bool is_check_certificate(const Certificate& c) {
  return c.version == kCheckCertificateVersion || c.version == kSharedCheckCertificateVersion;
}
// The distance `inf` of a "claim no-mate" certificate.
inline constexpr int kInfinite = 1 << 30;

// Reads the certificates of a stream one after another. Returns false at the end of the
// stream (`out` untouched); throws std::runtime_error naming `file`, the line and the reason on a
// malformed one.
class CertificateReader {
public:
  CertificateReader(std::istream& in, std::string file) : in_(in), file_(std::move(file)) {}
  bool next(Certificate& out);

private:
  void read_version1(Certificate& out);
  void read_version2(Certificate& out);
  // The node lines of a certificate; `mixed`: each distance a number or inf (a version-3 table).
  // `implicit`: a child may be `*` (version 4).
  void read_nodes(Certificate& out, std::size_t count, bool mixed, bool implicit = false);
  bool getline(std::string& line);
  [[noreturn]] void fail(const std::string& reason) const;
  // The value of a `rules` line: true for sho, false for shogi.
  bool read_rules(std::string_view value) const;
  std::istream& in_;
  std::string file_;
  std::size_t line_ = 0;
};

struct Verdict {
  bool valid = false;
  std::size_t nodes = 0;
  int length = -1;
  // When invalid: the node that fails (-1: the header) and why.
  long node = -1;
  std::string reason;
  // A check certificate: the part that fails (-1: the container itself), and when valid what
  // it proves ("cooked at K", "sound length L (...)").
  long part = -1;
  std::string summary;
};

// Checks every node of `cert` (docs/certificate.md, "What the verifier checks").
//
// A no-mate-within certificate is the dual tree, each node's d meaning "not mated within d
// plies": an attacker node lists every legal check (none when d <= 0), each child not mated
// within d - 1; a defender node (in check, d >= 0) gives one legal reply whose child is not
// mated within d - 1 and, when that reply is a drop the exemption rule could make futile, the
// node of every comparison position (`f`/`f+` edges of the same move), each not mated within d.
// Positions may repeat there (every distance decreases along a line), cycles may not.
//
// A no-mate certificate ("claim no-mate") is the same dual graph with every distance infinite:
// each position at one node, cycles allowed (a line that goes round for ever is no mate: the
// attacker must mate in finitely many plies, and a perpetual check is his loss). Every
// attacker node lists every legal check; every defender node one legal reply with a node (and
// the comparison nodes of a drop the rule could exempt). By induction on M, no node's position
// is mated within M plies, for every M.
//
// A no-mate-within certificate of version 4 is the same dual tree in which a child may be
// implicit (`*`) where the edge needs no more than "not mated within 1": the verifier then
// plays the edge and derives that by its own rules (no node of the certificate is trusted).
//
// A check certificate (version 2) is checked part by part, each part's root being the position
// its main-line node and move give, then for the claim (docs/certificate.md): COOKED, two
// different checks that mate at a node that is not the last, the cook no mirror image, no
// non-limitation (or shown slower) and its proof off the main line; SOUND, the exact length
// and every other check at every attacker node but the last disproven at any length (or an
// exemption: the mirror image checked, the others counted as trusted).
//
// A check certificate of version 3 is checked the same way, its no-mate parts being nodes of
// one shared table: the table's nodes are walked from the parts' roots in part order, each node
// checked once by the no-mate rules for its own distance (a number: "not mated within d" with
// every comparison position of a drop reply shown, no cycle through it; inf: "not mated at
// all", its children inf, one node per position, cycles allowed, every interposition counted),
// and each part's root node against what the part needs (no mate at all for an alternative,
// within L - 2 for exact, ...). A failure names the part whose walk reached the node.
//
// `positions`, when given, receives the position of every node (a valid certificate only).
Verdict verify(const Certificate& cert, std::vector<Position>* positions = nullptr);

}  // namespace tsume::verifier
