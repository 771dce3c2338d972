#include "cli/option_values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <thread>

#include "cli/command.h"

namespace tsume::cli {

namespace {

// A non-negative decimal number ("20", "1.5", ".5"), or std::nullopt.
std::optional<double> parse_number(std::string_view text) {
  if (text.empty() || text.front() == '-' || text.front() == '+') return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || v < 0)
    return std::nullopt;
  return v;
}

// A bad value, reported with the option's name filled in by Boost.Program_options:
// "--nodes: expected a count such as 20000000 or 20M, got 'abc'".
class BadValue : public po::validation_error {
public:
  BadValue(std::string_view expected, std::string_view value)
      : po::validation_error(po::validation_error::invalid_option_value) {
    std::string shown(value.substr(0, 40));
    if (value.size() > 40) shown += "...";
    std::replace(shown.begin(), shown.end(), '%', '?');  // '%' would start a placeholder
    m_error_template =
        "%canonical_option%: expected " + std::string(expected) + ", got '" + shown + "'";
  }
};

constexpr std::string_view kDurationExpected = "a duration such as 30, 30s, 500ms, 10m or 1.5h";
constexpr std::string_view kCountExpected = "a count such as 20000000, 20M or 500k";
constexpr std::string_view kShardExpected = "I/N with 0 <= I < N, such as 0/4";

// A size in megabytes, checked to be 1..1048576.
std::uint64_t megabytes(std::uint64_t mb, std::string_view option) {
  if (mb < 1 || mb > (std::uint64_t{1} << 20))
    throw UsageError("--" + std::string(option) + " must be between 1 and 1048576 (megabytes)");
  return mb;
}

}  // namespace

std::optional<double> parse_duration(std::string_view text) {
  struct Unit {
    std::string_view suffix;
    double seconds;
  };
  // Longest suffixes first, so that "ms" and "min" are not read as "s" and "m".
  constexpr Unit kUnits[] = {{"ms", 0.001}, {"min", 60}, {"s", 1}, {"m", 60}, {"h", 3600}};
  for (const Unit& u : kUnits) {
    if (text.size() > u.suffix.size() && text.ends_with(u.suffix)) {
      const auto v = parse_number(text.substr(0, text.size() - u.suffix.size()));
      if (!v) return std::nullopt;
      return *v * u.seconds;
    }
  }
  return parse_number(text);
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
  double scale = 1;
  if (!text.empty()) {
    switch (text.back()) {
    case 'k':
    case 'K':
      scale = 1e3;
      break;
    case 'M':
      scale = 1e6;
      break;
    case 'G':
      scale = 1e9;
      break;
    default:
      break;
    }
  }
  if (scale == 1) {  // digits only: exact, whatever the size
    std::uint64_t v = 0;
    if (text.empty() || text.front() == '+') return std::nullopt;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
  }
  const auto v = parse_number(text.substr(0, text.size() - 1));
  if (!v) return std::nullopt;
  const double n = *v * scale;
  if (n != std::floor(n) || n >= 18446744073709551616.0) return std::nullopt;
  return static_cast<std::uint64_t>(n);
}

std::optional<Shard> parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto whole = [](std::string_view t) -> std::optional<std::uint64_t> {
    std::uint64_t v = 0;
    if (t.empty() || t.front() < '0' || t.front() > '9') return std::nullopt;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
    return v;
  };
  const auto index = whole(text.substr(0, slash));
  const auto count = whole(text.substr(slash + 1));
  if (!index || !count || *index >= *count) return std::nullopt;
  return Shard{*index, *count};
}

namespace {

// Reads the one value of an option with `parse`, or reports what was expected.
template <class T, class Parse>
void read_value(boost::any& v, const std::vector<std::string>& values, Parse parse,
                std::string_view expected) {
  po::validators::check_first_occurrence(v);
  const std::string& text = po::validators::get_single_string(values);
  const auto parsed = parse(text);
  if (!parsed) throw BadValue(expected, text);
  v = T{*parsed};
}

}  // namespace

