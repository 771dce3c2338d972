#include "solver/answer/certificate_check.h"

#include <limits>
#include <memory>
#include <sstream>
#include <utility>

#include "solver/answer/exemptions.h"
#include "solver/answer/main_line.h"

namespace tsume {

namespace {

class Writer {
public:
  Writer(const Position& root, const CheckResult& result, const SearchLimits& limits,
         std::size_t hash_megabytes)
      : root_(root), result_(result), limits_(limits),
        own_(result.table ? nullptr : std::make_unique<TranspositionTable>(hash_megabytes)),
        table_(result.table ? *result.table : *own_), attacker_(root.side_to_move()) {
    Position pos = root;
    path_.push_back(pos);
    for (Move m : result.main_line) {
      pos.do_move(m);
      path_.push_back(pos);
    }
  }

  CheckCertificateBuild build() {
    CheckCertificateBuild out;
    const auto& r = result_;
    if (r.verdict == Verdict::Cooked) {
      std::string why = "no cook";
      for (const Finding& f : r.cooks) {
        out.certificate = CheckCertificate{};
        if (cooked(f, out.certificate, why)) {
          out.ok = true;
          break;
        }
      }
      if (!out.ok) out.error = "no cook's proof could be written: " + why;
    } else if (r.verdict == Verdict::Sound || r.verdict == Verdict::SoundWithFlaws) {
      out.ok = sound(out.certificate, out.error);
    } else {
      out.error = std::string("the verdict is ") + to_string(r.verdict) +
                  " (check certificates are for COOKED, SOUND and SOUND_WITH_FLAWS)";
    }
    out.certificate.line = r.main_line;
    out.nodes = nodes_;
    out.seconds = seconds_;
    return out;
  }

private:
  // One part from a build; false (with the reason) when it failed.
  bool take(CertificateBuild built, CheckCertificate& c, std::string role, int ply, Move move,
            const Position& at, std::string& why) {
    nodes_ += built.nodes;
    seconds_ += built.seconds;
    if (!built.ok) {
      why = role + " at ply " + std::to_string(ply) + ": " + built.error;
      return false;
    }
    c.parts.push_back({std::move(role), ply, move, "", at, std::move(built.certificate)});
    return true;
  }

  bool cooked(const Finding& f, CheckCertificate& c, std::string& why) {
    c.cooked = true;
    const int k = f.ply;
    const int length = static_cast<int>(result_.main_line.size());
    if (k < 0 || k >= length || k % 2 != 0) return false;
    const Position& at = path_[static_cast<std::size_t>(k)];
    const Move main = result_.main_line[static_cast<std::size_t>(k)];
    table_.clear();
    // The main move's mate, within what is left of the line.
    if (!take(build_certificate_with_move(table_, limits_, at, main, length - k, kExact), c, "main",
              k, main, at, why))
      return false;
    if (length > 1 && !take(build_no_mate_certificate(table_, limits_, at, 1, kExact), c,
                            "not-last", k, Move::none(), at, why))
      return false;
    const Plies d = c.parts.front().certificate.length;
    if (length > 1 && (differs_only_in_promotion<ShogiRules>(f.alternative, main) ||
                       differs_only_in_drop_distance(at, f.alternative, main))) {
      // A candidate for non-limitation (非限定; not at the last node, so not in a 1-ply
      // problem): shown not to mate as fast as the main move.
      Position after = at;
      after.do_move(f.alternative);
      if (!take(build_no_mate_certificate_for(table_, limits_, after, attacker_, d - 1, kExact), c,
                "slow", k, f.alternative, after, why))
        return false;
    }
    // The cook's mate, off the main line: its positions marked "no mate" (what the checker's
    // detour and transposition tests do).
    table_.clear();
    for (const Position& p : path_)
      table_.store_disproof(p.board_key(), p.hand(attacker_), kNoMate,
                            std::numeric_limits<std::uint32_t>::max());
    // The checker's bound is that of a proof that may pass through the line: off it the mate
    // may take longer, so the bound is doubled (three times at most) while no proof is found.
    Plies bound = f.length > 0 ? f.length : length - k;
    for (int round = 0;; ++round) {
      CertificateBuild built =
          build_certificate_with_move(table_, limits_, at, f.alternative, bound, kExact);
      const bool longer = !built.ok && round < 3 && built.error.starts_with("no proof within");
      if (longer) {
        nodes_ += built.nodes;
        seconds_ += built.seconds;
        bound = 2 * bound + 1;
        continue;
      }
      return take(std::move(built), c, "cook", k, f.alternative, at, why);
    }
  }

