// Soundness verdicts for composers (SPEC.md section 4): is the problem a unique, economical
// mate, and if not, what is wrong with it, with evidence. docs/check.md gives the rules in full.
//
// Method, in order (each step with a node budget; an unfinished step never yields SOUND):
// 1. Mate and exact length as in solve.h; the main line follows exact lengths with the
//    SPEC.md section 3 tie-breaks (defender: no surplus, then a moved interposition; attacker:
//    surplus), decided by a small game over the equal-length subtree (variations.h).
// 2. Cook search (余詰): at every attacker node of the main line, every other check is searched
//    for a mate at any length. Proven mates are cooks unless exempt: mirror image (鏡像),
//    non-limitation (非限定), detour back to an earlier main-line position (迂回), a later
//    main-line move played early (手順前後), or the final move (最終手余詰; a cook in a 1-ply
//    problem).
// 3. Defender side: surplus (駒余り) at the end of the main line; equal-length variations without
//    surplus (変同) at main-line defender nodes; duals at the first attacker move of a variation
//    (変化別詰).
// 4. Unnecessary pieces (不要駒): each removable piece is taken off (to the defender's hand) and
//    the smaller problem checked again; same length, same main line and sound means unnecessary.
// 5. With an intended line (from the input), whether it is the rule-exact main line, and
//    LONGER_VARIATION (変長) when a defence mates later than it.
//
// Written against the rules concept (check_rules.h): check_problem<R> reaches the board only
// through R; CheckResult, PieceTest and the plain check_problem are shogi's, instantiated once
// in check.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "solver/answer/check_rules.h"
#include "solver/answer/finding.h"
#include "solver/core/move.h"
#include "solver/core/position.h"
#include "solver/search/limits.h"
#include "solver/search/mate_len.h"
#include "solver/search/shogi_rules.h"
#include "solver/search/tt.h"

namespace tsume {

// The verdict, most serious first (docs/check.md "Precedence").
enum class Verdict {
  NoMate,            // 不詰
  Cooked,            // 余詰
  Surplus,           // 駒余り
  UnnecessaryPiece,  // 不要駒
  LongerVariation,   // 変長 (a defence mates later than the intended line)
  Unknown,           // something that could decide the verdict did not finish
  SoundWithFlaws,
  Sound,
};

// One piece of evidence about a node of the main line (finding.h).
using Finding = BasicFinding<Move>;

enum class PieceResult { Unnecessary, Necessary, Undecided };

// The unnecessary-piece test of one piece.
template <CheckRules R> struct BasicPieceTest {
  using Result = PieceResult;
  Square square = Square::None;  // board piece; Square::None for a hand piece
  typename R::Piece piece =
      R::no_piece();  // the piece (hand pieces: unpromoted, attacker's colour)
  Result result = Result::Undecided;
  std::uint64_t nodes = 0;
  std::string note;
  // Unnecessary pieces: the flaws found in the problem without the piece that were not found
  // with it (what the piece may have been put there against: a 変同, a dual, ...).
  std::vector<BasicFinding<typename R::Move>> flaws_without;
};
using PieceTest = BasicPieceTest<ShogiRules>;

struct CheckOptions {
  SearchLimits limits;                   // for the whole problem (0: none)
  std::uint64_t step_nodes = 2'000'000;  // for one step: one alternative, one piece (0: none)
  std::size_t hash_megabytes = 64;       // all tables of the check together (1 MB more at most)
  bool realistic = false;                // 実戦型: board pieces are not tested for removal
  bool test_pieces = true;               // run the unnecessary-piece test at all
  // Without the piece test the verdict is at best UNKNOWN, except for the smaller problems the
  // piece test itself checks (where only soundness with the same line is asked).
  bool pieces_needed_for_sound = true;
  // Stop looking for cooks, and skip the variation flaws, once one cook is proven: the verdict
  // is COOKED whatever else is found (the piece test's smaller problems need only the verdict).
  bool stop_at_first_cook = false;
  // Hand the main table (the length, line and cook searches') to the result (`table`) instead
  // of shrinking it before the piece test, for the certificate writer (certificate_check.h):
  // the piece test's tables then come on top of it (--hash and a half at most). The searches
  // and the verdict are the same either way.
  bool keep_table = false;
};

template <CheckRules R> struct BasicCheckResult {
  using Move = typename R::Move;
  using Finding = BasicFinding<Move>;
  Verdict verdict = Verdict::Unknown;
  Plies length = -1;                      // exact length when known
  Plies length_upper = -1;                // a mate in at most this many plies (length not exact)
  bool verified_along_given = false;      // length and main line are the given line's, verified
                                          // node by node (the exact length search did not finish)
  bool length_resumed = false;            // the exact length finished only when resumed after the
                                          // given line's verification was left open (docs/check.md)
  std::vector<Move> main_line;            // the rule-exact main line
  Hand surplus;                           // attacker hand at the end of the main line
  std::vector<Finding> cooks;             // FindingKind::Cook
  std::vector<Finding> flaws;             // exemptions and variation flaws
  std::vector<Finding> undecided;         // FindingKind::Undecided
  std::vector<BasicPieceTest<R>> pieces;  // every piece tested, with its result
  int alternatives = 0;                   // alternative checks examined on the main line
  int disproved = 0;                      // of which proven not to mate
  // With an intended line: whether it is the rule-exact main line, else where it leaves it.
  bool has_intended = false;
  bool intended_is_main = false;
  bool intended_open = false;  // the check followed it (verified node by node) but a limit left
                               // open whether it is the rule-exact main line
  int intended_diverges_at = -1;
  std::string intended_note;
  std::optional<Finding> longer_variation;  // the verdict LONGER_VARIATION's evidence
  bool surplus_excused = false;             // surplus belongs to a 2-ply-longer variation (変長)
  int open_tie = -1;   // first ply where equal defences leave the main line open; findings
                       // after it may belong to a variation (-1: none)
  std::string reason;  // one line: why this verdict
  std::uint64_t nodes = 0;
  double seconds = 0;
  // Where the nodes went: exact length, main line (with the surplus game), cook search (with
  // the detour tests), unnecessary pieces (with the smaller problems' checks).
  struct Phases {
    std::uint64_t length = 0, line = 0, cooks = 0, pieces = 0;
  } phase_nodes;
  // With CheckOptions::keep_table: the main table as the check left it (the exact length's
  // proof, the alternatives' disproofs); else null.
  std::shared_ptr<TranspositionTable> table;
};
using CheckResult = BasicCheckResult<ShogiRules>;

// Checks the problem `root` (the attacker is the side to move). `intended`, when given, is the
// composer's line (it need not be legal; the result says so).
template <CheckRules R>
BasicCheckResult<R>
check_problem(const typename R::Position& root, const CheckOptions& options,
              const std::optional<std::vector<typename R::Move>>& intended = std::nullopt);
extern template CheckResult check_problem<ShogiRules>(const Position&, const CheckOptions&,
                                                      const std::optional<std::vector<Move>>&);
// Shogi's.
inline CheckResult check_problem(const Position& root, const CheckOptions& options,
                                 const std::optional<std::vector<Move>>& intended = std::nullopt) {
  return check_problem<ShogiRules>(root, options, intended);
}

const char* to_string(Verdict v);
const char* to_string(FindingKind k);
const char* to_string(PieceResult r);

}  // namespace tsume
