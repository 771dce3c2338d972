// `tsume bench`: solves a fixed set of small problems, one thread, a fixed node budget each, and
// prints the total node count as a signature (DESIGN.md: a commit records it; a change of the
// signature means the search changed) and the speed.
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/command.h"
#include "cli/option_values.h"
#include "solver/answer/solve.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume bench [--nodes N]",
    "Solves a fixed set of positions (the futile-interposition cases of SPEC.md section 5 and two\n"
    "problems of 将棋図巧) one after another on one thread, with a 64 MB table and at most N "
    "nodes\n"
    "each, and prints for each its id, status, length and nodes. Then 'signature <total nodes>':\n"
    "it depends only on the search and N, not on the machine or the time taken. The last line\n"
    "gives the time and the speed in nodes per second.",
    "tsume bench\n"
    "tsume bench --nodes 100000",
};

constexpr std::size_t kHashMegabytes = 64;

struct BenchPosition {
  std::string_view id;
  std::string_view sfen;
};

// SPEC.md section 5 (futile interpositions) and problems/zukou.tsv (CC0 transcription).
constexpr BenchPosition kPositions[] = {
    {"futile-pawns-file", "6p2/8k/9/6P2/8+P/9/9/9/8L b G2r2b3g4s4n3l15p 1"},
    {"futile-pawns-lance", "7l1/7pk/9/9/8+P/9/9/9/8L b 2r2b4g4s4n2l16p 1"},
    {"futile-3-not-13", "5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1"},
    {"futile-3-not-7", "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1"},
    {"futile-discovered", "9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1"},
    {"pinned-interposer", "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1"},
    {"zukou-002", "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1"},
    {"zukou-005", "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1"},
};

}  // namespace

int bench_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  options.add_options()("nodes", count_value("1M"), "node budget per position (1 or more)");
  const auto vm = parse_options(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const std::uint64_t budget = count_option(*vm, "nodes");
  if (budget < 1) throw UsageError("--nodes must be at least 1");

  Solver solver(kHashMegabytes);
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  ctx.out << std::left << std::setw(20) << "id" << std::setw(9) << "status" << std::setw(8)
          << "length"
          << "nodes\n";
  for (const BenchPosition& p : kPositions) {
    auto pos = io::read_position(p.sfen);
    if (!pos) {  // a typo in the table above; the tests would catch it
      ctx.err << "tsume bench: " << p.id << ": " << pos.error().message() << '\n';
      return kExitInputError;
    }
    const SolveResult r = solver.solve(*pos, SearchLimits{budget, 0, nullptr});
    total_nodes += r.nodes;
    total_seconds += r.seconds;
    // As in `tsume solve`: a mate whose length was not proven exact within the budget is unknown.
    const bool exact = r.status == SolveStatus::Mate && r.length_exact;
    const std::string status =
        r.status == SolveStatus::Mate && !exact ? "unknown" : to_string(r.status);
    const std::string length = exact ? std::to_string(r.length) : "-";
    ctx.out << std::left << std::setw(20) << p.id << std::setw(9) << status << std::setw(8)
            << length << r.nodes << '\n';
  }
  ctx.out << "signature " << total_nodes << '\n';
  std::ostringstream speed;
  speed << std::fixed << std::setprecision(3) << "time " << total_seconds << " s, ";
  speed << (total_seconds > 0
                ? static_cast<std::uint64_t>(static_cast<double>(total_nodes) / total_seconds)
                : 0)
        << " nodes/s\n";
  ctx.out << speed.str();
  return kExitOk;
}

}  // namespace tsume::cli