  bool sound(CheckCertificate& c, std::string& why) {
    c.cooked = false;
    const auto& line = result_.main_line;
    const int length = static_cast<int>(line.size());
    if (result_.length != length || length < 1) {
      why = "a sound certificate needs the exact length";
      return false;
    }
    if (!take(build_certificate_with_move(table_, limits_, root_, line[0], length, kExact), c,
              "mate", 0, line[0], root_, why))
      return false;
    if (length >= 3 && !take(build_no_mate_certificate(table_, limits_, root_, length - 2, kExact),
                             c, "exact", 0, Move::none(), root_, why))
      return false;
    // Every attacker node but the last; in a 1-ply problem the only one, where an alternative
    // must not mate in 1 (no mate within 1 of the position after it: not mated in 0).
    for (int k = 0; k + 2 < length || (length == 1 && k == 0); k += 2) {
      Position at = path_[static_cast<std::size_t>(k)];
      const Move main = line[static_cast<std::size_t>(k)];
      MoveList checks;
      generate_checks(at, checks);
      for (Move m : checks) {
        if (m == main) continue;
        // An exemption the checker found (a flaw), named; else the disproof at any length.
        std::string reason;
        for (const Finding& f : result_.flaws)
          if (f.ply == k && f.alternative == m) {
            if (f.kind == FindingKind::Mirror) reason = "mirror";
            if (f.kind == FindingKind::NonLimitation) reason = "non-limitation";
            if (f.kind == FindingKind::Detour) reason = "detour";
            if (f.kind == FindingKind::Transposition) reason = "transposition";
          }
        if (!reason.empty()) {
          c.parts.push_back({"exempt", k, m, reason, Position{}, Certificate{}});
          continue;
        }
        Position after = at;
        after.do_move(m);
        if (!take(build_no_mate_certificate_for(table_, limits_, after, attacker_,
                                                length == 1 ? 1 : kNoMate, kExact),
                  c, "alternative", k, m, after, why))
          return false;
      }
    }
    return true;
  }

  const Position& root_;
  const CheckResult& result_;
  SearchLimits limits_;
  std::unique_ptr<TranspositionTable> own_;  // when the check left no table
  TranspositionTable& table_;
  Color attacker_;
  std::vector<Position> path_;  // the main line's positions, 0..L
  std::uint64_t nodes_ = 0;
  double seconds_ = 0;
};

}  // namespace

CheckCertificateBuild build_check_certificate(const Position& root, const CheckResult& result,
                                              const SearchLimits& limits,
                                              std::size_t hash_megabytes) {
  return Writer(root, result, limits, hash_megabytes).build();
}

std::string check_certificate_text(const CheckCertificate& c, const std::string& id,
                                   const std::string& root_sfen,
                                   const std::function<std::string(const Position&)>& sfen) {
  std::ostringstream s;
  s << "tsume-certificate 2\n" << (c.cooked ? "claim cooked\n" : "claim sound\n");
  if (!id.empty()) s << "problem " << id << '\n';
  s << "sfen " << root_sfen << "\nfutile not-counted\nline";
  for (Move m : c.line) s << ' ' << ShogiRules::move_text(m);
  s << "\nparts " << c.parts.size() << '\n';
  for (const CheckCertificate::Part& p : c.parts) {
    s << "part " << p.role << ' ' << p.ply << ' '
      << (p.move.is_none() ? std::string("-") : ShogiRules::move_text(p.move));
    if (p.role == "exempt") {
      s << ' ' << p.reason << '\n';
      continue;
    }
    s << '\n' << certificate_text(p.certificate, "", sfen(p.root));
  }
  s << "end\n";
  return s.str();
}

}  // namespace tsume
