// What every subcommand of `tsume` shares: the table entry, the exit codes, option parsing with
// --help, and reading a position given on the command line.
//
// Adding a subcommand: write cli/<name>.cpp defining `int <name>_main(const Context&)`, declare
// it below, add one line to kCommands in run.cpp and the file to cli/CMakeLists.txt.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "solver/core/position.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace po = boost::program_options;

// Exit codes of the binary.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInputError = 1;  // bad SFEN, unreadable file, internal error
inline constexpr int kExitUsage = 2;       // unknown command or option, bad option value

// The arguments after the subcommand name and the streams to write to; passed explicitly so a
// subcommand has no hidden state and can be driven from tests.
struct Context {
  std::string_view command;           // the subcommand's name, for messages
  std::span<const std::string> args;  // the arguments after the name
  std::ostream& out;
  std::ostream& err;
};

using CommandMain = int (*)(const Context&);

struct Command {
  std::string_view name;
  std::string_view summary;  // one line for `tsume --help`
  CommandMain main;
};

// A mistake on the command line. run() prints it with a hint and exits with kExitUsage.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Width of the help pages; give it to every options_description: {"Options", kHelpLineLength}.
inline constexpr unsigned kHelpLineLength = 100;

// The help page of a subcommand, printed around its options table.
struct HelpText {
  std::string_view synopsis;  // "tsume perft --sfen SFEN --depth N [--divide]"
  std::string_view about;     // what the command does and prints
  std::string_view examples;  // one example per line, without the leading indentation
};

// Parses ctx.args against `options` (to which --help is added). Returns std::nullopt when the
// help page was printed. A command with a --sfen option (add_position_options) also takes the
// position as its one positional argument. Throws po::error or UsageError on a usage mistake
// (any other positional argument included: the error names it).
std::optional<po::variables_map> parse_options(const Context& ctx, po::options_description& options,
                                               const HelpText& help);

// Like parse_options, with any number of positional INPUT arguments (for commands that read
// problems, batch/inputs.h); inputs_of() returns them and throws UsageError when there are none.
std::optional<po::variables_map> parse_options_with_inputs(const Context& ctx,
                                                           po::options_description& options,
                                                           const HelpText& help);
std::vector<std::string> inputs_of(const po::variables_map& vm);
// The value of a string option without a default; empty when it was not given.
std::string string_option(const po::variables_map& vm, const char* name);

// The options of commands that read problems: --hand-as-given (tsume convention by default: an
// empty defender hand holds all remaining pieces, 残り全部) and --rules; read_options() gives
// what they select.
void add_read_options(po::options_description& options);

// --rules shogi|sho: the rule set positions are read and played under (SPEC.md section 7).
void add_rules_option(po::options_description& options);
Variant rules_option(const po::variables_map& vm);
io::ReadOptions read_options(const po::variables_map& vm);

// Adds the options that select a position: --sfen SFEN, --rest-to-defender and --rules.
// `default_sfen` empty makes --sfen required.
void add_position_options(po::options_description& options, std::string_view default_sfen);

// Reads the position selected by add_position_options. Hands are kept as given unless
// --rest-to-defender was passed (SPEC.md section 1; docs/rules.md explains the choice); `kings`
// says whether the side not to move needs a king. On a bad SFEN prints
// "tsume <command>: invalid --sfen: <reason>" on ctx.err and returns std::nullopt.
std::optional<Position> read_position_option(const Context& ctx, const po::variables_map& vm,
                                             KingRule kings);

// The subcommands (one file each).
int perft_main(const Context& ctx);
int checks_main(const Context& ctx);

}  // namespace tsume::cli
