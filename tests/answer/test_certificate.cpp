// The certificate writer (solver/answer/certificate.h) checked by the independent verifier
// (verifier/): SPEC.md section 5's futile-interposition problems, whose lengths come from there.
#include "solver/answer/certificate.h"

#include <gtest/gtest.h>

#include "solver/answer/certificate_check.h"

#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/answer/solve.h"
#include "solver/io/sfen.h"
#include "tests/answer/answer_test_support.h"
#include "verifier/certificate.h"

namespace tsume {
namespace {

using answer_test::position;

verifier::Verdict verify_text(const std::string& text, bool& no_mate) {
  std::istringstream in(text);
  verifier::CertificateReader reader(in, "test");
  verifier::Certificate c;
  EXPECT_TRUE(reader.next(c));
  no_mate = c.no_mate;
  return verifier::verify(c);
}

SolveResult solve_with_certificates(const std::string& sfen, bool count_futile = false) {
  Solver solver(16);
  SolveOptions options;
  options.certificate = true;
  options.exactness_certificate = true;
  options.exclude_futile = !count_futile;
  SearchLimits limits;
  limits.max_nodes = 2'000'000;
  return solver.solve(position(sfen), limits, options);
}

struct Case {
  const char* sfen;
  int length;  // SPEC.md section 5
};

TEST(Certificate, SpecFutileCasesVerify) {
  for (const Case& c : {Case{"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", 1},
                        Case{"5pk2/7P1/4+R1+P1+b/8b/6R2/9/9/9/9 b 4g4s4n4l15p 1", 3},
                        Case{"9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1", 3},
                        Case{"9/9/6P2/9/4B4/9/6R2/7k+p/9 b Grb3g4s4n4l16p 1", 3}}) {
    const SolveResult r = solve_with_certificates(c.sfen);
    ASSERT_EQ(r.status, SolveStatus::Mate) << c.sfen;
    ASSERT_TRUE(r.certificate) << c.sfen << ": " << r.certificate_error;
    const std::string sfen = io::to_sfen(position(c.sfen));
    bool no_mate = true;
    const verifier::Verdict v = verify_text(certificate_text(*r.certificate, "t", sfen), no_mate);
    EXPECT_TRUE(v.valid) << c.sfen << ": node " << v.node << ": " << v.reason;
    EXPECT_FALSE(no_mate);
    EXPECT_EQ(v.length, c.length) << c.sfen;
    if (c.length < 3) {
      EXPECT_FALSE(r.exactness_certificate);
      continue;
    }
    ASSERT_TRUE(r.exactness_certificate) << c.sfen << ": " << r.exactness_error;
    const verifier::Verdict d =
        verify_text(certificate_text(*r.exactness_certificate, "t", sfen), no_mate);
    EXPECT_TRUE(d.valid) << c.sfen << ": node " << d.node << ": " << d.reason;
    EXPECT_TRUE(no_mate);
    EXPECT_EQ(d.length, c.length - 2) << c.sfen;
  }
}

TEST(Certificate, MemoryLimitStopsTheWriterNotTheAnswer) {
  // 将棋図巧 第92番 (problems/zukou.tsv, 13 plies). Under a memory limit the writer gives up a
  // certificate it cannot hold (saying why) or writes one within the limit, VALID; the answer
  // is the same whatever the limit.
  const Position root = position("6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1");
  SolveOptions options;
  options.certificate = true;
  options.exactness_certificate = true;
  SearchLimits limits;
  limits.max_nodes = 8'000'000;
  const auto solve = [&](std::uint64_t memory) {
    Solver solver(16);
    options.certificate_memory = memory;
    return solver.solve(root, limits, options);
  };
  const SolveResult free = solve(0);
  ASSERT_EQ(free.status, SolveStatus::Mate);
  ASSERT_TRUE(free.length_exact);
  EXPECT_EQ(free.length, 13);
  ASSERT_TRUE(free.certificate) << free.certificate_error;
  ASSERT_TRUE(free.exactness_certificate) << free.exactness_error;
  const std::uint64_t needed = free.certificate->bytes() + free.exactness_certificate->bytes();
  const std::string sfen = io::to_sfen(root);
  // (The writer needs more than the certificates it gives: its indexes, its renumbering.)
  constexpr std::uint64_t kAmple = std::uint64_t{64} << 20;
  ASSERT_LT(needed, kAmple / 64);
  for (const std::uint64_t memory : {std::uint64_t{4096}, needed / 2, needed, kAmple}) {
    const SolveResult r = solve(memory);
    EXPECT_EQ(r.status, free.status) << memory;
    EXPECT_EQ(r.length, free.length) << memory;
    EXPECT_EQ(r.length_exact, free.length_exact) << memory;
    EXPECT_EQ(r.pv, free.pv) << memory;
    std::uint64_t held = 0;
    bool no_mate = false;
    if (r.certificate) {
      held += r.certificate->bytes();
      EXPECT_TRUE(verify_text(certificate_text(*r.certificate, "t", sfen), no_mate).valid);
    } else {
      EXPECT_NE(r.certificate_error.find("memory limit"), std::string::npos) << r.certificate_error;
    }
    if (r.exactness_certificate) {
      held += r.exactness_certificate->bytes();
      const verifier::Verdict v =
          verify_text(certificate_text(*r.exactness_certificate, "t", sfen), no_mate);
      EXPECT_TRUE(v.valid) << memory << ": node " << v.node << ": " << v.reason;
      EXPECT_EQ(v.length, 11);
    } else if (r.certificate) {
      EXPECT_NE(r.exactness_error.find("memory limit"), std::string::npos) << r.exactness_error;
    }
    EXPECT_LE(held, memory);
    if (memory == 4096) {
      EXPECT_FALSE(r.certificate);
    }
    if (memory == kAmple) {
      EXPECT_TRUE(r.exactness_certificate) << r.exactness_error;
    }
  }
}

TEST(Certificate, EveryInterpositionCounted) {
  // SPEC.md section 5: "3 plies (not 7)"; counting every interposition it is 7.
  const char* sfen = "9/5g1s1/8k/6+R2/9/6R1S/5B3/9/9 b b3g2s4n4l18p 1";
  const SolveResult r = solve_with_certificates(sfen, true);
  ASSERT_TRUE(r.certificate) << r.certificate_error;
  EXPECT_TRUE(r.certificate->futile_counted);
  bool no_mate = true;
  const verifier::Verdict v =
      verify_text(certificate_text(*r.certificate, "t", io::to_sfen(position(sfen))), no_mate);
  EXPECT_TRUE(v.valid) << "node " << v.node << ": " << v.reason;
  EXPECT_EQ(v.length, 7);
}

// The number of edges of a certificate that lead back to a node on the depth-first path to
// them (cycles), counted apart from the writer and the verifier.
std::size_t back_edges(const Certificate& c) {
  std::vector<std::uint8_t> state(c.nodes.size(), 0);
  std::size_t back = 0;
  const auto visit = [&](const auto& self, std::size_t id) -> void {
    state[id] = 1;
    for (const Certificate::Edge& e : c.edges_of(c.nodes[id])) {
      if (e.child == Certificate::kNoChild) continue;
      if (state[e.child] == 1)
        ++back;
      else if (state[e.child] == 0)
        self(self, e.child);
    }
    state[id] = 2;
  };
  visit(visit, 0);
  return back;
}

// Whether node `to` of a certificate can be reached from node `from` along its edges.
bool reaches(const Certificate& c, std::uint32_t from, std::uint32_t to) {
  std::vector<std::uint8_t> seen(c.nodes.size(), 0);
  std::vector<std::uint32_t> stack{from};
  seen[from] = 1;
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    if (id == to) return true;
    for (const Certificate::Edge& e : c.edges_of(c.nodes[id]))
      if (e.child != Certificate::kNoChild && e.child != Certificate::kImplicit && !seen[e.child]) {
        seen[e.child] = 1;
        stack.push_back(e.child);
      }
  }
  return false;
}

// A no-mate-within certificate writes a position needed at several distances once, at the
// largest, which serves the smaller needs; a position may occur at a second node only below the
// first (it was needed again on the line that builds it: one node there would be a cycle).
// Three practical problems (tests/cli/data/certificate_practical.tsv, with their published
// lengths) whose disproofs reach positions at two distances. The positions come from the
// verifier.
TEST(Certificate, NoMateWithinWritesAPositionOnceOffItsLine) {
  for (const Case& c :
       {Case{"ln2k3l/1Rs1gsgb1/2pppp3/p5Npp/5PP2/PP2P3P/2PPS4/1Bs2K3/LN3G1+rL w 2Pgnp 56", 9},
        Case{"l3+Rpknl/9/4G1pg1/pP+B2Ssp1/1npnP4/4KP2P/P2P4L/2GS4G/LR7 b SN6Pbp 151", 11},
        Case{"ln6+B/1+B2gkp2/p1ppspn2/4ps2p/3N3N1/2PP1PPRP/P2SG4/1PG2KS2/L7L b RGL3Pp 89", 11}}) {
    const SolveResult r = solve_with_certificates(c.sfen);
    ASSERT_EQ(r.status, SolveStatus::Mate) << c.sfen;
    ASSERT_EQ(r.length, c.length) << c.sfen;
    ASSERT_TRUE(r.exactness_certificate) << c.sfen << ": " << r.exactness_error;
    const Certificate& cert = *r.exactness_certificate;
    std::istringstream in(certificate_text(cert, "t", io::to_sfen(position(c.sfen))));
    verifier::CertificateReader reader(in, "test");
    verifier::Certificate read;
    ASSERT_TRUE(reader.next(read));
    std::vector<verifier::Position> positions;
    const verifier::Verdict v = verifier::verify(read, &positions);
    ASSERT_TRUE(v.valid) << c.sfen << ": node " << v.node << ": " << v.reason;
    ASSERT_EQ(positions.size(), cert.nodes.size());
    std::map<verifier::PackedPosition, std::vector<std::uint32_t>> nodes_of;
    for (std::uint32_t id = 0; id < positions.size(); ++id)
      nodes_of[verifier::pack(positions[id])].push_back(id);
    for (const auto& [key, ids] : nodes_of)
      for (std::size_t i = 1; i < ids.size(); ++i)
        EXPECT_TRUE(reaches(cert, ids[0], ids[i]) || reaches(cert, ids[i], ids[0]))
            << c.sfen << ": nodes " << ids[0] << " and " << ids[i] << " hold one position";
  }
}

TEST(Certificate, NoMateAtAllVerifies) {
  // The hand-analysed no-mate positions of the answer tests, and two whose disproof goes round:
  // a horse against a king with a gold in hand (▲５四馬 △２三玉 ▲４五馬 △３二玉 is the start
  // again) and a dragon and horse against a king on 5a.
  std::vector<std::string> sfens(std::begin(answer_test::kNoMatePositions),
                                 std::end(answer_test::kNoMatePositions));
  sfens.push_back("9/6k2/9/9/5+B3/9/9/9/9 b g 1");
  sfens.push_back("4k4/9/4P4/9/9/9/9/9/+R+B7 b p 1");
  std::size_t with_cycles = 0;
  for (const std::string& sfen : sfens) {
    const SolveResult r = solve_with_certificates(sfen);
    ASSERT_EQ(r.status, SolveStatus::NoMate) << sfen;
    ASSERT_TRUE(r.certificate) << sfen << ": " << r.certificate_error;
    EXPECT_TRUE(r.certificate->no_mate);
    EXPECT_EQ(r.certificate->length, kNoMate);
    const std::string text = certificate_text(*r.certificate, "t", io::to_sfen(position(sfen)));
    EXPECT_NE(text.find("claim no-mate\n"), std::string::npos);
    bool no_mate = false;
    const verifier::Verdict v = verify_text(text, no_mate);
    EXPECT_TRUE(v.valid) << sfen << ": node " << v.node << ": " << v.reason;
    EXPECT_TRUE(no_mate);
    if (back_edges(*r.certificate) > 0) ++with_cycles;
  }
  EXPECT_GE(with_cycles, 2u);
}

TEST(Certificate, ShoShogiCertificatesVerify) {
  // problems/sho.tsv (lengths confirmed by the tests' brute force, tests/answer/
  // test_sho_problems.cpp): sho-001 (1 ply), sho-003 (3: the defender's prince is its lone
  // royal), sho-009 (7).
  for (const auto& [sfen, length] : {std::pair{"9/9/6E1k/6N2/8S/9/9/9/4K4 b - 1", 1},
                                     std::pair{"8+e/9/6RP1/9/9/9/9/9/4K4 b - 1", 3},
                                     std::pair{"7gk/9/7G1/8G/5B1+R1/9/9/9/4K4 b - 1", 7}}) {
    auto pos =
        io::read_position(sfen, io::DefenderHand::AsGiven, {}, 0, KingRule::Any, Variant::Sho);
    ASSERT_TRUE(pos.ok()) << pos.error().message();
    Solver solver(16);
    SolveOptions options;
    options.certificate = true;
    options.exactness_certificate = true;
    const SolveResult r = solver.solve(pos.value(), SearchLimits{}, options);
    ASSERT_EQ(r.status, SolveStatus::Mate) << sfen;
    ASSERT_TRUE(r.certificate) << sfen << ": " << r.certificate_error;
    EXPECT_TRUE(r.certificate->sho);
    const std::string text = certificate_text(*r.certificate, "t", io::to_sfen(pos.value()));
    EXPECT_NE(text.find("rules sho\n"), std::string::npos);
    bool no_mate = true;
    const verifier::Verdict v = verify_text(text, no_mate);
    EXPECT_TRUE(v.valid) << sfen << ": node " << v.node << ": " << v.reason;
    EXPECT_EQ(v.length, length) << sfen;
    if (length >= 3) {
      ASSERT_TRUE(r.exactness_certificate) << sfen << ": " << r.exactness_error;
      const verifier::Verdict d = verify_text(
          certificate_text(*r.exactness_certificate, "t", io::to_sfen(pos.value())), no_mate);
      EXPECT_TRUE(d.valid) << sfen << ": node " << d.node << ": " << d.reason;
      EXPECT_EQ(d.length, length - 2);
    }
    // Read as modern shogi the elephant is no piece at all (sho-009 has none).
    if (std::string_view(sfen).find_first_of("Ee") == std::string_view::npos) continue;
    std::string as_shogi = text;
    as_shogi.erase(as_shogi.find("rules sho\n"), 10);
    const verifier::Verdict w = verify_text(as_shogi, no_mate);
    EXPECT_FALSE(w.valid);
    EXPECT_NE(w.reason.find("SFEN"), std::string::npos) << w.reason;
  }
}

TEST(CheckCertificate, WriterReadsTheCheckersTable) {
  // 将棋図巧 第92番 (problems/zukou.tsv; 13 plies, SOUND in docs/check.md). Keeping the check's
  // table changes nothing in the check; the writer that reads it searches less than one that
  // starts from an empty table (the alternatives' disproofs are there), and both certificates
  // are VALID.
  const Position root = position("6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1");
  CheckOptions o;
  o.limits.max_nodes = 8'000'000;
  o.step_nodes = 1'000'000;
  o.hash_megabytes = 16;
  const CheckResult plain = check_problem(root, o);
  o.keep_table = true;
  const CheckResult kept = check_problem(root, o);
  ASSERT_EQ(plain.verdict, Verdict::Sound);
  EXPECT_EQ(kept.verdict, plain.verdict);
  EXPECT_EQ(kept.length, 13);
  EXPECT_EQ(kept.nodes, plain.nodes);
  EXPECT_EQ(kept.main_line, plain.main_line);
  EXPECT_EQ(plain.table, nullptr);
  ASSERT_NE(kept.table, nullptr);
  const CheckCertificateBuild fresh = build_check_certificate(root, plain, o.limits, 16);
  const CheckCertificateBuild reused = build_check_certificate(root, kept, o.limits, 16);
  const std::string sfen = io::to_sfen(root);
  for (const CheckCertificateBuild* b : {&fresh, &reused}) {
    ASSERT_TRUE(b->ok) << b->error;
    std::istringstream in(check_certificate_text(b->certificate, "zukou-092", sfen,
                                                 [](const Position& p) { return io::to_sfen(p); }));
    verifier::CertificateReader reader(in, "test");
    verifier::Certificate c;
    ASSERT_TRUE(reader.next(c));
    const verifier::Verdict v = verifier::verify(c);
    EXPECT_TRUE(v.valid) << "part " << v.part << " node " << v.node << ": " << v.reason;
    EXPECT_TRUE(v.summary.starts_with("sound length 13 ")) << v.summary;
  }
  EXPECT_LT(reused.nodes, fresh.nodes);
}

// The verdict of a check certificate's text.
verifier::Verdict verify_check_text(const CheckCertificate& c, const std::string& id,
                                    const Position& root, int version) {
  std::istringstream in(check_certificate_text(c, id, io::to_sfen(root),
                                               [](const Position& p) { return io::to_sfen(p); }));
  verifier::CertificateReader reader(in, "test");
  verifier::Certificate read;
  EXPECT_TRUE(reader.next(read));
  EXPECT_EQ(read.version, version);
  return verifier::verify(read);
}

TEST(CheckCertificate, SharedNodesVerifyWithTheSameClaim) {
  // 将棋図巧 第92番 (SOUND, 13 plies) and cooked-3-move-1 of tests/cli/data/check_small.tsv
  // (both knights check from 8c, 6a7a then mates): written in format version 2, then with the
  // no-mate parts' nodes shared (version 3). Both VALID with the same claim; every no-mate part
  // then names a node, and 92's alternatives reach common positions, so version 3 has fewer
  // nodes.
  for (const auto& [id, sfen] :
       {std::pair<std::string, std::string>{"zukou-092", "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b "
                                                         "r4g3s2n2l17p 1"},
        {"cooked-3-move-1", "k2G5/9/K8/9/N1N6/9/9/9/9 b "
                            "2r2b3g4s2n4l18p 1"}}) {
    SCOPED_TRACE(id);
    const Position root = position(sfen);
    CheckOptions o;
    o.limits.max_nodes = 8'000'000;
    o.step_nodes = 1'000'000;
    o.hash_megabytes = 16;
    o.keep_table = true;
    const CheckResult checked = check_problem(root, o);
    const CheckCertificateBuild built = build_check_certificate(root, checked, o.limits, 16);
    ASSERT_TRUE(built.ok) << built.error;
    CheckCertificate shared = built.certificate;
    ASSERT_TRUE(share_nodes(shared));
    EXPECT_TRUE(shared.shared);
    for (const CheckCertificate::Part& p : shared.parts) {
      const bool no_mate =
          p.role == "alternative" || p.role == "exact" || p.role == "not-last" || p.role == "slow";
      EXPECT_EQ(p.node != Certificate::kNoChild, no_mate) << p.role;
      if (no_mate) {
        EXPECT_TRUE(p.certificate.nodes.empty()) << p.role;
      }
    }
    const verifier::Verdict v2 = verify_check_text(built.certificate, id, root, 2);
    const verifier::Verdict v3 = verify_check_text(shared, id, root, 3);
    ASSERT_TRUE(v2.valid) << "part " << v2.part << " node " << v2.node << ": " << v2.reason;
    ASSERT_TRUE(v3.valid) << "part " << v3.part << " node " << v3.node << ": " << v3.reason;
    EXPECT_EQ(v3.summary, v2.summary);
    if (id == "zukou-092") {
      EXPECT_LT(v3.nodes, v2.nodes);
    }
    if (id == "cooked-3-move-1") {
      EXPECT_TRUE(v3.summary.starts_with("cooked at 0 by ")) << v3.summary;
    }
  }
}

}  // namespace
}  // namespace tsume
