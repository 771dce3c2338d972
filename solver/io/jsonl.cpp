#include "solver/io/jsonl.h"

#include <cstdint>

#include "solver/io/text.h"

namespace tsume::io {

namespace {

class Scanner {
public:
  explicit Scanner(std::string_view text) : text_(text) {}

  bool done() const { return at_ >= text_.size(); }
  char peek() const { return done() ? '\0' : text_[at_]; }
  void skip_blanks() {
    while (!done() && (peek() == ' ' || peek() == '\t' || peek() == '\r' || peek() == '\n')) ++at_;
  }
  bool take(char c) {
    skip_blanks();
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  std::size_t at() const { return at_; }

  // A string starting at '"', unescaped into `out` (\uXXXX as UTF-8, surrogate pairs joined).
  bool string(std::string& out) {
    if (!take('"')) return false;
    while (!done()) {
      const char c = text_[at_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (done()) return false;
      const char e = text_[at_++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        std::uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xD800 && cp < 0xDC00 && text_.substr(at_, 2) == "\\u") {
          at_ += 2;
          std::uint32_t low = 0;
          if (!hex4(low) || low < 0xDC00 || low >= 0xE000) return false;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        out += utf8_of(cp);
        break;
      }
      default:
        return false;
      }
    }
    return false;
  }

  // A number, true, false or null: the characters up to the next ',', '}' or ']'.
  std::string word() {
    skip_blanks();
    const std::size_t start = at_;
    while (!done() && peek() != ',' && peek() != '}' && peek() != ']' && peek() != ' ') ++at_;
    return std::string(text_.substr(start, at_ - start));
  }

  // Skips an array or object, strings inside included; false when its brackets do not close
  // in order.
  bool skip_nested() {
    std::string open;  // the closing brackets expected, innermost last
    while (!done()) {
      const char c = peek();
      if (c == '"') {
        std::string ignored;
        if (!string(ignored)) return false;
        continue;
      }
      ++at_;
      if (c == '[' || c == '{') open += c == '[' ? ']' : '}';
      if (c == ']' || c == '}') {
        if (open.empty() || open.back() != c) return false;
        open.pop_back();
        if (open.empty()) return true;
      }
    }
    return false;
  }

private:
  bool hex4(std::uint32_t& v) {
    if (at_ + 4 > text_.size()) return false;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[at_++];
      v <<= 4;
      if (h >= '0' && h <= '9') {
        v |= static_cast<std::uint32_t>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        v |= static_cast<std::uint32_t>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        v |= static_cast<std::uint32_t>(h - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

ParseError bad(const Scanner& s, std::string_view what) {
  return ParseError{{},
                    0,
                    "malformed JSON record at byte " + std::to_string(s.at() + 1) + ": " +
                        std::string(what)};
}

}  // namespace

Expected<std::map<std::string, std::string>> read_json_members(std::string_view line) {
  Scanner s(line);
  std::map<std::string, std::string> members;
  if (!s.take('{')) return bad(s, "expected '{'");
  if (s.take('}')) return members;
  do {
    std::string name;
    s.skip_blanks();
    if (!s.string(name)) return bad(s, "expected a member name in double quotes");
    if (!s.take(':')) return bad(s, "expected ':' after \"" + name + "\"");
    s.skip_blanks();
    if (s.peek() == '"') {
      std::string value;
      if (!s.string(value)) return bad(s, "unterminated or badly escaped string");
      members[name] = std::move(value);
    } else if (s.peek() == '[' || s.peek() == '{') {
      if (!s.skip_nested()) return bad(s, "unterminated array or object");
    } else {
      const std::string word = s.word();
      if (word.empty()) return bad(s, "expected a value for \"" + name + "\"");
      if (word != "null" && word != "true" && word != "false") members[name] = word;
    }
  } while (s.take(','));
  if (!s.take('}')) return bad(s, "expected ',' or '}'");
  s.skip_blanks();
  if (!s.done()) return bad(s, "text after the closing '}'");
  return members;
}

}  // namespace tsume::io
