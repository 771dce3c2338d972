// The output side of a batch (batch/runner.h): the record formats, JSON text, --resume over an
// output file, and the progress line on a terminal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <set>
#include <string>
#include <string_view>

namespace tsume::batch {

// The record formats of a batch output. Text records start with "id <id>" and KIF records with
// "表題：<id>", each ended by an empty line; a jsonl record is one line starting {"id":; a TSV
// record is one line of the problems/ TSV (SFEN<TAB>id<TAB>...), '#' lines being comments
// (`tsume generate --format sfen`).
enum class Format { Text, Jsonl, Kif, Tsv };

// JSON string contents: quotes, backslashes and control characters escaped; bytes that are not
// valid UTF-8 written as \u00XX so that every line stays valid JSON.
std::string json_escape(std::string_view s);
std::string json_string(std::string_view s);
// Ids and messages on one line of the text and KIF formats (line breaks as spaces).
std::string one_line(std::string_view s);
// "1.234 s".
std::string seconds_text(double seconds);

// --resume: the ids already in the output file, and where its complete records end.
struct ResumeState {
  std::set<std::string> ids;  // jsonl: escaped as written; text, KIF and TSV: as written
  std::uintmax_t keep = 0;    // bytes of complete records; the rest is a cut record
  std::string problem;        // non-empty: the file is not output of this format
};
// The key of a record id in ResumeState::ids.
std::string resume_key(const std::string& id, Format format);
// Reads `path` for --resume and truncates it to its complete records. Throws nothing; returns
// the state with `problem` set when the file cannot be used. A missing file is an empty one.
// With `kept`, also the text of the complete records (what the file holds afterwards).
ResumeState prepare_resume(const std::string& path, Format format, std::string* kept = nullptr);

// The progress text of a batch: "[####....] done/total  <label> <count>  rate/s  ETA h:mm:ss".
std::string progress_text(std::size_t done, std::size_t total, std::string_view label,
                          std::size_t count, double elapsed);

// One line of progress on a terminal, redrawn in place. It is cut to 79 columns so that it never
// wraps (a wrapped line cannot be redrawn), and it is cleared before each record is written, so
// that records going to the same terminal never start on the progress line. Disabled (when
// stderr is no terminal) it writes nothing.
class StatusLine {
public:
  StatusLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  bool enabled() const { return enabled_; }
  // Replaces the line with `text`.
  void show(std::string_view text);
  // Clears the line (before a record is written).
  void clear();
  // Leaves the last text on its own line (the batch is done, or a message follows).
  void finish();

private:
  std::ostream& err_;
  bool enabled_;
  bool shown_ = false;
};

}  // namespace tsume::batch
