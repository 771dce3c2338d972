#include "solver/io/csa_writer.h"

#include "solver/io/move_check.h"
#include "solver/io/piece_names.h"
#include "solver/io/problem.h"

namespace tsume::io {

namespace {

char sign_of(Color c) { return c == Color::Black ? '+' : '-'; }

std::string csa_square(Square s) {
  return {static_cast<char>('1' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

}  // namespace

std::string to_csa_position(const Position& pos, bool defender_rest) {
  std::string out;
  for (int rank = 0; rank < kRankCount; ++rank) {
    out += 'P';
    out += static_cast<char>('1' + rank);
    for (int file = kFileCount - 1; file >= 0; --file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::None) {
        out += " * ";
        continue;
      }
      out += sign_of(color_of(p));
      out += csa_code(type_of(p));
    }
    out += '\n';
  }
  const Color defender = ~pos.side_to_move();
  for (Color c : {Color::Black, Color::White}) {
    if (defender_rest && c == defender) {
      out += std::string("P") + sign_of(c) + "00AL\n";
      continue;
    }
    const Hand hand = pos.hand(c);
    if (hand.empty()) continue;
    out += std::string("P") + sign_of(c);
    for (PieceType pt : kHandOrder)
      for (int i = 0; i < hand.count(pt); ++i) out += "00" + std::string(csa_code(pt));
    out += '\n';
  }
  out += sign_of(pos.side_to_move());
  out += '\n';
  return out;
}

std::string to_csa_move(const Position& pos, Move m) {
  std::string out(1, sign_of(pos.side_to_move()));
  if (m.is_drop()) {
    out += "00" + csa_square(m.to()) + std::string(csa_code(m.dropped_type()));
    return out;
  }
  const PieceType moved = type_of(pos.piece_on(m.from()));
  out += csa_square(m.from()) + csa_square(m.to());
  out += csa_code(m.is_promotion() ? promote(moved) : moved);
  return out;
}

Expected<std::string> to_csa_record(const Position& start, std::span<const Move> moves,
                                    const CsaRecordInfo& info) {
  std::string out = "V2.2\n";
  for (const auto& [key, value] : info.headers) {
    if (key == "N+" || key == "N-") {
      out += key + value + '\n';
    } else {
      out += '$' + key + ':' + value + '\n';
    }
  }
  if (!info.title.empty()) out += "$EVENT:" + info.title + '\n';
  for (const std::string& comment : info.comments) out += '\'' + comment + '\n';
  out += to_csa_position(start, defender_hand_is_rest(start));
  Position pos = start;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (std::string why = explain_illegal(pos, moves[i]); !why.empty())
      return ParseError{{}, 0, "move " + std::to_string(i + 1) + ": illegal: " + why};
    out += to_csa_move(pos, moves[i]) + '\n';
    pos.do_move(moves[i]);
  }
  if (!info.terminator.empty()) out += '%' + info.terminator + '\n';
  return out;
}

}  // namespace tsume::io
