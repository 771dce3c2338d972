#include "solver/io/move_check.h"

#include "solver/io/piece_names.h"

namespace tsume::io {

namespace {

std::string piece_words(Color c, PieceType pt) {
  return std::string(color_name(c)) + "'s " + std::string(japanese_name(pt)) + " (" +
         (is_promoted(pt) ? "+" : "") + sfen_letter(pt) + ")";
}

std::string explain_drop(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const PieceType pt = m.dropped_type();
  const Square to = m.to();
  if (!is_hand_type(pt)) return "cannot drop that kind of piece";
  if (!pos.hand(us).has(pt))
    return "no " + std::string(1, sfen_letter(pt)) + " in " + std::string(color_name(us)) +
           "'s hand";
  if (pos.piece_on(to) != Piece::None) return "drop on the occupied square " + usi_square(to);
  if (is_dead_square(us, pt, to))
    return "a " + std::string(1, sfen_letter(pt)) + " dropped on " + usi_square(to) +
           " could never move (行き所のない駒)";
  if (pt == PieceType::Pawn && pos.has_pawn_on_file(us, to))
    return "two pawns on file " + std::to_string(file_of(to) + 1) + " (二歩)";
  return {};
}

std::string explain_board_move(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = m.from();
  const Square to = m.to();
  if (!is_ok(from)) return "bad origin square";
  if (from == to) return "origin and destination are the same square";
  const Piece p = pos.piece_on(from);
  if (p == Piece::None) return "no piece on " + usi_square(from);
  const PieceType pt = type_of(p);
  if (color_of(p) != us)
    return "the piece on " + usi_square(from) + " is " + std::string(color_name(~us)) + "'s but " +
           std::string(color_name(us)) + " is to move";
  const Piece target = pos.piece_on(to);
  if (target != Piece::None && color_of(target) == us)
    return usi_square(to) + " holds " + std::string(color_name(us)) + "'s own piece";
  // In shogi every piece attacks exactly the squares it can move to.
  if (!pos.attackers_to(us, to).test(from))
    return piece_words(us, pt) + " on " + usi_square(from) + " cannot reach " + usi_square(to);
  if (m.is_promotion()) {
    if (!is_promotable(pt)) return piece_words(us, pt) + " cannot promote";
    if (!in_promotion_zone(us, from) && !in_promotion_zone(us, to))
      return "promotion needs a move into, out of or inside the promotion zone";
  } else if (is_dead_square(us, pt, to)) {
    return piece_words(us, pt) + " must promote on " + usi_square(to) + " (行き所のない駒)";
  }
  return {};
}

// The square in front of the king of `them`, seen from the attacker: where a pawn drop checks.
bool is_in_front_of_king(const Position& pos, Color us, Square to) {
  const Square k = pos.king_square(~us);
  if (!is_ok(k) || file_of(k) != file_of(to)) return false;
  return us == Color::Black ? rank_of(to) == rank_of(k) + 1 : rank_of(to) + 1 == rank_of(k);
}

}  // namespace

std::string explain_illegal(const Position& pos, Move m) {
  if (m.is_none()) return "no move";
  if (!is_ok(m.to())) return "bad destination square";
  std::string why = m.is_drop() ? explain_drop(pos, m) : explain_board_move(pos, m);
  if (!why.empty() || pos.is_legal(m)) return why;

  const Color us = pos.side_to_move();
  if (m.is_drop() && m.dropped_type() == PieceType::Pawn && is_in_front_of_king(pos, us, m.to()) &&
      pos.is_pawn_drop_mate(m.to()))
    return "a pawn drop may not give mate (打ち歩詰め)";
  if (!m.is_drop() && type_of(pos.piece_on(m.from())) == PieceType::King)
    return "moves the king into check";
  if (pos.in_check()) return "does not answer the check";
  return "leaves the king in check";
}

}  // namespace tsume::io
