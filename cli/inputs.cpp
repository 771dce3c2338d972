#include "cli/inputs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <system_error>

#include "solver/io/text.h"

namespace tsume::cli {

namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::string extension_of(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return lower(ext.empty() ? ext : ext.substr(1));
}

bool is_problem_file_extension(const std::string& ext) {
  return ext == "kif" || ext == "kifu" || ext == "ki2" || ext == "ki2u" || ext == "csa";
}

bool is_line_file_extension(const std::string& ext) {
  return ext == "sfen" || ext == "usi" || ext == "tsv" || ext == "txt";
}

// The `index`-th tab-separated column of `line` (0-based), trimmed; empty when absent.
std::string_view column(std::string_view line, int index) {
  for (int i = 0; i < index; ++i) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) return {};
    line.remove_prefix(tab + 1);
  }
  return io::trim(line.substr(0, line.find('\t')));
}

// One record per line that is neither blank nor a '#' comment:
// `SFEN[ moves ...][<TAB>id[<TAB>length[<TAB>USI main line]]]` (problems/README.md).
void add_lines(std::string_view text, const std::string& file, const std::string& id_prefix,
               std::vector<Record>& out) {
  int number = 0;
  for (const io::TextLine& line : io::split_lines(text)) {
    const std::string_view t = io::trim(line.text);
    if (t.empty() || t.starts_with('#')) continue;
    ++number;
    Record r;
    r.file = file;
    r.line = line.number;
    std::string_view sfen = column(t, 0);
    // "<sfen> moves ..." (a USI position line): the problem is the position before the moves.
    if (const std::size_t at = sfen.find(" moves"); at != std::string_view::npos) {
      r.moves = std::string(io::trim(sfen.substr(at + 6)));
      sfen = io::trim(sfen.substr(0, at));
    }
    r.text = std::string(sfen);
    if (r.moves.empty()) r.moves = std::string(column(t, 3));
    r.length = std::string(column(t, 2));
    r.id = std::string(column(t, 1));
    if (r.id.empty()) r.id = id_prefix + ":" + std::to_string(number);
    out.push_back(std::move(r));
  }
}

Record error_record(std::string id, std::string file, std::string message) {
  Record r;
  r.kind = Record::Kind::Error;
  r.id = std::move(id);
  r.file = std::move(file);
  r.text = std::move(message);
  return r;
}

// One problem per file (KIF, KI2, CSA): read later, when its turn comes.
void add_problem_file(const std::string& path, std::vector<Record>& out) {
  Record r;
  r.kind = Record::Kind::ProblemFile;
  r.id = path + ":1";
  r.text = path;
  r.file = path;
  out.push_back(std::move(r));
}

void add_file(const std::string& path, std::vector<Record>& out) {
  const std::string ext = extension_of(path);
  if (is_problem_file_extension(ext)) {
    add_problem_file(path, out);
    return;
  }
  std::string bytes;
  if (!read_whole_file(path, bytes)) {
    out.push_back(error_record(path + ":1", path, path + ": cannot read the file"));
    return;
  }
  if (!is_line_file_extension(ext) && io::detect_format(bytes, path) != io::ProblemFormat::Sfen) {
    add_problem_file(path, out);
    return;
  }
  add_lines(bytes, path, path, out);
}

void add_folder(const std::string& folder, std::vector<Record>& out) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    out.push_back(
        error_record(folder, folder, folder + ": cannot list the folder: " + ec.message()));
    return;
  }
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const fs::path& p = it->path();
    if (p.filename().string().starts_with('.')) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    const std::string ext = extension_of(p.string());
    if (is_problem_file_extension(ext) || is_line_file_extension(ext)) files.push_back(p.string());
  }
  if (ec)
    out.push_back(
        error_record(folder, folder, folder + ": cannot list the folder: " + ec.message()));
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) add_file(f, out);
}

}  // namespace

bool read_whole_file(const std::string& path, std::string& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return false;
  bytes = content.str();
  return true;
}

