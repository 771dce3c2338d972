#include "solver/answer/checker.h"

namespace tsume::check_detail {

template <CheckRules R>
auto Checker<R>::run(const std::optional<std::vector<Move>>& intended) -> CheckResult {
  const Plies hint = intended ? static_cast<Plies>(intended->size()) : 0;
  auto& phases = result_.phase_nodes;
  // Nodes of a phase: what `work` adds to nodes_, added to `phase`.
  const auto counted = [this](std::uint64_t& phase, auto&& work) {
    const std::uint64_t before = nodes_;
    work();
    phase += nodes_ - before;
  };
  std::uint64_t length_nodes = 0, line_nodes = 0, cook_nodes = 0;
  // With a given line the exact length gets a quarter of the budget; when it does not finish,
  // the given line is verified node by node instead (verify_given_line). When that cannot be
  // done (the given line is no mate), nothing else can run without the length: it goes on
  // with all the problem has left.
  const std::uint64_t cap =
      intended && options_.limits.max_nodes ? options_.limits.max_nodes / 4 : 0;
  bool solved = false, have_line = false;
  counted(length_nodes, [&] { solved = solve_length(hint, cap); });
  if (!solved && cap && result_.verdict != Verdict::NoMate && !verifiable(intended, solved))
    counted(length_nodes, [&] { solved = solve_length(hint, 0); });
  counted(line_nodes, [&] { have_line = find_line(intended, solved); });
  if (have_line) counted(cook_nodes, [&] { examine_line(intended); });
  // Along the given line, a verification left open by its steps makes the verdict UNKNOWN
  // whatever the piece test finds but an unnecessary piece, and one that finds a longer
  // defence leaves the main line unknown and untested for cooks; the exact length, if it now
  // finishes, replaces it. It resumes with half of what the problem has left (the table still
  // holds its work), and the main line and the cook tests are then done again from it, mostly
  // from the table. If either does not finish, the verification along the given line stands.
  if (have_line && length_left_open() && options_.limits.max_nodes > nodes_) {
    CheckResult along_given = result_;
    const std::vector<LineKey> along_given_keys = keys_;
    const bool along_given_open = main_line_open_;
    const std::uint64_t half_left =
        std::max<std::uint64_t>((options_.limits.max_nodes - nodes_) / 2, 1);
    bool resumed = false, replaced = false;
    counted(length_nodes, [&] { resumed = solve_length(hint, half_left); });
    if (resumed) {
      CheckResult fresh;
      fresh.length = result_.length;
      fresh.length_resumed = true;
      result_ = std::move(fresh);
      keys_.clear();
      counted(line_nodes, [&] { replaced = find_line(intended, true); });
      if (replaced) counted(cook_nodes, [&] { examine_line(intended); });
    }
    if (!replaced) {
      result_ = std::move(along_given);
      keys_ = along_given_keys;
      main_line_open_ = along_given_open;
    }
  }
  phases.length = length_nodes;
  phases.line = line_nodes;
  phases.cooks = cook_nodes;
  if (have_line) {
    if (options_.test_pieces) {
      scratch_.reset();  // the piece test has the budget of both (half())
      if (!options_.keep_table) table_.resize(1);
      counted(phases.pieces, [&] { test_pieces(); });
    }
  } else if (intended) {
    result_.has_intended = true;
    result_.intended_note = "not compared: the main line is not known";
  }
  decide();
  if (options_.keep_table) result_.table = std::make_shared<TranspositionTable>(std::move(table_));
  result_.nodes = nodes_;
  result_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return std::move(result_);
}

// The verdict, most serious certain finding first (docs/check.md "Precedence").
template <CheckRules R> auto Checker<R>::decide() -> void {
  CheckResult& r = result_;
  if (r.verdict == Verdict::NoMate) return;
  if (r.length < 0) {
    r.verdict = Verdict::Unknown;
    return;
  }
  if (r.main_line.size() < static_cast<std::size_t>(r.length)) {
    // The walk stopped short of the mate (derive_main_line, which says so in the reason).
    r.verdict = Verdict::Unknown;
    return;
  }
  if (r.main_line.size() > static_cast<std::size_t>(r.length)) {
    // Futile interpositions and their captures make a main line longer than the length
    // (main_line.h); the cook and variation tests count distances from the length and do not
    // follow such a line yet.
    r.verdict = Verdict::Unknown;
    r.reason = "the main line passes a futile interposition (" +
               std::to_string(r.main_line.size()) + " moves for " + std::to_string(r.length) +
               " plies), which the checker does not follow yet";
    return;
  }
  const auto unnecessary = std::count_if(r.pieces.begin(), r.pieces.end(), [](const auto& t) {
    return t.result == PieceTest::Result::Unnecessary;
  });
  const bool piece_open = std::any_of(r.pieces.begin(), r.pieces.end(), [](const auto& t) {
    return t.result == PieceTest::Result::Undecided;
  });
  const bool blocking = blocking_open();
  // Along a given line the length is the line's only when the node-by-node induction closes:
  // no cook, no longer defence, no blocking test open. Otherwise the exact length is not
  // known (a shorter mate by other moves may exist), and neither is the main line, so the
  // surplus at the given line's end says nothing certain about the problem.
  const bool given_unproven =
      r.verified_along_given && (!r.cooks.empty() || r.longer_variation || blocking);
  if (given_unproven) {
    r.length = -1;  // step 1's bound (length_upper) stands
  } else if (r.verified_along_given) {
    r.length_upper = -1;  // the length is exact
  }
  if (!r.cooks.empty()) {
    r.verdict = Verdict::Cooked;
    r.reason = "another check mates at move " + std::to_string(r.cooks.front().ply + 1);
  } else if (!r.surplus.empty() && !r.surplus_excused && !given_unproven && !main_line_open_) {
    r.verdict = Verdict::Surplus;
    r.reason = "the attacker has pieces in hand at the end of the main line";
  } else if (unnecessary > 0) {
    r.verdict = Verdict::UnnecessaryPiece;
    r.reason = std::to_string(unnecessary) + " piece(s) can be removed";
  } else if (r.longer_variation) {
    r.verdict = Verdict::LongerVariation;
    r.reason = "a defence mates later than the intended line";
    if (given_unproven) r.reason += " (so the problem's exact length is not known)";
  } else if (blocking || piece_open || (!r.undecided.empty() && r.flaws.empty())) {
    r.verdict = Verdict::Unknown;
    r.reason = blocking     ? "a test that could reveal a cook did not finish"
               : piece_open ? "an unnecessary-piece test did not finish"
                            : "a variation test did not finish";
  } else if (!options_.test_pieces && options_.pieces_needed_for_sound) {
    r.verdict = Verdict::Unknown;
    r.reason = "sound so far; the unnecessary-piece test was skipped";
  } else if (!r.flaws.empty()) {
    r.verdict = Verdict::SoundWithFlaws;
    r.reason = std::to_string(r.flaws.size()) + " flaw(s)";
    if (!r.undecided.empty()) r.reason += "; the flaw list may be incomplete";
  } else {
    r.verdict = Verdict::Sound;
    r.reason = "unique solution, every alternative disproved";
  }
  // A defect found while a test that could give a verdict higher in the precedence is open:
  // the defect is certain, and the problem may have that one too.
  const bool defect = r.verdict == Verdict::Surplus || r.verdict == Verdict::UnnecessaryPiece ||
                      r.verdict == Verdict::LongerVariation;
  if (defect && blocking)
    r.reason += "; a test that could reveal a cook did not finish (the problem may be cooked too)";
  else if (defect && given_unproven)
    r.reason += "; the cook tests followed the given line only, the main line not being known "
                "(the problem may be cooked too)";
  if (r.verdict == Verdict::LongerVariation && piece_open)
    r.reason += "; an unnecessary-piece test did not finish (a piece may be unnecessary too)";
}

// The rule sets the checker is used with.
template auto Checker<ShogiRules>::run(const std::optional<std::vector<Move>>& intended)
    -> CheckResult;
template auto Checker<ShogiRules>::decide() -> void;

}  // namespace tsume::check_detail

