// Proof certificates (docs/certificate.md): the proof of a mate read from the solver's table as a
// DAG of positions, for `tsume verify` to check with rules of its own (verifier/).
//
// After the exact length L of a problem is known, build_certificate() asks "mate within r?" of
// each node it writes and keeps what it needs: at an attacker node one check whose child mates
// within r - 1; at a defender node every legal evasion, each with the proof of its child within
// r - 1 or, for a drop interposition whose comparison position mates within r, marked futile
// with that position's proof (docs/futile-interposition.md). The table answers most questions at
// once; where its entries have been replaced, the candidates (the checks of an attacker node,
// the two ways to cover a drop) are searched in widening rounds, 2,000 nodes each, then four
// times as many, so that no candidate's long disproof holds up another's short proof. Positions are
// shared by their full key (board and both hands), so a position occurs at one node; a position
// that is still being built when it is met again (a repetition on the line) is not used, and the
// next check is tried. A node proven once with a larger budget is rebuilt in place when a smaller
// one is needed; the distances are computed from the finished graph at the end.
//
// For the rules of ShogiRules: modern and sho shogi.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "solver/search/dfpn.h"
#include "solver/search/mate_len.h"

namespace tsume {

struct Certificate {
  enum class EdgeKind : std::uint8_t { Reply, Futile, FutilePromoted };
  // A refuting reply's child that needs no node (no mate within 0 needs no proof), `-`.
  static constexpr std::uint32_t kNoChild = 0xffffffffu;
  // A child left implicit (`*`, format version 4): the edge needs no more than "not mated
  // within 1", which the verifier derives by its own rules.
  static constexpr std::uint32_t kImplicit = 0xfffffffeu;
  static constexpr Plies kImplicitMaxNeed = 2;
  // Format version 5: a position not mated at all that is needed within at least this many
  // plies is written as a node of no mate at all (distance kNoMate), whatever the need.
  static constexpr Plies kUnboundedMinNeed = 9;
  struct Edge {
    Move move;
    EdgeKind kind = EdgeKind::Reply;
    std::uint32_t child = 0;  // or kNoChild
  };
  // A node's edges are `count` consecutive entries of `edges` from `first`.
  struct Node {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    Plies distance = 0;
    bool attacker = false;
  };
  std::vector<Node> nodes;  // node 0 is the root; ids in depth-first order
  std::vector<Edge> edges;  // every node's, each node's together
  std::span<const Edge> edges_of(const Node& n) const { return {edges.data() + n.first, n.count}; }
  std::span<Edge> edges_of(const Node& n) { return {edges.data() + n.first, n.count}; }
  // Appends a node with these edges; returns its id.
  std::uint32_t add_node(bool attacker, Plies distance, std::span<const Edge> node_edges);
  Plies length = 0;
  bool futile_counted = false;
  bool sho = false;  // sho shogi ("rules sho")
  // The dual tree: no mate within `length` (each node's distance: "not mated within"); with
  // `length` kNoMate, no mate at all (every distance kNoMate, cycles allowed).
  bool no_mate = false;
  // Format version 4 (a no-mate-within certificate with implicit children, kImplicit).
  bool implicit = false;
  // Format version 5: version 4 whose nodes may record kNoMate (written `inf`): no mate at all,
  // every interposition counted, cycles among them allowed.
  bool unbounded_nodes = false;
  // The memory its nodes take, in bytes (as the writer counts it for its limit).
  std::uint64_t bytes() const;
};

struct CertificateBuild {
  bool ok = false;
  Certificate certificate;
  std::string error;        // why not, when !ok
  std::uint64_t nodes = 0;  // searched for it
  double seconds = 0;
};

// The certificate of "`root` (attacker to move) is mated in `length` plies", with futile
// interpositions exempted when options.futility, read from `table` (the one that proved it) and
// searched again within `limits`. Fails when the limits stop a proof, or when `exact` and the
// proof found is shorter (the certificate's length is then the proof's, at most `length`).
CertificateBuild build_certificate(TranspositionTable& table, const SearchLimits& limits,
                                   const Position& root, Plies length, MateSearchOptions options,
                                   bool exact);

// The dual certificate: `root` is not mated within `length` plies (for an exact length L, the
// certificate of L - 2). At attacker nodes every check, at defender nodes one refuting reply
// (the one with the table's best disproof first, in widening rounds) and, for a drop the rule
// could exempt, the disproofs of its comparison positions within the node's own distance.
// A node of a position serves every need up to its distance. Where the graph built holds a
// position at several distances, it is built a second time writing each such position once, at
// the largest of them, when first asked for it (unless that position is on the line being
// built, where one node would make a cycle), taking over the first graph's nodes whose graphs
// hold no such position; the smaller graph of the two is kept.
// With `length` kNoMate: the certificate of no mate at all ("claim no-mate"), a graph with one
// node per position in which a line may come back to a position on it (a cycle; going round
// for ever is no mate), written with every interposition counted (the same claim either way).
// With `implicit` (format version 4, `length` finite), a child that needs no more than "not
// mated within 1" (Certificate::kImplicitMaxNeed) gets no node: the searches that showed it are
// all the writer does for it, and the verifier derives it again. With `unbounded_nodes` too
// (format version 5), a position needed within Certificate::kUnboundedMinNeed or more that the
// table shows not mated at all gets a node of no mate at all, which serves
// every distance it is needed at.
CertificateBuild build_no_mate_certificate(TranspositionTable& table, const SearchLimits& limits,
                                           const Position& root, Plies length,
                                           MateSearchOptions options, bool implicit = false,
                                           bool unbounded_nodes = false);

// For check certificates (certificate_check.h). The certificate of "`root` is mated within
// `length` plies with `first` as its first move" (the root node records `first`, whatever
// check the table would prefer).
CertificateBuild build_certificate_with_move(TranspositionTable& table, const SearchLimits& limits,
                                             const Position& root, Move first, Plies length,
                                             MateSearchOptions options);
// The dual certificate of a position `pos` with `attacker` to move or, when the other side is
// to move, of the defender node `pos` (the position after a check): not mated within `length`
// plies (kNoMate: at all), as build_no_mate_certificate.
CertificateBuild build_no_mate_certificate_for(TranspositionTable& table,
                                               const SearchLimits& limits, const Position& pos,
                                               Color attacker, Plies length,
                                               MateSearchOptions options, bool implicit = false,
                                               bool unbounded_nodes = false);

// The text of a certificate (docs/certificate.md) for the problem `id` with the root `sfen`.
std::string certificate_text(const Certificate& c, const std::string& id, const std::string& sfen);
// The same text handed to `sink` in pieces of about 64 KB, so that a large certificate's text
// need not be held whole (it can be compressed as it is made).
void write_certificate_text(const Certificate& c, const std::string& id, const std::string& sfen,
                            const std::function<void(std::string_view)>& sink);
// One node line of the text form: its number, A or D, its distance ("inf" when `inf`), then each
// edge's move and child ("-" none, "f"/"f+" a comparison position, "*" an implicit child).
void write_node_line(std::ostream& s, std::size_t id, const Certificate& c,
                     const Certificate::Node& n, bool inf);

}  // namespace tsume
