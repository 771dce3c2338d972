#include "generator/candidate.h"

#include <algorithm>
#include <cstdlib>

#include "solver/core/position.h"

namespace tsume::gen {

namespace {

constexpr PieceType kAttackerBoard[] = {
    PieceType::Pawn,  PieceType::Lance,  PieceType::Knight,    PieceType::Silver,
    PieceType::Gold,  PieceType::Bishop, PieceType::Rook,      PieceType::ProPawn,
    PieceType::Horse, PieceType::Dragon, PieceType::ProSilver, PieceType::Silver,
    PieceType::Gold,  PieceType::Knight, PieceType::Pawn,      PieceType::Lance,
};
constexpr PieceType kDefenderBoard[] = {
    PieceType::Pawn,  PieceType::Pawn,   PieceType::Silver, PieceType::Gold, PieceType::Gold,
    PieceType::Lance, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Silver,
};
// Sho shogi: the attacker has no hand, so its board pieces also do what drops do in modern
// shogi; the drunk elephant (one a side) is drawn about one time in nine. The defender
// occasionally gets an elephant or a crown prince (a second royal: the attacker must take one of
// the two with check before the other can be mated, docs/sho.md).
constexpr PieceType kShoAttackerBoard[] = {
    PieceType::Pawn,     PieceType::Lance,    PieceType::Knight,    PieceType::Silver,
    PieceType::Gold,     PieceType::Bishop,   PieceType::Rook,      PieceType::ProPawn,
    PieceType::Horse,    PieceType::Dragon,   PieceType::ProSilver, PieceType::Silver,
    PieceType::Gold,     PieceType::Knight,   PieceType::Pawn,      PieceType::Lance,
    PieceType::Elephant, PieceType::Elephant,
};
constexpr PieceType kShoDefenderBoard[] = {
    PieceType::Pawn, PieceType::Pawn,   PieceType::Silver,   PieceType::Gold,
    PieceType::Gold, PieceType::Lance,  PieceType::Knight,   PieceType::Bishop,
    PieceType::Rook, PieceType::Silver, PieceType::Elephant, PieceType::Prince,
};
constexpr PieceType kHand[] = {
    PieceType::Gold, PieceType::Gold,   PieceType::Silver, PieceType::Silver, PieceType::Bishop,
    PieceType::Rook, PieceType::Knight, PieceType::Knight, PieceType::Lance,  PieceType::Pawn,
};

template <std::size_t N> PieceType pick(Rng& rng, const PieceType (&kinds)[N]) {
  return kinds[rng.below(static_cast<int>(N))];
}

bool is_sho(const BoardSetup& setup) { return setup.variant == Variant::Sho; }

// The kinds drawn for a new attacker or defender piece under the rules of `setup`.
PieceType pick_attacker(Rng& rng, const BoardSetup& setup) {
  return is_sho(setup) ? pick(rng, kShoAttackerBoard) : pick(rng, kAttackerBoard);
}
PieceType pick_defender(Rng& rng, const BoardSetup& setup) {
  return is_sho(setup) ? pick(rng, kShoDefenderBoard) : pick(rng, kDefenderBoard);
}

// Whether `c` has a drunk elephant or a crown prince on the board (sho shogi allows one).
bool has_elephant(const BoardSetup& setup, Color c) {
  return std::any_of(setup.board.begin(), setup.board.end(), [c](Piece p) {
    return p != Piece::None && color_of(p) == c && unpromote(type_of(p)) == PieceType::Elephant;
  });
}

bool is_slider(PieceType pt) {
  return pt == PieceType::Lance || pt == PieceType::Bishop || pt == PieceType::Rook ||
         pt == PieceType::Horse || pt == PieceType::Dragon;
}

// A random empty square within `radius` of `centre` (Chebyshev), or Square::None.
Square near_square(const BoardSetup& setup, Rng& rng, Square centre, int radius) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    const int f = file_of(centre) + rng.between(-radius, radius);
    const int r = rank_of(centre) + rng.between(-radius, radius);
    if (f < 0 || f >= kFileCount || r < 0 || r >= kRankCount) continue;
    const Square s = make_square(f, r);
    if (setup.at(s) == Piece::None) return s;
  }
  return Square::None;
}

Square king_of(const BoardSetup& setup) {
  for (int i = 0; i < kSquareCount; ++i) {
    if (setup.board[i] == make_piece(Color::White, PieceType::King)) return square_at(i);
  }
  return Square::None;
}

bool place(BoardSetup& setup, Rng& rng, Square king, Color c, PieceType pt, int radius) {
  // Tested before any draw, so modern shogi (no elephants) draws exactly as it always did.
  if (unpromote(pt) == PieceType::Elephant && has_elephant(setup, c)) return false;
  const Square s = near_square(setup, rng, king, is_slider(pt) ? radius + 2 : radius);
  if (s == Square::None || is_dead_square(c, pt, s)) return false;
  setup.at(s) = make_piece(c, pt);
  return true;
}

std::optional<BoardSetup> legal(BoardSetup setup) {
  refill_defender_hand(setup);  // nothing in sho shogi
  if (!Position::validate(setup).empty()) return std::nullopt;
  return setup;
}

// The squares holding a piece other than a king.
int pieces_on_board(const BoardSetup& setup, Square* out) {
  int n = 0;
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p != Piece::None && type_of(p) != PieceType::King) out[n++] = square_at(i);
  }
  return n;
}

}  // namespace

