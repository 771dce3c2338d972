#include "generator/dedup.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <utility>

namespace tsume::gen {

namespace {

struct Transform {
  bool mirror = false;
  int shift = 0;  // subtracted from the (mirrored) file
  int file(int f) const { return (mirror ? kFileCount - 1 - f : f) - shift; }
};

int mirrored_min_file(const std::vector<int>& files, bool mirror) {
  int lo = kFileCount;
  for (int f : files) lo = std::min(lo, mirror ? kFileCount - 1 - f : f);
  return lo == kFileCount ? 0 : lo;
}

std::string position_text(const BoardSetup& setup, const Transform& t) {
  std::string text(kSquareCount + 1, '.');
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p == Piece::None) continue;
    const Square s = square_at(i);
    const int f = t.file(file_of(s));
    text[f * kRankCount + rank_of(s)] = static_cast<char>('A' + index_of(p));
  }
  text.back() = '|';
  for (int c = 0; c < kColorCount; ++c) text += std::to_string(setup.hands[c].raw()) + ",";
  return text;
}

std::string square_text(Square s, const Transform& t) {
  return {static_cast<char>('0' + t.file(file_of(s))), static_cast<char>('a' + rank_of(s))};
}

std::string line_text(const std::vector<Move>& pv, const Transform& t) {
  std::string text;
  for (const Move m : pv) {
    if (m.is_drop()) {
      text += static_cast<char>('0' + index_of(m.dropped_type()));
      text += '*';
    } else {
      text += square_text(m.from(), t);
    }
    text += square_text(m.to(), t);
    text += m.is_promotion() ? "+ " : " ";
  }
  return text;
}

}  // namespace

std::string position_key(const BoardSetup& setup) {
  std::vector<int> files;
  for (int i = 0; i < kSquareCount; ++i) {
    if (setup.board[i] != Piece::None) files.push_back(file_of(square_at(i)));
  }
  std::string key;
  for (const bool mirror : {false, true}) {
    std::string p = position_text(setup, Transform{mirror, mirrored_min_file(files, mirror)});
    if (!mirror || p < key) key = std::move(p);
  }
  return key;
}

std::string solution_key(const std::vector<Move>& pv) {
  std::vector<int> files;
  for (const Move m : pv) {
    files.push_back(file_of(m.to()));
    if (!m.is_drop()) files.push_back(file_of(m.from()));
  }
  std::string key;
  for (const bool mirror : {false, true}) {
    std::string s = line_text(pv, Transform{mirror, mirrored_min_file(files, mirror)});
    if (!mirror || s < key) key = std::move(s);
  }
  return key;
}

DedupKeys dedup_keys(const BoardSetup& setup, const std::vector<Move>& pv, const Position* start) {
  return {position_key(setup), solution_key(pv), start ? idea_key(*start, pv) : std::string()};
}

namespace {

// One orientation of the idea (mirror: files reflected), relative to the king on `king`:
// the picture at the mate, then each move of the tail as the kind that moved (or was dropped),
// its start (or '*') and its end, and '+' for a promotion.
std::string idea_text(const Position& end, const std::vector<std::pair<Move, Piece>>& tail,
                      Square king, bool mirror) {
  const int kf = file_of(king), kr = rank_of(king);
  const auto rel = [&](Square s) {
    const int df = (file_of(s) - kf) * (mirror ? -1 : 1);
    std::string t = std::to_string(df);
    t += ',';
    t += std::to_string(rank_of(s) - kr);
    return t;
  };
  std::string text;
  for (int dr = -2; dr <= 2; ++dr)
    for (int d = -2; d <= 2; ++d) {
      const int f = kf + (mirror ? -d : d), r = kr + dr;
      if (f < 0 || f >= kFileCount || r < 0 || r >= kRankCount) {
        text += '#';
        continue;
      }
      const Piece p = end.piece_on(make_square(f, r));
      text += p == Piece::None ? '.' : static_cast<char>('A' + index_of(p));
    }
  for (const auto& [m, moved] : tail) {
    text += ' ';
    text += static_cast<char>('A' + index_of(moved));
    if (m.is_drop())
      text += '*';
    else
      text += rel(m.from());
    text += '>';
    text += rel(m.to());
    if (m.is_promotion()) text += '+';
  }
  return text;
}

}  // namespace

std::string idea_key(const Position& start, const std::vector<Move>& pv, int plies) {
  Position pos = start;
  const Color attacker = start.side_to_move();
  const std::size_t first = pv.size() > static_cast<std::size_t>(std::max(plies, 0))
                                ? pv.size() - static_cast<std::size_t>(std::max(plies, 0))
                                : 0;
  std::vector<std::pair<Move, Piece>> tail;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const Move m = pv[i];
    if (i >= first)
      tail.emplace_back(m, m.is_drop() ? make_piece(pos.side_to_move(), m.dropped_type())
                                       : pos.piece_on(m.from()));
    pos.do_move(m);
  }
  const Square king = pos.king_square(~attacker);
  if (king == Square::None) return "no king";
  const std::string plain = idea_text(pos, tail, king, false);
  const std::string mirrored = idea_text(pos, tail, king, true);
  return std::min(plain, mirrored);
}

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ull;
  }
  return h;
}

std::string idea_id(const Position& start, const std::vector<Move>& pv, int plies) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(fnv1a(idea_key(start, pv, plies))));
  return text;
}

Deduplicator::Admission Deduplicator::admit(const DedupKeys& keys) {
  if (positions_.contains(keys.position) || solutions_.contains(keys.solution))
    return Admission::Duplicate;
  const bool counted = per_idea_ > 0 && !keys.idea.empty();
  if (counted && ideas_[keys.idea] >= per_idea_) return Admission::IdeaFull;
  positions_.insert(keys.position);
  solutions_.insert(keys.solution);
  if (counted) ++ideas_[keys.idea];
  return Admission::New;
}

}  // namespace tsume::gen
