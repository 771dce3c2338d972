#include "solver/answer/main_line.h"

#include <algorithm>

#include "solver/answer/exemptions.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"

namespace tsume {
namespace {

Tri to_tri(Outcome o, Outcome yes) {
  if (o == Outcome::Unknown) return Tri::Unknown;
  return o == yes ? Tri::Yes : Tri::No;
}

// Does the child after `m` have exact distance d - 1? Attacker nodes: mated within d - 1 (the
// parent's d is exact, so not within d - 3 is implied). Defender nodes: not within d - 3 (within
// d - 1 is implied unless `check_upper`, used for futile drops).
Tri child_exact(MateSearch& search, Position& pos, Move m, Plies d, bool attacker_node,
                bool check_upper) {
  pos.do_move(m);
  Tri r = Tri::Yes;
  if (attacker_node || check_upper) r = to_tri(search.prove(pos, d - 1, kExact), Outcome::Proven);
  if (r == Tri::Yes && !attacker_node && d >= 3)
    r = to_tri(search.prove(pos, d - 3, kExact), Outcome::Disproven);
  pos.undo_move(m);
  return r;
}

int surplus_rank(Tri t, bool defender) {
  // The defender wants No, the attacker Yes; Unknown sits between.
  if (t == Tri::Unknown) return 1;
  return (t == Tri::No) == defender ? 0 : 2;
}

Finding undecided_at(int ply, Move main, Move alt, std::string note, bool blocks) {
  Finding f;
  f.kind = FindingKind::Undecided;
  f.ply = ply;
  f.main_move = main;
  f.alternative = alt;
  f.note = std::move(note);
  f.blocks_sound = blocks;
  return f;
}

// The equal-length defences that were not chosen, at a main-line defender node with d plies
// left: without surplus they are 変同 (ignored in the last two plies, SPEC.md section 4), or
// non-limitation when only the interposing piece differs.
void record_variations(const MoveList& cands, const std::vector<Tri>& surplus, Move chosen, int ply,
                       Plies d, MainLine& out) {
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
    Finding f;
    f.ply = ply;
    f.main_move = chosen;
    f.alternative = cands[i];
    f.length = d - 1;
    if (differs_only_in_dropped_piece(chosen, cands[i])) {
      f.kind = FindingKind::NonLimitation;
      f.note = "interposing piece not limited (合駒非限定): same length, no surplus";
    } else {
      f.kind = FindingKind::EqualVariation;
      f.note = "equal-length defence without surplus (変同)";
    }
    out.flaws.push_back(std::move(f));
  }
}

}  // namespace

Tri shortest_checks(MateSearch& search, Position& pos, Plies d, MoveList& out) {
  MoveList checks;
  generate_checks(pos, checks);
  bool unknown = false;
  for (Move m : checks) {
    const Tri t = child_exact(search, pos, m, d, true, false);
    if (t == Tri::Yes) out.push(m);
    unknown |= t == Tri::Unknown;
  }
  if (unknown) return Tri::Unknown;
  return out.empty() ? Tri::No : Tri::Yes;
}

Defences longest_defences(MateSearch& search, Position& pos, Plies d) {
  Defences out;
  // futile_drop uses the options of the last prove(); this one also confirms the distance.
  if (search.prove(pos, d, kExact) != Outcome::Proven) {
    out.unknown = true;
    return out;
  }
  MoveList moves;
  generate_evasions(pos, moves);
  for (Move m : moves) {
    if (m.is_drop()) {
      const Outcome f = search.futile_drop(pos, m.to(), d);
      if (f == Outcome::Proven) {
        out.futile.push(m);
        continue;
      }
      if (f == Outcome::Unknown) {
        out.unknown = true;
        continue;
      }
    }
    const Tri t = child_exact(search, pos, m, d, false, false);
    if (t == Tri::Yes) out.longest.push(m);
    out.unknown |= t == Tri::Unknown;
  }
  // Only futile drops left and the length goes on: they are the line (as in solve.cpp).
  if (out.longest.empty())
    for (Move m : out.futile) {
      const Tri t = child_exact(search, pos, m, d, false, true);
      if (t == Tri::Yes) out.longest.push(m);
      out.unknown |= t == Tri::Unknown;
    }
  return out;
}

Tri ends_with_surplus(MateSearch& search, Position& pos, Plies d, SurplusGame& game) {
  if (d <= 0) return pos.hand(search.attacker()).empty() ? Tri::No : Tri::Yes;
  const std::uint64_t key = (pos.key() * 0x9E3779B97F4A7C15ull) ^ static_cast<std::uint64_t>(d);
  if (const auto it = game.memo.find(key); it != game.memo.end()) return it->second;
  if (++game.calls > game.max_calls) return Tri::Unknown;
  const bool attacker_node = pos.side_to_move() == search.attacker();
  MoveList moves;
  bool unknown = false;
  if (attacker_node) {
    unknown = shortest_checks(search, pos, d, moves) == Tri::Unknown;
  } else {
    Defences def = longest_defences(search, pos, d);
    moves = def.longest;
    unknown = def.unknown;
  }
  // The mover looks for its preferred outcome (attacker: Yes, defender: No).
  const Tri wanted = attacker_node ? Tri::Yes : Tri::No;
  Tri result = attacker_node ? Tri::No : Tri::Yes;
  for (Move m : moves) {
    pos.do_move(m);
    const Tri r = ends_with_surplus(search, pos, d - 1, game);
    pos.undo_move(m);
    if (r == wanted) {
      result = wanted;
      break;
    }
    unknown |= r == Tri::Unknown;
  }
  if (result != wanted && (unknown || moves.empty())) result = Tri::Unknown;
  game.memo.emplace(key, result);
  return result;
}

