// KeyMap (solver/answer/key_map.h) against std::unordered_map: the same answers after every
// operation of a random sequence of insertions, lookups and erasures, with keys crowded into few
// home slots (long probe runs, erasures inside them) and spread over all 64 bits.
#include "solver/answer/key_map.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

namespace tsume {
namespace {

void check_against_reference(const std::vector<std::uint64_t>& pool, std::uint32_t seed) {
  KeyMap<std::uint32_t> map;
  std::unordered_map<std::uint64_t, std::uint32_t> reference;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  std::uniform_int_distribution<int> op(0, 9);
  for (std::uint32_t step = 0; step < 20000; ++step) {
    const std::uint64_t key = pool[pick(rng)];
    const int o = op(rng);
    if (o < 5) {
      const auto [value, added] = map.emplace(key, step);
      const auto [it, ref_added] = reference.emplace(key, step);
      ASSERT_EQ(added, ref_added) << "step " << step;
      ASSERT_EQ(*value, it->second) << "step " << step;
    } else if (o < 7) {
      map.erase(key);
      reference.erase(key);
    } else {
      const std::uint32_t* found = map.find(key);
      const auto it = reference.find(key);
      ASSERT_EQ(found != nullptr, it != reference.end()) << "step " << step;
      if (found) {
        ASSERT_EQ(*found, it->second) << "step " << step;
      }
    }
    ASSERT_EQ(map.size(), reference.size()) << "step " << step;
  }
  for (const std::uint64_t key : pool) {
    const std::uint32_t* found = map.find(key);
    const auto it = reference.find(key);
    ASSERT_EQ(found != nullptr, it != reference.end());
    if (found) {
      EXPECT_EQ(*found, it->second);
    }
  }
}

TEST(KeyMap, AgreesWithUnorderedMapOnSpreadKeys) {
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> pool(3000);
  for (std::uint64_t& k : pool) k = rng();
  pool[0] = 0;  // the zero key is a key like any other
  check_against_reference(pool, 1);
}

TEST(KeyMap, AgreesWithUnorderedMapOnCrowdedKeys) {
  // Keys that differ only in their low bits: the multiplicative hash still sends them to
  // neighbouring home slots in groups, so runs form and erasures happen inside them.
  std::vector<std::uint64_t> pool;
  for (std::uint64_t i = 0; i < 500; ++i) pool.push_back(i);
  for (std::uint64_t i = 0; i < 500; ++i) pool.push_back(i << 58);
  check_against_reference(pool, 2);
}

}  // namespace
}  // namespace tsume
