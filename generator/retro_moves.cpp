#include "generator/retro_moves.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "generator/candidate.h"
#include "solver/core/attacks.h"
#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"

namespace tsume::gen {

bool operator<(const BoardSetup& a, const BoardSetup& b) {
  return std::tie(a.board, a.side_to_move) < std::tie(b.board, b.side_to_move) ||
         (std::tie(a.board, a.side_to_move) == std::tie(b.board, b.side_to_move) &&
          std::make_pair(a.hands[0].raw(), a.hands[1].raw()) <
              std::make_pair(b.hands[0].raw(), b.hands[1].raw()));
}

namespace {

// Every piece kind that can stand on the board, kings excluded.
constexpr PieceType kBoardKinds[] = {
    PieceType::Pawn,     PieceType::Lance,     PieceType::Knight,    PieceType::Silver,
    PieceType::Bishop,   PieceType::Rook,      PieceType::Gold,      PieceType::ProPawn,
    PieceType::ProLance, PieceType::ProKnight, PieceType::ProSilver, PieceType::Horse,
    PieceType::Dragon,
};

// The setup as compared between positions: move number 1.
BoardSetup normal(BoardSetup s) {
  s.ply = 1;
  return s;
}

void sort_unique(std::vector<Predecessor>& v) {
  const auto less = [](const Predecessor& a, const Predecessor& b) {
    if (a.move != b.move) return a.move < b.move;
    return a.setup < b.setup;
  };
  std::sort(v.begin(), v.end(), less);
  v.erase(std::unique(v.begin(), v.end(),
                      [](const Predecessor& a, const Predecessor& b) {
                        return a.move == b.move && a.setup == b.setup;
                      }),
          v.end());
}

// The move of `before` (legal, among `moves`) that reaches `after`, if any.
Move reaching(Position& before, const MoveList& moves, const BoardSetup& after) {
  for (const Move m : moves) {
    before.do_move(m);
    const bool same = normal(before.setup()) == after;
    before.undo_move(m);
    if (same) return m;
  }
  return Move::none();
}

// Kinds a piece now of kind `pt` (moved by `c` from `from` to `to`) may have had before the move:
// itself, and its unpromoted kind when the move could have promoted.
int earlier_kinds(Color c, PieceType pt, Square from, Square to, PieceType out[2]) {
  int n = 0;
  out[n++] = pt;
  if (is_promoted(pt) && (in_promotion_zone(c, from) || in_promotion_zone(c, to)))
    out[n++] = unpromote(pt);
  return n;
}

}  // namespace

namespace {

// Every setup one move of `mover` before `after`, unverified: each piece of `mover` moved back
// to every square it could have come from (its unpromoted kind too when the move could have
// promoted), over an empty square or a taken-back capture of any kind the mover's hand holds,
// or back into the mover's hand (an un-drop). `keep` finishes each setup and tests it.
template <class Keep>
void unplay_moves(const BoardSetup& after, Bitboard occ, Color mover, const Keep& keep) {
  const Hand captures = after.hand(mover);  // what the mover captured is in here
  for (int i = 0; i < kSquareCount; ++i) {
    const Square s = square_at(i);
    const Piece x = after.at(s);
    if (x == Piece::None || color_of(x) != mover) continue;
    const PieceType xt = type_of(x);
    // What stood on s before: nothing, or a piece of the other side that the mover captured.
    std::vector<Piece> before_on_s{Piece::None};
    for (const PieceType t : kBoardKinds)
      if (captures.has(unpromote(t))) before_on_s.push_back(make_piece(~mover, t));
    for (const Piece captured : before_on_s) {
      for (int j = 0; j < kSquareCount; ++j) {
        const Square t = square_at(j);
        if (t == s || after.at(t) != Piece::None) continue;
        PieceType kinds[2];
        const int n = earlier_kinds(mover, xt, t, s, kinds);
        for (int k = 0; k < n; ++k) {
          if (!attacks(mover, kinds[k], t, occ).test(s)) continue;
          BoardSetup r = after;
          r.at(s) = captured;
          r.at(t) = make_piece(mover, kinds[k]);
          if (captured != Piece::None) r.hand(mover).remove(unpromote(type_of(captured)));
          keep(r);
        }
      }
      if (captured == Piece::None && is_hand_type(xt) &&
          after.hand(mover).count(xt) < Hand::max_count(xt)) {
        BoardSetup r = after;
        r.at(s) = Piece::None;
        r.hand(mover).add(xt);
        keep(r);
      }
    }
  }
}

}  // namespace

namespace {

// The setups one move of `mover` before `after` (unplay_moves) that are legal positions with
// `mover` to move (KingRule `kings`; in check too when `in_check`) and one of whose moves from
// `generate` reaches `after` exactly: the move is verified forwards, never trusted.
template <class Generate>
std::vector<Predecessor> verified_predecessors(const BoardSetup& after, Bitboard occ, Color mover,
                                               KingRule kings, bool in_check,
                                               const Generate& generate) {
  std::vector<Predecessor> out;
  MoveList moves;
  unplay_moves(after, occ, mover, [&](BoardSetup before) {
    before.side_to_move = mover;
    refill_defender_hand(before);
    Position pos;
    if (!pos.set(before, kings).empty() || (in_check && !pos.in_check())) return;
    moves.clear();
    generate(pos, moves);
    const Move m = reaching(pos, moves, after);
    if (!m.is_none()) out.push_back({before, m});
  });
  sort_unique(out);
  return out;
}

}  // namespace

std::vector<Predecessor> unplay_defender(const Position& p) {
  if (p.side_to_move() != Color::Black) return {};
  BoardSetup after = normal(p.setup());
  refill_defender_hand(after);
  return verified_predecessors(after, p.pieces(), Color::White, KingRule::Any, true,
                               [](const Position& pos, MoveList& m) { generate_legal(pos, m); });
}

std::vector<Predecessor> unplay_attacker(const Position& r) {
  if (r.side_to_move() != Color::White) return {};
  return verified_predecessors(normal(r.setup()), r.pieces(), Color::Black, KingRule::DefenderKing,
                               false,
                               [](const Position& pos, MoveList& m) { generate_checks(pos, m); });
}

std::vector<Extension> two_ply_predecessors(const Position& p, int max_pieces) {
  std::vector<Extension> out;
  for (const Predecessor& r : unplay_defender(p)) {
    Position rp;
    if (!rp.set(r.setup, KingRule::Any).empty()) continue;
    for (const Predecessor& q : unplay_attacker(rp)) {
      const int pieces = piece_count(q.setup);
      if (max_pieces > 0 && pieces > max_pieces) continue;
      out.push_back({q.setup, r.setup, q.move, r.move, pieces});
    }
  }
  return out;
}

}  // namespace tsume::gen
