#include "solver/core/position.h"

#include <algorithm>

#include "solver/core/attacks.h"
#include "solver/core/movegen.h"
#include "solver/core/zobrist.h"

namespace tsume {
namespace {

const char* color_name(Color c) { return c == Color::Black ? "black" : "white"; }

const char* type_name(PieceType pt) {
  static constexpr const char* kNames[kPieceTypeCount] = {"none",
                                                          "pawn",
                                                          "lance",
                                                          "knight",
                                                          "silver",
                                                          "bishop",
                                                          "rook",
                                                          "gold",
                                                          "king",
                                                          "promoted pawn",
                                                          "promoted lance",
                                                          "promoted knight",
                                                          "promoted silver",
                                                          "horse",
                                                          "dragon",
                                                          "drunk elephant",
                                                          "crown prince"};
  return kNames[index_of(pt)];
}

std::string square_name(Square s) {
  return std::string(1, static_cast<char>('1' + file_of(s))) + static_cast<char>('a' + rank_of(s));
}

// The direction a pawn of color c moves in, as a square-index step.
constexpr int forward_step(Color c) { return c == Color::Black ? -1 : 1; }

}  // namespace

Position::Position() {
  states_.reserve(256);
  states_.emplace_back();
}

namespace {

// The rules of sho shogi on top of the common ones: no pieces in hand, one Drunk Elephant or
// Crown Prince a side at most (pieces never change sides without drops). Modern shogi has
// neither piece.
std::string validate_variant(const BoardSetup& setup) {
  const bool sho = setup.variant == Variant::Sho;
  for (Color c : {Color::Black, Color::White}) {
    int elephants = 0;
    for (Piece p : setup.board)
      if (p != Piece::None && color_of(p) == c && unpromote(type_of(p)) == PieceType::Elephant)
        ++elephants;
    if (elephants > 0 && !sho)
      return "the drunk elephant and the crown prince exist only in sho shogi (--rules sho)";
    if (elephants > 1)
      return std::string("more than one ") + color_name(c) +
             " drunk elephant or crown prince (sho shogi has one a side)";
    if (sho && !setup.hand(c).empty())
      return std::string(color_name(c)) + " has pieces in hand: sho shogi has no drops";
  }
  return {};
}

}  // namespace

std::string Position::validate(const BoardSetup& setup, KingRule king_rule) {
  for (Piece p : setup.board) {
    const PieceType pt = type_of(p);
    if (p != Piece::None && (pt == PieceType::None || index_of(pt) >= kPieceTypeCount ||
                             index_of(p) >= kPieceCount || (index_of(p) >> kPieceColorShift) > 1))
      return "invalid piece code on the board";
  }
  if (std::string reason = validate_variant(setup); !reason.empty()) return reason;
  // Kings: at most one a side. The defender (side not to move) must have a royal: its king, or
  // in sho shogi a crown prince.
  for (Color c : {Color::Black, Color::White}) {
    int kings = 0, royals = 0;
    for (Piece p : setup.board)
      if (p != Piece::None && color_of(p) == c && is_royal(type_of(p))) {
        ++royals;
        if (type_of(p) == PieceType::King) ++kings;
      }
    if (kings > 1) return std::string("more than one ") + color_name(c) + " king";
    if (royals == 0 && c != setup.side_to_move && king_rule == KingRule::DefenderKing)
      return std::string("no ") + color_name(c) + " king: the side not to move must have a king";
  }
  // Piece counts: board and both hands together may not exceed one full set.
  std::array<int, kHandTypeCount> count{};
  for (Piece p : setup.board) {
    if (p == Piece::None) continue;
    const PieceType pt = type_of(p);
    if (is_hand_type(unpromote(pt))) ++count[index_of(unpromote(pt))];
  }
  for (Hand h : setup.hands)
    for (int k = 1; k <= 7; ++k) count[k] += h.count(static_cast<PieceType>(k));
  for (int k = 1; k <= 7; ++k) {
    const auto pt = static_cast<PieceType>(k);
    if (count[k] > Hand::max_count(pt))
      return std::string("too many ") + type_name(pt) + "s: " + std::to_string(count[k]) +
             " on the board and in hand, at most " + std::to_string(Hand::max_count(pt));
  }
  // Dead pieces (行き所のない駒) and two unpromoted pawns on a file (二歩).
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None) continue;
    if (is_dead_square(color_of(p), type_of(p), square_at(i)))
      return std::string(color_name(color_of(p))) + " " + type_name(type_of(p)) + " on " +
             square_name(square_at(i)) + " can never move (dead piece)";
  }
  for (Color c : {Color::Black, Color::White})
    for (int f = 0; f < kFileCount; ++f) {
      int pawns = 0;
      for (int r = 0; r < kRankCount; ++r)
        if (setup.at(make_square(f, r)) == make_piece(c, PieceType::Pawn)) ++pawns;
      if (pawns > 1)
        return std::string("two unpromoted ") + color_name(c) + " pawns on file " +
               std::to_string(f + 1) + " (nifu)";
    }
  // The side not to move may not be in check: its opponent could capture the king. (A sho side
  // with two royals is not bound by check.)
  Position probe;
  probe.load(setup);
  const Color defender = ~setup.side_to_move;
  const Square defender_king = probe.king_square(defender);
  if (defender_king != Square::None && probe.royal_count(defender) == 1 &&
      probe.is_attacked(setup.side_to_move, defender_king, probe.pieces()))
    return std::string("the side not to move (") + color_name(defender) + ") is in check";
  return {};
}

