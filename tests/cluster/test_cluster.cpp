#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cluster/in_order.h"
#include "cluster/mpi.h"
#include "cluster/wire.h"

namespace tsume::cluster {
namespace {

using Emitted = std::vector<std::pair<std::size_t, std::string>>;

TEST(InOrder, HoldsResultsUntilTheEarlierOnesAreIn) {
  InOrder<std::string> in_order;
  Emitted out;
  const auto emit = [&](std::size_t i, const std::string& r) { out.emplace_back(i, r); };
  in_order.put(2, "c", emit);
  in_order.put(1, "b", emit);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(in_order.held(), 2u);
  in_order.put(0, "a", emit);
  EXPECT_EQ(out, (Emitted{{0, "a"}, {1, "b"}, {2, "c"}}));
  in_order.put(4, "e", emit);
  EXPECT_EQ(out.size(), 3u);
  EXPECT_EQ(in_order.next(), 3u);
  in_order.put(3, "d", emit);
  EXPECT_EQ(out, (Emitted{{0, "a"}, {1, "b"}, {2, "c"}, {3, "d"}, {4, "e"}}));
  EXPECT_EQ(in_order.held(), 0u);
}

TEST(InOrder, IgnoresRepeatsAndResultsAlreadyPassedOn) {
  InOrder<std::string> in_order;
  Emitted out;
  const auto emit = [&](std::size_t i, const std::string& r) { out.emplace_back(i, r); };
  in_order.put(0, "a", emit);
  in_order.put(0, "again", emit);
  in_order.put(2, "c", emit);
  in_order.put(2, "c twice", emit);
  in_order.put(1, "b", emit);
  EXPECT_EQ(out, (Emitted{{0, "a"}, {1, "b"}, {2, "c"}}));
}

TEST(InOrder, AGapStopsEverythingAfterIt) {
  // An interrupted chunk leaves a gap: nothing after it is passed on.
  InOrder<int> in_order;
  std::vector<std::size_t> out;
  const auto emit = [&](std::size_t i, int) { out.push_back(i); };
  for (std::size_t i : {0u, 1u, 3u, 4u, 5u}) in_order.put(i, 0, emit);
  EXPECT_EQ(out, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(in_order.next(), 2u);
  EXPECT_EQ(in_order.held(), 3u);
}

TEST(Wire, ReadsBackWhatWasWritten) {
  const std::string binary("a\0b\n\xff", 5);
  WireWriter w;
  w.u64(0).u64(~std::uint64_t{0}).f64(0.125).str("").str(binary).str("表題：詰将棋");
  WireReader r(w.bytes());
  EXPECT_EQ(r.u64(), 0u);
  EXPECT_EQ(r.u64(), ~std::uint64_t{0});
  EXPECT_EQ(r.f64(), 0.125);
  EXPECT_EQ(r.str(), "");
  EXPECT_EQ(r.str(), binary);
  EXPECT_EQ(r.str(), "表題：詰将棋");
  EXPECT_TRUE(r.done());
}

TEST(Wire, ACutMessageIsAnError) {
  WireWriter w;
  w.str("twelve bytes");
  const std::string bytes = w.bytes();
  WireReader cut(std::string_view(bytes).substr(0, bytes.size() - 1));
  EXPECT_THROW(cut.str(), std::runtime_error);
  WireReader short_number(std::string_view(bytes).substr(0, 3));
  EXPECT_THROW(short_number.u64(), std::runtime_error);
}

// Sets environment variables for the life of the object, restoring what was there.
class Env {
public:
  Env() {
    for (const char* name : kNames) {
      const char* v = std::getenv(name);
      saved_.emplace_back(name, v == nullptr ? std::nullopt : std::optional<std::string>(v));
      ::unsetenv(name);
    }
  }
  ~Env() {
    for (const auto& [name, value] : saved_) {
      if (value) {
        ::setenv(name, value->c_str(), 1);
      } else {
        ::unsetenv(name);
      }
    }
  }
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;
  static constexpr const char* kNames[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"};

private:
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

TEST(Launcher, ReadFromTheEnvironment) {
  const Env env;
  EXPECT_EQ(launched_world_size(), 0);
  ::setenv("PMIX_RANK", "0", 1);
  EXPECT_EQ(launched_world_size(), -1);
  ::setenv("PMI_SIZE", "4", 1);
  EXPECT_EQ(launched_world_size(), 4);
  ::setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
  EXPECT_EQ(launched_world_size(), 3);
  ::setenv("OMPI_COMM_WORLD_SIZE", "three", 1);
  EXPECT_EQ(launched_world_size(), -1);
}

TEST(Launcher, ASingleProcessJoinsNoWorld) {
  const Env env;
  EXPECT_EQ(World::join(), nullptr);
  ::setenv("OMPI_COMM_WORLD_SIZE", "1", 1);
  EXPECT_EQ(World::join(), nullptr);
}

TEST(Launcher, WithoutMpiSeveralProcessesAreRefused) {
  if (mpi_built()) GTEST_SKIP() << "built with MPI";
  const Env env;
  ::setenv("OMPI_COMM_WORLD_SIZE", "3", 1);
  EXPECT_THROW(World::join(), std::runtime_error);
}

}  // namespace
}  // namespace tsume::cluster
