// Benchmarks of the move generators over a fixed set of positions: the SPEC.md section 5
// positions and every position along the main lines of the 100 将棋図巧 problems
// (problems/zukou.tsv). Each benchmark reports items per second: positions (generators),
// moves (do/undo) or tree nodes (perft, check/evasion tree).
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>

#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "solver/core/perft.h"
#include "solver/core/position.h"
#include "solver/io/sfen.h"

namespace {

using namespace tsume;

constexpr std::string_view kSpecPositions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "7k1/9/9/9/l2s5/6snb/9/9/8K b 2G 1",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "+B7+B/7R1/2R6/9/3Sk1G2/6G2/3+PS1+P2/9/4L1N1K b GSNLPgs2n2l15p 1",
    "9/+PSSSB+P+P2/r7K/+P+P+P+P+P+P+P+P+P/1NNN5/9/9/9/9 b RBGSNLP3g3l5p 1",
    "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
};
constexpr std::string_view kStart = kSpecPositions[0];
constexpr std::string_view kZukou001 = kSpecPositions[10];

Position load(std::string_view sfen) {
  // KingRule::Any: the 105-evasion position of SPEC.md has no white king.
  auto pos = io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any);
  if (!pos) throw std::runtime_error("bench position: " + pos.error().message());
  return *pos;
}

// The fixed benchmark corpus, built once.
struct Corpus {
  std::vector<Position> all;       // every position
  std::vector<Position> attacker;  // not in check: where a mate search generates checks
  std::vector<Position> in_check;  // where it generates evasions
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    for (std::string_view sfen : kSpecPositions) out.all.push_back(load(sfen));
    std::ifstream in(std::string(TSUME_PROBLEMS_DIR) + "/zukou.tsv");
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> fields;
      std::stringstream ss(line);
      for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
      if (fields.size() < 4) continue;
      auto root = io::read_position(fields[0]);
      if (!root) continue;
      Position pos = *root;
      out.all.push_back(pos);
      std::stringstream moves(fields[3]);
      for (std::string text; moves >> text;) {
        auto m = io::parse_usi_move(text, pos);
        if (!m) break;
        pos.do_move(*m);
        out.all.push_back(pos);
      }
    }
    for (const Position& p : out.all) (p.in_check() ? out.in_check : out.attacker).push_back(p);
    return out;
  }();
  return c;
}

template <class Generate>
void run_generator(benchmark::State& state, const std::vector<Position>& positions,
                   Generate generate) {
  std::uint64_t moves = 0;
  for (auto _ : state) {
    for (const Position& pos : positions) {
      MoveList list;
      generate(pos, list);
      moves += list.size();
      benchmark::DoNotOptimize(list.size());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * positions.size()));
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

void BM_GenerateLegal(benchmark::State& state) {
  run_generator(state, corpus().all, [](const Position& p, MoveList& l) { generate_legal(p, l); });
}
BENCHMARK(BM_GenerateLegal);

void BM_GenerateChecks(benchmark::State& state) {
  run_generator(state, corpus().attacker,
                [](const Position& p, MoveList& l) { generate_checks(p, l); });
}
BENCHMARK(BM_GenerateChecks);

// The obvious alternative to the dedicated check generator, for comparison.
void BM_GenerateChecksByFilteringLegal(benchmark::State& state) {
  run_generator(state, corpus().attacker, [](const Position& p, MoveList& l) {
    MoveList legal;
    generate_legal(p, legal);
    for (Move m : legal)
      if (p.gives_check(m)) l.push(m);
  });
}
BENCHMARK(BM_GenerateChecksByFilteringLegal);

void BM_GenerateEvasions(benchmark::State& state) {
  run_generator(state, corpus().in_check,
                [](const Position& p, MoveList& l) { generate_evasions(p, l); });
}
BENCHMARK(BM_GenerateEvasions);

void BM_DoUndo(benchmark::State& state) {
  std::vector<Position> positions = corpus().all;
  std::vector<MoveList> moves(positions.size());
  std::uint64_t per_pass = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    generate_legal(positions[i], moves[i]);
    per_pass += moves[i].size();
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < positions.size(); ++i) {
      Position& pos = positions[i];
      for (Move m : moves[i]) {
        pos.do_move(m);
        benchmark::DoNotOptimize(pos.key());
        pos.undo_move(m);
      }
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * per_pass));
}
BENCHMARK(BM_DoUndo);

void BM_GivesCheck(benchmark::State& state) {
  const auto& positions = corpus().all;
  std::vector<MoveList> moves(positions.size());
  std::uint64_t per_pass = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    generate_legal(positions[i], moves[i]);
    per_pass += moves[i].size();
  }
  for (auto _ : state)
    for (std::size_t i = 0; i < positions.size(); ++i)
      for (Move m : moves[i]) benchmark::DoNotOptimize(positions[i].gives_check(m));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * per_pass));
}
BENCHMARK(BM_GivesCheck);

// Perft (bulk-counted at the last ply, as perft() does): items are leaf nodes.
void BM_Perft(benchmark::State& state, std::string_view sfen, int depth) {
  Position pos = load(sfen);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["leaves"] =
      static_cast<double>(nodes / static_cast<std::uint64_t>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_Perft, startpos_depth4, kStart, 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, zukou001_depth3, kZukou001, 3)->Unit(benchmark::kMillisecond);

// The tree a mate search walks: checks at attacker nodes, evasions at defender nodes, every node
// visited (no bulk counting). Items are nodes.
std::uint64_t check_tree(Position& pos, int depth, bool attacker) {
  if (depth == 0) return 1;
  MoveList list;
  if (attacker)
    generate_checks(pos, list);
  else
    generate_evasions(pos, list);
  std::uint64_t nodes = 1;
  for (Move m : list) {
    pos.do_move(m);
    nodes += check_tree(pos, depth - 1, !attacker);
    pos.undo_move(m);
  }
  return nodes;
}

void BM_CheckEvasionTree(benchmark::State& state, std::string_view sfen, int depth) {
  Position pos = load(sfen);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += check_tree(pos, depth, true);
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));
  state.counters["nodes"] =
      static_cast<double>(nodes / static_cast<std::uint64_t>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_CheckEvasionTree, zukou001_depth7, kZukou001, 7)
    ->Unit(benchmark::kMillisecond);

}  // namespace