std::string Position::set(const BoardSetup& setup, KingRule kings) {
  std::string reason = validate(setup, kings);
  if (reason.empty()) load(setup);
  return reason;
}

void Position::load(const BoardSetup& setup) {
  board_.fill(Piece::None);
  by_color_.fill(Bitboard());
  by_type_.fill(Bitboard());
  occupied_ = Bitboard();
  kings_ = {Square::None, Square::None};
  variant_ = setup.variant;
  states_.clear();
  State st;
  for (int i = 0; i < kSquareCount; ++i)
    if (setup.board[i] != Piece::None) {
      put_piece(square_at(i), setup.board[i]);
      st.board_key ^= zobrist::piece_square(setup.board[i], square_at(i));
    }
  hands_ = setup.hands;
  for (Color c : {Color::Black, Color::White})
    for (int k = 1; k <= 7; ++k)
      st.hand_key +=
          zobrist::hand_piece(c, static_cast<PieceType>(k)) *
          static_cast<std::uint64_t>(hands_[index_of(c)].count(static_cast<PieceType>(k)));
  side_ = setup.side_to_move;
  ply_ = setup.ply;
  if (variant_ == Variant::Sho) update_sho_royals();
  st.board_key ^= zobrist::side(side_);
  const Square defender_king = king_square(~side_);
  st.opponent_safe = variant_ == Variant::Shogi && (defender_king == Square::None ||
                                                    !is_attacked(side_, defender_king, occupied_));
  states_.push_back(st);
  state().checkers = compute_checkers();
}

BoardSetup Position::setup() const {
  BoardSetup s;
  s.board = board_;
  s.hands = hands_;
  s.side_to_move = side_;
  s.ply = ply_ + game_ply();
  s.variant = variant_;
  return s;
}

void Position::put_piece(Square s, Piece p) {
  board_[index_of(s)] = p;
  by_color_[index_of(color_of(p))].set(s);
  by_type_[index_of(type_of(p))].set(s);
  occupied_.set(s);
  if (type_of(p) == PieceType::King) kings_[index_of(color_of(p))] = s;
}

void Position::remove_piece(Square s) {
  const Piece p = board_[index_of(s)];
  board_[index_of(s)] = Piece::None;
  by_color_[index_of(color_of(p))].clear(s);
  by_type_[index_of(type_of(p))].clear(s);
  occupied_.clear(s);
  if (type_of(p) == PieceType::King) kings_[index_of(color_of(p))] = Square::None;
}

// put_piece and remove_piece track kings only; a sho position sets its royal squares after
// every change: the king, else the crown prince, else none.
void Position::update_sho_royals() {
  for (Color c : {Color::Black, Color::White}) {
    const Bitboard k = pieces(c, PieceType::King), p = pieces(c, PieceType::Prince);
    kings_[index_of(c)] = !k.empty() ? k.lsb() : !p.empty() ? p.lsb() : Square::None;
  }
}

