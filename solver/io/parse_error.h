// Errors of the text readers, returned as values (DESIGN.md: exceptions only at the CLI).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tsume::io {

// Where an error was found and why. `file` may be empty (text given on the command line);
// `line` is 1-based, 0 when unknown.
struct ParseError {
  std::string file;
  int line = 0;
  std::string reason;

  // "file:line: reason", omitting the parts that are unknown.
  std::string message() const {
    std::string s;
    if (!file.empty()) s += file + ":";
    if (line > 0) s += std::to_string(line) + ":";
    if (!s.empty()) s += " ";
    return s + reason;
  }
};

// A value or the error that prevented it.
template <class T> class Expected {
public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(ParseError error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  const ParseError& error() const { return std::get<1>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }

private:
  std::variant<T, ParseError> v_;
};

}  // namespace tsume::io
