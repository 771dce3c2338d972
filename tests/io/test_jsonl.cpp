// JSON Lines records as input (solver/io/jsonl.h): the top-level strings and numbers of one
// object, everything else skipped; malformed lines rejected with the byte where they go wrong.
#include <gtest/gtest.h>

#include "solver/io/jsonl.h"

namespace tsume::io {
namespace {

TEST(JsonMembers, ReadsStringsAndNumbersAndSkipsTheRest) {
  const auto m = read_json_members(
      R"({"id":"g5-7","sfen":"4k4/9 b G 1","length":3,"exact":true,"none":null,)"
      R"("flaws":[{"kind":"mirror","note":"a ] in a string"}],"themes":["drop_mate"],"x":{"y":[1,2]}})");
  ASSERT_TRUE(m) << m.error().message();
  EXPECT_EQ(m->size(), 3u);
  EXPECT_EQ(m->at("id"), "g5-7");
  EXPECT_EQ(m->at("sfen"), "4k4/9 b G 1");
  EXPECT_EQ(m->at("length"), "3");
}

TEST(JsonMembers, UnescapesStrings) {
  const auto m =
      read_json_members(R"({"a":"q\"b\\s\/t\tn\n","u":"\u6b69\u0041","pair":"\ud83d\ude00"} )");
  ASSERT_TRUE(m) << m.error().message();
  EXPECT_EQ(m->at("a"), "q\"b\\s/t\tn\n");
  EXPECT_EQ(m->at("u"), "歩A");
  EXPECT_EQ(m->at("pair"), "\xF0\x9F\x98\x80");  // U+1F600
}

TEST(JsonMembers, AnEmptyObjectHasNoMembers) {
  const auto m = read_json_members(" { } ");
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->empty());
}

TEST(JsonMembers, RejectsMalformedLinesNamingTheByte) {
  struct Case {
    const char* line;
    const char* says;
  };
  const Case cases[] = {
      {R"(["sfen"])", "byte 1: expected '{'"},
      {R"({"sfen":"4k4)", "unterminated or badly escaped string"},
      {R"({"sfen" "x"})", "expected ':' after \"sfen\""},
      {R"({sfen:"x"})", "expected a member name"},
      {R"({"a":"x" "b":"y"})", "expected ',' or '}'"},
      {R"({"a":"x"} trailing)", "text after the closing '}'"},
      {R"({"a":[1,2})", "unterminated array or object"},
      {R"({"a":"\q"})", "badly escaped"},
      {R"({"a":})", "expected a value for \"a\""},
  };
  for (const Case& c : cases) {
    const auto m = read_json_members(c.line);
    ASSERT_FALSE(m) << c.line;
    EXPECT_NE(m.error().reason.find("malformed JSON record at byte "), std::string::npos) << c.line;
    EXPECT_NE(m.error().reason.find(c.says), std::string::npos)
        << c.line << " -> " << m.error().reason;
  }
}

}  // namespace
}  // namespace tsume::io