namespace {

// The defender's choice among the defences of the exact length `cands` (SPEC.md section 3
// tie-breaks, then the preferred move), with 変同 recorded.
Move choose_defence(MateSearch& search, Position& pos, const MoveList& cands, Plies d, int ply,
                    Move preferred, SurplusGame& game, MainLine& out) {
  if (cands.size() == 1) return cands[0];
  std::vector<Tri> surplus(cands.size());
  for (std::size_t i = 0; i < cands.size(); ++i) {
    pos.do_move(cands[i]);
    surplus[i] = ends_with_surplus(search, pos, d - 1, game);
    pos.undo_move(cands[i]);
  }
  // Tie-breaks: no surplus, then a board move (moved interposition) over a drop.
  const auto rank = [&](std::size_t i) {
    return 2 * surplus_rank(surplus[i], true) + (cands[i].is_drop() ? 1 : 0);
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
    out.undecided.push_back(undecided_at(ply, cands[best], Move::none(),
                                         "main line: the surplus tie-break was not decided "
                                         "within the limits",
                                         true));
  record_variations(cands, surplus, cands[best], ply, d, out);
  return cands[best];
}

// The first move of the exact length, `preferred` first, board moves before drops (solve.cpp's
// choice); Move::none() when none is found within the budget.
Move first_exact(MateSearch& search, Position& pos, Plies d, Move preferred) {
  const bool attacker_node = pos.side_to_move() == search.attacker();
  MoveList moves;
  if (attacker_node) {
    generate_checks(pos, moves);
  } else {
    generate_evasions(pos, moves);
    search.prove(pos, 0, kExact);  // sets the futility option that futile_drop reads
  }
  MoveList order;
  if (moves.contains(preferred)) order.push(preferred);
  for (int pass = 0; pass < 2; ++pass)
    for (Move m : moves)
      if (m != preferred && m.is_drop() == (pass == 1)) order.push(m);
  MoveList futile;
  for (Move m : order) {
    if (!attacker_node && m.is_drop() && search.futile_drop(pos, m.to(), d) != Outcome::Disproven) {
      futile.push(m);
      continue;
    }
    if (child_exact(search, pos, m, d, attacker_node, false) == Tri::Yes) return m;
  }
  // Only futile drops left and the length goes on: one of them that is itself that long.
  for (Move m : futile)
    if (child_exact(search, pos, m, d, false, true) == Tri::Yes) return m;
  return Move::none();
}

}  // namespace

MainLine follow_main_line(const Position& root, Plies length, SurplusGame& game,
                          const std::vector<Move>& preferred, const SearchSteps& steps) {
  MainLine out;
  Position pos = root;
  Plies d = length;
  bool following = true;                // the line so far is the preferred one
  std::vector<std::size_t> open_nodes;  // undecided findings about unclassified defences
  while (d > 0) {
    const int ply = static_cast<int>(out.moves.size());
    const Move wanted = following && static_cast<std::size_t>(ply) < preferred.size()
                            ? preferred[static_cast<std::size_t>(ply)]
                            : Move::none();
    auto s = steps.make();
    MateSearch& search = s->search;
    const bool attacker_node = pos.side_to_move() == search.attacker();
    Move chosen = Move::none();
    if (attacker_node) {
      chosen = first_exact(search, pos, d, wanted);
    } else {
      const Defences def = longest_defences(search, pos, d);
      if (!def.unknown && !def.longest.empty()) {
        chosen = choose_defence(search, pos, def.longest, d, ply, wanted, game, out);
      } else {
        steps.done(*s);
        s = steps.make();  // a fresh budget for the plain choice
        chosen = first_exact(s->search, pos, d, wanted);
        open_nodes.push_back(out.undecided.size());
        out.undecided.push_back(undecided_at(
            ply, chosen, Move::none(),
            "main line: the defences here were not all classified within the limits (変同 and "
            "the surplus tie-break not decided)",
            true));
      }
    }
    steps.done(*s);
    if (chosen.is_none()) {
      out.undecided.push_back(
          undecided_at(ply, Move::none(), Move::none(),
                       "main line: no move of the exact length was found within the limits", true));
      break;
    }
    following = following && chosen == wanted;
    out.moves.push_back(chosen);
    pos.do_move(chosen);
    --d;
  }
  out.complete = d == 0;
  // A line that ends without surplus cannot be displaced by an unclassified equal defence in a
  // way that changes the verdict; only 変同 is left open there.
  if (out.complete && pos.hand(root.side_to_move()).empty())
    for (std::size_t i : open_nodes) out.undecided[i].blocks_sound = false;
  return out;
}

}  // namespace tsume
