#include "cli/generate_resume.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string_view>

#include "batch/inputs.h"
#include "generator/checkpoint_text.h"
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

gen::DedupKeys written_keys(const WrittenRecord& w) {
  Position start;
  const bool known = start.set(*w.setup, KingRule::Any).empty();
  return gen::dedup_keys(*w.setup, w.pv, known ? &start : nullptr);
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
    o.written.push_back(written_keys(w));
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

namespace {

constexpr std::string_view kCheckpointTitle = "tsume generate checkpoint 1\n";

// The fields of `options` (name=value, blank-separated) whose values differ in `other`.
std::string differing(const std::string& options, const std::string& other) {
  std::istringstream a(options), b(other);
  std::string x, y, out;
  while (a >> x) {
    if (!(b >> y)) y.clear();
    if (x != y)
      out += (out.empty() ? "" : ", ") + x + " there, " + (y.empty() ? "none" : y) + " here";
  }
  return out.empty() ? "other seeds" : out;
}

}  // namespace

std::string checkpoint_path(const std::string& output) { return output + ".checkpoint"; }

void write_checkpoint(const std::string& output, std::uintmax_t bytes, std::size_t records,
                      const std::string& state) {
  const std::string path = checkpoint_path(output), temporary = path + ".new";
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(gen::fnv1a(state)));
  const std::string text = std::string(kCheckpointTitle) + "output-bytes " + std::to_string(bytes) +
                           " records " + std::to_string(records) + " checksum " + hash + '\n' +
                           state;
  if (!batch::write_whole_file(temporary, text)) throw ResumeError("cannot write " + temporary);
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw ResumeError("cannot write " + path + ": " + error.message());
}

ReverseResume resume_reverse(const std::string& content, const std::string& output,
                             const std::string& format, const gen::ReverseOptions& ro) {
  const std::string path = checkpoint_path(output);
  const auto fail = [&](const std::string& reason) {
    return ResumeError("cannot resume " + output + ": " + reason);
  };
  std::string text;
  if (!batch::read_whole_file(path, text)) {
    if (content.empty()) return {};
    throw fail("no checkpoint " + path +
               " (a reverse-method run with -o writes one every --checkpoint and at its end)");
  }
  const auto bad = [&](int line, const std::string& reason) {
    return fail(path + ":" + std::to_string(line) + ": " + reason);
  };
  if (!text.starts_with(kCheckpointTitle)) throw bad(1, "not a checkpoint of tsume generate");
  const std::size_t eol = text.find('\n', kCheckpointTitle.size());
  if (eol == std::string::npos) throw bad(2, "the checkpoint ends early");
  ReverseResume r;
  unsigned long long bytes = 0, records = 0, hash = 0;
  char tail = 0;
  const std::string header = text.substr(kCheckpointTitle.size(), eol - kCheckpointTitle.size());
  if (std::sscanf(header.c_str(), "output-bytes %llu records %llu checksum %16llx%c", &bytes,
                  &records, &hash, &tail) != 3)
    throw bad(2, "expected 'output-bytes N records K checksum H'");
  r.state = text.substr(eol + 1);
  if (gen::fnv1a(r.state) != hash) throw bad(3, "damaged (its checksum does not match)");
  r.bytes = bytes;
  try {
    gen::CheckpointReader reader(r.state);
    reader.expect("tsume-reverse-checkpoint");
    const std::string theirs = reader.text();
    if (const std::string ours = gen::checkpoint_options(ro); theirs != ours)
      throw fail(path + " was written by a run with other options (" + differing(theirs, ours) +
                 "): resume with the options of the run that wrote it");
  } catch (const gen::CheckpointError& e) {
    throw fail(path + ": " + e.what());
  }
  if (r.bytes > content.size())
    throw fail("it holds " + std::to_string(content.size()) +
               " bytes of complete records, fewer than the " + std::to_string(r.bytes) +
               " of its checkpoint");
  r.records = read_written(content.substr(0, r.bytes), output, format, ro.base.variant);
  if (r.records.size() != records)
    throw fail("its first " + std::to_string(r.bytes) + " bytes hold " +
               std::to_string(r.records.size()) + " records, its checkpoint counts " +
               std::to_string(records));
  for (const WrittenRecord& w : r.records)
    if (w.error || !w.setup) throw fail("'" + w.id + "' is not a problem");
  return r;
}

}  // namespace tsume::cli
