#include "cli/generate_resume.h"

#include <algorithm>
#include <charconv>
#include <string_view>

#include "generator/dedup.h"
#include "generator/from_games.h"
#include "solver/io/jsonl.h"
#include "solver/io/kif.h"
#include "solver/io/problem.h"

namespace tsume::cli {

std::vector<WrittenRecord> read_written(const std::string& content, const std::string& path,
                                        const std::string& format, Variant variant) {
  const auto fail = [&](int line, const std::string& reason) {
    return ResumeError("cannot resume " + path + ":" + std::to_string(line) + ": " + reason);
  };
  const std::string not_ours = "not a record of tsume generate";
  io::ReadOptions read;
  read.variant = variant;
  std::vector<WrittenRecord> out;
  std::size_t at = 0;
  int line = 0;
  if (format == "jsonl") {
    while (at < content.size()) {
      const std::size_t eol = content.find('\n', at);
      const std::string_view text(content.data() + at, eol - at);
      at = eol + 1;
      ++line;
      const auto members = io::read_json_members(text);
      if (!members || !members->count("id")) throw fail(line, not_ours);
      WrittenRecord r;
      r.id = members->at("id");
      r.error = members->count("error") > 0;
      if (!r.error) {
        const auto sfen = members->find("sfen");
        const auto pv = members->find("pv");
        if (sfen == members->end() || pv == members->end()) throw fail(line, not_ours);
        auto problem = io::read_sfen_problem(sfen->second + " moves " + pv->second, path, read);
        if (!problem) throw fail(line, problem.error().reason);
        r.setup = problem->setup;
        r.pv = std::move(problem->moves);
      }
      out.push_back(std::move(r));
    }
    return out;
  }
  if (format == "sfen") {
    // Lines "SFEN<TAB>id<TAB>length<TAB>line"; "# <id>: error: ..." an error record of
    // --from-games; other '#' lines (the rules of a sho file) are no record.
    constexpr std::string_view kError = ": error: ";
    while (at < content.size()) {
      const std::size_t eol = content.find('\n', at);
      const std::string text = content.substr(at, eol - at);
      at = eol + 1;
      ++line;
      WrittenRecord r;
      if (text.starts_with("# ")) {
        const std::size_t mark = text.find(kError);
        if (mark == std::string::npos) continue;
        r.id = text.substr(2, mark - 2);
        r.error = true;
        out.push_back(std::move(r));
        continue;
      }
      std::vector<std::string> fields;
      for (std::size_t from = 0;;) {
        const std::size_t tab = text.find('\t', from);
        fields.push_back(text.substr(from, tab - from));
        if (tab == std::string::npos) break;
        from = tab + 1;
      }
      if (fields.size() != 4) throw fail(line, not_ours);
      r.id = fields[1];
      auto problem = io::read_sfen_problem(fields[0] + " moves " + fields[3], path, read);
      if (!problem) throw fail(line, problem.error().reason);
      r.setup = problem->setup;
      r.pv = std::move(problem->moves);
      out.push_back(std::move(r));
    }
    return out;
  }
  // KIF: blocks from "表題：<id>" to an empty line; an error block has an "*error: " line.
  constexpr std::string_view kTitle = "表題：";
  while (at < content.size()) {
    const std::size_t end = content.find("\n\n", at);
    const std::string block = content.substr(at, end - at + 1);
    const int first = line + 1;
    line += static_cast<int>(std::count(block.begin(), block.end(), '\n')) + 1;
    at = end + 2;
    if (!block.starts_with(kTitle)) throw fail(first, not_ours);
    WrittenRecord r;
    r.id = block.substr(kTitle.size(), block.find('\n') - kTitle.size());
    r.error = block.find("\n*error: ") != std::string::npos;
    if (!r.error) {
      auto problem = io::read_kif(block, path, read);
      if (!problem) throw fail(first, problem.error().reason);
      r.setup = problem->setup;
      r.pv = std::move(problem->moves);
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::size_t resume_random(const std::vector<WrittenRecord>& records, gen::GenerateOptions& o,
                          const std::string& path) {
  const std::string prefix = 'g' + std::to_string(o.seed) + '-';
  std::uint64_t next = o.first_candidate;
  for (const WrittenRecord& w : records) {
    std::uint64_t k = 0;
    const std::string_view number =
        std::string_view(w.id).substr(std::min(prefix.size(), w.id.size()));
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), k);
    if (w.error || !w.setup || !w.id.starts_with(prefix) || ec != std::errc() ||
        end != number.data() + number.size())
      throw ResumeError("cannot resume " + path + ": '" + w.id + "' is not a problem of seed " +
                        std::to_string(o.seed) +
                        " (resume with the options of the run that wrote it)");
    next = std::max(next, k + 1);
    o.written.push_back(gen::dedup_keys(*w.setup, w.pv));
  }
  const std::uint64_t skipped = next - o.first_candidate;
  if (o.max_candidates != 0 && skipped >= o.max_candidates) o.count = 0;  // nothing left
  if (o.max_candidates != 0 && skipped < o.max_candidates) o.max_candidates -= skipped;
  o.first_candidate = next;
  o.count -= std::min(o.count, records.size());
  return records.size();
}

GamesResume games_resume(const std::vector<WrittenRecord>& records) {
  GamesResume r;
  for (const WrittenRecord& w : records) {
    r.ids.insert(w.id);
    r.last_game = gen::game_of_record(w.id, w.error);
    r.games.insert(r.last_game);
    if (w.setup) r.positions.push_back(*w.setup);
  }
  return r;
}

}  // namespace tsume::cli
