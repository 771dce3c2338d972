// The `tsume` binary: everything happens in tsume::cli::run (DESIGN.md: main only calls run()).
#include "cli/run.h"

int main(int argc, char** argv) { return tsume::cli::run(argc, argv); }