void refill_defender_hand(BoardSetup& setup) {
  setup.hand(Color::White) = Hand();
  give_rest_to(setup, Color::White);
}

int piece_count(const BoardSetup& setup) {
  Square squares[kSquareCount];
  return pieces_on_board(setup, squares) + setup.hand(Color::Black).total();
}

BoardSetup without_piece(const BoardSetup& setup, Square s) {
  BoardSetup out = setup;
  out.at(s) = Piece::None;
  refill_defender_hand(out);
  return out;
}

BoardSetup without_hand_piece(const BoardSetup& setup, PieceType pt) {
  BoardSetup out = setup;
  out.hand(Color::Black).remove(pt);
  refill_defender_hand(out);
  return out;
}

std::optional<BoardSetup> random_candidate(Rng& rng, const CandidateShape& shape) {
  BoardSetup setup;
  setup.side_to_move = Color::Black;
  setup.variant = shape.variant;
  // Kings of problems stand mostly on the top ranks.
  static constexpr int kKingRank[] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 3};
  const Square king = make_square(rng.below(kFileCount), kKingRank[rng.below(10)]);
  setup.at(king) = make_piece(Color::White, PieceType::King);
  const int attackers = rng.between(shape.min_attackers, shape.max_attackers);
  for (int i = 0; i < attackers; ++i) {
    place(setup, rng, king, Color::Black, pick_attacker(rng, setup), shape.radius);
  }
  const int defenders = rng.between(0, shape.max_defenders);
  for (int i = 0; i < defenders; ++i) {
    place(setup, rng, king, Color::White, pick_defender(rng, setup), shape.radius);
  }
  if (is_sho(setup)) return legal(setup);  // no hands
  const int hand = rng.between(shape.min_hand, shape.max_hand);
  for (int i = 0; i < hand; ++i) {
    const PieceType pt = pick(rng, kHand);
    if (setup.hand(Color::Black).count(pt) < Hand::max_count(pt)) setup.hand(Color::Black).add(pt);
  }
  return legal(setup);
}

std::optional<BoardSetup> mutate(const BoardSetup& setup, Rng& rng, const CandidateShape& shape,
                                 MutationBias bias) {
  BoardSetup out = setup;
  const Square king = king_of(setup);
  if (king == Square::None) return std::nullopt;
  Square squares[kSquareCount];
  const int n = pieces_on_board(setup, squares);
  static constexpr int kTighten[] = {0, 2, 2, 3, 3, 4};
  int kind = bias == MutationBias::Any ? rng.below(7) : kTighten[rng.below(6)];
  // Sho has no hands: the hand change adds an attacker piece instead or, after a cook (fewer
  // attacking resources), removes a piece.
  if (kind == 4 && is_sho(setup)) kind = bias == MutationBias::Any ? 1 : 3;
  switch (kind) {
  case 0:  // move a piece
    if (n > 0) {
      const Square from = squares[rng.below(n)];
      const Piece p = out.at(from);
      out.at(from) = Piece::None;
      if (!place(out, rng, king, color_of(p), type_of(p), shape.radius)) return std::nullopt;
    }
    break;
  case 1:  // add an attacker piece
    if (!place(out, rng, king, Color::Black, pick_attacker(rng, out), shape.radius))
      return std::nullopt;
    break;
  case 2:  // add a defender piece
    if (!place(out, rng, king, Color::White, pick_defender(rng, out), shape.radius))
      return std::nullopt;
    break;
  case 3:  // remove a piece
    if (n == 0) return std::nullopt;
    out.at(squares[rng.below(n)]) = Piece::None;
    break;
  case 4: {  // change the attacker's hand
    Hand& h = out.hand(Color::Black);
    const PieceType pt = pick(rng, kHand);
    if (h.has(pt) && (bias == MutationBias::Tighten || rng.percent(50))) {
      h.remove(pt);
    } else if (h.count(pt) < Hand::max_count(pt)) {
      h.add(pt);
    }
    break;
  }
  case 5: {  // promote or demote a piece
    if (n == 0) return std::nullopt;
    const Square s = squares[rng.below(n)];
    const PieceType pt = type_of(out.at(s));
    // The attacker gets no crown prince (candidate.h); its elephant may still promote in play.
    if (pt == PieceType::Elephant && color_of(out.at(s)) == Color::Black) return std::nullopt;
    if (is_promotable(pt) && pt != PieceType::Gold) {
      out.at(s) = make_piece(color_of(out.at(s)), promote(pt));
    } else if (is_promoted(pt)) {
      out.at(s) = make_piece(color_of(out.at(s)), unpromote(pt));
    } else {
      return std::nullopt;
    }
    break;
  }
  default: {  // step the king
    const int f = file_of(king) + rng.between(-1, 1);
    const int r = rank_of(king) + rng.between(-1, 1);
    if (f < 0 || f >= kFileCount || r < 0 || r >= kRankCount) return std::nullopt;
    const Square to = make_square(f, r);
    if (out.at(to) != Piece::None) return std::nullopt;
    out.at(to) = out.at(king);
    out.at(king) = Piece::None;
    break;
  }
  }
  if (out == setup) return std::nullopt;
  return legal(out);
}

}  // namespace tsume::gen