Bitboard Position::attackers_to(Color by, Square s, Bitboard occ) const {
  const Color them = ~by;  // reverse attacks: squares from which a `by` piece reaches s
  const Bitboard mine = pieces(by);
  const Bitboard golds = pieces(PieceType::Gold) | pieces(PieceType::ProPawn) |
                         pieces(PieceType::ProLance) | pieces(PieceType::ProKnight) |
                         pieces(PieceType::ProSilver);
  const Bitboard kingish =
      pieces(PieceType::King) | pieces(PieceType::Horse) | pieces(PieceType::Dragon);
  Bitboard found = (step_attacks(them, PieceType::Pawn, s) & pieces(PieceType::Pawn)) |
                   (step_attacks(them, PieceType::Knight, s) & pieces(PieceType::Knight)) |
                   (step_attacks(them, PieceType::Silver, s) & pieces(PieceType::Silver)) |
                   (step_attacks(them, PieceType::Gold, s) & golds) | (king_attacks(s) & kingish);
  if (variant_ == Variant::Sho) [[unlikely]]
    found |= (king_attacks(s) & pieces(PieceType::Prince)) |
             (step_attacks(them, PieceType::Elephant, s) & pieces(PieceType::Elephant));
  return (found & mine) | slider_attackers_to(by, s, occ);
}

// Only the blocked rays of lines on which a slider stands (empty-board lines through s) are
// computed.
inline Bitboard Position::slider_attackers_to(Color by, Square s, Bitboard occ) const {
  const Color them = ~by;  // reverse attacks, as in attackers_to
  const Bitboard mine = pieces(by);
  Bitboard found;
  const Bitboard lances = pieces(PieceType::Lance) & mine;
  if (!(step_attacks(them, PieceType::Lance, s) & lances).empty())
    found |= lance_attacks(them, s, occ) & lances;
  const Bitboard bishops = (pieces(PieceType::Bishop) | pieces(PieceType::Horse)) & mine;
  if (!(step_attacks(them, PieceType::Bishop, s) & bishops).empty())
    found |= bishop_attacks(s, occ) & bishops;
  const Bitboard rooks = (pieces(PieceType::Rook) | pieces(PieceType::Dragon)) & mine;
  if (!(step_attacks(them, PieceType::Rook, s) & rooks).empty())
    found |= rook_attacks(s, occ) & rooks;
  return found;
}

bool Position::is_attacked(Color by, Square s, Bitboard occ) const {
  const Color them = ~by;
  const Bitboard mine = pieces(by);
  if (!(step_attacks(them, PieceType::Pawn, s) & pieces(PieceType::Pawn) & mine).empty())
    return true;
  if (!(step_attacks(them, PieceType::Knight, s) & pieces(PieceType::Knight) & mine).empty())
    return true;
  if (!(step_attacks(them, PieceType::Silver, s) & pieces(PieceType::Silver) & mine).empty())
    return true;
  const Bitboard golds = pieces(PieceType::Gold) | pieces(PieceType::ProPawn) |
                         pieces(PieceType::ProLance) | pieces(PieceType::ProKnight) |
                         pieces(PieceType::ProSilver);
  if (!(step_attacks(them, PieceType::Gold, s) & golds & mine).empty()) return true;
  const Bitboard kingish =
      pieces(PieceType::King) | pieces(PieceType::Horse) | pieces(PieceType::Dragon);
  if (!(king_attacks(s) & kingish & mine).empty()) return true;
  if (variant_ == Variant::Sho) [[unlikely]]
    if (!(((king_attacks(s) & pieces(PieceType::Prince)) |
           (step_attacks(them, PieceType::Elephant, s) & pieces(PieceType::Elephant))) &
          mine)
             .empty())
      return true;
  const Bitboard lances = pieces(PieceType::Lance) & mine;
  if (!(step_attacks(them, PieceType::Lance, s) & lances).empty() &&
      !(lance_attacks(them, s, occ) & lances).empty())
    return true;
  const Bitboard bishops = (pieces(PieceType::Bishop) | pieces(PieceType::Horse)) & mine;
  if (!(step_attacks(them, PieceType::Bishop, s) & bishops).empty() &&
      !(bishop_attacks(s, occ) & bishops).empty())
    return true;
  const Bitboard rooks = (pieces(PieceType::Rook) | pieces(PieceType::Dragon)) & mine;
  return !(step_attacks(them, PieceType::Rook, s) & rooks).empty() &&
         !(rook_attacks(s, occ) & rooks).empty();
}

