// The large-board games (chu and dai shogi) as a model of the mate search's rules concept
// (solver/search/rules.h, MateRules; and answer/answer_rules.h, AnswerRules), with the concept
// unchanged: the core's Square and Hand appear in it only for drops, futile interpositions and
// hand pieces, which these games never have, so the hand stays empty, drop_square is always
// Square::None and there are no comparison moves. Positions are copy-made (do_move keeps the
// previous position on a stack); keys are position_key (mate.h) of the board, the side to move and
// the Lion-capture square. A move carries its board's file count, so that its lishogi USI text
// can be written without the position.
//
// The df-pn of solver/search runs on this model (dfpn_large.h: BasicMateSearch<LargeRules>,
// instantiated in dfpn_large.cpp, apart from the 9x9 one); `tsume solve --rules chu|dai` uses
// it. The model is held against the bounded search of mate.h by tests/large/test_rules.cpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "solver/answer/answer_rules.h"
#include "solver/core/hand.h"
#include "solver/core/types.h"
#include "solver/large/checks.h"
#include "solver/large/mate.h"
#include "solver/search/rules.h"

namespace tsume::large {

struct LargeRules {
  struct Move {
    large::Move move;
    std::uint8_t files = 0;  // the board's width, for the move's text
    friend bool operator==(const Move& a, const Move& b) { return a.move == b.move; }
  };

  class MoveList {
  public:
    void push(Move m) { moves_.push_back(m); }
    std::size_t size() const { return moves_.size(); }
    bool empty() const { return moves_.empty(); }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    bool contains(Move m) const {
      return std::find(moves_.begin(), moves_.end(), m) != moves_.end();
    }
    auto begin() const { return moves_.begin(); }
    auto end() const { return moves_.end(); }
    auto begin() { return moves_.begin(); }
    auto end() { return moves_.end(); }
    void clear() { moves_.clear(); }

  private:
    std::vector<Move> moves_;
  };

  class Position {
  public:
    explicit Position(const large::Position& pos) : pos_(pos), key_(position_key(pos)) {}
    const large::Position& board() const { return pos_; }
    std::uint64_t key() const { return key_; }
    void play(const large::Move& m) { push(after(pos_, m)); }
    void pass() {
      large::Position next = pos_;
      next.set_side_to_move(opposite(pos_.side_to_move()));
      next.set_last_lion_capture(kNoSquare);
      push(next);
    }
    void back() {
      pos_ = history_.back().first;
      key_ = history_.back().second;
      history_.pop_back();
    }

  private:
    void push(const large::Position& next) {
      history_.emplace_back(pos_, key_);
      pos_ = next;
      key_ = position_key(pos_);
    }
    large::Position pos_;
    std::uint64_t key_;
    std::vector<std::pair<large::Position, std::uint64_t>> history_;
  };

  static Color color_of(Side s) { return s == Side::Black ? Color::Black : Color::White; }

  static std::uint64_t board_key(const Position& pos) { return pos.key(); }
  static std::uint64_t full_key(const Position& pos) { return pos.key(); }
  static Hand hand(const Position&, Color) { return Hand{}; }
  static Color side_to_move(const Position& pos) { return color_of(pos.board().side_to_move()); }
  static std::uint64_t board_key_after(const Position& pos, Move m) {
    return position_key(after(pos.board(), m.move));
  }
  static Hand hand_after(const Position&, Move, Color) { return Hand{}; }

  static void do_move(Position& pos, Move m) { pos.play(m.move); }
  static void undo_move(Position& pos, Move) { pos.back(); }
  static void do_null_move(Position& pos) { pos.pass(); }
  static void undo_null_move(Position& pos) { pos.back(); }
  static void generate_checks(const Position& pos, MoveList& moves) {
    for (const large::Move& m : memo_moves(pos, true)) moves.push(wrap(pos, m));
  }
  static void generate_evasions(const Position& pos, MoveList& moves) {
    for (const large::Move& m : memo_moves(pos, false)) moves.push(wrap(pos, m));
  }
  static bool in_check(const Position& pos) {
    return large::in_check(pos.board(), pos.board().side_to_move());
  }
  // Mated: in check with no legal move (a defender with two royals always has one).
  static bool is_mated(const Position&, const MoveList& evasions) { return evasions.empty(); }
  // Whether the side to move has a legal move, without generating them all: the df-pn values a
  // new child by this alone (children_impl.h), as generation is most of a node's cost here.
  static bool has_evasion(const Position& pos) { return large::has_legal_move(pos.board()); }
  // lishogi USI: "7g7f", "8h7g7f", "+" after a promotion.
  static std::string move_text(Move m) {
    const auto name = [&](Square s) {
      return std::to_string(m.files - square_x(s)) + static_cast<char>('a' + square_y(s));
    };
    std::string s = name(m.move.from);
    if (m.move.mid != kNoSquare) s += name(m.move.mid);
    s += name(m.move.to);
    if (m.move.promote) s += '+';
    return s;
  }
  static Move no_move() { return Move{}; }
  static bool is_drop(Move) { return false; }
  static tsume::Square drop_square(Move) { return tsume::Square::None; }