namespace tsume {

template <CheckRules R>
BasicCheckResult<R> check_problem(const typename R::Position& root, const CheckOptions& options,
                                  const std::optional<std::vector<typename R::Move>>& intended) {
  check_detail::Checker<R> checker(root, options);
  return checker.run(intended);
}

template CheckResult check_problem<ShogiRules>(const Position&, const CheckOptions&,
                                               const std::optional<std::vector<Move>>&);

const char* to_string(Verdict v) {
  switch (v) {
  case Verdict::NoMate:
    return "NO_MATE";
  case Verdict::Cooked:
    return "COOKED";
  case Verdict::Surplus:
    return "SURPLUS";
  case Verdict::UnnecessaryPiece:
    return "UNNECESSARY_PIECE";
  case Verdict::LongerVariation:
    return "LONGER_VARIATION";
  case Verdict::Unknown:
    return "UNKNOWN";
  case Verdict::SoundWithFlaws:
    return "SOUND_WITH_FLAWS";
  case Verdict::Sound:
    return "SOUND";
  }
  return "UNKNOWN";
}

const char* to_string(FindingKind k) {
  switch (k) {
  case FindingKind::Cook:
    return "cook";
  case FindingKind::FinalMoveAlternative:
    return "final_move_alternative";
  case FindingKind::NonLimitation:
    return "non_limitation";
  case FindingKind::Detour:
    return "detour";
  case FindingKind::Transposition:
    return "transposition";
  case FindingKind::Mirror:
    return "mirror";
  case FindingKind::EqualVariation:
    return "equal_variation";
  case FindingKind::DualInVariation:
    return "dual_in_variation";
  case FindingKind::LongerVariation:
    return "longer_variation";
  case FindingKind::Undecided:
    break;
  }
  return "undecided";
}

const char* to_string(PieceResult r) {
  switch (r) {
  case PieceResult::Unnecessary:
    return "unnecessary";
  case PieceResult::Necessary:
    return "necessary";
  case PieceResult::Undecided:
    break;
  }
  return "undecided";
}

}  // namespace tsume
