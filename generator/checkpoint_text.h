// The text of a generator checkpoint (the reverse method's, reverse.h; docs/generate.md
// "Resuming a reverse-method run"): a stream of tokens separated by blanks and newlines, written
// and read back in the same order by the code that owns the state. The owner lists each
// structure's fields once, as calls io(field) (io.tag(word) for a section, io.end_line() where
// the text breaks its line), in a template that a CheckpointWriter runs to write them and a
// CheckpointReader to read them back; the two give io() the same meaning for numbers, strings,
// positions, moves, problems and the standard containers of them (optional, vector, set, map,
// tuple). Numbers are decimal, strings are prefixed by their length (`5:g1-61`), positions are
// their occupied squares and hands, moves their 16-bit codes. The newlines only make the text
// readable; a reader names the line of a bad token. The owner of a checkpoint adds a checksum of
// the whole text (fnv1a, dedup.h) so that a damaged file is refused before any of it is used.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "generator/generator.h"
#include "solver/core/board_setup.h"
#include "solver/core/move.h"

namespace tsume::gen {

// A checkpoint that cannot be read: the message names the line and the reason.
struct CheckpointError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A problem of a chain (G: Generated, const when written): every field but `flaws` (the reverse
// method makes compositions, which accept none); its position as its setup, validated when read
// (Position::set, any kings). Defined below the writer and the reader.
template <typename IO, typename G> void problem_fields(IO& io, G& g);

class CheckpointWriter {
public:
  void word(std::string_view w);  // a fixed word (a section name; no blanks)
  void number(std::uint64_t v);
  void integer(std::int64_t v);
  void text(std::string_view s);
  void setup(const BoardSetup& s);
  void move(Move m) { number(m.raw()); }
  void end_line() { out_ += '\n'; }
  const std::string& str() const { return out_; }

  // The two-direction interface (see above).
  static constexpr bool kWriting = true;
  void tag(std::string_view w) { word(w); }
  void operator()(bool v) { number(v); }
  void operator()(char v) { number(static_cast<unsigned char>(v)); }
  void operator()(int v) { integer(v); }
  void operator()(std::uint16_t v) { number(v); }
  void operator()(std::uint64_t v) { number(v); }
  void operator()(const std::string& s) { text(s); }
  void operator()(const BoardSetup& s) { setup(s); }
  void operator()(Move m) { move(m); }
  void operator()(const Generated& g) { problem_fields(*this, g); }
  template <typename T> void operator()(const std::optional<T>& v) {
    (*this)(v.has_value());
    if (v) (*this)(*v);
  }
  template <typename T> void operator()(const std::vector<T>& v) {
    number(v.size());
    for (const T& x : v) (*this)(x);
  }
  template <typename T> void operator()(const std::set<T>& v) {
    number(v.size());
    for (const T& x : v) (*this)(x);
  }
  template <typename K, typename V> void operator()(const std::map<K, V>& m) {
    number(m.size());
    for (const auto& [k, v] : m) {
      (*this)(k);
      (*this)(v);
    }
  }
  template <typename... T> void operator()(const std::tuple<T...>& t) {
    std::apply([&](const T&... x) { ((*this)(x), ...); }, t);
  }

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
  bool at_end();  // nothing but blanks left
  [[noreturn]] void fail(const std::string& reason) const;

  // The two-direction interface (see above): each reads into its argument.
  static constexpr bool kWriting = false;
  static constexpr std::uint64_t kMaxItems = 1u << 24;  // in one container
  void tag(std::string_view w) { expect(w); }
  void end_line() {}  // newlines are blanks to the reader
  void operator()(bool& v) { v = number(1) != 0; }
  void operator()(char& v) { v = static_cast<char>(number(UINT8_MAX)); }
  void operator()(int& v);
  void operator()(std::uint16_t& v) { v = static_cast<std::uint16_t>(number(UINT16_MAX)); }
  void operator()(std::uint64_t& v) { v = number(); }
  void operator()(std::string& s) { s = text(); }
  void operator()(BoardSetup& s) { s = setup(); }
  void operator()(Move& m) { m = move(); }
  void operator()(Generated& g) { problem_fields(*this, g); }
  template <typename T> void operator()(std::optional<T>& v) {
    bool has = false;
    (*this)(has);
    v.reset();
    if (has) (*this)(v.emplace());
  }
  template <typename T> void operator()(std::vector<T>& v) {
    v.resize(number(kMaxItems));
    for (T& x : v) (*this)(x);
  }
  template <typename T> void operator()(std::set<T>& v) {
    v.clear();
    for (std::uint64_t k = number(kMaxItems); k > 0; --k) {
      T x{};
      (*this)(x);
      v.insert(std::move(x));
    }
  }
  template <typename K, typename V> void operator()(std::map<K, V>& m) {
    m.clear();
    for (std::uint64_t k = number(kMaxItems); k > 0; --k) {
      K key{};
      (*this)(key);
      (*this)(m[key]);
    }
  }
  template <typename... T> void operator()(std::tuple<T...>& t) {
    std::apply([&](T&... x) { ((*this)(x), ...); }, t);
  }

private:
  std::string_view token();
  void skip_blanks();
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
};

template <typename IO, typename G> void problem_fields(IO& io, G& g) {
  io.tag("problem");
  io(g.candidate);
  io(g.id);
  io(g.setup);
  BoardSetup at = g.position.setup();
  io(at);
  if constexpr (!IO::kWriting) {
    if (const std::string error = g.position.set(at, KingRule::Any); !error.empty())
      io.fail("a problem's position: " + error);
  }
  io(g.length);
  int verdict = static_cast<int>(g.verdict);
  io(verdict);
  if constexpr (!IO::kWriting) {
    if (verdict < 0 || verdict > static_cast<int>(Verdict::Sound)) io.fail("not a verdict");
    g.verdict = static_cast<Verdict>(verdict);
  }
  io(g.pv);
  io(g.themes);
  io(g.difficulty);
  io(g.solve_nodes);
  io(g.check_nodes);
  io(g.pieces);
}

}  // namespace tsume::gen
