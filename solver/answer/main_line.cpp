#include "solver/answer/main_line.h"

#include <algorithm>

#include "solver/answer/exemptions.h"

namespace tsume {
namespace {

Tri to_tri(Outcome o, Outcome yes) {
  if (o == Outcome::Unknown) return Tri::Unknown;
  return o == yes ? Tri::Yes : Tri::No;
}

int surplus_rank(Tri t, bool defender) {
  // The defender wants No, the attacker Yes; Unknown sits between.
  if (t == Tri::Unknown) return 1;
  return (t == Tri::No) == defender ? 0 : 2;
}

// The walk over the rules R: the queries of exact distances, the tie-break game and the
// main line, as static members so that they share R's types.
template <AnswerRules R> struct Walk {
  using Position = typename R::Position;
  using Move = typename R::Move;
  using MoveList = typename R::MoveList;
  using MainLine = BasicMainLine<R>;
  using Defences = BasicDefences<R>;
  using SearchSteps = BasicSearchSteps<R>;

  // "Mate within max_len?" answered from the table's length bounds when they decide it (a fact,
  // as a search would find it, without expanding the node again), else by a search.
  static Outcome prove_within(BasicMateSearch<R>& search, Position& pos, Plies max_len,
                              MateSearchOptions options) {
    const TTProbe known = search.lookup(pos);
    if (known.upper <= max_len) return Outcome::Proven;
    if (known.lower > max_len) return Outcome::Disproven;
    return search.prove(pos, max_len, options);
  }

  // Does the child after `m` have exact distance d - 1? Attacker nodes: mated within d - 1 (the
  // parent's d is exact, so not within d - 3 is implied). Defender nodes: not within d - 3 (within
  // d - 1 is implied unless `check_upper`, used for futile drops).
  static Tri child_exact(BasicMateSearch<R>& search, Position& pos, Move m, Plies d,
                         bool attacker_node, bool check_upper, MateSearchOptions options) {
    R::do_move(pos, m);
    Tri r = Tri::Yes;
    if (attacker_node || check_upper)
      r = to_tri(prove_within(search, pos, d - 1, options), Outcome::Proven);
    if (r == Tri::Yes && !attacker_node && d >= 3)
      r = to_tri(prove_within(search, pos, d - 3, options), Outcome::Disproven);
    R::undo_move(pos, m);
    return r;
  }

  // The equal-length defences that were not chosen, at a main-line defender node with d plies
  // left: without surplus they are 変同 (ignored in the last two plies, SPEC.md section 4), or
  // non-limitation when only the interposing piece differs.
  static void record_variations(const MoveList& cands, const std::vector<Tri>& surplus, Move chosen,
                                int ply, Plies d, MainLine& out) {
    if (d <= 2) return;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      if (cands[i] == chosen) continue;
      if (surplus[i] == Tri::Unknown) {
        out.undecided.push_back(undecided_at(ply, chosen, cands[i],
                                             "equal-length defence: whether it ends with surplus "
                                             "was not decided within the limits",
                                             false));
        continue;
      }
      if (surplus[i] != Tri::No) continue;  // ends with surplus: an ordinary variation
      BasicFinding<Move> f;
      f.ply = ply;
      f.main_move = chosen;
      f.alternative = cands[i];
      f.length = d - 1;
      if (differs_only_in_dropped_piece<R>(chosen, cands[i])) {
        f.kind = FindingKind::NonLimitation;
        f.note = "interposing piece not limited (合駒非限定): same length, no surplus";
      } else {
        f.kind = FindingKind::EqualVariation;
        f.note = "equal-length defence without surplus (変同)";
      }
      out.flaws.push_back(std::move(f));
    }
  }

