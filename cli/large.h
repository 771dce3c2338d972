// `tsume checks` and `tsume solve` under --rules chu|dai: the large-board core (solver/large;
// docs/large-board.md). The commands hand their arguments over when they name such a game.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "cli/command.h"
#include "solver/large/game.h"

namespace tsume::cli {

// The large game named by a `--rules NAME` or `--rules=NAME` among the arguments, if any and
// if `checks` and `solve` take it (chu, dai, tenjiku).
std::optional<large::Game> large_rules_in(std::span<const std::string> args);

int large_checks_main(const Context& ctx);
int large_solve_main(const Context& ctx);

}  // namespace tsume::cli
