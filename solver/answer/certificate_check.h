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
    Certificate certificate;
  };
  bool cooked = false;
  std::vector<Move> line;
  std::vector<Part> parts;
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

// The text (format version 2) for the problem `id`; `sfen` gives the SFEN of a position.
std::string check_certificate_text(const CheckCertificate& c, const std::string& id,
                                   const std::string& root_sfen,
                                   const std::function<std::string(const Position&)>& sfen);

}  // namespace tsume
