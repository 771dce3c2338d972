// `tsume checks`, `solve`, `check` and `convert` under --rules chu|dai|tenjiku, and the inputs
// of `show`: the large-board core (solver/large; docs/large-board.md). The commands hand their
// arguments over when they name such a game.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/command.h"
#include "solver/large/game.h"
#include "solver/large/movegen.h"

namespace tsume::cli {

// The large game named by a `--rules NAME` or `--rules=NAME` among the arguments, if any and
// if `checks` and `solve` take it (chu, dai, tenjiku).
std::optional<large::Game> large_rules_in(std::span<const std::string> args);

// The rule switches of `checks`, `solve`, `check`, `convert`, `show` and `perft` under
// --rules chu|dai|tenjiku (docs/large-board.md, "The rules and the choices made"):
// --promotion-rule lishogi|zone and --lion-rule lishogi|none|default (chu, dai),
// --forced-promotion yes|no (all three), and tenjiku's --jump-rule, --passive-burn,
// --fire-demon, --lion-hawk, --free-eagle and --tetrarchs.
void add_large_rule_options(po::options_description& options);
// Was any of them given? (They are refused under the other rule sets.)
bool large_rule_options_given(const po::variables_map& vm);
// The rules they select for `game`: the game's defaults (large::default_rules) with the switches
// given. Throws UsageError on a bad value, --promotion-rule zone under tenjiku, or a tenjiku
// switch under chu or dai.
large::Rules large_rules_option(const po::variables_map& vm, large::Game game);
// The switches of `rules` that differ from `game`'s defaults, as command-line options
// ("--promotion-rule zone --lion-rule none"; empty for the defaults).
std::string large_rule_switches(const large::Rules& rules, large::Game game);

// One problem of an input of the large-board commands: a SFEN given as an argument, or a line of
// a file of SFEN, TSV ('SFEN<TAB>id<TAB>length<TAB>USI moves') or JSON lines ({"id", "sfen",
// "length", "pv"}; blank and '#' lines skipped). A SFEN may be followed by ' moves <USI moves>'.
struct LargeInput {
  std::string id;      // the TSV's second column, else '<file>:<line>' or 'arg<k>'
  std::string sfen;    // the position, without the moves
  std::string length;  // the TSV's third column (the stated length), if any
  std::string moves;   // the USI moves recorded after the position, space-separated
  std::string file;    // where it was read: a file name, 'stdin' or 'arg<k>'
  int line = 0;        // its line in that file (0 for an argument)
  std::string error;   // why it could not be read (an argument that is neither file nor SFEN)
  // "<file>:<line>" or the argument's name, for error messages.
  std::string where() const;
};

// The problems of the arguments: SFEN strings, files of SFEN or TSV lines, '-' (standard input).
std::vector<LargeInput> read_large_inputs(const Context& ctx, const std::vector<std::string>& args);

// The moves of a USI line ('7g7f 8h7g7f 3c2b+') played from `pos`, each matched against the
// legal moves of its position; throws std::invalid_argument naming the first move that is not
// legal there.
std::vector<large::Move> parse_large_moves(const large::Position& pos, const std::string& text);

int large_checks_main(const Context& ctx);
int large_solve_main(const Context& ctx);
int large_check_main(const Context& ctx);
int large_convert_main(const Context& ctx);

}  // namespace tsume::cli