Bitboard Position::attacked_among(Color by, Square center, Bitboard targets, Bitboard occ) const {
  // A stepping piece reaches a square next to `center` only from within two files and three
  // ranks of it (a knight jumps two ranks); a slider only when its empty-board attacks do.
  const Bitboard sliders = pieces(PieceType::Lance) | pieces(PieceType::Bishop) |
                           pieces(PieceType::Rook) | pieces(PieceType::Horse) |
                           pieces(PieceType::Dragon);
  const Bitboard mine = pieces(by);
  Bitboard attacked;
  for (Square s : mine & ~sliders & box_around<2, 3>(center))
    attacked |= step_attacks(by, type_of(piece_on(s)), s);
  for (Square s : (mine & sliders)) {
    const PieceType pt = type_of(piece_on(s));
    if (!(step_attacks(by, pt, s) & targets).empty()) attacked |= attacks(by, pt, s, occ);
  }
  return attacked & targets;
}

Bitboard Position::blockers(Color king_color, Color slider_color) const {
  const Square ksq = king_square(king_color);
  if (ksq == Square::None) return Bitboard();
  // The sliders on an empty-board line through the king (the step tables hold those lines).
  const Bitboard snipers =
      ((step_attacks(Color::Black, PieceType::Rook, ksq) &
        (pieces(PieceType::Rook) | pieces(PieceType::Dragon))) |
       (step_attacks(Color::Black, PieceType::Bishop, ksq) &
        (pieces(PieceType::Bishop) | pieces(PieceType::Horse))) |
       (step_attacks(~slider_color, PieceType::Lance, ksq) & pieces(PieceType::Lance))) &
      pieces(slider_color);
  Bitboard result;
  for (Square s : snipers) {
    const Bitboard b = between(ksq, s) & occupied_;
    if (!b.empty() && !b.more_than_one()) result |= b;
  }
  return result;
}

inline Bitboard Position::compute_checkers() const {
  const Square ksq = king_square(side_);
  if (ksq == Square::None) return Bitboard();
  if (variant_ == Variant::Sho) [[unlikely]]
    return sho_checkers();
  return attackers_to(~side_, ksq, occupied_);
}

// Before the move no piece of the mover attacked the king of the side now to move. The piece
// now on m's destination checks when its empty-board attacks reach the king and nothing stands
// between (the step tables hold a slider's empty-board lines; a stepping piece's target is
// adjacent or a knight's jump, with nothing between). Vacating the origin opens only the line
// through it and the king: a slider behind it on that line checks. A capture changes nothing
// else: the destination stays occupied.
inline Bitboard Position::checkers_after(Move m) const {
  const Square ksq = king_square(side_);
  if (ksq == Square::None) return Bitboard();
  const Color by = ~side_;
  const Square to = m.to();
  Bitboard found;
  if (step_attacks(by, type_of(board_[index_of(to)]), to).test(ksq) &&
      (between(to, ksq) & occupied_).empty())
    found.set(to);
  if (!m.is_drop() && !line(ksq, m.from()).empty())
    found |= slider_attackers_to(by, ksq, occupied_);
  return found;
}

// Sho shogi: the attackers of every royal of the side to move (a side with two is in check when
// either is attacked).
Bitboard Position::sho_checkers() const {
  Bitboard found;
  for (Square r : royals(side_)) found |= attackers_to(~side_, r, occupied_);
  return found;
}

bool Position::gives_check(Move m) const {
  if (variant_ == Variant::Sho) return gives_check_sho(m);
  const Color us = side_;
  const Square ksq = king_square(~us);
  if (ksq == Square::None) return false;
  const Square to = m.to();
  if (m.is_drop()) return attacks(us, m.dropped_type(), to, occupied_).test(ksq);
  const Square from = m.from();
  const PieceType pt = type_of(piece_on(from));
  const PieceType moved = m.is_promotion() ? promote(pt) : pt;
  const Bitboard occ = (occupied_ ^ Bitboard::square(from)) | Bitboard::square(to);
  if (attacks(us, moved, to, occ).test(ksq)) return true;
  // Discovered check: the mover leaves a line between one of our sliders and the king.
  return blockers(~us, us).test(from) && !aligned(ksq, from, to);
}

