// The exact length, the main line, a given line verified node by node, and the comparison
// with the intended line (docs/check.md, steps 1-2 and "Intended line").
#include "solver/answer/checker.h"

namespace tsume::check_detail {

// Step 1: mate, exact length (as Solver::solve does).
// With a given line of `hint` plies, "mate within hint?" is asked first (ask_given_length,
// capped): when it is proven the minimisation starts from there instead of from the first
// proof's (often much longer) length, which is what makes long problems affordable.
template <CheckRules R> auto Checker<R>::solve_length(Plies hint, std::uint64_t cap) -> bool {
  const std::uint64_t phase_start = nodes_;
  Position pos = root_;
  // Each length question has a step of its own within what is left of the phase's cap.
  const auto phase_left = [&]() -> std::uint64_t {
    const std::uint64_t used = nodes_ - phase_start;
    return !cap ? 0 : used >= cap ? 1 : cap - used;
  };
  const auto spent = [&] {
    const bool stopped = options_.limits.stop && options_.limits.stop->load();
    return stopped || phase_left() == 1 || limits_for(0).max_nodes == 1;
  };
  const LengthQuestions ask{[&](Plies d, std::uint64_t question_cap) {
                              std::uint64_t c = phase_left();  // 0: none
                              if (question_cap && (!c || question_cap < c)) c = question_cap;
                              auto q = step(table_, c);
                              const Outcome o = q->search.prove(pos, d, kExact);
                              finish(*q);
                              return o;
                            },
                            [&] { return lookup(pos).upper; }, spent, [&] { return nodes_; }};
  Outcome exists = ask_given_length(hint, ask);
  if (exists != Outcome::Proven) {
    auto s = step(table_, phase_left());
    exists = s->search.prove(pos, kUnboundedPlies);
    finish(*s);
  }
  mate_proven_ = exists == Outcome::Proven;
  if (exists == Outcome::Disproven) {
    result_.verdict = Verdict::NoMate;
    result_.reason = "no mate at any length (proven)";
    return false;
  }
  if (exists == Outcome::Unknown) {
    result_.reason = "no mate found and none disproved within the limits";
    return false;
  }
  const ExactLength len = minimise_length(lookup(pos).upper, ask);
  const Plies upper = len.upper;
  const bool exact = len.exact();
  if (!exact) {
    result_.length_upper = upper;
    result_.reason = "a mate exists but its exact length was not proven within the limits";
    return false;
  }
  result_.length = upper;
  result_.length_upper = -1;  // an earlier, unfinished call may have set it
  return true;
}

// Steps 2, 2b and 3 on the main line found: cooks, duals in variations, the given line.
template <CheckRules R>
auto Checker<R>::examine_line(const std::optional<std::vector<Move>>& intended) -> void {
  search_cooks();
  if (!cooked_enough()) search_variation_duals();
  if (intended) compare_intended(*intended);
}

// Can the given line stand in for the main line (a legal mate of the right length)?
template <CheckRules R>
auto Checker<R>::verifiable(const std::optional<std::vector<Move>>& intended, bool solved) const
    -> bool {
  return intended && result_.verdict != Verdict::NoMate &&
         (!solved || result_.length == static_cast<Plies>(intended->size())) &&
         is_mate_line(*intended);
}

// The main line from the exact length, or else the given line verified node by node.
template <CheckRules R>
auto Checker<R>::find_line(const std::optional<std::vector<Move>>& intended, bool solved) -> bool {
  if (solved && derive_main_line(intended ? *intended : std::vector<Move>{})) return true;
  if (!verifiable(intended, solved)) return false;
  result_.flaws.clear();
  result_.undecided.clear();
  result_.open_tie = -1;
  main_line_open_ = false;
  keys_.clear();
  return verify_given_line(*intended);
}

// Along the given line, a longer defence or a blocking test left open, and no cook (checker.h).
template <CheckRules R> auto Checker<R>::length_left_open() const -> bool {
  return result_.verified_along_given && result_.cooks.empty() &&
         (result_.longer_variation || blocking_open());
}

// Step 1b: the main line with the SPEC.md tie-breaks; the variation flaws found on the way.
template <CheckRules R>
auto Checker<R>::derive_main_line(const std::vector<Move>& preferred) -> bool {
  SurplusGame game;
  const BasicSearchSteps<R> steps{[this] { return step(table_, options_.step_nodes); },
                                  [this](const Step& s) { finish(s); }};
  BasicMainLine<R> ml = follow_main_line(root_, result_.length, game, preferred, steps);
  result_.open_tie = ml.open_tie;
  main_line_open_ = !ml.undecided.empty();
  for (auto& f : ml.flaws) result_.flaws.push_back(std::move(f));
  for (auto& f : ml.undecided) result_.undecided.push_back(std::move(f));
  result_.main_line = std::move(ml.moves);
  if (!ml.complete) {
    result_.reason = "the main line could not be followed to the end within the limits";
    return false;
  }
  Position pos = root_;
  keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
  for (Move m : line()) {
    R::do_move(pos, m);
    keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
  }
  result_.surplus = R::hand(pos, attacker());
  return true;
}

template <CheckRules R>
auto Checker<R>::is_mate_line(const std::vector<Move>& moves) const -> bool {
  if (moves.empty() || moves.size() % 2 == 0) return false;
  Position pos = root_;
  for (Move m : moves) {
    if (!R::is_legal(pos, m)) return false;
    R::do_move(pos, m);
  }
  return is_checkmate<R>(pos);
}

// Step 1 when the exact length did not finish and a line was given (a legal mate of L plies):
// the given line is taken as the main line and its length L is verified node by node. At an
// attacker node the cook search (step 2) must disprove every other check, and any exempt mate
// must not be shorter; at a defender node every other defence must be mated within d - 1
// (else it lasts longer than the given line). Together these prove d(P0) = L. Equal-length
// defences get the surplus game and the 変同 test as in follow_main_line.
template <CheckRules R> auto Checker<R>::verify_given_line(const std::vector<Move>& given) -> bool {
  result_.reason.clear();
  result_.length = static_cast<Plies>(given.size());
  result_.main_line = given;
  result_.verified_along_given = true;
  Position pos = root_;
  keys_.clear();
  keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
  SurplusGame game;
  for (std::size_t ply = 0; ply < given.size(); ++ply) {
    if (ply % 2 == 1) verify_defender_node(pos, static_cast<int>(ply), game);
    R::do_move(pos, given[ply]);
    keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
  }
  result_.surplus = R::hand(pos, attacker());
  return true;
}

template <CheckRules R>
auto Checker<R>::verify_defender_node(Position& pos, int ply, SurplusGame& game) -> void {
  const Move main = line()[static_cast<std::size_t>(ply)];
  const Plies d = result_.length - ply;
  auto s = step(table_, options_.step_nodes);
  MateSearch& search = s->search;
  const auto undecided = [&](Move alt, std::string note, bool blocks) {
    result_.undecided.push_back(undecided_at(ply, main, alt, std::move(note), blocks));
  };
  // That this node is mated in exactly d follows by induction from the nodes after it; this
  // search only sets the futility option that futile_drop reads (0 plies: cheap).
  search.prove(pos, 0, kExact);
  MoveList evasions, equal;
  R::generate_evasions(pos, evasions);
  for (Move e : evasions) {
    if (e == main) continue;
    if (R::is_drop(e)) {
      const Outcome futile = search.futile_drop(pos, R::drop_square(e), d);
      if (futile == Outcome::Proven) continue;
      if (futile == Outcome::Unknown) {
        undecided(e, "given line: whether this interposition is futile was not decided", true);
        continue;
      }
    }
    R::do_move(pos, e);
    const Outcome within = search.prove(pos, d - 1, kExact);
    Outcome sooner = Outcome::Proven;
    if (within == Outcome::Proven && d >= 3) sooner = search.prove(pos, d - 3, kExact);
    R::undo_move(pos, e);
    if (within == Outcome::Disproven && !mate_proven_) {
      // Without a proof that the problem mates at all, this defence may escape for good.
      undecided(e,
                "given line: this defence is not mated within the line's length and may "
                "not be mated at all",
                true);
    } else if (within == Outcome::Disproven && !result_.longer_variation) {
      Finding f;
      f.kind = FindingKind::LongerVariation;
      f.ply = ply;
      f.main_move = main;
      f.alternative = e;
      f.note = "this defence is not mated within " + std::to_string(d - 1) +
               " plies: it lasts longer than the given line (変長)";
      result_.longer_variation = std::move(f);
    } else if (within == Outcome::Unknown) {
      undecided(e, "given line: this defence was not shown mated within the line's length", true);
    } else if (sooner == Outcome::Disproven) {
      equal.push(e);
    } else if (sooner == Outcome::Unknown) {
      undecided(e, "given line: whether this defence is as long as the line's was not decided",
                true);
    }
  }
  if (!equal.empty()) compare_equal_defences(pos, ply, d, main, equal, search, game);
  finish(*s);
}

// Equal-length defences next to the given line's at a defender node: the surplus tie-break
// (the rules may prefer another) and 変同.
template <CheckRules R>
auto Checker<R>::compare_equal_defences(Position& pos, int ply, Plies d, Move main,
                                        const MoveList& equal, MateSearch& search,
                                        SurplusGame& game) -> void {
  const auto surplus_of = [&](Move m) {
    R::do_move(pos, m);
    const Tri t = ends_with_surplus(search, pos, d - 1, game);
    R::undo_move(pos, m);
    return t;
  };
  const Tri main_surplus = surplus_of(main);
  for (Move e : equal) {
    const Tri t = surplus_of(e);
    Finding f;
    f.ply = ply;
    f.main_move = main;
    f.alternative = e;
    f.length = d - 1;
    if (t == Tri::Unknown || main_surplus == Tri::Unknown) {
      f.kind = FindingKind::Undecided;
      f.note = "equal-length defence: whether it ends with surplus was not decided";
      f.blocks_sound = main_surplus != Tri::No;
      result_.undecided.push_back(std::move(f));
    } else if (t == Tri::No && main_surplus == Tri::Yes) {
      f.kind = FindingKind::Undecided;
      f.note = "the rules prefer this defence (no surplus) to the given line's; the check "
               "follows the given line";
      result_.undecided.push_back(std::move(f));
    } else if (t == Tri::No && d > 2) {
      const bool piece = differs_only_in_dropped_piece<R>(main, e);
      f.kind = piece ? FindingKind::NonLimitation : FindingKind::EqualVariation;
      f.note = piece ? "interposing piece not limited (合駒非限定): same length, no surplus"
                     : "equal-length defence without surplus (変同)";
      result_.flaws.push_back(std::move(f));
    }
  }
}

// In verify_given_line mode an exempt mate must not be shorter than the given line's move:
// then it is a cook (the given line is not the shortest). Returns false when it made `f` a
// cook or an undecided finding. Detours need no test: a mate through an earlier main-line
// position Pj (j <= k) takes at least 2 + d(Pj) >= 2 + d(Pk) plies.
template <CheckRules R> auto Checker<R>::not_shorter(Position& child, Finding& f) -> bool {
  if (!result_.verified_along_given) return true;
  const Plies d = result_.length - f.ply;
  if (d < 3) return true;
  auto s = step(table_, options_.step_nodes);
  const Outcome o = s->search.prove(child, d - 3, kExact);
  f.nodes += finish(*s);
  if (o == Outcome::Disproven) return true;
  if (o == Outcome::Proven) {
    f.kind = FindingKind::Cook;
    f.note = "mates sooner than the given line (余詰)";
    result_.cooks.push_back(f);
  } else {
    f.kind = FindingKind::Undecided;
    f.note = "mates; whether sooner than the given line was not decided";
    result_.undecided.push_back(f);
  }
  return false;
}

// Step 3: the composer's line against the rule-exact one.
template <CheckRules R>
auto Checker<R>::compare_intended(const std::vector<Move>& intended) -> void {
  result_.has_intended = true;
  Position pos = root_;
  std::size_t k = 0;
  for (; k < intended.size(); ++k) {
    if (!R::is_legal(pos, intended[k])) {
      result_.intended_diverges_at = static_cast<int>(k);
      result_.intended_note = "intended move " + std::to_string(k + 1) + " is illegal";
      return;
    }
    R::do_move(pos, intended[k]);
  }
  const bool intended_mates = is_checkmate<R>(pos);
  const Hand intended_end_hand = R::hand(pos, attacker());
  if (intended == line()) {
    if (result_.verified_along_given && result_.longer_variation) {
      // The given line, followed: a defence along it lasts longer, so it is not the main line,
      // which is not known.
      result_.intended_diverges_at = result_.longer_variation->ply;
      result_.intended_note = "a defence mates later than the intended line (the main line is "
                              "not known)";
      return;
    }
    const bool open = result_.verified_along_given && blocking_open();
    if (open) {  // the line is the given one, and its verification did not finish
      result_.intended_open = true;
      result_.intended_note = "its node-by-node verification did not finish within the limits";
      return;
    }
    result_.intended_is_main = true;
    result_.intended_note = "the intended line is the rule-exact main line";
    return;
  }
  std::size_t diverge = 0;
  while (diverge < intended.size() && diverge < line().size() &&
         intended[diverge] == line()[diverge])
    ++diverge;
  result_.intended_diverges_at = static_cast<int>(diverge);
  if (diverge >= intended.size() || diverge >= line().size()) {
    result_.intended_note = "one line is a prefix of the other";
    return;
  }
  if (diverge % 2 == 0) {
    result_.intended_note = "the intended move is another check at this node (see cooks and "
                            "flaws)";
    return;
  }
  // A defender node: is the intended defence shorter than the main line's?
  pos = root_;
  for (std::size_t j = 0; j < diverge; ++j) R::do_move(pos, line()[j]);
  const Plies d = result_.length - static_cast<Plies>(diverge);
  auto s = step(table_, options_.step_nodes);
  R::do_move(pos, intended[diverge]);
  const Outcome sooner = d >= 3 ? s->search.prove(pos, d - 3, kExact) : Outcome::Disproven;
  R::undo_move(pos, intended[diverge]);
  Finding f;
  f.ply = static_cast<int>(diverge);
  f.main_move = intended[diverge];
  f.alternative = line()[diverge];
  f.length = d;
  f.line.assign(line().begin() + static_cast<std::ptrdiff_t>(diverge), line().end());
  f.nodes = finish(*s);
  if (sooner == Outcome::Unknown) {
    f.kind = FindingKind::Undecided;
    f.note = "whether the intended defence is shorter than the main line's was not decided";
    result_.undecided.push_back(std::move(f));
    result_.intended_note = "the intended defence differs from the main line's";
    return;
  }
  if (sooner == Outcome::Disproven) {
    result_.intended_note = "the intended defence is an equal-length alternative (see 変同)";
    return;
  }
  f.kind = FindingKind::LongerVariation;
  const bool two_longer_with_surplus = intended_mates &&
                                       result_.length == static_cast<Plies>(intended.size()) + 2 &&
                                       !result_.surplus.empty() && intended_end_hand.empty();
  if (two_longer_with_surplus) {
    f.note = "a defence mates 2 plies later than the intended line and ends with surplus "
             "(変長, a flaw)";
    result_.surplus_excused = true;
    result_.intended_note = "the intended line is 2 plies shorter than a surplus variation";
    result_.flaws.push_back(std::move(f));
  } else {
    f.note = "a defence mates later than the intended line (変長)";
    result_.intended_note = "a defence mates later than the intended line";
    result_.longer_variation = std::move(f);
  }
}

// The rule sets the checker is used with.
template auto Checker<ShogiRules>::solve_length(Plies hint, std::uint64_t cap) -> bool;
template auto Checker<ShogiRules>::examine_line(const std::optional<std::vector<Move>>& intended)
    -> void;
template auto Checker<ShogiRules>::verifiable(const std::optional<std::vector<Move>>& intended,
                                              bool solved) const -> bool;
template auto Checker<ShogiRules>::find_line(const std::optional<std::vector<Move>>& intended,
                                             bool solved) -> bool;
template auto Checker<ShogiRules>::length_left_open() const -> bool;
template auto Checker<ShogiRules>::derive_main_line(const std::vector<Move>& preferred) -> bool;
template auto Checker<ShogiRules>::is_mate_line(const std::vector<Move>& moves) const -> bool;
template auto Checker<ShogiRules>::verify_given_line(const std::vector<Move>& given) -> bool;
template auto Checker<ShogiRules>::verify_defender_node(Position& pos, int ply, SurplusGame& game)
    -> void;
template auto Checker<ShogiRules>::compare_equal_defences(Position& pos, int ply, Plies d,
                                                          Move main, const MoveList& equal,
                                                          MateSearch& search, SurplusGame& game)
    -> void;
template auto Checker<ShogiRules>::not_shorter(Position& child, Finding& f) -> bool;
template auto Checker<ShogiRules>::compare_intended(const std::vector<Move>& intended) -> void;

}  // namespace tsume::check_detail