  // Visits the moves of `moves` that keep the exact distance d at `pos` (attacker node: checks
  // whose child mates within d - 1; defender node: evasions that are not futile drops and whose
  // child is not mated within d - 3, or when there is none, futile drops whose child is that
  // long), in that order, until `visit` returns true. `futile_out` gets the futile drops whose
  // child is not mated within d - 3 (other drops are not tested for futility). Returns whether a
  // query was left open by a limit. A defender node must be known to mate within d
  // (longest_defences).
  template <class Visit>
  static bool scan_exact(BasicMateSearch<R>& search, Position& pos, Plies d,
                         MateSearchOptions options, const MoveList& moves, Visit&& visit,
                         MoveList* futile_out = nullptr) {
    const bool attacker_node = R::side_to_move(pos) == search.attacker();
    bool unknown = false;
    bool found = false;
    MoveList futile;
    for (Move m : moves) {
      const Tri t = child_exact(search, pos, m, d, attacker_node, false, options);
      unknown |= t == Tri::Unknown;
      if (t != Tri::Yes) continue;
      // Only a drop that would keep the distance needs the futility test: a shorter one is no
      // candidate either way, and the test (a search of the comparison position within d) is
      // expensive exactly when the drop is not futile.
      if (!attacker_node && R::is_drop(m) && options.futility) {
        const Outcome f = search.futile_drop(pos, R::drop_square(m), d);
        if (f == Outcome::Proven) {
          futile.push(m);
          continue;
        }
        if (f == Outcome::Unknown) {
          unknown = true;
          continue;
        }
      }
      found = true;
      if (visit(m, d - 1)) return unknown;
    }
    // Only futile drops left and the length goes on: those that are themselves that long; failing
    // those, those whose comparison position gives the node its length (the drop and its capture
    // are not counted: the child after the drop is then d + 1 from the mate).
    for (Plies child : {d - 1, d + 1}) {
      if (found) break;
      for (Move m : futile) {
        const Tri t = child_exact(search, pos, m, child + 1, false, true, options);
        unknown |= t == Tri::Unknown;
        if (t != Tri::Yes) continue;
        found = true;
        if (visit(m, child)) break;
      }
    }
    if (futile_out) *futile_out = futile;
    return unknown;
  }

  // The evasions of a defender node, after the prove() that futile_drop needs (it uses the
  // options of the last prove(); this one also confirms the distance). False when that is left
  // open.
  static bool defender_moves(BasicMateSearch<R>& search, Position& pos, Plies d,
                             MateSearchOptions options, MoveList& moves) {
    if (search.prove(pos, d, options) != Outcome::Proven) return false;
    R::generate_evasions(pos, moves);
    return true;
  }

  static Tri shortest_checks(BasicMateSearch<R>& search, Position& pos, Plies d, MoveList& out,
                             MateSearchOptions options) {
    MoveList checks;
    R::generate_checks(pos, checks);
    const bool unknown = scan_exact(search, pos, d, options, checks, [&](Move m, Plies) {
      out.push(m);
      return false;
    });
    if (unknown) return Tri::Unknown;
    return out.empty() ? Tri::No : Tri::Yes;
  }

  static Defences longest_defences(BasicMateSearch<R>& search, Position& pos, Plies d,
                                   MateSearchOptions options) {
    Defences out;
    MoveList moves;
    if (!defender_moves(search, pos, d, options, moves)) {
      out.unknown = true;
      return out;
    }
    out.unknown = scan_exact(
        search, pos, d, options, moves,
        [&](Move m, Plies child) {
          out.longest.push(m);
          out.child_length = child;
          return false;
        },
        &out.futile);
    return out;
  }

  static Tri ends_with_surplus(BasicMateSearch<R>& search, Position& pos, Plies d,
                               SurplusGame& game) {
    if (d <= 0) return R::hand(pos, search.attacker()).empty() ? Tri::No : Tri::Yes;
    const std::uint64_t key =
        (R::full_key(pos) * 0x9E3779B97F4A7C15ull) ^ static_cast<std::uint64_t>(d);
    if (const auto it = game.memo.find(key); it != game.memo.end()) return it->second;
    if (++game.calls > game.max_calls) return Tri::Unknown;
    const bool attacker_node = R::side_to_move(pos) == search.attacker();
    MoveList moves;
    bool unknown = false;
    if (attacker_node)
      R::generate_checks(pos, moves);
    else
      unknown = !defender_moves(search, pos, d, game.options, moves);
    // The mover looks for its preferred outcome (attacker: Yes, defender: No), one move of the
    // exact length at a time: the moves after the first that gives it need not be classified.
    const Tri wanted = attacker_node ? Tri::Yes : Tri::No;
    Tri result = attacker_node ? Tri::No : Tri::Yes;
    bool any = false;
    bool open_value = false;
    if (!unknown)
      unknown = scan_exact(search, pos, d, game.options, moves, [&](Move m, Plies child) {
        any = true;
        R::do_move(pos, m);
        const Tri r = ends_with_surplus(search, pos, child, game);
        R::undo_move(pos, m);
        if (r == wanted) {
          result = wanted;
          return true;
        }
        open_value |= r == Tri::Unknown;
        return false;
      });
    unknown |= open_value;
    if (result != wanted && (unknown || !any)) result = Tri::Unknown;
    game.memo.emplace(key, result);
    return result;
  }

