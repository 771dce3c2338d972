#include "cli/command.h"

#include <ostream>
#include <utility>
#include <vector>

#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

void print_help(std::ostream& out, const po::options_description& options, const HelpText& help) {
  out << "Usage: " << help.synopsis << "\n\n" << help.about << "\n\n" << options << "\nExamples:\n";
  std::string_view rest = help.examples;
  while (!rest.empty()) {
    const auto eol = rest.find('\n');
    out << "  " << rest.substr(0, eol) << '\n';
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
  }
}

std::optional<po::variables_map> parse(const Context& ctx, po::options_description& options,
                                       const HelpText& help, bool inputs) {
  options.add_options()("help,h", "print this help and exit");
  po::options_description hidden;
  po::positional_options_description positional;
  // A command of one position takes it as --sfen or as its one positional argument; a command
  // without inputs collects stray arguments too, to name the first in the error.
  const bool sfen = options.find_nothrow("sfen", false) != nullptr;
  if (!inputs && sfen) positional.add("sfen", 1);
  const char* const rest = inputs ? "input" : "stray";
  hidden.add_options()(rest, po::value<std::vector<std::string>>(), "");
  positional.add(rest, -1);
  po::options_description all;
  all.add(options).add(hidden);
  const std::vector<std::string> args(ctx.args.begin(), ctx.args.end());
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  if (!inputs && vm.count("stray") != 0)
    throw UsageError("unexpected argument '" + vm["stray"].as<std::vector<std::string>>().front() +
                     "'" + (sfen ? " (one position only, quoted: it has spaces)" : ""));
  if (vm.count("help") != 0) {
    print_help(ctx.out, options, help);
    return std::nullopt;
  }
  po::notify(vm);  // after --help, so that `--help` works without the required options
  return vm;
}

}  // namespace

std::optional<po::variables_map> parse_options(const Context& ctx, po::options_description& options,
                                               const HelpText& help) {
  return parse(ctx, options, help, false);
}

std::optional<po::variables_map> parse_options_with_inputs(const Context& ctx,
                                                           po::options_description& options,
                                                           const HelpText& help) {
  return parse(ctx, options, help, true);
}

std::vector<std::string> inputs_of(const po::variables_map& vm) {
  if (vm.count("input") == 0) throw UsageError("no input: give SFEN strings, files, folders or -");
  return vm["input"].as<std::vector<std::string>>();
}

std::string string_option(const po::variables_map& vm, const char* name) {
  return vm.count(name) != 0 ? vm[name].as<std::string>() : std::string();
}

void add_read_options(po::options_description& options) {
  options.add_options()(
      "hand-as-given", po::bool_switch()->default_value(false),
      "keep an empty defender hand empty (default: it holds all remaining pieces, 残り全部)");
  add_rules_option(options);
}

void add_rules_option(po::options_description& options) {
  options.add_options()(
      "rules", po::value<std::string>()->value_name("NAME")->default_value("shogi"),
      "the rule set: 'shogi' (modern shogi) or 'sho' (sho shogi: no drops, the "
      "drunk elephant E promoting to the crown prince +E, a second royal; "
      "docs/sho.md); `tsume perft`, `show`, `checks`, `solve`, `check` and `convert` also take "
      "'chu', 'dai' and 'tenjiku' (docs/large-board.md)");
}

Variant rules_option(const po::variables_map& vm) {
  const auto& name = vm["rules"].as<std::string>();
  const auto variant = parse_variant(name);
  if (!variant) {
    std::string hint;
    if (name == "chu" || name == "dai" || name == "tenjiku")
      hint =
          " (" + name + ": only `tsume perft`, `show`, `checks`, `solve`, `check` and `convert`)";
    throw UsageError("--rules must be 'shogi' or 'sho', not '" + name + "'" + hint);
  }
  return *variant;
}

io::ReadOptions read_options(const po::variables_map& vm) {
  const auto hand =
      vm["hand-as-given"].as<bool>() ? io::DefenderHand::AsGiven : io::DefenderHand::RestIfEmpty;
  return io::ReadOptions{hand, rules_option(vm)};
}

void add_position_options(po::options_description& options, std::string_view default_sfen) {
  auto* sfen = po::value<std::string>()->value_name("SFEN");
  if (default_sfen.empty()) {
    sfen->required();
  } else {
    sfen->default_value(std::string(default_sfen));
  }
  auto add = options.add_options();
  add("sfen", sfen,
      "the position in SFEN (quote it: it has spaces); 'startpos' is the initial position");
  add("rest-to-defender", po::bool_switch()->default_value(false),
      "tsume convention (残り全部): an empty defender hand receives every piece on neither the "
      "board nor the attacker's hand; by default both hands are kept as given");
  add_rules_option(options);
}

std::optional<Position> read_position_option(const Context& ctx, const po::variables_map& vm,
                                             KingRule kings) {
  const auto& sfen = vm["sfen"].as<std::string>();
  const auto hand =
      vm["rest-to-defender"].as<bool>() ? io::DefenderHand::RestIfEmpty : io::DefenderHand::AsGiven;
  auto pos = io::read_position(sfen, hand, {}, 0, kings, rules_option(vm));
  if (!pos) {
    ctx.err << "tsume " << ctx.command << ": invalid --sfen: " << pos.error().message() << '\n';
    return std::nullopt;
  }
  return std::move(pos.value());
}

}  // namespace tsume::cli
