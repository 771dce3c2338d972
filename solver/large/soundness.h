// Soundness of a large-board mating problem (chu, dai and tenjiku shogi): `tsume check --rules
// chu|dai|tenjiku` (docs/large-board.md, "Soundness check"). A smaller check than the 9x9 one
// (solver/answer/check.h): the problem is solved (df-pn, dfpn_large.h) for its exact length L
// and main line; then at every attacker node of the main line every other check is asked "does
// it mate within the plies left?" (the df-pn on one shared table, a node budget per question):
//   - at a node other than the last, such a check is a cook, unless it is the main move with
//     the other promotion choice (a non-limitation flaw, 成生非限定);
//   - at the last node only a check that mates at once counts: a final-move alternative flaw
//     (最終手余詰), or a cook in a 1-ply problem.
// Verdicts: NO_MATE (no mate at all, or none within a stated length), COOKED (with the cooks),
// UNKNOWN (a question left open by its budget, or the length not found: never SOUND then),
// SOUND_WITH_FLAWS and SOUND. Not tested: unnecessary pieces, longer variations off the main
// line, detours and transpositions (a cook that rejoins the main line is still a cook).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/large/mate.h"

namespace tsume::large {

enum class Soundness { Sound, SoundWithFlaws, Cooked, NoMate, Unknown };
// "SOUND", "SOUND_WITH_FLAWS", "COOKED", "NO_MATE", "UNKNOWN".
const char* soundness_name(Soundness s);

struct SoundnessOptions {
  // The solve of the problem (length and main line); its max_seconds covers the whole check (the
  // solve and the questions: once it runs out, the questions left are not asked).
  MateLimits limits;
  std::uint64_t step_nodes = 500'000;  // one alternative's question (0: none)
  // The length the problem states (a TSV's third column), if any: a shorter mate is a cook, a
  // longer one NO_MATE for that length. --plies is raised to it when smaller.
  std::optional<int> stated_length;
};

struct SoundnessFinding {
  // "cook", "non_limitation", "final_move_alternative", or "undecided" (a question left open).
  std::string kind;
  int ply = 0;  // the main line's node: the position after `ply` moves
  Move main;    // the main line's move there
  Move alternative;
  int length = -1;  // cook: mates within this many plies from the node (an upper bound)
  std::uint64_t nodes = 0;
  std::string note;
};

struct SoundnessResult {
  Soundness verdict = Soundness::Unknown;
  std::string reason;
  // UNKNOWN: "nodes" (the solve), "plies", "step-nodes" or "time" (limits.max_seconds, for the
  // whole check); else empty
  std::string limit;
  int length = -1;  // the exact length of the mate (-1: not found)
  std::vector<Move> main_line;
  std::vector<SoundnessFinding> cooks;
  std::vector<SoundnessFinding> flaws;
  std::vector<SoundnessFinding> undecided;
  int alternatives = 0;  // other checks looked at on the main line
  int disproved = 0;     // of those, proven not to mate within the plies left
  std::uint64_t nodes = 0;
};

// Checks the problem `root` (the side to move attacks; the defender must have a royal).
SoundnessResult check_soundness(const Position& root, const SoundnessOptions& options = {});

}  // namespace tsume::large