  // No drops, so no drop interposition and no comparison move.
  struct ComparisonMoves {
    const Move* begin() const { return nullptr; }
    const Move* end() const { return nullptr; }
    bool empty() const { return true; }
  };
  static ComparisonMoves comparison_moves(const Position&, Color, tsume::Square) { return {}; }

  // Hands are always empty.
  static Hand proof_hand_before_move(const Position&, Move, Hand) { return Hand{}; }
  static Hand proof_hand_at_defender(const Position&, Color, Hand) { return Hand{}; }
  static Hand disproof_hand_before_move(const Position&, Move, Hand) { return Hand{}; }
  static Hand disproof_hand_at_attacker(const Position&, Color, Hand) { return Hand{}; }
  static Hand disproof_hand_at_defender(const Position&, Color, Move, Hand) { return Hand{}; }

  // The tie-break order of mate.cpp's search: at attacker nodes captures, then promotions, then
  // landings nearer the defender's royal; at defender nodes royal moves, then captures.
  class MoveOrder {
  public:
    MoveOrder(const Position& pos, Color attacker)
        : pos_(pos.board()), or_node_(color_of(pos.board().side_to_move()) == attacker) {
      const GameTable& t = pos_.table();
      const Side defender = or_node_ ? opposite(pos_.side_to_move()) : pos_.side_to_move();
      for (int y = 0; y < t.ranks; ++y)
        for (int x = 0; x < t.files; ++x) {
          const Cell c = pos_.at(make_square(x, y));
          if (is_piece(c) && cell_side(c) == defender && t.kinds[cell_kind(c)].royal)
            royals_.push_back(make_square(x, y));
        }
    }
    int score(Move m) const {
      const large::Move& mv = m.move;
      const bool capture = (mv.to != mv.from && is_piece(pos_.at(mv.to))) ||
                           (mv.mid != kNoSquare && is_piece(pos_.at(mv.mid)));
      if (!or_node_) {
        const bool royal = pos_.table().kinds[cell_kind(pos_.at(mv.from))].royal;
        return (royal ? 2 : 0) + (capture ? 1 : 0);
      }
      int distance = 1 << 20;
      for (const Square r : royals_)
        distance = std::min(distance, std::max(std::abs(square_x(r) - square_x(mv.to)),
                                               std::abs(square_y(r) - square_y(mv.to))));
      return (capture ? 64 : 0) + (mv.promote ? 32 : 0) - distance;
    }

  private:
    const large::Position& pos_;
    bool or_node_;
    std::vector<Square> royals_;
  };

private:
  // A per-thread memo of the checks and evasions of recent positions, as the 9x9 rules keep
  // (move_cache.h), with lists of any length: the df-pn generates a node's moves each time it
  // enters the node, and generation (legal moves, each played and tested for check) is most of
  // a node's cost here. Direct-mapped on the position key, mixed with the kind of list, the
  // board width and the rule switches; like the transposition table, it trusts 64-bit keys.
  static constexpr std::size_t kMemoEntries = std::size_t{1} << 14;
  static const std::vector<large::Move>& memo_moves(const Position& pos, bool checks) {
    struct Entry {
      std::uint64_t key = 0;
      bool used = false;
      std::vector<large::Move> moves;
    };
    thread_local std::vector<Entry> memo(kMemoEntries);
    const large::Position& b = pos.board();
    const Rules& r = b.rules();
    const std::uint64_t rules =
        static_cast<std::uint64_t>(r.royal) | static_cast<std::uint64_t>(r.lion) << 4 |
        static_cast<std::uint64_t>(r.jump) << 8 | static_cast<std::uint64_t>(r.passive_burn) << 12 |
        static_cast<std::uint64_t>(r.fire_demon_vertical) << 13 |
        static_cast<std::uint64_t>(r.promotion) << 14 |
        static_cast<std::uint64_t>(b.table().files) << 16 |
        static_cast<std::uint64_t>(checks) << 24;
    const std::uint64_t key = pos.key() ^ (rules + 1) * 0x9E37'79B9'7F4A'7C15u;
    Entry& e = memo[(key >> 40) & (kMemoEntries - 1)];
    if (!e.used || e.key != key) {
      e.moves = checks ? large::generate_checks(b) : large::generate_evasions(b);
      e.key = key;
      e.used = true;
    }
    return e.moves;
  }

  static Move wrap(const Position& pos, const large::Move& m) {
    return Move{m, static_cast<std::uint8_t>(pos.board().table().files)};
  }
};

static_assert(MateRules<LargeRules>);
static_assert(AnswerRules<LargeRules>);

}  // namespace tsume::large
