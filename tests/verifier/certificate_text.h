// Helpers of the verifier's certificate tests: read a certificate from its text, edit the text
// (the mutations), and read the error a malformed text gives.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "verifier/certificate.h"

namespace tsume::verifier::test {

// The one certificate of `text` (a test failure when there is none or more than one).
inline Certificate read(const std::string& text) {
  std::istringstream in(text);
  CertificateReader reader(in, "test.cert");
  Certificate c;
  EXPECT_TRUE(reader.next(c));
  EXPECT_FALSE(reader.next(c));
  return c;
}

// `text` with the first `from` replaced by `to` (a test failure when `from` is not there).
inline std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The reader's error message for `text`, read as the file `file` ("" when it reads).
inline std::string read_error(const std::string& text, const std::string& file = "test.cert") {
  std::istringstream in(text);
  CertificateReader reader(in, file);
  Certificate c;
  try {
    reader.next(c);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace tsume::verifier::test
