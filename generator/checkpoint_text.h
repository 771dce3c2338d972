// The text of a generator checkpoint (the reverse method's, reverse.h; docs/generate.md
// "Resuming a reverse-method run"): a stream of tokens separated by blanks and newlines, written
// and read back in the same order by the code that owns the state. Numbers are decimal, strings
// are prefixed by their length (`5:g1-61`), positions are their occupied squares and hands, moves
// their 16-bit codes. The newlines only make the text readable; a reader names the line of a bad
// token. The owner of a checkpoint adds a checksum of the whole text (fnv1a below) so that a
// damaged file is refused before any of it is used.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "generator/generator.h"
#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::gen {

// A checkpoint that cannot be read: the message names the line and the reason.
struct CheckpointError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// FNV-1a of `text` (64 bits).
std::uint64_t fnv1a(std::string_view text);

class CheckpointWriter {
public:
  void word(std::string_view w);  // a fixed word (a section name; no blanks)
  void number(std::uint64_t v);
  void integer(std::int64_t v);
  void text(std::string_view s);
  void setup(const BoardSetup& s);
  void move(Move m) { number(m.raw()); }
  void moves(const std::vector<Move>& ms);
  // A problem of a chain: every field of Generated but `flaws` (the reverse method makes
  // compositions, which accept none); its position is written as its setup.
  void problem(const Generated& g);
  void end_line() { out_ += '\n'; }
  const std::string& str() const { return out_; }

private:
  void separate();
  std::string out_;
};

class CheckpointReader {
public:
  explicit CheckpointReader(std::string_view text) : text_(text) {}
  void expect(std::string_view w);  // the next token must be `w`
  std::uint64_t number(std::uint64_t max = UINT64_MAX);
  std::int64_t integer();
  std::string text();
  BoardSetup setup();
  Move move() { return Move::from_raw(static_cast<std::uint16_t>(number(UINT16_MAX))); }
  std::vector<Move> moves();
  Generated problem();  // its position validated (Position::set, any kings)
  bool at_end();        // nothing but blanks left
  [[noreturn]] void fail(const std::string& reason) const;

private:
  std::string_view token();
  void skip_blanks();
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
};

}  // namespace tsume::gen