void validate(boost::any& v, const std::vector<std::string>& values, Duration*, int) {
  read_value<Duration>(v, values, parse_duration, kDurationExpected);
}

void validate(boost::any& v, const std::vector<std::string>& values, Count*, int) {
  read_value<Count>(v, values, parse_count, kCountExpected);
}

void validate(boost::any& v, const std::vector<std::string>& values, Shard*, int) {
  po::validators::check_first_occurrence(v);
  const std::string& text = po::validators::get_single_string(values);
  const auto parsed = parse_shard(text);
  if (!parsed) throw BadValue(kShardExpected, text);
  v = *parsed;
}

po::typed_value<Shard>* shard_value() {
  return po::value<Shard>()->value_name("I/N")->default_value(Shard{}, "0/1");
}

po::typed_value<Duration>* duration_value(std::string_view default_text) {
  const auto seconds = parse_duration(default_text);
  return po::value<Duration>()
      ->value_name("DURATION")
      ->default_value(Duration{seconds.value_or(0)}, std::string(default_text));
}

po::typed_value<Count>* count_value(std::string_view default_text) {
  const auto n = parse_count(default_text);
  return po::value<Count>()->value_name("N")->default_value(Count{n.value_or(0)},
                                                            std::string(default_text));
}

double duration_option(const po::variables_map& vm, const char* name) {
  return vm[name].as<Duration>().seconds;
}

std::uint64_t count_option(const po::variables_map& vm, const char* name) {
  return vm[name].as<Count>().value;
}

Shard shard_option(const po::variables_map& vm, const char* name) { return vm[name].as<Shard>(); }

std::size_t choice_option(const po::variables_map& vm, const char* name,
                          std::initializer_list<const char*> values) {
  const auto& value = vm[name].as<std::string>();
  std::string allowed;
  std::size_t i = 0;
  for (const char* v : values) {
    if (value == v) return i;
    allowed += (i == 0 ? "'" : i + 1 == values.size() ? " or '" : ", '") + std::string(v) + "'";
    ++i;
  }
  throw UsageError("--" + std::string(name) + " must be " + allowed + ", not '" + value + "'");
}

int default_threads() {
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u));
}

void add_threads_option(po::options_description& options, std::string_view help) {
  options.add_options()("threads",
                        po::value<Count>()->value_name("N")->default_value(Count{0}, "0"),
                        ("threads (0: all hardware threads): " + std::string(help)).c_str());
}

int threads_option(const po::variables_map& vm) {
  const std::uint64_t n = count_option(vm, "threads");
  if (n > 1024) throw UsageError("--threads must be between 0 (all hardware threads) and 1024");
  if (n == 0) return default_threads();
  return static_cast<int>(n);
}

void add_hash_option(po::options_description& options, std::string_view help) {
  options.add_options()("hash",
                        po::value<Count>()->value_name("MB")->default_value(
                            Count{kDefaultHashMb}, std::to_string(kDefaultHashMb)),
                        std::string(help).c_str());
}

std::size_t hash_megabytes_option(const po::variables_map& vm) {
  return static_cast<std::size_t>(megabytes(count_option(vm, "hash"), "hash"));
}

void add_certificate_memory_option(po::options_description& options, std::string_view shared) {
  const std::string help = "with --certificate: the memory in megabytes that writing a problem's "
                           "certificates may take besides the table (default: as much as "
                           "--hash" +
                           std::string(shared) +
                           "); a certificate that needs more is not written, and the file says "
                           "why";
  options.add_options()("certificate-memory", po::value<Count>()->value_name("MB"), help.c_str());
}

std::uint64_t certificate_memory_option(const po::variables_map& vm, std::size_t hash_mb) {
  if (!vm.count("certificate-memory")) return std::uint64_t{hash_mb} << 20;
  return megabytes(count_option(vm, "certificate-memory"), "certificate-memory") << 20;
}

}  // namespace tsume::cli
