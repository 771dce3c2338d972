// `tsume perft`: leaf counts of the legal-move tree, to compare the move generator with the
// published tables of SPEC.md section 5.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.h"
#include "cli/large.h"
#include "cli/option_values.h"
#include "solver/core/perft.h"
#include "solver/io/sfen.h"
#include "solver/large/movegen.h"

namespace tsume::cli {

namespace {

constexpr int kMaxDepth = 32;

constexpr HelpText kHelp{
    "tsume perft [[--sfen] SFEN] [--depth N] [--divide] [--rest-to-defender] [--rules NAME]\n"
    "                   [--royal-rule pseudo-royal|capture] [--lion-rule lishogi|none|default]\n"
    "                   [--promotion-rule lishogi|zone] [--forced-promotion yes|no]\n"
    "                   [--jump-rule any|no-royal|lower] [--passive-burn yes|no]\n"
    "                   [--fire-demon sideways|vertical] [--lion-hawk lion|area]\n"
    "                   [--free-eagle lion|orthogonal] [--tetrarchs ski|chariot]",
    "Counts the leaf nodes of the tree of legal moves (non-promotions included) to depth N and\n"
    "prints 'nodes <count>' as the last line. With --divide, first prints '<usi move> <count>'\n"
    "for every legal move at the root, sorted by the USI text. Time and speed go to stderr.\n"
    "Hands are kept as given unless --rest-to-defender is passed (perft tables use given hands).\n"
    "--rules chu, dai and tenjiku play chu, dai and tenjiku shogi on the large-board core\n"
    "(lishogi chu SFEN; every Lion path is a move of its own; --royal-rule, --lion-rule,\n"
    "--promotion-rule (chu, dai), --forced-promotion, and for tenjiku --jump-rule,\n"
    "--passive-burn, --fire-demon, --lion-hawk, --free-eagle and --tetrarchs choose the disputed\n"
    "rules; docs/large-board.md).",
    "tsume perft --sfen startpos --depth 3\n"
    "tsume perft --sfen \"7lk/9/8S/9/9/9/9/7L1/8K b P 1\" --depth 2 --divide\n"
    "tsume perft --rules chu --depth 3\n"
    "tsume perft --rules dai --depth 2 --divide\n"
    "tsume perft --rules tenjiku --depth 3",
};

void print_speed(std::ostream& err, std::uint64_t nodes,
                 std::chrono::steady_clock::duration elapsed) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  std::ostringstream line;
  line << std::fixed << std::setprecision(3) << "time " << seconds << " s";
  if (seconds > 0) {
    line << ", " << static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) << " nodes/s";
  }
  err << line.str() << '\n';
}

// `--rules chu|dai|tenjiku`: the large-board core (solver/large).
int large_perft(const Context& ctx, const po::variables_map& vm, large::Game game, int depth) {
  large::Rules rules = large_rules_option(vm, game);
  if (choice_option(vm, "royal-rule", {"pseudo-royal", "capture"}) == 1)
    rules.royal = large::RoyalRule::Capture;
  if (vm["rest-to-defender"].as<bool>()) throw UsageError("--rest-to-defender: no hands in chu");
  std::optional<large::Position> pos;
  try {
    pos = large::parse_sfen(vm["sfen"].as<std::string>(), game, rules);
  } catch (const std::invalid_argument& e) {
    ctx.err << "tsume " << ctx.command << ": invalid --sfen: " << e.what() << '\n';
    return kExitInputError;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (vm["divide"].as<bool>()) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    for (const auto& [move, count] : large::perft_divide(*pos, depth)) {
      rows.emplace_back(large::move_text(*pos, move), count);
      nodes += count;
    }
    std::sort(rows.begin(), rows.end());
    for (const auto& [text, count] : rows) ctx.out << text << ' ' << count << '\n';
  } else {
    nodes = large::perft(*pos, depth);
  }
  print_speed(ctx.err, nodes, std::chrono::steady_clock::now() - start);
  ctx.out << "nodes " << nodes << '\n';
  return kExitOk;
}

}  // namespace

int perft_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  add_position_options(options, "startpos");
  auto add = options.add_options();
  add("depth", po::value<int>()->value_name("N")->default_value(1), "depth in plies (1..32)");
  add("divide", po::bool_switch()->default_value(false),
      "also print the count below each root move");
  add("royal-rule", po::value<std::string>()->value_name("RULE")->default_value("pseudo-royal"),
      "chu: 'pseudo-royal' (a lone royal may not be left attacked) or 'capture' (no check rule, "
      "lishogi's counts)");
  add_large_rule_options(options);
  const auto vm = parse_options(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const int depth = (*vm)["depth"].as<int>();
  if (depth < 1 || depth > kMaxDepth) {
    throw UsageError("--depth must be between 1 and " + std::to_string(kMaxDepth));
  }
  if (const auto game = large::parse_game((*vm)["rules"].as<std::string>()))
    return large_perft(ctx, *vm, *game, depth);
  if (!(*vm)["royal-rule"].defaulted() || large_rule_options_given(*vm))
    throw UsageError("--royal-rule, --lion-rule, --promotion-rule, --forced-promotion and the "
                     "tenjiku switches are for --rules chu, dai and tenjiku");
  auto pos = read_position_option(ctx, *vm, KingRule::Any);  // perft tables include king-less sides
  if (!pos) return kExitInputError;

  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if ((*vm)["divide"].as<bool>()) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    for (const auto& [move, count] : perft_divide(*pos, depth)) {
      rows.emplace_back(io::to_usi(move), count);
      nodes += count;
    }
    std::sort(rows.begin(), rows.end());
    for (const auto& [usi, count] : rows) ctx.out << usi << ' ' << count << '\n';
  } else {
    nodes = perft(*pos, depth);
  }
  print_speed(ctx.err, nodes, std::chrono::steady_clock::now() - start);
  ctx.out << "nodes " << nodes << '\n';
  return kExitOk;
}

}  // namespace tsume::cli