// Whether a royal of the opponent is attacked after m: by the moved piece from its new square, or
// by any other of our pieces seen through the new occupancy. The latter is more than a
// discovered attack: a side with two royals may leave one of them attacked, and then every move
// of ours that keeps that attack is a check too. A royal captured by m no longer counts; the
// promotion of an elephant makes a prince.
bool Position::gives_check_sho(Move m) const {
  const Color us = side_;
  const Square to = m.to();
  const PieceType moved = m.is_drop()        ? m.dropped_type()
                          : m.is_promotion() ? promote(type_of(piece_on(m.from())))
                                             : type_of(piece_on(m.from()));
  Bitboard occ = occupied_ | Bitboard::square(to);
  Bitboard others = pieces(us);  // our pieces other than the moved one, where they stand
  if (!m.is_drop()) {
    occ ^= Bitboard::square(m.from());
    others.clear(m.from());
  }
  const Bitboard reached = attacks(us, moved, to, occ);
  for (Square r : royals(~us)) {
    if (r == to) continue;  // captured
    if (reached.test(r)) return true;
    if (!(attackers_to(us, r, occ) & others).empty()) return true;
  }
  return false;
}

bool Position::is_legal_sho(Move m) const {
  const Color us = side_;
  Bitboard own_royals = royals(us);
  Bitboard occ = occupied_ | Bitboard::square(m.to());
  if (!m.is_drop()) {
    const Square from = m.from();
    occ ^= Bitboard::square(from);
    const PieceType pt = type_of(piece_on(from));
    if (is_royal(pt) || (m.is_promotion() && pt == PieceType::Elephant)) {
      own_royals.clear(from);
      own_royals.set(m.to());
    }
  }
  if (own_royals.empty() || own_royals.more_than_one()) return true;
  // A piece captured on m.to() attacks nothing any more.
  return (attackers_to(~us, own_royals.lsb(), occ) & ~Bitboard::square(m.to())).empty();
}

bool Position::is_legal(Move m) const {
  MoveList list;
  generate_legal(*this, list);
  return list.contains(m);
}

bool Position::is_pawn_drop_mate(Square to) const {
  const Color us = side_, them = ~us;
  const Square ksq = king_square(them);
  // The pawn must stand directly in front of the king (same file, one rank towards us).
  if (ksq == Square::None || file_of(to) != file_of(ksq) ||
      rank_of(to) + forward_step(us) != rank_of(ksq))
    return false;
  const Bitboard occ = occupied_ | Bitboard::square(to);
  // 1. A defender piece other than the king captures the pawn without exposing its king.
  //    Only our sliders can be uncovered: the dropped pawn is the only non-slider checking.
  const Bitboard our_rooks = pieces(us) & (pieces(PieceType::Rook) | pieces(PieceType::Dragon));
  const Bitboard our_bishops = pieces(us) & (pieces(PieceType::Bishop) | pieces(PieceType::Horse));
  const Bitboard our_lances = pieces(us, PieceType::Lance);
  Bitboard capturers = attackers_to(them, to, occ) & ~Bitboard::square(ksq);
  for (Square c : capturers) {
    const Bitboard after = occ ^ Bitboard::square(c);
    const bool exposed = !(rook_attacks(ksq, after) & our_rooks).empty() ||
                         !(bishop_attacks(ksq, after) & our_bishops).empty() ||
                         !(lance_attacks(them, ksq, after) & our_lances).empty();
    if (!exposed) return false;
  }
  // 2. The king captures the pawn or steps away to an unattacked square.
  const Bitboard without_king = occ ^ Bitboard::square(ksq);
  const Bitboard steps = king_attacks(ksq) & ~pieces(them);
  return (steps & ~attacked_among(us, ksq, steps, without_king)).empty();
}

