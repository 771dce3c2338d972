// The check-generator set test on problem collections outside the repository (opt-in; run by
// scripts/checkgen_corpus.sh). For every problem line of the given .tsv files it compares
// generate_checks() with {legal m : gives_check(m)} and {legal m : m leaves the opponent in
// check} (and generate_legal()/generate_checks() with the naive reference rules) on:
//   - the position as given and, when different, with the tsume defender-hand convention,
//   - every position along the main line,
//   - positions of seeded random playouts from each problem.
// Prints how many positions were compared; exits 1 on any mismatch.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "solver/io/sfen.h"
#include "tests/core/test_support.h"

namespace {

using namespace tsume;

int usage() {
  std::cerr
      << "usage: tsume_checkgen_corpus [--playout N] [--seed S] [--no-reference] FILE.tsv...\n"
         "  --playout N     positions visited by random playouts per problem (default 20)\n"
         "  --seed S        playout seed (default 1)\n"
         "  --no-reference  skip the (slower) comparison with the naive reference rules\n";
  return 2;
}

struct Totals {
  std::size_t files = 0, lines = 0, rejected = 0, bad_main_lines = 0;
  std::size_t as_read = 0, main_line = 0, playout = 0, referenced = 0, mismatches = 0;
};

void compare(Position& pos, bool with_reference, Totals& t, const std::string& where) {
  std::string mismatch = test::check_generator_mismatch(pos);
  if (with_reference && mismatch.empty()) {
    mismatch = test::reference_mismatch(pos);
    ++t.referenced;
  }
  if (!mismatch.empty() && ++t.mismatches <= 20)
    std::cerr << "MISMATCH (" << where << ") " << mismatch << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t per_problem = 20;
  std::uint64_t seed = 1;
  bool with_reference = true;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--playout" && i + 1 < argc)
      per_problem = std::stoul(argv[++i]);
    else if (arg == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (arg == "--no-reference")
      with_reference = false;
    else if (arg.starts_with("-"))
      return usage();
    else
      files.push_back(arg);
  }
  if (files.empty()) return usage();

  Totals t;
  for (const std::string& file : files) {
    ++t.files;
    std::vector<test::Problem> problems;
    try {
      problems = test::read_problems(file);
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      return 2;
    }
    for (const test::Problem& p : problems) {
      ++t.lines;
      const std::string where = file + " " + p.id;
      std::vector<Position> roots;
      for (io::DefenderHand hand : {io::DefenderHand::AsGiven, io::DefenderHand::RestIfEmpty}) {
        auto pos = io::read_position(p.sfen, hand);
        if (!pos) {
          if (hand == io::DefenderHand::AsGiven) {
            ++t.rejected;
            std::cerr << "rejected " << where << ": " << pos.error().message() << "\n";
          }
          continue;
        }
        if (!roots.empty() && roots.back().key() == pos->key()) continue;
        roots.push_back(*pos);
      }
      for (Position& root : roots) {
        ++t.as_read;
        compare(root, with_reference, t, where);
      }
      if (!p.main_line.empty() && !roots.empty()) {
        std::string error;
        auto line = test::main_line_positions(p, &error);
        if (!error.empty()) {
          ++t.bad_main_lines;
          std::cerr << "main line stops: " << where << ": " << error << "\n";
        }
        for (std::size_t i = 1; i < line.size(); ++i) {
          ++t.main_line;
          compare(line[i], with_reference, t, where + " main line ply " + std::to_string(i));
        }
      }
      if (!roots.empty() && per_problem > 0) {
        test::PlayoutOptions options;
        options.check_bias = 0.6;
        options.max_plies = 30;
        test::random_playouts(roots, seed + t.lines, per_problem, options, [&](Position& pos) {
          ++t.playout;
          compare(pos, false, t, where + " playout");
        });
      }
    }
  }
  const std::size_t total = t.as_read + t.main_line + t.playout;
  std::cout << "files " << t.files << ", problem lines " << t.lines << ", rejected " << t.rejected
            << ", main lines cut short " << t.bad_main_lines << "\n"
            << "compared " << total << " positions: " << t.as_read << " as read, " << t.main_line
            << " on main lines, " << t.playout << " from playouts (which start at the roots; "
            << t.referenced << " also against the reference rules)\n"
            << "mismatches " << t.mismatches << "\n";
  return t.mismatches == 0 ? 0 : 1;
}
