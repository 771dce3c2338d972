#include "tests/core/reference_rules.h"

#include <array>

namespace tsume::test::reference {

namespace {

struct Step {
  int df;  // files (towards file 9 when positive)
  int dr;  // ranks forward for the piece's owner (towards the enemy camp when positive)
  bool slide;
};

// The moves of each piece kind as seen by its owner; "forward" is rank a for Black.
std::vector<Step> make_steps(PieceType pt) {
  const std::vector<Step> gold{{0, 1, false}, {1, 1, false},  {-1, 1, false},
                               {1, 0, false}, {-1, 0, false}, {0, -1, false}};
  const std::vector<Step> diagonal_slides{
      {1, 1, true}, {-1, 1, true}, {1, -1, true}, {-1, -1, true}};
  const std::vector<Step> orthogonal_slides{
      {0, 1, true}, {0, -1, true}, {1, 0, true}, {-1, 0, true}};
  switch (pt) {
  case PieceType::Pawn:
    return {{0, 1, false}};
  case PieceType::Lance:
    return {{0, 1, true}};
  case PieceType::Knight:
    return {{1, 2, false}, {-1, 2, false}};
  case PieceType::Silver:
    return {{0, 1, false}, {1, 1, false}, {-1, 1, false}, {1, -1, false}, {-1, -1, false}};
  case PieceType::Gold:
  case PieceType::ProPawn:
  case PieceType::ProLance:
  case PieceType::ProKnight:
  case PieceType::ProSilver:
    return gold;
  case PieceType::King:
    return {{0, 1, false},  {1, 1, false},  {-1, 1, false}, {1, 0, false},
            {-1, 0, false}, {0, -1, false}, {1, -1, false}, {-1, -1, false}};
  case PieceType::Elephant:  // sho: a king's steps without the one straight back
    return {{0, 1, false},  {1, 1, false},  {-1, 1, false}, {1, 0, false},
            {-1, 0, false}, {1, -1, false}, {-1, -1, false}};
  case PieceType::Prince:  // sho: steps like a king
    return {{0, 1, false},  {1, 1, false},  {-1, 1, false}, {1, 0, false},
            {-1, 0, false}, {0, -1, false}, {1, -1, false}, {-1, -1, false}};
  case PieceType::Bishop:
    return diagonal_slides;
  case PieceType::Rook:
    return orthogonal_slides;
  case PieceType::Horse: {
    auto v = diagonal_slides;
    for (Step s : {Step{0, 1, false}, Step{0, -1, false}, Step{1, 0, false}, Step{-1, 0, false}})
      v.push_back(s);
    return v;
  }
  case PieceType::Dragon: {
    auto v = orthogonal_slides;
    for (Step s : {Step{1, 1, false}, Step{-1, 1, false}, Step{1, -1, false}, Step{-1, -1, false}})
      v.push_back(s);
    return v;
  }
  default:
    return {};
  }
}

const std::vector<Step>& steps_of(PieceType pt) {
  static const auto table = [] {
    std::array<std::vector<Step>, kPieceTypeCount> t;
    for (int k = 0; k < kPieceTypeCount; ++k) t[k] = make_steps(static_cast<PieceType>(k));
    return t;
  }();
  return table[index_of(pt)];
}

// Squares the piece on `from` attacks (own pieces included, rays stop at the first piece).
std::vector<Square> targets(const BoardSetup& setup, Square from) {
  const Piece p = setup.at(from);
  const int forward = color_of(p) == Color::Black ? -1 : 1;  // rank step of "forward"
  std::vector<Square> out;
  for (const Step& st : steps_of(type_of(p))) {
    int f = file_of(from), r = rank_of(from);
    while (true) {
      f += st.df;
      r += st.dr * forward;
      if (f < 0 || f > 8 || r < 0 || r > 8) break;
      const Square to = make_square(f, r);
      out.push_back(to);
      if (!st.slide || setup.at(to) != Piece::None) break;
    }
  }
  return out;
}

// Does the piece on `from` attack s? The same walk as targets(), without building a list.
bool attacks_square(const BoardSetup& setup, Square from, Square s) {
  const Piece p = setup.at(from);
  const int forward = color_of(p) == Color::Black ? -1 : 1;
  for (const Step& st : steps_of(type_of(p))) {
    int f = file_of(from), r = rank_of(from);
    while (true) {
      f += st.df;
      r += st.dr * forward;
      if (f < 0 || f > 8 || r < 0 || r > 8) break;
      const Square to = make_square(f, r);
      if (to == s) return true;
      if (!st.slide || setup.at(to) != Piece::None) break;
    }
  }
  return false;
}

bool attacked(const BoardSetup& setup, Square s, Color by) {
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None || color_of(p) != by) continue;
    if (attacks_square(setup, square_at(i), s)) return true;
  }
  return false;
}

bool sho(const BoardSetup& setup) { return setup.variant == Variant::Sho; }

// The squares of c's royal pieces: its king, and in sho shogi its crown prince.
std::vector<Square> royals_of(const BoardSetup& setup, Color c) {
  std::vector<Square> out;
  for (int i = 0; i < kSquareCount; ++i)
    if (setup.board[i] == make_piece(c, PieceType::King) ||
        (sho(setup) && setup.board[i] == make_piece(c, PieceType::Prince)))
      out.push_back(square_at(i));
  return out;
}