  static Tri surplus_after(BasicMateSearch<R>& search, Position& pos, Move m, Plies d,
                           SurplusGame& game) {
    R::do_move(pos, m);
    const Tri t = ends_with_surplus(search, pos, d - 1, game);
    R::undo_move(pos, m);
    return t;
  }

  // Solve's choice at a defender node (no preferred line, no variations recorded), the move that
  // choose_defence would take from all the longest defences: the first in the order of the
  // tie-breaks' second key (board moves, then drops) whose line ends without surplus, else the
  // first. Nothing can beat the first such, so the evasions after it are not classified: the
  // scan takes them in that order and plays each candidate's surplus game as it is found (the
  // attacker's tie-break has mostly played it already, memoised in `game`). Classifying a
  // defence of the exact length is a disproof ("not within d - 3"), nearly as dear as the
  // length search's last question near the root: 図巧 053's second defender node has two such
  // after the chosen one, and classifying them took 20 s of its 51 s (one thread). Returns
  // R::no_move() when no defence was found or a query before the choice was left open (the node
  // is then unclassified); `child_length` gets the chosen child's distance.
  static Move choose_defence_lazily(BasicMateSearch<R>& search, Position& pos, Plies d, int ply,
                                    SurplusGame& game, MainLine& out, Plies& child_length) {
    MoveList moves, order;
    if (!defender_moves(search, pos, d, game.options, moves)) return R::no_move();
    for (int pass = 0; pass < 2; ++pass)
      for (Move m : moves)
        if (R::is_drop(m) == (pass == 1)) order.push(m);
    Move first = R::no_move(), chosen = R::no_move();
    Plies first_child = 0;
    int candidates = 0;
    bool open = false;  // the surplus game of a candidate before the choice was left open
    const bool unknown = scan_exact(search, pos, d, game.options, order, [&](Move m, Plies child) {
      if (++candidates == 1) {
        first = m;
        first_child = child;
      }
      const Tri t = surplus_after(search, pos, m, child + 1, game);
      if (t == Tri::No) {
        chosen = m;
        child_length = child;
        return true;
      }
      open |= t == Tri::Unknown;
      return false;
    });
    if (unknown || candidates == 0) return R::no_move();
    if (chosen == R::no_move()) {
      chosen = first;
      child_length = first_child;
    }
    if (open && candidates > 1)  // a single defence needs no tie-break
      out.undecided.push_back(undecided_at(ply, chosen, R::no_move(),
                                           "main line: the surplus tie-break was not decided "
                                           "within the limits",
                                           true));
    return chosen;
  }

  // The defender's choice among the defences of the exact length `cands` (SPEC.md section 3
  // tie-breaks, then the preferred move), with 変同 recorded.
  static Move choose_defence(BasicMateSearch<R>& search, Position& pos, const MoveList& cands,
                             Plies d, int ply, Move preferred, SurplusGame& game, bool variations,
                             MainLine& out) {
    if (cands.size() == 1) return cands[0];
    std::vector<Tri> surplus(cands.size());
    for (std::size_t i = 0; i < cands.size(); ++i)
      surplus[i] = surplus_after(search, pos, cands[i], d, game);
    // Tie-breaks: no surplus, then a board move (moved interposition) over a drop.
    const auto rank = [&](std::size_t i) {
      return 2 * surplus_rank(surplus[i], true) + (R::is_drop(cands[i]) ? 1 : 0);
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < cands.size(); ++i)
      if (rank(i) < rank(best)) best = i;
    std::size_t equal = 0;
    bool resolved = false;  // the preferred line chose among the equal moves
    for (std::size_t i = 0; i < cands.size(); ++i) {
      if (rank(i) != rank(best)) continue;
      ++equal;
      if (cands[i] == preferred) {
        best = i;
        resolved = true;
      }
    }
    if (equal > 1 && !resolved && out.open_tie < 0) out.open_tie = ply;
    if (surplus[best] == Tri::Unknown)
      out.undecided.push_back(undecided_at(ply, cands[best], R::no_move(),
                                           "main line: the surplus tie-break was not decided "
                                           "within the limits",
                                           true));
    if (variations) record_variations(cands, surplus, cands[best], ply, d, out);
    return cands[best];
  }

