#include "generator/dedup.h"

#include <algorithm>

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

DedupKeys dedup_keys(const BoardSetup& setup, const std::vector<Move>& pv) {
  return {position_key(setup), solution_key(pv)};
}

bool Deduplicator::insert(const DedupKeys& keys) {
  if (positions_.contains(keys.position) || solutions_.contains(keys.solution)) return false;
  positions_.insert(keys.position);
  solutions_.insert(keys.solution);
  return true;
}

}  // namespace tsume::gen
