// The output side of a batch (output.h).
#include "batch/output.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <system_error>

#include "batch/inputs.h"
#include "solver/io/text.h"

namespace tsume::batch {

namespace fs = std::filesystem;

// JSON string contents: quotes, backslashes and control characters escaped; bytes that are not
// valid UTF-8 written as \u00XX so that every line stays valid JSON.
std::string json_escape(std::string_view s) {
  const bool utf8 = io::is_valid_utf8(s);
  std::string out;
  out.reserve(s.size() + 2);
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (u < 0x20 || (u >= 0x80 && !utf8) || u == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", u);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string json_string(std::string_view s) { return '"' + json_escape(s) + '"'; }

std::string one_line(std::string_view s) {
  std::string out(s);
  std::replace(out.begin(), out.end(), '\n', ' ');
  std::replace(out.begin(), out.end(), '\r', ' ');
  return out;
}

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3) << seconds << " s";
  return s.str();
}

namespace {

// Formats of a record per line (jsonl, TSV): the complete lines, each read by `id_of`, which
// gives its id, or nullopt when the line is not `what` (then the file is refused, naming the
// line). With `comments`, '#' lines are kept and name no record.
template <class IdOf>
ResumeState scan_lines(std::string_view content, std::string_view what, bool comments, IdOf id_of) {
  ResumeState st;
  std::size_t at = 0;
  int line = 0;
  while (at < content.size()) {
    const std::size_t eol = content.find('\n', at);
    if (eol == std::string_view::npos) break;  // the cut last line
    ++line;
    const std::string_view text = content.substr(at, eol - at);
    if (!comments || !text.starts_with('#')) {
      const std::optional<std::string_view> id = id_of(text);
      if (!id) {
        st.problem = "line " + std::to_string(line) + " is not " + std::string(what);
        return st;
      }
      st.ids.insert(std::string(*id));
    }
    at = eol + 1;
    st.keep = at;
  }
  return st;
}

// jsonl: the id is the first field, a JSON string as json_escape wrote it.
std::optional<std::string_view> jsonl_id(std::string_view text) {
  constexpr std::string_view kStart = "{\"id\":\"";
  std::size_t end = kStart.size();
  while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
  if (!text.starts_with(kStart) || !text.ends_with('}') || end >= text.size()) return std::nullopt;
  return text.substr(kStart.size(), end - kStart.size());
}

// TSV: the id is the second field.
std::optional<std::string_view> tsv_id(std::string_view text) {
  const std::size_t tab = text.find('\t');
  if (tab == std::string_view::npos || tab + 1 == text.size() || text[tab + 1] == '\t')
    return std::nullopt;
  return text.substr(tab + 1, text.find('\t', tab + 1) - tab - 1);
}

// Text and KIF: blocks of lines ended by an empty line; the first line names the id.
ResumeState scan_blocks(std::string_view content, std::string_view id_prefix) {
  ResumeState st;
  std::size_t at = 0;
  std::optional<std::string> id;
  int line = 0;
  while (at < content.size()) {
    const std::size_t eol = content.find('\n', at);
    if (eol == std::string_view::npos) break;
    ++line;
    const std::string_view text = content.substr(at, eol - at);
    at = eol + 1;
    if (!id) {
      if (!text.starts_with(id_prefix)) {
        st.problem = "line " + std::to_string(line) + " does not start a record ('" +
                     std::string(id_prefix) + "<id>')";
        return st;
      }
      id = std::string(text.substr(id_prefix.size()));
    } else if (text.empty()) {
      st.ids.insert(*id);
      id.reset();
      st.keep = at;
    }
  }
  return st;
}

}  // namespace

std::string resume_key(const std::string& id, Format format) {
  return format == Format::Jsonl ? json_escape(id) : one_line(id);
}

// Reads `path` for --resume and truncates it to its complete records. Throws nothing; returns
// the state with `problem` set when the file cannot be used.
ResumeState prepare_resume(const std::string& path, Format format, std::string* kept) {
  ResumeState st;
  std::error_code ec;
  if (!fs::exists(path, ec)) return st;  // nothing yet: start from the beginning
  std::string content;
  if (!read_whole_file(path, content)) {
    st.problem = "cannot read the file";
    return st;
  }
  st = format == Format::Jsonl
           ? scan_lines(content, "a jsonl record of tsume solve", false, jsonl_id)
       : format == Format::Text ? scan_blocks(content, "id ")
       : format == Format::Kif
           ? scan_blocks(content, "表題：")
           : scan_lines(content, "a TSV record (SFEN<TAB>id<TAB>...)", true, tsv_id);
  if (!st.problem.empty()) return st;
  if (st.keep < content.size()) {
    fs::resize_file(path, st.keep, ec);
    if (ec) st.problem = "cannot truncate the cut last record: " + ec.message();
  }
  if (kept) *kept = content.substr(0, st.keep);
  return st;
}

namespace {

std::string clock_text(double seconds) {
  const auto s = static_cast<std::uint64_t>(std::max(seconds, 0.0));
  std::ostringstream out;
  out << s / 3600 << ':' << std::setw(2) << std::setfill('0') << (s / 60) % 60 << ':'
      << std::setw(2) << std::setfill('0') << s % 60;
  return out.str();
}

}  // namespace

std::string progress_text(std::size_t done, std::size_t total, std::string_view label,
                          std::size_t count, double elapsed) {
  constexpr int kWidth = 24;
  const double fraction = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kWidth);
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  std::ostringstream line;
  line << '[' << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(kWidth - filled), '.') << "] " << done << '/'
       << total << "  " << label << ' ' << count << "  " << std::fixed << std::setprecision(1)
       << rate << "/s  ETA ";
  if (rate > 0) {
    line << clock_text(static_cast<double>(total - done) / rate);
  } else {
    line << "-";
  }
  return line.str();
}

void StatusLine::show(std::string_view text) {
  if (!enabled_) return;
  constexpr std::size_t kColumns = 79;
  std::size_t columns = 0, end = 0;
  for (; end < text.size(); ++end) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) continue;  // UTF-8 continuation
    if (columns == kColumns) break;
    ++columns;
  }
  err_ << "\r\033[K" << text.substr(0, end) << std::flush;
  shown_ = true;
}

void StatusLine::clear() {
  if (!shown_) return;
  err_ << "\r\033[K" << std::flush;
  shown_ = false;
}

void StatusLine::finish() {
  if (!shown_) return;
  err_ << '\n' << std::flush;
  shown_ = false;
}

}  // namespace tsume::batch
