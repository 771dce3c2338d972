#include "generator/checkpoint_text.h"

#include <charconv>

#include "solver/core/position.h"

namespace tsume::gen {

void CheckpointWriter::separate() {
  if (!out_.empty() && out_.back() != '\n') out_ += ' ';
}

void CheckpointWriter::word(std::string_view w) {
  separate();
  out_ += w;
}

void CheckpointWriter::number(std::uint64_t v) {
  separate();
  out_ += std::to_string(v);
}

void CheckpointWriter::integer(std::int64_t v) {
  separate();
  out_ += std::to_string(v);
}

void CheckpointWriter::text(std::string_view s) {
  separate();
  out_ += std::to_string(s.size());
  out_ += ':';
  out_ += s;
}

void CheckpointWriter::setup(const BoardSetup& s) {
  int occupied = 0;
  for (const Piece p : s.board) occupied += p != Piece::None;
  number(static_cast<std::uint64_t>(occupied));
  for (int i = 0; i < kSquareCount; ++i) {
    if (s.board[i] == Piece::None) continue;
    number(static_cast<std::uint64_t>(i));
    number(static_cast<std::uint64_t>(s.board[i]));
  }
  for (const Hand h : s.hands) number(h.raw());
  number(static_cast<std::uint64_t>(s.side_to_move));
  integer(s.ply);
  number(static_cast<std::uint64_t>(s.variant));
}

void CheckpointReader::fail(const std::string& reason) const {
  throw CheckpointError("line " + std::to_string(line_) + ": " + reason);
}

void CheckpointReader::skip_blanks() {
  while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n')) {
    if (text_[at_] == '\n') ++line_;
    ++at_;
  }
}

std::string_view CheckpointReader::token() {
  skip_blanks();
  const std::size_t from = at_;
  while (at_ < text_.size() && text_[at_] != ' ' && text_[at_] != '\n') ++at_;
  if (from == at_) fail("the checkpoint ends early");
  return text_.substr(from, at_ - from);
}

bool CheckpointReader::at_end() {
  skip_blanks();
  return at_ == text_.size();
}

void CheckpointReader::expect(std::string_view w) {
  const std::string_view t = token();
  if (t != w) fail("expected '" + std::string(w) + "', found '" + std::string(t) + "'");
}

std::uint64_t CheckpointReader::number(std::uint64_t max) {
  const std::string_view t = token();
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size() || v > max)
    fail("expected a number up to " + std::to_string(max) + ", found '" + std::string(t) + "'");
  return v;
}

std::int64_t CheckpointReader::integer() {
  const std::string_view t = token();
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size())
    fail("expected an integer, found '" + std::string(t) + "'");
  return v;
}

void CheckpointReader::operator()(int& v) {
  const std::int64_t x = integer();
  if (x < INT32_MIN || x > INT32_MAX) fail("a number out of range: " + std::to_string(x));
  v = static_cast<int>(x);
}

std::string CheckpointReader::text() {
  skip_blanks();
  const std::size_t colon = text_.find(':', at_);
  std::size_t size = 0;
  const char* first = text_.data() + at_;
  const auto [end, ec] =
      std::from_chars(first, text_.data() + (colon == std::string_view::npos ? at_ : colon), size);
  if (colon == std::string_view::npos || ec != std::errc() || end != text_.data() + colon ||
      end == first || colon + 1 + size > text_.size())
    fail("expected a string (length:text)");
  std::string s(text_.substr(colon + 1, size));
  for (const char c : s) line_ += c == '\n';
  at_ = colon + 1 + size;
  return s;
}

BoardSetup CheckpointReader::setup() {
  BoardSetup s;
  const std::uint64_t occupied = number(kSquareCount);
  for (std::uint64_t k = 0; k < occupied; ++k) {
    const std::uint64_t i = number(kSquareCount - 1);
    s.board[i] = static_cast<Piece>(number(kPieceCount - 1));
  }
  for (Hand& h : s.hands) h = Hand(static_cast<std::uint32_t>(number(UINT32_MAX)));
  s.side_to_move = static_cast<Color>(number(kColorCount - 1));
  s.ply = static_cast<int>(integer());
  s.variant = static_cast<Variant>(number(static_cast<std::uint64_t>(Variant::Sho)));
  return s;
}

}  // namespace tsume::gen
