// The option vocabulary every subcommand shares, so that one spelling means one thing everywhere:
//
// - durations: seconds with an optional unit, `30`, `30s`, `500ms`, `10m`, `1.5h` (0: no limit);
// - counts (node budgets and the like): an integer with an optional suffix, `20000000`, `20M`,
//   `500k`, `1G`, `1.5M` (k = 1,000, M = 1,000,000, G = 1,000,000,000; no negative values);
// - --threads: 0 or absent means all hardware threads, in every command;
// - --hash: megabytes, 1..1048576, one default (kDefaultHashMb) in every command;
// - --shard I/N: the I-th of N parts of a batch, 0 <= I < N (record k of the inputs belongs to
//   part k mod N).
//
// Durations and counts are Boost.Program_options value types: a bad value is reported as
// "--nodes: expected a count such as 20000000 or 20M, got 'abc'" before the command runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/any.hpp>
#include <boost/program_options.hpp>

namespace tsume::cli {

namespace po = boost::program_options;

// Seconds, from text such as "30", "30s", "500ms", "10m", "1.5h". std::nullopt when the text is
// not a non-negative duration.
std::optional<double> parse_duration(std::string_view text);
// An integer from text such as "20000000", "20M", "500k", "1.5M". std::nullopt when the text is
// not a non-negative whole number or does not fit in 64 bits.
std::optional<std::uint64_t> parse_count(std::string_view text);

struct Duration {
  double seconds = 0;
};
struct Count {
  std::uint64_t value = 0;
};
// --shard I/N: part `index` of `count` (0 <= index < count); 0/1 is the whole batch.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
  bool contains(std::size_t k) const { return k % count == index; }
};
// "I/N" with 0 <= I < N (decimal digits only), or std::nullopt.
std::optional<Shard> parse_shard(std::string_view text);

// Boost.Program_options reads option values through these (found by argument-dependent lookup).
void validate(boost::any& v, const std::vector<std::string>& values, Duration*, int);
void validate(boost::any& v, const std::vector<std::string>& values, Count*, int);
void validate(boost::any& v, const std::vector<std::string>& values, Shard*, int);

// A --NAME DURATION option whose default is shown as `default_text` (e.g. "0").
po::typed_value<Duration>* duration_value(std::string_view default_text);
// A --NAME N option taking a count, default shown as `default_text` (e.g. "250k").
po::typed_value<Count>* count_value(std::string_view default_text);

// A --shard I/N option, default 0/1 (the whole batch).
po::typed_value<Shard>* shard_value();

double duration_option(const po::variables_map& vm, const char* name);
std::uint64_t count_option(const po::variables_map& vm, const char* name);
Shard shard_option(const po::variables_map& vm, const char* name);
// The index in `values` of a string option's value; throws UsageError ("--NAME must be 'a',
// 'b' or 'c', not 'x'") for any other value.
std::size_t choice_option(const po::variables_map& vm, const char* name,
                          std::initializer_list<const char*> values);

// All hardware threads (at least 1, at most 256): what --threads 0 and the USI option's default
// mean.
int default_threads();
// --threads N: 0 (the default) uses all hardware threads; `help` says what the threads do.
void add_threads_option(po::options_description& options, std::string_view help);
// The thread count to use, 1..1024 (0 resolved to the hardware's count).
int threads_option(const po::variables_map& vm);

// --hash MB, the same default in every command.
inline constexpr std::size_t kDefaultHashMb = 128;
void add_hash_option(po::options_description& options, std::string_view help);
// The value of --hash, checked to be 1..1048576; throws UsageError otherwise.
std::size_t hash_megabytes_option(const po::variables_map& vm);

// --certificate-memory MB: the memory that writing a problem's certificates may take besides
// the table; `shared` says how problems solved at once share it.
void add_certificate_memory_option(po::options_description& options, std::string_view shared);
// Its value in bytes, checked to be 1..1048576 MB (default: as much as --hash, `hash_mb`).
std::uint64_t certificate_memory_option(const po::variables_map& vm, std::size_t hash_mb);

}  // namespace tsume::cli
