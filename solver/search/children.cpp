#include "solver/search/children.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "solver/core/checkgen.h"
#include "solver/search/proof_hand.h"

namespace tsume {
namespace {

// The initial value of a child the table does not know (see the header): a new defender node
// after a check, or a new attacker node after an evasion. Terminal ones are stored.
void value_new_child(Position& pos, Color attacker, TranspositionTable& table, Child& c) {
  if (pos.side_to_move() != attacker) {
    MoveList evasions;
    generate_evasions(pos, evasions);
    if (evasions.empty()) {
      c.upper = 0;
      c.proof_hand = proof_hand_at_defender(pos, attacker, Hand());
      table.store_proof(c.key, c.proof_hand, 0, 1);
      return;
    }
    c.pn = initial_defender_pn(evasions);
    c.dn = 1;
    // A king move, capture or moved interposition is legal whatever the hands and never
    // futile, so the defender lasts at least 2 plies: with no plies left after the check,
    // the check is refuted without a node of its own.
    const bool board_evasion =
        std::any_of(evasions.begin(), evasions.end(), [](Move e) { return !e.is_drop(); });
    if (board_evasion && c.lower < 2) {
      c.lower = 2;
      c.disproof_hand = Hand::full();
    }
    return;
  }
  MoveList checks;
  generate_checks(pos, checks);
  if (checks.empty()) {
    c.mark_disproven();
    c.lower = kNoMate;
    c.disproof_hand = disproof_hand_at_attacker(pos, attacker, Hand::full());
    table.store_disproof(c.key, c.disproof_hand, kNoMate, 1);
    return;
  }
  c.dn = initial_attacker_dn(checks);
}

}  // namespace

PnDn initial_defender_pn(const MoveList& evasions) {
  PnDn n = 0;
  Bitboard drop_squares;
  for (Move m : evasions) {
    if (m.is_drop())
      drop_squares.set(m.to());
    else
      ++n;
  }
  return n + static_cast<PnDn>(drop_squares.count());
}

PnDn initial_attacker_dn(const MoveList& checks) { return static_cast<PnDn>(checks.size()); }

void expand_children(Position& pos, Color attacker, TranspositionTable& table,
                     std::vector<Child>& children) {
  MoveList moves;
  if (pos.side_to_move() == attacker)
    generate_checks(pos, moves);
  else
    generate_evasions(pos, moves);
  children.clear();
  // First the children's keys, and their buckets prefetched: the probes below then wait for
  // memory together instead of one after another (table probes are most of a node's cost).
  for (Move m : moves) {
    Child c;
    c.move = m;
    pos.do_move(m);
    c.key = pos.board_key();
    c.hand = pos.hand(attacker);
    pos.undo_move(m);
    table.prefetch(c.key);
    children.push_back(c);
  }
  for (Child& c : children) {
    const TTProbe p = table.probe(c.key, c.hand);
    c.tighten_bounds(p);
    if (p.found) {
      c.pn = p.pn;
      c.dn = p.dn;
      continue;
    }
    if (p.upper != kNoMate || p.lower >= kNoMate) continue;  // the table settles it
    pos.do_move(c.move);
    value_new_child(pos, attacker, table, c);
    pos.undo_move(c.move);
  }
  order_children(pos, attacker, children);
}

void order_children(const Position& pos, Color attacker, std::vector<Child>& children) {
  const bool or_node = pos.side_to_move() == attacker;
  const Square ek = pos.king_square(or_node ? ~attacker : pos.side_to_move());
  auto dist = [&](Square s) {
    return std::max(std::abs(file_of(s) - file_of(ek)), std::abs(rank_of(s) - rank_of(ek)));
  };
  auto score = [&](Move m) {
    int sc = 0;
    if (or_node) {
      if (!m.is_drop() && pos.piece_on(m.to()) != Piece::None) sc += 4;
      if (m.is_promotion()) sc += 2;
      sc -= 2 * dist(m.to());
    } else {
      if (!m.is_drop() && m.from() == ek)
        sc += 8;
      else if (!m.is_drop() && pos.piece_on(m.to()) != Piece::None)
        sc += 6;
      else if (!m.is_drop())
        sc += 3;
    }
    return sc;
  };
  // An insertion sort: the lists are short and it needs no buffer.
  std::array<int, MoveList::kCapacity> scores;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const int sc = score(children[i].move);
    std::size_t j = i;
    if (j > 0 && scores[j - 1] < sc) {
      const Child c = children[i];
      for (; j > 0 && scores[j - 1] < sc; --j) {
        scores[j] = scores[j - 1];
        children[j] = children[j - 1];
      }
      children[j] = c;
    }
    scores[j] = sc;
  }
}

}  // namespace tsume
