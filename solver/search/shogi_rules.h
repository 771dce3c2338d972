// The rules of 9x9 shogi as the mate search sees them (the MateRules model of rules.h), over
// the bitboard core of solver/core. Everything is inline: the search compiles to the same
// calls as on Position directly (move generation through a per-thread memo, move_cache.h).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/core/board_setup.h"
#include "solver/core/checkgen.h"
#include "solver/core/move.h"
#include "solver/core/movegen.h"
#include "solver/core/position.h"
#include "solver/search/move_cache.h"
#include "solver/search/proof_hand.h"
#include "solver/search/rules.h"

namespace tsume {

struct ShogiRules {
  using Position = tsume::Position;
  using Move = tsume::Move;
  using MoveList = tsume::MoveList;

  static std::uint64_t board_key(const Position& pos) { return pos.board_key(); }
  static std::uint64_t full_key(const Position& pos) { return pos.key(); }
  static Hand hand(const Position& pos, Color side) { return pos.hand(side); }
  static Color side_to_move(const Position& pos) { return pos.side_to_move(); }
  static std::uint64_t board_key_after(const Position& pos, Move m) {
    return pos.board_key_after(m);
  }
  static Hand hand_after(const Position& pos, Move m, Color side) {
    return pos.hand_after(m, side);
  }

  static void do_move(Position& pos, Move m) { pos.do_move(m); }
  static void undo_move(Position& pos, Move m) { pos.undo_move(m); }
  static void do_null_move(Position& pos) { pos.do_null_move(); }
  static void undo_null_move(Position& pos) { pos.undo_null_move(); }
  // Every legal check, non-promotions included (checkgen.h); every legal evasion (movegen.h).
  // Both through this thread's memo of recent lists (move_cache.h): the search asks for one
  // position's lists many times.
  static void generate_checks(const Position& pos, MoveList& moves) {
    generate_memoized(pos, true, moves);
  }
  static void generate_evasions(const Position& pos, MoveList& moves) {
    generate_memoized(pos, false, moves);
  }
  static bool in_check(const Position& pos) { return pos.in_check(); }
  // Mated: in check with no legal evasion. A pawn-drop mate (打ち歩詰め) never gets here: the
  // check generator leaves the illegal drop out.
  static bool is_mated(const Position&, const MoveList& evasions) { return evasions.empty(); }
  // What the legal evasions of the defender to move, in check, are made of, for the leaf
  // search's mate-in-one tests (leaf_search.h), which ask it once per position: a king step to
  // an unattacked square first (most checks are answered by one), else the whole list,
  // generated without the memo.
  static EvasionKind evasion_kind(const Position& pos) {
    if (king_can_step(pos)) return EvasionKind::BoardMove;
    MoveList evasions;
    tsume::generate_evasions(pos, evasions);
    if (evasions.empty()) return EvasionKind::None;
    for (const Move e : evasions)
      if (!e.is_drop()) return EvasionKind::BoardMove;
    return EvasionKind::DropsOnly;
  }
  // The first of the evasions when it is a king step, else Move::none() (movegen.h): the leaf
  // search tries it before it generates the rest.
  static Move first_king_step(const Position& pos) { return tsume::first_king_step(pos); }
  // The defender king's flights with the attacker to move, and whether the attacker's check `m`
  // leaves it one (movegen.h): the leaf search's quick answer for most checks (not a mate), ahead
  // of playing them.
  static Bitboard king_flights(const Position& pos, Color attacker) {
    return tsume::king_flights(pos, ~attacker);
  }
  static bool keeps_a_flight(const Position& pos, Bitboard flights, Move m) {
    return tsume::keeps_a_flight(pos, flights, m);
  }
  // USI move text: "7g7f", "2b3c+", "G*5b".
  static std::string move_text(Move m);

  // The move that is none (a search that found no move; never generated).
  static Move no_move() { return Move::none(); }
  static bool is_drop(Move m) { return m.is_drop(); }
  // The square a drop lands on; Square::None for a board move.
  static Square drop_square(Move m) { return m.is_drop() ? m.to() : Square::None; }

  // Mirror geometry and move shapes, for the exemptions from a cook (answer/exemptions.h,
  // answer/check_rules.h).
  // The square reflected left-right (file 1 <-> file 9, rank kept); the move likewise.
  static constexpr Square mirror(Square s) {
    return make_square(kFileCount - 1 - file_of(s), rank_of(s));
  }
  static Move mirror(Move m) {
    if (m.is_drop()) return Move::drop(m.dropped_type(), mirror(m.to()));
    return Move::board(mirror(m.from()), mirror(m.to()), m.is_promotion());
  }
  // True when the board is its own left-right mirror image (hands need no reflection).
  static bool is_mirror_symmetric(const Position& pos);
  // The same board move, not promoting; a drop as it is.
  static Move without_promotion(Move m) {
    return m.is_drop() ? m : Move::board(m.from(), m.to(), false);
  }
  // The hand kind a drop puts down (compared only between drops).
  static int dropped_kind(Move m) { return index_of(m.dropped_type()); }
  // Whether s and t lie on one ray from the king of the side not to move, the nearer strictly
  // between the king and the farther (false without that king).
  static bool on_one_ray_from_king(const Position& pos, Square s, Square t);

