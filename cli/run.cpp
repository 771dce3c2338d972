#include "cli/run.h"

#include <algorithm>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command.h"
#include "tsume_version.h"

namespace tsume::cli {

// The subcommands over the solver and the formats (cli/<name>.cpp); command.h declares the
// others.
int solve_main(const Context& ctx);
int check_main(const Context& ctx);
int generate_main(const Context& ctx);
int bench_main(const Context& ctx);
int usi_main(const Context& ctx);
int convert_main(const Context& ctx);
int show_main(const Context& ctx);
int verify_main(const Context& ctx);

namespace {

// The subcommands, in the order `tsume --help` lists them. One line per subcommand.
constexpr Command kCommands[] = {
    {"perft", "count the leaf nodes of the legal-move tree (tests the move generator)", perft_main},
    {"checks", "list the legal checking moves (王手) of a position", checks_main},
    {"solve", "solve tsume problems (SFEN, TSV, KIF, CSA, folders) to mate, length and main line",
     solve_main},
    {"check",
     "check problems for soundness: cooks (余詰), surplus, unnecessary pieces, flaws, with "
     "evidence",
     check_main},
    {"generate",
     "generate sound problems (compositions or training puzzles) of given lengths from a seed",
     generate_main},
    {"usi", "speak the USI protocol as a mate engine (go mate) for shogi GUIs", usi_main},
    {"convert", "convert problems and main lines between SFEN, TSV, KIF, KI2 and CSA",
     convert_main},
    {"verify",
     "check proof certificates (solve --certificate) with an independent rules implementation",
     verify_main},
    {"show", "draw board diagrams of problems as text or SVG images", show_main},
    {"bench", "solve a fixed set of positions and print a node-count signature", bench_main},
};

const Command* find_command(std::string_view name) {
  const auto it = std::find_if(std::begin(kCommands), std::end(kCommands),
                               [&](const Command& c) { return c.name == name; });
  return it == std::end(kCommands) ? nullptr : &*it;
}

void print_usage(std::ostream& out) {
  out << "tsume " TSUME_VERSION " - tsume-shogi (詰将棋, mating problem) toolkit\n"
         "\n"
         "Usage: tsume <command> [options]\n"
         "       tsume <command> --help     (or: tsume help <command>)\n"
         "       tsume --help | --version\n"
         "\n"
         "Commands:\n";
  std::size_t width = 0;
  for (const Command& c : kCommands) width = std::max(width, c.name.size());
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(width - c.name.size() + 3, ' ') << c.summary << '\n';
  }
  out << "\n"
         "Run 'tsume <command> --help' for the options of a command and examples.\n"
         "Exit codes: 0 success, 1 invalid input, 2 usage error.\n";
}

int usage_error(std::string_view where, std::string_view message, std::string_view hint) {
  std::cerr << where << ": " << message << "\nTry '" << hint << "'.\n";
  return kExitUsage;
}

int run_command(const Command& command, const std::vector<std::string>& args) {
  const std::string where = "tsume " + std::string(command.name);
  const std::string hint = where + " --help";
  try {
    return command.main(Context{command.name, args, std::cout, std::cerr});
  } catch (const po::error& e) {
    return usage_error(where, e.what(), hint);
  } catch (const UsageError& e) {
    return usage_error(where, e.what(), hint);
  } catch (const std::bad_alloc&) {
    std::cerr << where << ": out of memory (a smaller --hash may help)\n";
  } catch (const std::exception& e) {
    std::cerr << where << ": internal error: " << e.what() << '\n';
  }
  return kExitInputError;
}

}  // namespace

int run(int argc, char** argv) {
  const std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  if (args.empty()) {
    print_usage(std::cerr);
    return kExitUsage;
  }
  const std::string_view first = args.front();
  if (first == "help" && args.size() > 1) {  // `tsume help perft` = `tsume perft --help`
    if (const Command* command = find_command(args[1])) return run_command(*command, {"--help"});
    return usage_error("tsume", "unknown command '" + args[1] + "'", "tsume --help");
  }
  if (first == "--help" || first == "-h" || first == "help") {
    print_usage(std::cout);
    return kExitOk;
  }
  if (first == "--version" || first == "-V") {
    std::cout << "tsume " TSUME_VERSION "\n";
    return kExitOk;
  }
  const Command* command = find_command(first);
  if (command == nullptr) {
    const std::string message =
        (first.starts_with('-') ? "unknown option '" : "unknown command '") + std::string(first) +
        "'";
    return usage_error("tsume", message, "tsume --help");
  }
  const int code = run_command(*command, {args.begin() + 1, args.end()});
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "tsume: error writing to standard output\n";
    return kExitInputError;
  }
  return code;
}

}  // namespace tsume::cli
