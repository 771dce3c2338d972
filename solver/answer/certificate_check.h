// Check certificates (docs/certificate.md, "Certificates of `tsume check`'s verdicts"): the
// evidence for a COOKED or a SOUND / SOUND_WITH_FLAWS verdict of `tsume check` as version-1
// certificates of positions on the main line, for `tsume verify`.
//
// COOKED: at the node of a cook, the mate of the main move, the mate of the cook (built in a
// table in which the main line's positions are marked "no mate", as the checker's detour test
// does, so that the proof stays off the main line), no mate within 1 there (not the last
// attacker node) and, for a cook that differs from the main move only by promotion or drop
// distance, no mate as fast as the main move's after it. SOUND: the exact length (the mate and
// no mate within L - 2) and, at every attacker node but the last, every other check disproven
// at any length, or named with the checker's exemption.
//
// The writer searches in the checker's main table when the check kept it
// (CheckOptions::keep_table: the exact length's proof and the alternatives' disproofs are
// there), else in a table of its own of `hash_megabytes`; each part within `limits`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/answer/certificate.h"
#include "solver/answer/check.h"

namespace tsume {

struct CheckCertificate {
  struct Part {
    std::string role;  // main, cook, not-last, slow, mate, exact, alternative, exempt
    int ply = 0;
    Move move = Move::none();  // none: `-`
    std::string reason;        // exempt
    Position root;             // the position of its certificate (none for exempt)
    Certificate certificate;   // emptied when its nodes are moved to the shared table
    // Format version 3: the node of `table` whose position is `root` (kNoChild: none).
    std::uint32_t node = Certificate::kNoChild;
  };
  bool cooked = false;
  bool sho = false;               // sho shogi ("rules sho"), as the parts' certificates
  Color attacker = Color::Black;  // the side to move at the problem's root
  std::vector<Move> line;
  std::vector<Part> parts;
  // Format version 3 (share_nodes): the nodes of the no-mate parts (alternative, exact,
  // not-last, slow) in one table, each such part naming its root node. A node's distance is
  // "not mated within d", or kNoMate: not mated at all. Empty in version 2.
  bool shared = false;
  Certificate table;  // its nodes and edges only
};

struct CheckCertificateBuild {
  bool ok = false;
  CheckCertificate certificate;
  std::string error;  // why not, when !ok
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// The certificate of `result`'s verdict for the problem `root`: COOKED (the first cook whose
// proof can be written), or SOUND / SOUND_WITH_FLAWS with a main line of 3 plies or more. Other
// verdicts: not ok, with the reason.
CheckCertificateBuild build_check_certificate(const Position& root, const CheckResult& result,
                                              const SearchLimits& limits,
                                              std::size_t hash_megabytes);

// Moves the nodes of the no-mate parts of `c` into one table (format version 3): a node of no
// mate at all is kept once per position (as within one such part), a node of no mate within d
// once per position and d, and one within d whose position has a node of no mate at all is
// replaced by that node (it serves any d). The nodes no part's root reaches then are dropped,
// and the table is numbered depth first from the parts' roots in part order. Returns false,
// `c` unchanged, when a node's descendants could not be replayed or the table would have a
// cycle through a node of finite distance (format version 2 is then written).
bool share_nodes(CheckCertificate& c);

// The text (format version 2, or 3 when c.shared) for the problem `id`; `sfen` gives the SFEN
// of a position.
std::string check_certificate_text(const CheckCertificate& c, const std::string& id,
                                   const std::string& root_sfen,
                                   const std::function<std::string(const Position&)>& sfen);

}  // namespace tsume
