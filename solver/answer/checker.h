// The checker of `tsume check` (check.h, docs/check.md), for the files that implement it:
//   check.cpp          the order of the steps (run) and the verdict (decide);
//   check_line.cpp     the exact length, the main line, a given line verified node by node, the
//                      comparison with the intended line;
//   check_cooks.cpp    cooks and flaws: every alternative check along the main line, variations;
//   check_pieces.cpp   the unnecessary-piece test.
// Checker<R> is written against the rules concept (check_rules.h) and instantiated for
// ShogiRules at the end of each of those files.
#pragma once

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "solver/answer/check.h"
#include "solver/answer/exact_length.h"
#include "solver/answer/exemptions.h"
#include "solver/answer/main_line.h"
#include "solver/search/dfpn.h"
#include "solver/search/tt.h"

namespace tsume::check_detail {

using Clock = std::chrono::steady_clock;

inline constexpr std::string_view kUnfinishedCook = "cook search unfinished";
// Per alternative, in the first (quick) check of a smaller problem of the piece test.
inline constexpr std::uint64_t kQuickPieceStep = 20'000;

// Half of a table budget (at least 1 MB). The tables of one check share --hash
// (docs/check.md, "Memory"): the main table and the detour tests' scratch table half each while
// the length, line and cook tests run; both are released before the piece test, whose table and
// the checks of its smaller problems (each again split in two) then have half each.
inline std::size_t half(std::size_t megabytes) { return std::max<std::size_t>(megabytes / 2, 1); }

// A position of the main line as the table knows it (board key with side to move, attacker hand).
struct LineKey {
  std::uint64_t board_key;
  Hand hand;
};

template <CheckRules R> bool is_checkmate(const typename R::Position& pos) {
  if (!R::in_check(pos)) return false;
  typename R::MoveList evasions;
  R::generate_evasions(pos, evasions);
  return R::is_mated(pos, evasions);
}

// The check of one problem over the rules R.
template <CheckRules R> class Checker {
public:
  using Position = typename R::Position;
  using Move = typename R::Move;
  using MoveList = typename R::MoveList;
  using Finding = BasicFinding<Move>;
  using CheckResult = BasicCheckResult<R>;
  using PieceTest = BasicPieceTest<R>;
  using Step = BasicBudgetedSearch<R>;
  using Removal = typename R::Removal;

  Checker(const Position& root, const CheckOptions& options)
      : root_(root), options_(options), table_(half(options.hash_megabytes)), start_(Clock::now()) {
  }

  CheckResult run(const std::optional<std::vector<Move>>& intended);

private:
  Color attacker() const { return R::side_to_move(root_); }
  Color defender() const { return ~R::side_to_move(root_); }
  const std::vector<Move>& line() const { return result_.main_line; }

  // The limits of one step: `cap` nodes (0: none) within what the problem has left.
  SearchLimits limits_for(std::uint64_t cap) const {
    SearchLimits l;
    l.stop = options_.limits.stop;
    l.max_nodes = cap;
    if (options_.limits.max_nodes) {
      const std::uint64_t left =
          nodes_ >= options_.limits.max_nodes ? 1 : options_.limits.max_nodes - nodes_;
      l.max_nodes = cap ? std::min(cap, left) : left;
    }
    if (options_.limits.max_seconds > 0) {
      const double left = options_.limits.max_seconds -
                          std::chrono::duration<double>(Clock::now() - start_).count();
      l.max_seconds = std::max(left, 1e-3);
      if (left <= 0) l.max_nodes = 1;
    }
    return l;
  }
  TTProbe lookup(const Position& pos) const {
    return table_.probe(R::board_key(pos), R::hand(pos, attacker()));
  }
  std::unique_ptr<Step> step(TranspositionTable& table, std::uint64_t cap) {
    return std::make_unique<Step>(table, limits_for(cap), attacker());
  }
  std::uint64_t finish(const Step& s) {
    nodes_ += s.budget.nodes();
    return s.budget.nodes();
  }
  // The step of a second pass over `left` tests a first pass left open: an equal share of the
  // budget the problem has left, at least one step.
  std::uint64_t retry_cap(std::size_t left) const {
    std::uint64_t cap = options_.step_nodes;
    if (options_.limits.max_nodes > nodes_) {
      const std::uint64_t share =
          (options_.limits.max_nodes - nodes_) / static_cast<std::uint64_t>(left);
      cap = cap ? std::max(cap, share) : share;
    }
    return cap;
  }
  // Whether a test that could hide a defect (an Undecided finding that blocks SOUND) is open.
  bool blocking_open() const {
    return std::any_of(result_.undecided.begin(), result_.undecided.end(),
                       [](const Finding& f) { return f.blocks_sound; });
  }
  // The position before main-line move `ply`.
  Position at_ply(int ply) const {
    Position pos = root_;
    for (int j = 0; j < ply; ++j) R::do_move(pos, line()[static_cast<std::size_t>(j)]);
    return pos;
  }

  // Step 1: mate, exact length (as Solver::solve does).
  // With a given line of `hint` plies, "mate within hint?" is asked first (ask_given_length,
  // capped): when it is proven the minimisation starts from there instead of from the first
  // proof's (often much longer) length, which is what makes long problems affordable.
  bool solve_length(Plies hint, std::uint64_t cap);

  // Steps 2, 2b and 3 on the main line found: cooks, duals in variations, the given line.
  void examine_line(const std::optional<std::vector<Move>>& intended);

  // Can the given line stand in for the main line (a legal mate of the right length)?
  bool verifiable(const std::optional<std::vector<Move>>& intended, bool solved) const;

  // The main line from the exact length, or else the given line verified node by node.
  bool find_line(const std::optional<std::vector<Move>>& intended, bool solved);

  // Along the given line, is the exact length left unproven for a reason that a longer
  // search may settle (no cook found)? Either a defence lasts longer than the given line's (the
  // given line is not the main line, and the main line, not known, was not tested for cooks),
  // or a blocking test of the verification did not finish. An unfinished cook test counts too:
  // the exact length's search fills the table with what the alternatives lead to, and the
  // cook tests done again after it often finish.
  bool length_left_open() const;

  // Step 1b: the main line with the SPEC.md tie-breaks; the variation flaws found on the way.
  bool derive_main_line(const std::vector<Move>& preferred);

  bool is_mate_line(const std::vector<Move>& moves) const;

  // Step 1 when the exact length did not finish and a line was given (a legal mate of L plies):
  // the given line is taken as the main line and its length L is verified node by node. At an
  // attacker node the cook search (step 2) must disprove every other check, and any exempt mate
  // must not be shorter; at a defender node every other defence must be mated within d - 1
  // (else it lasts longer than the given line). Together these prove d(P0) = L. Equal-length
  // defences get the surplus game and the 変同 test as in follow_main_line.
  bool verify_given_line(const std::vector<Move>& given);

  void verify_defender_node(Position& pos, int ply, SurplusGame& game);

  // Equal-length defences next to the given line's at a defender node: the surplus tie-break
  // (the rules may prefer another) and 変同.
  void compare_equal_defences(Position& pos, int ply, Plies d, Move main, const MoveList& equal,
                              MateSearch& search, SurplusGame& game);

  // In verify_given_line mode an exempt mate must not be shorter than the given line's move:
  // then it is a cook (the given line is not the shortest). Returns false when it made `f` a
  // cook or an undecided finding. Detours need no test: a mate through an earlier main-line
  // position Pj (j <= k) takes at least 2 + d(Pj) >= 2 + d(Pk) plies.
  bool not_shorter(Position& child, Finding& f);

  // Step 2: every other check at every attacker node of the main line.
  void search_cooks();
  bool cooked_enough() const { return options_.stop_at_first_cook && !result_.cooks.empty(); }

  // A second pass over the alternatives that were not disproved within their step: the table
  // now holds what all the others proved, and the budget the problem has left is shared among
  // them (at least one step each).
  void retry_unfinished();

  void examine_node(Position& pos, int ply);

  // The last attacker node: only other mates in one matter (最終手余詰).
  void examine_final_alternative(Position& pos, Finding f);

  void examine_alternative(Position& pos, Finding f, std::uint64_t cap);

  // Step 2b: duals in variations (変化別詰), at the first attacker move after each other defence
  // at a main-line defender node: two checks that mate in the variation's length, unless they
  // differ only by promotion, drop distance or mirror image. Variations of one ply (the mate
  // itself) are final-move alternatives and not looked at. A flaw only, but a defence left
  // open is tried again with a share of the budget left, then noted as undecided.
  void search_variation_duals();
  // One other defence `e` at the main-line defender node `pos` (ply `ply`): false when a limit
  // left it open; a dual found is added to the flaws.
  bool examine_variation(MateSearch& search, Position& pos, int ply, Move e);

  static bool same_up_to_exemption(const Position& pos, Move a, Move b);

  // A proven mate after the alternative (pos is the position after it): a cook unless it only
  // mates by coming back to the main line.
  void classify_mating_alternative(Position& child, Finding f);

  // Does `child` mate without passing through the main-line positions 0..last_ply? Those
  // positions are marked "no mate" in a scratch table (for the branch position and the ones
  // before it this is the repetition rule of SPEC.md section 2: the game already went through
  // them). Marks hold for the hands they cover too (docs/check.md says why that is harmless).
  Tri mates_avoiding(Position& child, int last_ply, std::uint64_t& nodes);

  // Step 3: the composer's line against the rule-exact one.
  void compare_intended(const std::vector<Move>& intended);

  // Step 4: unnecessary pieces (不要駒). Two rounds when steps are bounded: every piece first
  // with a quarter of the piece budget (so that one hard piece does not leave the others
  // untested when the problem's budget runs out), then each piece still undecided again from
  // the start with the whole piece budget.
  void test_pieces();

  // Does the main line stop being the main line without the piece? On it, the position after p
  // moves (`path[p]`, replayed in the smaller problem) has the exact distance L - p
  // (main_line.h), so a smaller problem in which one of them has no mate within L - p plies
  // cannot be sound with this line: the piece is needed. Asked from the end of the line back,
  // where the questions are small (the table then holds their answers for the earlier ones),
  // within a quarter of `cap` (0: no bound) all together; whatever is left open goes on to the
  // test of the whole problem. Returns true, with `t`'s note set, when a position is disproved.
  bool main_line_breaks(std::vector<Position>& path, std::uint64_t cap, PieceTest& t);

  // One removed piece, its steps within `cap` nodes (0: no bound).
  PieceTest test_piece(const Removal& removal, std::uint64_t cap);

  // The verdict, most serious certain finding first (docs/check.md "Precedence").
  void decide();

  Position root_;
  CheckOptions options_;
  TranspositionTable table_;
  std::unique_ptr<TranspositionTable> scratch_;      // detour tests (marked positions)
  std::unique_ptr<TranspositionTable> piece_table_;  // unnecessary-piece tests
  std::vector<LineKey> keys_;                        // main-line positions 0..length
  CheckResult result_;
  std::uint64_t nodes_ = 0;
  bool mate_proven_ = false;  // step 1 proved a mate at some length
  // The derived main line left a choice open (a node's moves not all classified, or the
  // surplus tie-break not decided): another line of the exact length may be the rules' one,
  // so the surplus at this line's end is not certain.
  bool main_line_open_ = false;
  Clock::time_point start_;
};

}  // namespace tsume::check_detail