  // The attacker's choice (SPEC.md section 3): the first check of the exact length (`preferred`
  // first, then generation order) whose line ends with surplus, else the first of the exact
  // length. The checks are classified one at a time, so those after a check whose line ends with
  // surplus are never searched. R::no_move() when no check of the exact length was found; `open`
  // when a limit left a query open before the choice (an earlier check might have won).
  static Move choose_check(BasicMateSearch<R>& search, Position& pos, Plies d, Move preferred,
                           SurplusGame& game, bool& open) {
    MoveList checks, order;
    R::generate_checks(pos, checks);
    if (checks.contains(preferred)) order.push(preferred);
    for (Move m : checks)
      if (m != preferred) order.push(m);
    Move first = R::no_move(), surplus = R::no_move();
    bool open_value = false;
    const bool open_query = scan_exact(search, pos, d, game.options, order, [&](Move m, Plies) {
      if (first == R::no_move()) first = m;
      const Tri t = surplus_after(search, pos, m, d, game);
      open_value |= t == Tri::Unknown;
      if (t != Tri::Yes) return false;
      surplus = m;
      return true;
    });
    open = open_query || open_value;
    return surplus == R::no_move() ? first : surplus;
  }

  // The first move of the exact length, `preferred` first, board moves before drops (the choice
  // when the moves could not all be classified); R::no_move() when none is found within the
  // budget.
  static Move first_exact(BasicMateSearch<R>& search, Position& pos, Plies d, Move preferred,
                          MateSearchOptions options, Plies& child_length) {
    child_length = d - 1;
    const bool attacker_node = R::side_to_move(pos) == search.attacker();
    MoveList moves;
    if (attacker_node) {
      R::generate_checks(pos, moves);
    } else {
      R::generate_evasions(pos, moves);
      search.prove(pos, 0, options);  // sets the futility option that futile_drop reads
    }
    MoveList order;
    if (moves.contains(preferred)) order.push(preferred);
    for (int pass = 0; pass < 2; ++pass)
      for (Move m : moves)
        if (m != preferred && R::is_drop(m) == (pass == 1)) order.push(m);
    MoveList futile;
    for (Move m : order) {
      if (child_exact(search, pos, m, d, attacker_node, false, options) != Tri::Yes) continue;
      if (!attacker_node && R::is_drop(m) && options.futility &&
          search.futile_drop(pos, R::drop_square(m), d) != Outcome::Disproven) {
        futile.push(m);
        continue;
      }
      return m;
    }
    // Only futile drops left and the length goes on: one of them that is itself that long, else
    // one whose comparison position gives the node its length (as in scan_exact).
    for (Plies child : {d - 1, d + 1})
      for (Move m : futile)
        if (child_exact(search, pos, m, child + 1, false, true, options) == Tri::Yes) {
          child_length = child;
          return m;
        }
    return R::no_move();
  }