  // For the checker (answer/check.h, answer/check_rules.h): legality of a given move, and the
  // unnecessary-piece test's removals.
  using Piece = tsume::Piece;
  static Piece no_piece() { return Piece::None; }
  static bool is_legal(const Position& pos, Move m) { return pos.is_legal(m); }
  // One piece taken off a problem: a board piece (on `square`) or an attacker's hand piece
  // (Square::None, `piece` unpromoted in the attacker's colour), with the setup without it.
  struct Removal {
    Square square;
    Piece piece;
    BoardSetup setup;
  };
  // Every piece of `root` (attacker to move) that the test takes off: the board pieces but the
  // kings (only with `board_pieces`), to the defender's hand where the variant has drops (in
  // sho shogi they simply leave the board; SPEC.md section 4), then one of each kind in the
  // attacker's hand, to the defender's.
  static std::vector<Removal> removals(const Position& root, bool board_pieces);
  // Sets `pos` to the problem without the piece; empty, or why that position is illegal.
  static std::string without(const Removal& r, Position& pos) { return pos.set(r.setup); }

  // The moves from a drop interposition's position (defender to move, `pos`) to its comparison
  // positions (futility.h): the single checker moved to s, plain unless that would leave it
  // without a move (a dead square), and promoted where it may promote (the better of the two
  // counts). Empty when the defender is not checked by exactly one piece with s strictly
  // between it and the king. Played after a null move; one that no longer checks (a lance
  // promoted short of the king) is skipped by the caller.
  class ComparisonMoves {
  public:
    ComparisonMoves(const Position& pos, Color attacker, Square s);
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool empty() const { return size_ == 0; }

  private:
    std::array<Move, 2> moves_{};
    std::size_t size_ = 0;
  };
  static ComparisonMoves comparison_moves(const Position& pos, Color attacker, Square s) {
    return ComparisonMoves(pos, attacker, s);
  }

  // Proof and disproof pieces (証明駒・反証駒), proof_hand.h.
  static Hand proof_hand_before_move(const Position& pos, Move m, Hand child) {
    return tsume::proof_hand_before_move(pos, m, child);
  }
  static Hand proof_hand_at_defender(const Position& pos, Color attacker, Hand merged) {
    return tsume::proof_hand_at_defender(pos, attacker, merged);
  }
  static Hand disproof_hand_before_move(const Position& pos, Move m, Hand child) {
    return tsume::disproof_hand_before_move(pos, m, child);
  }
  static Hand disproof_hand_at_attacker(const Position& pos, Color attacker, Hand merged) {
    return tsume::disproof_hand_at_attacker(pos, attacker, merged);
  }
  static Hand disproof_hand_at_defender(const Position& pos, Color attacker, Move m, Hand child) {
    return tsume::disproof_hand_at_defender(pos, attacker, m, child);
  }

  // The tie-break score of a node's moves, higher first (move ordering, idea 5 of the df-pn+
  // enhancements): at attacker nodes captures, then promotions, then checks nearer the king;
  // at defender nodes king moves, then captures, then moved interpositions, then drops.
  class MoveOrder {
  public:
    MoveOrder(const Position& pos, Color attacker)
        : pos_(pos), or_node_(pos.side_to_move() == attacker),
          king_(pos.king_square(or_node_ ? ~attacker : pos.side_to_move())) {}
    int score(Move m) const {
      int sc = 0;
      if (or_node_) {
        if (!m.is_drop() && pos_.piece_on(m.to()) != Piece::None) sc += 4;
        if (m.is_promotion()) sc += 2;
        sc -= 2 * distance_to_king(m.to());
      } else {
        if (!m.is_drop() && m.from() == king_)
          sc += 8;
        else if (!m.is_drop() && pos_.piece_on(m.to()) != Piece::None)
          sc += 6;
        else if (!m.is_drop())
          sc += 3;
      }
      return sc;
    }

  private:
    int distance_to_king(Square s) const {
      const int df = file_of(s) - file_of(king_), dr = rank_of(s) - rank_of(king_);
      return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
    }
    const Position& pos_;
    bool or_node_;
    Square king_;  // the defender's king
  };

private:
  // The lists are keyed by the full key, the kind of list and the game (shogi and sho share
  // piece keys).
  static void generate_memoized(const Position& pos, bool checks, MoveList& moves) {
    const std::uint64_t key = pos.key() ^ (checks ? 0 : 0x9E37'79B9'7F4A'7C15u) ^
                              0xC2B2'AE3D'27D4'EB4Fu * static_cast<std::uint64_t>(pos.variant());
    auto& memo = MoveListCache<Move, MoveList>::of_this_thread();
    if (memo.find(key, moves)) return;
    if (checks)
      tsume::generate_checks(pos, moves);
    else
      tsume::generate_evasions(pos, moves);
    memo.remember(key, moves);
  }
};

static_assert(MateRules<ShogiRules>);

}  // namespace tsume
