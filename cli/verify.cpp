// `tsume verify`: checks proof certificates (docs/certificate.md) with the verifier library, whose
// rules share no code with the solver.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/gzip_stream.h"
#include "verifier/certificate.h"

namespace tsume::cli {

namespace {

constexpr HelpText kHelp{
    "tsume verify FILE...",
    "Checks every certificate of each FILE ('-': standard input), as written by 'tsume solve\n"
    "--certificate': each node's moves under the rules of shogi (legality, a check at every\n"
    "attacker move, every legal reply covered at every defender node, mate at every leaf), the\n"
    "futile-interposition exemptions by the documented rule, the recorded mate distances and the\n"
    "claimed length, and that no position repeats. The verifier's rules are a separate, plain\n"
    "implementation that shares no code with the solver. A no-mate-within certificate (solve\n"
    "--certificate-exact) is checked as the dual tree: every check at attacker nodes, one\n"
    "refuting reply at defender nodes; a no-mate certificate (a problem without mate) likewise,\n"
    "as a graph in which lines may go round for ever; in version 4 a child written '*' is\n"
    "derived by the verifier (one that needs only 'not mated within 2'). One line per\n"
    "certificate: '<problem> VALID nodes N length L', '... VALID nodes N no-mate-within M',\n"
    "'... VALID nodes N no-mate' or '<problem> INVALID node K: <reason>' (K -1: the header), then "
    "a summary. A\n"
    "check certificate ('tsume check --certificate', version 2) is checked part by part and\n"
    "for its claim: '<problem> VALID nodes N cooked at K ...' or '... sound length L (...)', or\n"
    "'<problem> INVALID part P node K: <reason>' (P -1: the container). With\n"
    "--positions a valid line ends with ' positions P', the different positions its nodes hold.\n"
    "Exit status: 0 when every certificate is valid, 1 when one is not or a file cannot be read\n"
    "(the message names the file and line), 2 on usage errors.",
    "tsume verify zukou.cert\n"
    "tsume solve problems/zukou.tsv --hash 1024 --certificate zukou.cert && tsume verify "
    "zukou.cert",
};

// How many different positions the nodes of a certificate hold (several nodes may hold one in a
// no-mate-within certificate, at different distances).
std::size_t distinct_positions(const std::vector<verifier::Position>& positions) {
  std::vector<verifier::PackedPosition> packed;
  packed.reserve(positions.size());
  for (const verifier::Position& p : positions) packed.push_back(verifier::pack(p));
  std::sort(packed.begin(), packed.end());
  return static_cast<std::size_t>(std::unique(packed.begin(), packed.end()) - packed.begin());
}

}  // namespace

int verify_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  options.add_options()("positions", po::bool_switch()->default_value(false),
                        "after each valid certificate (not a check certificate) the number of "
                        "different positions its nodes hold: ' positions P'");
  const auto vm = parse_options_with_inputs(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const bool count_positions = (*vm)["positions"].as<bool>();
  std::size_t valid = 0, invalid = 0;
  bool read_error = false;
  const auto start = std::chrono::steady_clock::now();
  for (const std::string& file : inputs_of(*vm)) {
    // Plain or gzip-compressed, from a file or standard input.
    GzipReadBuffer buffer(file);
    if (!buffer.is_open()) {
      ctx.err << "tsume verify: " << file << ": cannot open\n";
      read_error = true;
      continue;
    }
    std::istream in(&buffer);
    verifier::CertificateReader reader(in, file);
    verifier::Certificate cert;
    try {
      std::size_t count = 0;
      while (reader.next(cert)) {
        ++count;
        std::vector<verifier::Position> positions;
        const bool counted = count_positions && !verifier::is_check_certificate(cert);
        const verifier::Verdict v = verifier::verify(cert, counted ? &positions : nullptr);
        const std::string positions_text =
            counted && v.valid ? " positions " + std::to_string(distinct_positions(positions)) : "";
        const std::string name =
            cert.problem.empty() ? file + ":" + std::to_string(cert.line) : cert.problem;
        if (v.valid) {
          ++valid;
          if (verifier::is_check_certificate(cert))
            ctx.out << name << " VALID nodes " << v.nodes << ' ' << v.summary << '\n';
          else if (cert.unbounded)
            ctx.out << name << " VALID nodes " << v.nodes << " no-mate" << positions_text << '\n';
          else if (cert.no_mate)
            ctx.out << name << " VALID nodes " << v.nodes << " no-mate-within " << v.length
                    << positions_text << '\n';
          else
            ctx.out << name << " VALID nodes " << v.nodes << " length " << v.length
                    << positions_text << '\n';
        } else {
          ++invalid;
          ctx.out << name << " INVALID ";
          if (verifier::is_check_certificate(cert)) ctx.out << "part " << v.part << ' ';
          ctx.out << "node " << v.node << ": " << v.reason << '\n';
        }
        cert = verifier::Certificate{};  // (its memory released before the next is read)
      }
      if (count == 0) {
        ctx.err << "tsume verify: " << file << ": no certificate in the file\n";
        read_error = true;
      }
    } catch (const std::runtime_error& e) {
      ctx.err << "tsume verify: " << e.what() << '\n';
      read_error = true;
    }
    if (!buffer.error().empty()) {
      ctx.err << "tsume verify: " << file << ": " << buffer.error() << '\n';
      read_error = true;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ctx.out << "summary: " << valid << " valid, " << invalid << " invalid"
          << (read_error ? ", read errors" : "") << '\n';
  ctx.err << "time " << std::fixed << std::setprecision(3) << seconds << " s\n";
  return invalid == 0 && !read_error ? kExitOk : kExitInputError;
}

}  // namespace tsume::cli
