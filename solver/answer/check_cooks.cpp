// Cooks and flaws: every alternative check along the main line and the variations
// (docs/check.md, step 3).
#include "solver/answer/checker.h"

namespace tsume::check_detail {

// Step 2: every other check at every attacker node of the main line.
template <CheckRules R> auto Checker<R>::search_cooks() -> void {
  Position pos = root_;
  const int length = static_cast<int>(line().size());
  for (int ply = 0; ply < length && !cooked_enough(); ++ply) {
    if (ply % 2 == 0) examine_node(pos, ply);
    R::do_move(pos, line()[static_cast<std::size_t>(ply)]);
  }
  if (!cooked_enough()) retry_unfinished();
}

// A second pass over the alternatives that were not disproved within their step: the table
// now holds what all the others proved, and the budget the problem has left is shared among
// them (at least one step each).
template <CheckRules R> auto Checker<R>::retry_unfinished() -> void {
  std::vector<Finding> retry, keep;
  for (Finding& f : result_.undecided)
    (f.note.starts_with(kUnfinishedCook) ? retry : keep).push_back(std::move(f));
  result_.undecided = std::move(keep);
  for (std::size_t i = 0; i < retry.size(); ++i) {
    const std::uint64_t cap = retry_cap(retry.size() - i);
    Position pos = at_ply(retry[i].ply);
    const std::uint64_t before = retry[i].nodes;
    Finding f = retry[i];
    f.kind = FindingKind::Cook;
    f.note.clear();
    f.nodes = 0;
    const std::size_t undecided_before = result_.undecided.size();
    examine_alternative(pos, f, cap);
    if (result_.undecided.size() > undecided_before) result_.undecided.back().nodes += before;
  }
}

template <CheckRules R> auto Checker<R>::examine_node(Position& pos, int ply) -> void {
  const Move main = line()[static_cast<std::size_t>(ply)];
  const bool last = ply + 1 == static_cast<int>(line().size());
  const bool symmetric = R::is_mirror_symmetric(pos);
  MoveList checks;
  R::generate_checks(pos, checks);
  for (Move alt : checks) {
    if (alt == main || cooked_enough()) continue;
    Finding f;
    f.ply = ply;
    f.main_move = main;
    f.alternative = alt;
    if (symmetric && alt == R::mirror(main)) {
      f.kind = FindingKind::Mirror;
      f.note = "mirror image of the main move in a left-right symmetric position";
      result_.flaws.push_back(std::move(f));
      continue;
    }
    if (last) {
      examine_final_alternative(pos, std::move(f));
    } else {
      ++result_.alternatives;
      examine_alternative(pos, std::move(f), options_.step_nodes);
    }
  }
}

// The last attacker node: only other mates in one matter (最終手余詰).
template <CheckRules R>
auto Checker<R>::examine_final_alternative(Position& pos, Finding f) -> void {
  auto s = step(table_, options_.step_nodes);
  R::do_move(pos, f.alternative);
  // Mated in 0: no evasion, or only futile interpositions (the futility rule of solve).
  const Outcome mate = s->search.prove(pos, 0, kExact);
  R::undo_move(pos, f.alternative);
  f.nodes = finish(*s);
  if (mate == Outcome::Disproven) return;
  if (mate == Outcome::Unknown) {
    f.kind = FindingKind::Undecided;
    f.note = "final move: whether this alternative also mates was not decided";
    f.blocks_sound = line().size() == 1;
    result_.undecided.push_back(std::move(f));
    return;
  }
  f.length = 1;
  if (line().size() == 1) {
    f.kind = FindingKind::Cook;
    f.note = "another mate in 1: a 1-ply problem allows no alternative final move";
    result_.cooks.push_back(std::move(f));
  } else {
    f.kind = FindingKind::FinalMoveAlternative;
    f.note = "another mating final move (最終手余詰)";
    result_.flaws.push_back(std::move(f));
  }
}

template <CheckRules R>
auto Checker<R>::examine_alternative(Position& pos, Finding f, std::uint64_t cap) -> void {
  const Move alt = f.alternative;
  const Plies d = result_.length - f.ply;
  auto s = step(table_, cap);
  R::do_move(pos, alt);
  // "Mate within d - 1?" first: a bounded search is cheap, and what it leaves in the table
  // (length bounds, estimates) makes the unbounded disproof much cheaper than a cold start.
  s->search.prove(pos, d - 1, kExact);
  const Outcome mates = s->search.prove(pos, kUnboundedPlies);
  if (mates == Outcome::Proven) {
    f.length = 1 + s->search.lookup(pos).upper;
    // Non-limitation: the same move up to promotion or drop distance, mating as fast.
    R::undo_move(pos, alt);
    const bool same_shape = differs_only_in_promotion<R>(alt, f.main_move) ||
                            differs_only_in_drop_distance<R>(pos, alt, f.main_move);
    R::do_move(pos, alt);
    if (same_shape && s->search.prove(pos, d - 1, kExact) == Outcome::Proven) {
      f.nodes = finish(*s);
      const bool exempt = not_shorter(pos, f);
      R::undo_move(pos, alt);
      if (!exempt) return;
      f.kind = FindingKind::NonLimitation;
      f.length = d;
      f.note = differs_only_in_promotion<R>(alt, f.main_move)
                   ? "promotion not limited (成不成非限定): mates in the same length"
                   : "drop distance not limited (打ち場所非限定): mates in the same length";
      result_.flaws.push_back(std::move(f));
      return;
    }
  }
  f.nodes = finish(*s);
  if (mates == Outcome::Disproven) {
    R::undo_move(pos, alt);
    ++result_.disproved;
    return;
  }
  if (mates == Outcome::Unknown) {
    R::undo_move(pos, alt);
    f.kind = FindingKind::Undecided;
    f.note = std::string(kUnfinishedCook) + ": not disproved within " + std::to_string(f.nodes) +
             " nodes";
    result_.undecided.push_back(std::move(f));
    return;
  }
  classify_mating_alternative(pos, std::move(f));
  R::undo_move(pos, alt);
}

// Step 2b: duals in variations (変化別詰), at the first attacker move after each other defence
// at a main-line defender node: two checks that mate in the variation's length, unless they
// differ only by promotion, drop distance or mirror image. Variations of one ply (the mate
// itself) are final-move alternatives and not looked at. A flaw only, but SOUND needs every
// defence decided: one a step left open is tried again after all the others, with a share of
// what the problem has left (as the cook tests are), and noted as undecided if still open.
template <CheckRules R> auto Checker<R>::search_variation_duals() -> void {
  std::vector<std::pair<int, Move>> open;  // (ply, defence) left open by the first pass
  Position pos = root_;
  for (std::size_t ply = 0; ply + 1 < line().size(); ++ply) {
    if (ply % 2 == 1) {
      auto s = step(table_, options_.step_nodes);
      // The node's distance is the main line's (the exact length); this search only sets the
      // futility option that futile_drop reads (0 plies: cheap).
      s->search.prove(pos, 0, kExact);
      MoveList evasions;
      R::generate_evasions(pos, evasions);
      for (Move e : evasions)
        if (e != line()[ply] && !examine_variation(s->search, pos, static_cast<int>(ply), e))
          open.emplace_back(static_cast<int>(ply), e);
      finish(*s);
    }
    R::do_move(pos, line()[ply]);
  }
  // A cook, or a test left open that could hide one, decides the verdict whatever the
  // variations hold: then the budget is kept (for the length's resumption along a given line).
  const bool verdict_open = result_.cooks.empty() && !blocking_open();
  for (std::size_t i = 0; i < open.size(); ++i) {
    const auto [ply, e] = open[i];
    const auto note_open = [&] {
      result_.undecided.push_back(
          undecided_at(ply, line()[static_cast<std::size_t>(ply)], e,
                       "variation: duals (変化別詰) not decided within the limits", false));
    };
    if (!verdict_open) {
      note_open();
      continue;
    }
    Position at = at_ply(ply);
    auto s = step(table_, retry_cap(open.size() - i));
    s->search.prove(at, 0, kExact);
    const bool decided = examine_variation(s->search, at, ply, e);
    finish(*s);
    if (!decided) note_open();
  }
}

// The defence `e` at the main-line defender node `pos` (ply `ply`): false when a limit left it
// open; a dual found is added to the flaws.
template <CheckRules R>
auto Checker<R>::examine_variation(MateSearch& search, Position& pos, int ply, Move e) -> bool {
  const Move main = line()[static_cast<std::size_t>(ply)];
  const Plies d = result_.length - static_cast<Plies>(ply);
  if (R::is_drop(e)) {
    const Outcome futile = search.futile_drop(pos, R::drop_square(e), d);
    if (futile != Outcome::Disproven) return futile == Outcome::Proven;
  }
  R::do_move(pos, e);
  Plies v = 1;
  Outcome o = Outcome::Disproven;
  for (; v <= d - 1; v += 2)
    if ((o = search.prove(pos, v, kExact)) != Outcome::Disproven) break;
  // The checks proven to mate within v: all of them, unless a query was left open (then two
  // of them are still a dual, and one leaves the defence open).
  MoveList mates;
  const Tri listed =
      o == Outcome::Proven && v >= 3 ? shortest_checks(search, pos, v, mates) : Tri::No;
  std::vector<Move> distinct;
  for (Move m : mates)
    if (std::none_of(distinct.begin(), distinct.end(),
                     [&](Move x) { return same_up_to_exemption(pos, x, m); }))
      distinct.push_back(m);
  R::undo_move(pos, e);
  if (distinct.size() > 1) {
    Finding f;
    f.kind = FindingKind::DualInVariation;
    f.ply = ply;
    f.main_move = main;
    f.alternative = e;
    f.length = v;
    f.line = distinct;
    f.note = "after this defence " + std::to_string(distinct.size()) + " checks mate in " +
             std::to_string(v) + " (変化別詰; line: the checks)";
    result_.flaws.push_back(std::move(f));
    return true;
  }
  // Open: a query left unfinished, or a defence not mated within d - 1, which the node's
  // distance rules out (nothing is claimed for it either).
  return o == Outcome::Proven && (v < 3 || listed == Tri::Yes);
}

template <CheckRules R>
auto Checker<R>::same_up_to_exemption(const Position& pos, Move a, Move b) -> bool {
  return differs_only_in_promotion<R>(a, b) || differs_only_in_drop_distance<R>(pos, a, b) ||
         (R::is_mirror_symmetric(pos) && R::mirror(a) == b);
}

// A proven mate after the alternative (pos is the position after it): a cook unless it only
// mates by coming back to the main line.
template <CheckRules R>
auto Checker<R>::classify_mating_alternative(Position& child, Finding f) -> void {
  const Tri real = mates_avoiding(child, f.ply, f.nodes);
  if (real == Tri::No) {
    f.kind = FindingKind::Detour;
    f.note = "mates only by returning to an earlier main-line position (迂回)";
    result_.flaws.push_back(std::move(f));
    return;
  }
  if (real == Tri::Unknown) {
    f.kind = FindingKind::Undecided;
    f.note = "mates; whether only by returning to the main line (迂回) was not decided";
    result_.undecided.push_back(std::move(f));
    return;
  }
  // Does every mate rejoin the main line later (a later main-line move played early, 手順前後,
  // or a detour that comes back further on)? Then it is a transposition of the main line.
  const Tri other = mates_avoiding(child, static_cast<int>(line().size()), f.nodes);
  if (other == Tri::No && !not_shorter(child, f)) return;
  if (other == Tri::No) {
    bool later_main_move = false;
    for (std::size_t j = static_cast<std::size_t>(f.ply) + 2; j < line().size(); j += 2)
      later_main_move |= line()[j] == f.alternative;
    f.kind = FindingKind::Transposition;
    f.note = later_main_move
                 ? "a later main-line move played early; every mate joins the main line "
                   "(手順前後)"
                 : "every mate rejoins the main line further on (迂回)";
    result_.flaws.push_back(std::move(f));
    return;
  }
  if (other == Tri::Unknown) {
    f.kind = FindingKind::Undecided;
    f.note = "mates; whether only by rejoining the main line was not decided";
    result_.undecided.push_back(std::move(f));
    return;
  }
  f.kind = FindingKind::Cook;
  f.note = "another check mates (余詰)";
  if (result_.open_tie >= 0 && f.ply > result_.open_tie)
    f.note += "; after move " + std::to_string(result_.open_tie + 1) +
              ", where equal defences leave the main line open (it may be a dual in a "
              "variation there)";
  result_.cooks.push_back(std::move(f));
}

// Does `child` mate without passing through the main-line positions 0..last_ply? The search
// treats those positions as no mate (forbidden.h): for the branch position and the ones before
// it this is the repetition rule of SPEC.md section 2 (the game already went through them). They
// are compared exactly, hands included: the same board with other hands is another position.
// The search runs in a table of its own, since the main table's proofs may pass through them.
template <CheckRules R>
auto Checker<R>::mates_avoiding(Position& child, int last_ply, std::uint64_t& nodes) -> Tri {
  if (!scratch_) scratch_ = std::make_unique<TranspositionTable>(half(options_.hash_megabytes));
  scratch_->clear();
  ForbiddenPositions line_positions;
  for (int j = 0; j <= last_ply && j < static_cast<int>(keys_.size()); ++j)
    line_positions.add(keys_[static_cast<std::size_t>(j)].board_key,
                       keys_[static_cast<std::size_t>(j)].hand);
  auto s = step(*scratch_, options_.step_nodes);
  const Outcome o = s->search.prove(child, kUnboundedPlies, {.forbidden = &line_positions});
  nodes += finish(*s);
  if (o == Outcome::Unknown) return Tri::Unknown;
  return o == Outcome::Proven ? Tri::Yes : Tri::No;
}

// The rule sets the checker is used with.
template auto Checker<ShogiRules>::search_cooks() -> void;
template auto Checker<ShogiRules>::retry_unfinished() -> void;
template auto Checker<ShogiRules>::examine_node(Position& pos, int ply) -> void;
template auto Checker<ShogiRules>::examine_final_alternative(Position& pos, Finding f) -> void;
template auto Checker<ShogiRules>::examine_alternative(Position& pos, Finding f, std::uint64_t cap)
    -> void;
template auto Checker<ShogiRules>::search_variation_duals() -> void;
template auto Checker<ShogiRules>::examine_variation(MateSearch& search, Position& pos, int ply,
                                                     Move e) -> bool;
template auto Checker<ShogiRules>::same_up_to_exemption(const Position& pos, Move a, Move b)
    -> bool;
template auto Checker<ShogiRules>::classify_mating_alternative(Position& child, Finding f) -> void;
template auto Checker<ShogiRules>::mates_avoiding(Position& child, int last_ply,
                                                  std::uint64_t& nodes) -> Tri;

}  // namespace tsume::check_detail
