// The rules of shogi for the certificate verifier (docs/certificate.md), written to be checked by
// reading rather than to be fast: a 9x9 mailbox of small integers, every piece's steps and rays
// walked square by square, every candidate move played on a copy and "is my king attacked?"
// asked afterwards, 打ち歩詰め decided by generating every reply. It shares no code with the
// solver (solver/core, solver/search): only the text formats (SFEN, USI moves) are common.
//
// SPEC.md section 2: moves of every piece, optional promotion in the last three ranks except the
// forced ones (P and L on the last rank, N on the last two), drops onto empty squares except dead
// squares and 二歩, no pawn drop that mates, no move that leaves the mover's king attacked. A
// side without a king on the board is never in check (a one-king tsume problem's attacker).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsume::verifier {

// Piece kinds. A board square holds 0 (empty), +kind (Black, sente) or -kind (White, gote).
enum Kind : int {
  kEmpty = 0,
  kPawn = 1,
  kLance = 2,
  kKnight = 3,
  kSilver = 4,
  kGold = 5,
  kBishop = 6,
  kRook = 7,
  kKing = 8,
  kProPawn = 9,
  kProLance = 10,
  kProKnight = 11,
  kProSilver = 12,
  kHorse = 13,
  kDragon = 14,
  // Sho shogi only (docs/sho.md): the drunk elephant and the crown prince it promotes to.
  kElephant = 15,
  kPrince = 16,
};
inline constexpr int kBlack = 0;
inline constexpr int kWhite = 1;

// A square is rank * 9 + (9 - file): rank 0 is "a" (一), file 9 is index 0 on its rank, the
// order in which an SFEN board lists the squares.
inline constexpr int square_of(int file, int rank) { return rank * 9 + (9 - file); }
inline constexpr int file_of(int sq) { return 9 - sq % 9; }
inline constexpr int rank_of(int sq) { return sq / 9; }

struct Position {
  std::array<std::int8_t, 81> board{};
  // hand[color][kind] for kind kPawn..kRook (index 0 unused).
  std::array<std::array<std::uint8_t, 8>, 2> hand{};
  int side = kBlack;  // the side to move
  // Sho shogi (docs/sho.md): no drops, a captured piece leaves the game, the drunk elephant
  // promotes to a crown prince, a second royal. A side's royals are its king and prince; a
  // move is illegal when it leaves the mover exactly one royal and that one attacked, and a
  // side is in check when one of its royals is attacked (the pseudo-royal rule).
  bool sho = false;
  bool operator==(const Position&) const = default;
};

struct Move {
  int from = -1;  // -1 for a drop
  int to = 0;
  int drop = kEmpty;  // the kind dropped (a drop)
  bool promote = false;
  bool is_drop() const { return from < 0; }
  bool operator==(const Move&) const = default;
};

// Parses an SFEN ("<board> <b|w> <hands> [<move number>]"); on failure empty, with the reason in
// `error`. With `sho`, a sho shogi position (E and +E on the board, no hands).
std::optional<Position> parse_sfen(std::string_view sfen, std::string& error, bool sho = false);
// Parses a USI move ("7g7f", "2b3c+", "G*5b"); empty when malformed. Says nothing of legality.
std::optional<Move> parse_move(std::string_view text);
std::string move_text(Move m);

int color_of(int piece);  // kBlack or kWhite; piece must not be empty
int kind_of(int piece);   // the kind, 1..16
// True when a piece of `by` attacks the square sq.
bool attacked(const Position& pos, int sq, int by);
// True when a royal of `color` (its king; in sho shogi also its prince) is attacked by a piece
// of the other side. A side without a royal on the board is never in check.
bool in_check(const Position& pos, int color);
// The squares of the pieces of the other side that attack the king of `color`.
std::vector<int> checkers(const Position& pos, int color);
// The position after `m` (assumed legal), the other side to move.
Position play(const Position& pos, Move m);
// Every legal move of the side to move: non-promotions included, 打ち歩詰め drops excluded.
std::vector<Move> legal_moves(const Position& pos);
bool is_legal(const Position& pos, Move m);
// The legal moves of the side to move that check the other side (legal_moves() filtered by
// in_check() of the position after each, with the check tested first).
std::vector<Move> legal_checks(const Position& pos);
// Whether `holds(m)` is true for every legal check m, in the order of legal_checks(); stops at
// the first one for which it is false.
bool every_legal_check(const Position& pos, const std::function<bool(Move)>& holds);
// Whether the side to move has a legal move that is no drop (`drops`: any legal move); stops at
// the first one found.
bool has_legal_move(const Position& pos, bool drops);
// Whether a piece of `kind` may promote, and whether it would be dead on `sq` unpromoted.
bool promotable(int kind);
bool dead_square(int color, int kind, int sq);
bool in_zone(int color, int sq);
// Why a root position is not a legal problem position (empty when it is): a dead piece or two
// unpromoted pawns of one side on a file, the side not to move in check, more than one king of
// a side, or more pieces of a kind than a set holds.
std::string position_problem(const Position& pos);
// A position in 56 bytes, to keep one for every node of a large certificate: unpack(pack(p))
// is p, so two packed forms are equal exactly when the positions are. Bytes 0-15 the hands
// (hand[colour][kind] as they are), byte 16 the side to move (bit 0) and the sho flag (bit 1),
// then from byte 17 a string of bits, least significant first: 81 bits, one a square, set
// where a piece stands, then 5 bits for each of those pieces in square order (its kind - 1,
// plus 16 for White). Room for 46 pieces on the board (a set has 40, sho shogi 42): pack()
// throws std::logic_error for a board it cannot hold.
using PackedPosition = std::array<std::uint8_t, 56>;
PackedPosition pack(const Position& pos);
Position unpack(const PackedPosition& packed);

}  // namespace tsume::verifier