bool write_whole_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return static_cast<bool>(out);
}

std::vector<Record> gather_records(const std::vector<std::string>& inputs) {
  std::vector<Record> out;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const std::string& input = inputs[k];
    if (input == "-") {
      std::ostringstream content;
      content << std::cin.rdbuf();
      add_lines(content.str(), "stdin", "stdin", out);
      continue;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(input, ec);
    if (!ec && fs::is_directory(st)) {
      add_folder(input, out);
    } else if (!ec && fs::exists(st)) {
      add_file(input, out);
    } else {
      // Not a file: a SFEN given on the command line, possibly followed by " moves ...".
      Record r;
      r.id = "arg" + std::to_string(k + 1);
      r.text = input;
      if (const std::size_t at = input.find(" moves"); at != std::string::npos) {
        r.moves = std::string(io::trim(std::string_view(input).substr(at + 6)));
        r.text = std::string(io::trim(std::string_view(input).substr(0, at)));
      }
      // A SFEN has spaces between its fields; a word without any is a mistyped path.
      if (input.find(' ') == std::string::npos && !io::parse_sfen(input)) {
        out.push_back(error_record(r.id, {}, "'" + input + "': no such file or folder"));
        continue;
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

io::Expected<Position> position_of(const io::Problem& problem, const std::string& file) {
  Position pos;
  if (std::string why = pos.set(problem.setup); !why.empty())
    return io::ParseError{file, 0, "illegal position: " + why};
  return pos;
}

io::Expected<Position> read_record_position(const Record& r, const io::ReadOptions& read) {
  switch (r.kind) {
  case Record::Kind::Sfen: {
    auto pos = io::read_position(r.text, read.defender_hand, r.file, r.line, KingRule::DefenderKing,
                                 read.variant);
    if (!pos && r.file.empty()) {
      io::ParseError e = pos.error();
      e.reason = r.id + ": " + e.reason;
      return e;
    }
    return pos;
  }
  case Record::Kind::ProblemFile: {
    auto problem = io::read_problem_file(r.text, read);
    if (!problem) return problem.error();
    return position_of(*problem, r.text);
  }
  case Record::Kind::Error:
    break;
  }
  return io::ParseError{{}, 0, r.text};
}

io::Expected<io::Problem> read_record_problem(const Record& r, const io::ReadOptions& read) {
  if (r.kind == Record::Kind::ProblemFile) return io::read_problem_file(r.text, read);
  auto pos = read_record_position(r, read);
  if (!pos) return pos.error();
  io::Problem problem;
  problem.setup = pos->setup();
  problem.title = r.id;
  // Whether the hand was filled in: the same SFEN read as given differs.
  if (auto given = io::parse_sfen(r.text, {}, 0, read.variant);
      given && !(given->hands == problem.setup.hands))
    problem.rest_to_defender = true;
  Position at = *pos;
  std::istringstream tokens(r.moves);
  for (std::string token; tokens >> token;) {
    auto m = io::parse_usi_move(token, at);
    if (!m) return io::ParseError{r.file, r.line, "move " + token + ": " + m.error().reason};
    at.do_move(*m);
    problem.moves.push_back(*m);
    problem.move_lines.push_back(r.line);
  }
  if (!problem.moves.empty() && r.length == std::to_string(problem.moves.size()))
    problem.result = "詰み";
  return problem;
}

std::string file_name_of_id(const std::string& id) {
  std::string out;
  for (char c : id) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_' || c == '.';
    out += keep ? c : '_';
  }
  if (out.empty() || out.front() == '.') out.insert(out.begin(), '_');
  return out;
}

std::string FileNames::take(const std::string& id) {
  const std::string base = file_name_of_id(id);
  std::string name = base;
  for (int k = 2; !used_.insert(name).second; ++k) name = base + "-" + std::to_string(k);
  return name;
}

bool ensure_folder(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  return fs::is_directory(dir, ec);
}

}  // namespace tsume::cli