// The rule that decides legality after a move by c: c may not be left with exactly one royal
// and that royal attacked. In modern shogi a side has at most one royal, so this is "the king is
// not attacked"; in sho shogi a side with two royals may leave either (or both) attacked.
bool lone_royal_attacked(const BoardSetup& setup, Color c) {
  const std::vector<Square> royals = royals_of(setup, c);
  return royals.size() == 1 && attacked(setup, royals.front(), ~c);
}

bool in_zone(Color c, Square s) { return c == Color::Black ? rank_of(s) <= 2 : rank_of(s) >= 6; }

bool dead(Color c, PieceType pt, Square s) {
  const int far = c == Color::Black ? rank_of(s) : 8 - rank_of(s);  // 0 = last rank
  if (pt == PieceType::Pawn || pt == PieceType::Lance) return far == 0;
  if (pt == PieceType::Knight) return far <= 1;
  return false;
}

std::vector<Move> pseudo_moves(const BoardSetup& setup, bool with_drops) {
  const Color us = setup.side_to_move;
  std::vector<Move> out;
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None || color_of(p) != us) continue;
    const Square from = square_at(i);
    const PieceType pt = type_of(p);
    for (Square to : targets(setup, from)) {
      const Piece q = setup.at(to);
      if (q != Piece::None && color_of(q) == us) continue;
      const bool promotable = pt == PieceType::Pawn || pt == PieceType::Lance ||
                              pt == PieceType::Knight || pt == PieceType::Silver ||
                              pt == PieceType::Bishop || pt == PieceType::Rook ||
                              pt == PieceType::Elephant;
      if (promotable && (in_zone(us, from) || in_zone(us, to)))
        out.push_back(Move::board(from, to, true));
      if (!dead(us, pt, to)) out.push_back(Move::board(from, to, false));
    }
  }
  if (!with_drops || sho(setup)) return out;  // sho shogi: captured pieces never come back
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    if (setup.hand(us).count(pt) == 0) continue;
    for (int i = 0; i < kSquareCount; ++i) {
      const Square to = square_at(i);
      if (setup.at(to) != Piece::None || dead(us, pt, to)) continue;
      if (pt == PieceType::Pawn) {
        bool second_pawn = false;  // 二歩
        for (int r = 0; r < 9; ++r)
          if (setup.at(make_square(file_of(to), r)) == make_piece(us, PieceType::Pawn))
            second_pawn = true;
        if (second_pawn) continue;
      }
      out.push_back(Move::drop(pt, to));
    }
  }
  return out;
}

// Does the side to move have a move that does not leave its king attacked? Drops are left out:
// only pawn-drop checks are asked about, and a contact check cannot be blocked by a drop.
bool has_board_escape(const BoardSetup& setup) {
  for (Move m : pseudo_moves(setup, false))
    if (!lone_royal_attacked(play(setup, m), setup.side_to_move)) return true;
  return false;
}

}  // namespace

bool in_check(const BoardSetup& setup, Color c) {
  for (Square r : royals_of(setup, c))
    if (attacked(setup, r, ~c)) return true;
  return false;
}

BoardSetup play(const BoardSetup& setup, Move m) {
  BoardSetup out = setup;
  const Color us = setup.side_to_move;
  if (m.is_drop()) {
    out.hand(us).remove(m.dropped_type());
    out.at(m.to()) = make_piece(us, m.dropped_type());
  } else {
    const Piece moved = setup.at(m.from());
    const Piece captured = setup.at(m.to());
    // Sho shogi has no hands: the captured piece simply leaves the board.
    if (captured != Piece::None && type_of(captured) != PieceType::King && !sho(setup))
      out.hand(us).add(unpromote(type_of(captured)));
    out.at(m.from()) = Piece::None;
    // Spelled out for the elephant so that the oracle does not lean on the new core mapping.
    const PieceType promoted =
        type_of(moved) == PieceType::Elephant ? PieceType::Prince : promote(type_of(moved));
    out.at(m.to()) = m.is_promotion() ? make_piece(us, promoted) : moved;
  }
  out.side_to_move = ~us;
  return out;
}

std::vector<Move> legal_moves(const BoardSetup& setup) {
  const Color us = setup.side_to_move;
  std::vector<Move> out;
  for (Move m : pseudo_moves(setup, true)) {
    const BoardSetup next = play(setup, m);
    if (lone_royal_attacked(next, us)) continue;
    // 打ち歩詰め: a pawn drop that checks and leaves the opponent without any reply.
    if (m.is_drop() && m.dropped_type() == PieceType::Pawn && in_check(next, ~us) &&
        !has_board_escape(next))
      continue;
    out.push_back(m);
  }
  return out;
}

std::vector<Move> checking_moves(const BoardSetup& setup) {
  std::vector<Move> out;
  for (Move m : legal_moves(setup))
    if (in_check(play(setup, m), ~setup.side_to_move)) out.push_back(m);
  return out;
}

}  // namespace tsume::test::reference
