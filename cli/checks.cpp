// `tsume checks`: the legal checking moves (王手) of a position, from the dedicated check
// generator that the solver's attacker nodes use (SPEC.md section 2 and 5).
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/large.h"
#include "solver/core/checkgen.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume checks [--sfen] SFEN [--rest-to-defender]",
    "Lists the legal moves of the side to move that give check (direct, discovered or double; by\n"
    "board move with and without promotion, or by drop), one USI move per line sorted by the\n"
    "text, then 'count <N>'. A pawn drop that would mate (打ち歩詰め) is not a legal check.\n"
    "Hands are kept as given unless --rest-to-defender is passed. --rules chu|dai|tenjiku: chu,\n"
    "dai and tenjiku shogi ('tsume checks --rules chu --help').",
    "tsume checks --sfen \"7lk/9/8S/9/9/9/9/7L1/8K b P 1\"",
};

}  // namespace

int checks_main(const Context& ctx) {
  if (large_rules_in(ctx.args)) return large_checks_main(ctx);  // chu, dai, tenjiku: cli/large.cpp
  po::options_description options("Options", kHelpLineLength);
  add_position_options(options, {});
  const auto vm = parse_options(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const auto pos = read_position_option(ctx, *vm, KingRule::DefenderKing);  // a check needs a king
  if (!pos) return kExitInputError;

  MoveList checks;
  generate_checks(*pos, checks);
  std::vector<std::string> lines;
  lines.reserve(checks.size());
  for (const Move m : checks) lines.push_back(io::to_usi(m));
  std::sort(lines.begin(), lines.end());
  for (const auto& line : lines) ctx.out << line << '\n';
  ctx.out << "count " << lines.size() << '\n';
  return kExitOk;
}

}  // namespace tsume::cli
