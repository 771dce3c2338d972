// Entry point of the `tsume` command line: dispatches to the subcommands listed in run.cpp.
#pragma once

namespace tsume::cli {

// Runs `tsume <command> [options]` and returns the process exit code (see command.h). This is
// the only place where exceptions are caught (DESIGN.md: exceptions only at the CLI boundary).
int run(int argc, char** argv);

}  // namespace tsume::cli