  static MainLine follow_main_line(const Position& root, Plies length, SurplusGame& game,
                                   const std::vector<Move>& preferred, const SearchSteps& steps,
                                   LineChoice choice) {
    MainLine out;
    Position pos = root;
    Plies d = length;
    bool following = true;                // the line so far is the preferred one
    std::vector<std::size_t> open_nodes;  // undecided findings about unclassified defences
    while (d > 0) {
      const int ply = static_cast<int>(out.moves.size());
      const Move wanted = following && static_cast<std::size_t>(ply) < preferred.size()
                              ? preferred[static_cast<std::size_t>(ply)]
                              : R::no_move();
      auto s = steps.make();
      BasicMateSearch<R>& search = s->search;
      const bool attacker_node = R::side_to_move(pos) == search.attacker();
      Move chosen = R::no_move();
      Plies child_length = d - 1;  // d + 1 after a futile drop that gives the node its length
      bool classified = true;
      if (attacker_node && !choice.attacker_tie_break) {
        chosen = first_exact(search, pos, d, wanted, game.options, child_length);
      } else if (attacker_node) {
        bool open = false;
        chosen = choose_check(search, pos, d, wanted, game, open);
        classified = !(chosen == R::no_move());
        if (classified && open)
          out.undecided.push_back(undecided_at(ply, chosen, R::no_move(),
                                               "main line: the attacker's surplus tie-break was "
                                               "not decided within the limits",
                                               true));
      } else if (!choice.variations && wanted == R::no_move()) {
        chosen = choose_defence_lazily(search, pos, d, ply, game, out, child_length);
        classified = !(chosen == R::no_move());
      } else {
        const Defences def = longest_defences(search, pos, d, game.options);
        classified = !def.unknown && !def.longest.empty();
        if (classified) {
          child_length = def.child_length;
          // The choice reads the defences' lines at child_length (its d - 1).
          chosen = choose_defence(search, pos, def.longest, child_length + 1, ply, wanted, game,
                                  choice.variations, out);
        }
      }
      if (!classified) {
        steps.done(*s);
        s = steps.make();  // a fresh budget for the plain choice
        chosen = first_exact(s->search, pos, d, wanted, game.options, child_length);
        if (!attacker_node) open_nodes.push_back(out.undecided.size());
        out.undecided.push_back(undecided_at(
            ply, chosen, R::no_move(),
            attacker_node ? "main line: the checks here were not all classified within the limits "
                            "(the attacker's surplus tie-break not decided)"
                          : "main line: the defences here were not all classified within the "
                            "limits (変同 and the surplus tie-break not decided)",
            true));
      }
      steps.done(*s);
      if (chosen == R::no_move()) {
        out.undecided.push_back(undecided_at(
            ply, R::no_move(), R::no_move(),
            "main line: no move of the exact length was found within the limits", true));
        break;
      }
      following = following && chosen == wanted;
      out.moves.push_back(chosen);
      R::do_move(pos, chosen);
      d = child_length;
    }
    out.complete = d == 0;
    // A line that ends without surplus cannot be displaced by an unclassified equal defence in a
    // way that changes the verdict; only 変同 is left open there.
    if (out.complete && R::hand(pos, R::side_to_move(root)).empty())
      for (std::size_t i : open_nodes) out.undecided[i].blocks_sound = false;
    return out;
  }
};

}  // namespace

template <AnswerRules R>
Tri shortest_checks(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                    typename R::MoveList& out, MateSearchOptions options) {
  return Walk<R>::shortest_checks(search, pos, d, out, options);
}

template <AnswerRules R>
BasicDefences<R> longest_defences(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                                  MateSearchOptions options) {
  return Walk<R>::longest_defences(search, pos, d, options);
}

template <AnswerRules R>
Tri ends_with_surplus(BasicMateSearch<R>& search, typename R::Position& pos, Plies d,
                      SurplusGame& game) {
  return Walk<R>::ends_with_surplus(search, pos, d, game);
}

template <AnswerRules R>
BasicMainLine<R> follow_main_line(const typename R::Position& root, Plies length, SurplusGame& game,
                                  const std::vector<typename R::Move>& preferred,
                                  const BasicSearchSteps<R>& steps, LineChoice choice) {
  return Walk<R>::follow_main_line(root, length, game, preferred, steps, choice);
}

template Tri shortest_checks<ShogiRules>(MateSearch&, Position&, Plies, MoveList&,
                                         MateSearchOptions);
template Defences longest_defences<ShogiRules>(MateSearch&, Position&, Plies, MateSearchOptions);
template Tri ends_with_surplus<ShogiRules>(MateSearch&, Position&, Plies, SurplusGame&);
template MainLine follow_main_line<ShogiRules>(const Position&, Plies, SurplusGame&,
                                               const std::vector<Move>&, const SearchSteps&,
                                               LineChoice);

}  // namespace tsume