// The key updates of do_move() without the board (do_move keeps its own incremental updates:
// it is the hotter path; tests/core/test_position.cpp holds the two equal).
std::uint64_t Position::board_key_after(Move m) const {
  const Color us = side_;
  std::uint64_t key = state().board_key ^ zobrist::side(us) ^ zobrist::side(~us);
  const Square to = m.to();
  if (m.is_drop()) return key ^ zobrist::piece_square(make_piece(us, m.dropped_type()), to);
  const Square from = m.from();
  const Piece p = board_[index_of(from)];
  const Piece captured = board_[index_of(to)];
  if (captured != Piece::None) key ^= zobrist::piece_square(captured, to);
  const Piece moved = m.is_promotion() ? make_piece(us, promote(type_of(p))) : p;
  return key ^ zobrist::piece_square(p, from) ^ zobrist::piece_square(moved, to);
}

Hand Position::hand_after(Move m, Color c) const {
  Hand h = hands_[index_of(c)];
  if (c != side_) return h;  // only the mover's hand changes
  if (m.is_drop()) {
    h.remove(m.dropped_type());
  } else if (const Piece captured = board_[index_of(m.to())];
             captured != Piece::None && variant_ == Variant::Shogi) {
    h.add(unpromote(type_of(captured)));  // (in sho shogi a captured piece leaves the game)
  }
  return h;
}

void Position::do_move(Move m) {
  const Color us = side_;
  State st = state();
  st.captured = Piece::None;
  st.board_key ^= zobrist::side(us) ^ zobrist::side(~us);
  const Square to = m.to();
  if (m.is_drop()) {
    const PieceType pt = m.dropped_type();
    hands_[index_of(us)].remove(pt);
    st.hand_key -= zobrist::hand_piece(us, pt);
    const Piece p = make_piece(us, pt);
    put_piece(to, p);
    st.board_key ^= zobrist::piece_square(p, to);
  } else {
    const Square from = m.from();
    const Piece p = board_[index_of(from)];
    const Piece captured = board_[index_of(to)];
    if (captured != Piece::None) {
      remove_piece(to);
      st.board_key ^= zobrist::piece_square(captured, to);
      if (variant_ == Variant::Shogi) {  // in sho shogi the piece leaves the game
        const PieceType gained = unpromote(type_of(captured));
        hands_[index_of(us)].add(gained);
        st.hand_key += zobrist::hand_piece(us, gained);
      }
      st.captured = captured;
    }
    remove_piece(from);
    st.board_key ^= zobrist::piece_square(p, from);
    const Piece moved = m.is_promotion() ? make_piece(us, promote(type_of(p))) : p;
    put_piece(to, moved);
    st.board_key ^= zobrist::piece_square(moved, to);
  }
  side_ = ~us;
  if (variant_ == Variant::Sho) [[unlikely]]
    update_sho_royals();
  const bool incremental = st.opponent_safe && variant_ == Variant::Shogi;
  st.opponent_safe = true;  // the move is legal: the mover's king is not left attacked
  states_.push_back(st);
  state().checkers = incremental ? checkers_after(m) : compute_checkers();
}

void Position::undo_move(Move m) {
  const Color us = ~side_;
  const Square to = m.to();
  const Piece captured = state().captured;
  if (m.is_drop()) {
    remove_piece(to);
    hands_[index_of(us)].add(m.dropped_type());
  } else {
    const Square from = m.from();
    const Piece moved = board_[index_of(to)];
    remove_piece(to);
    put_piece(from, m.is_promotion() ? make_piece(us, unpromote(type_of(moved))) : moved);
    if (captured != Piece::None) {
      put_piece(to, captured);
      if (variant_ == Variant::Shogi) hands_[index_of(us)].remove(unpromote(type_of(captured)));
    }
  }
  side_ = us;
  if (variant_ == Variant::Sho) [[unlikely]]
    update_sho_royals();
  states_.pop_back();
}

void Position::do_null_move() {
  State st = state();
  st.captured = Piece::None;
  st.board_key ^= zobrist::side(side_) ^ zobrist::side(~side_);
  st.opponent_safe = st.checkers.empty();  // the side that passes is now the one not to move
  side_ = ~side_;
  states_.push_back(st);
  state().checkers = compute_checkers();
}

void Position::undo_null_move() {
  side_ = ~side_;
  states_.pop_back();
}

bool Position::is_repetition() const {
  const int n = static_cast<int>(states_.size());
  const State& now = states_[n - 1];
  for (int i = n - 3; i >= 0; i -= 2)
    if (states_[i].board_key == now.board_key && states_[i].hand_key == now.hand_key) return true;
  return false;
}

}  // namespace tsume
