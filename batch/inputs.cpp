#include "batch/inputs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <system_error>

#include "solver/io/jsonl.h"
#include "solver/io/text.h"

namespace tsume::batch {

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
  return ext == "sfen" || ext == "usi" || ext == "tsv" || ext == "txt" || ext == "jsonl";
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

constexpr std::string_view kBom = "\xEF\xBB\xBF";  // the UTF-8 byte-order mark

std::string_view without_bom(std::string_view bytes) {
  if (bytes.starts_with(kBom)) bytes.remove_prefix(kBom.size());
  return bytes;
}

// Sets r.text and r.moves from `<sfen>[ moves ...]`, also written `sfen <sfen> ...`, or from a
// USI command `position sfen <sfen> [moves ...]` / `position startpos [moves ...]`, whose moves
// lead to the problem.
void set_sfen_text(std::string_view t, Record& r) {
  t = io::trim(t);
  if (t.starts_with("position ")) {
    r.moves_lead_to_problem = true;
    t = io::trim(t.substr(9));
  }
  if (t.starts_with("sfen ")) t = io::trim(t.substr(5));
  if (const std::size_t at = t.find(" moves");
      at != std::string_view::npos && (at + 6 == t.size() || t[at + 6] == ' ')) {
    r.moves = std::string(io::trim(t.substr(at + 6)));
    t = io::trim(t.substr(0, at));
  }
  r.text = std::string(t);
}

// A JSON Lines record (solver/io/jsonl.h): "sfen" with "id", "length" and "pv" (its given
// line) when present; a malformed one becomes an error record.
void add_json_record(std::string_view line, const std::string& default_id, Record& r,
                     std::vector<Record>& out) {
  auto members = io::read_json_members(line);
  std::string why;
  if (!members) {
    why = members.error().reason;
  } else if (!members->contains("sfen")) {
    why = "a JSON record without a \"sfen\" member";
  }
  r.id = members && members->contains("id") ? (*members)["id"] : default_id;
  if (!why.empty()) {
    r.kind = Record::Kind::Error;
    r.text = io::ParseError{r.file, r.line, why}.message();
    out.push_back(std::move(r));
    return;
  }
  set_sfen_text((*members)["sfen"], r);
  if (r.moves.empty() && members->contains("pv")) r.moves = (*members)["pv"];
  if (members->contains("length")) r.length = (*members)["length"];
  out.push_back(std::move(r));
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
    if (t.starts_with('{')) {  // a JSON Lines record of solve, check or generate
      add_json_record(t, id_prefix + ":" + std::to_string(number), r, out);
      continue;
    }
    // "<sfen> moves ...": the problem is the position before the moves, its given line.
    set_sfen_text(column(t, 0), r);
    if (r.moves.empty() && !r.moves_lead_to_problem) r.moves = std::string(column(t, 3));
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

void add_file(const std::string& path, bool lines_only, std::vector<Record>& out) {
  const std::string ext = extension_of(path);
  if (is_problem_file_extension(ext)) {
    if (lines_only) {
      out.push_back(error_record(path + ":1", path,
                                 path + ": a KIF, KI2 or CSA file; give SFEN, TSV or JSON lines"));
    } else {
      add_problem_file(path, out);
    }
    return;
  }
  std::string bytes;
  if (!read_whole_file(path, bytes)) {
    out.push_back(error_record(path + ":1", path, path + ": cannot read the file"));
    return;
  }
  const std::string_view text = without_bom(bytes);
  if (!lines_only && !is_line_file_extension(ext) && !io::trim(text).starts_with('{') &&
      io::detect_format(text, path) != io::ProblemFormat::Sfen) {
    add_problem_file(path, out);
    return;
  }
  add_lines(text, path, path, out);
}

void add_folder(const std::string& folder, bool lines_only, std::vector<Record>& out) {
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
    // Not .jsonl: a folder often holds the output of earlier runs, which would be read again.
    if ((is_problem_file_extension(ext) && !lines_only) ||
        (is_line_file_extension(ext) && ext != "jsonl"))
      files.push_back(p.string());
  }
  if (ec)
    out.push_back(
        error_record(folder, folder, folder + ": cannot list the folder: " + ec.message()));
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) add_file(f, lines_only, out);
}

io::Expected<io::Problem> read_file_record(const Record& r, const io::ReadOptions& read) {
  if (r.kind == Record::Kind::ProblemText) return io::read_problem(r.text, r.file, read);
  return io::read_problem_file(r.text, read);
}

// USI moves, each checked in the position it is played in; `what` names them in messages.
io::Expected<std::vector<Move>> play_usi_moves(const Record& r, Position& at,
                                               std::string_view what) {
  std::vector<Move> moves;
  std::istringstream words(r.moves);
  for (std::string word; words >> word;) {
    auto m = io::parse_usi_move(word, at);
    if (!m)
      return io::ParseError{r.file, r.line,
                            std::string(what) + " " + std::to_string(moves.size() + 1) + " '" +
                                excerpt(word, 20) + "': " + m.error().reason};
    at.do_move(*m);
    moves.push_back(*m);
  }
  return moves;
}

// A `position ... moves ...` record: the start position (any kings) with the moves played, then
// read again as a problem (the defender's king required, the hand rule applied).
io::Expected<Position> position_after_moves(const Record& r, const io::ReadOptions& read) {
  auto start = io::read_position(r.text, io::DefenderHand::AsGiven, r.file, r.line, KingRule::Any,
                                 read.variant);
  if (!start) return start;
  Position at = *start;
  const auto moves = play_usi_moves(r, at, "move");
  if (!moves) return moves.error();
  const std::string sfen = io::to_sfen(at);
  auto problem = io::read_position(sfen, read.defender_hand, r.file, r.line, KingRule::DefenderKing,
                                   read.variant);
  if (!problem && !moves->empty()) {  // the reason is about the position the moves lead to
    io::ParseError e = problem.error();
    const std::size_t n = moves->size();
    e.reason = "after " + std::to_string(n) + (n == 1 ? " move" : " moves") + " (" + sfen +
               "): " + e.reason;
    return e;
  }
  return problem;
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "...";
}

io::Expected<std::vector<Move>> read_given_moves(const Record& r, const Position& pos) {
  if (r.moves_lead_to_problem) return std::vector<Move>{};
  Position at = pos;
  return play_usi_moves(r, at, "given move");
}

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

std::vector<Record> gather_records(const std::vector<std::string>& inputs, bool lines_only) {
  std::vector<Record> out;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const std::string& input = inputs[k];
    if (input == "-") {
      std::ostringstream content;
      content << std::cin.rdbuf();
      const std::string bytes = content.str();
      const std::string_view text = without_bom(bytes);
      if (lines_only || io::trim(text).starts_with('{') ||
          io::detect_format(text, {}) == io::ProblemFormat::Sfen) {
        add_lines(text, "stdin", "stdin", out);
      } else {  // one KIF, KI2 or CSA record
        Record r;
        r.kind = Record::Kind::ProblemText;
        r.id = "stdin:1";
        r.text = std::string(text);
        r.file = "stdin";
        out.push_back(std::move(r));
      }
      continue;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(input, ec);
    if (!ec && fs::is_directory(st)) {
      add_folder(input, lines_only, out);
    } else if (!ec && fs::exists(st)) {
      add_file(input, lines_only, out);
    } else {
      // Not a file: a SFEN given on the command line, possibly followed by " moves ...".
      Record r;
      r.id = "arg" + std::to_string(k + 1);
      set_sfen_text(input, r);
      // A SFEN has spaces between its fields; a word without any is a board without the rest
      // of the SFEN, or a mistyped path.
      if (input.find(' ') == std::string::npos && !io::parse_sfen(input)) {
        const auto ranks = std::count(input.begin(), input.end(), '/');
        out.push_back(error_record(
            r.id, {},
            ranks == 8 ? "'" + excerpt(input) +
                             "': a board alone; a SFEN is BOARD SIDE HANDS MOVE-NUMBER, e.g. '" +
                             excerpt(input) + " b - 1' (black to move, no pieces in hand)"
                       : "'" + excerpt(input) + "': no such file or folder"));
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
    auto pos = r.moves_lead_to_problem
                   ? position_after_moves(r, read)
                   : io::read_position(r.text, read.defender_hand, r.file, r.line,
                                       KingRule::DefenderKing, read.variant);
    if (!pos && r.file.empty()) {
      io::ParseError e = pos.error();
      e.reason = r.id + ": " + e.reason;
      return e;
    }
    return pos;
  }
  case Record::Kind::ProblemFile:
  case Record::Kind::ProblemText: {
    auto problem = read_file_record(r, read);
    if (!problem) return problem.error();
    return position_of(*problem, r.file);
  }
  case Record::Kind::Error:
    break;
  }
  return io::ParseError{{}, 0, r.text};
}

io::Expected<io::Problem> read_record_problem(const Record& r, const io::ReadOptions& read) {
  if (r.is_problem_file()) return read_file_record(r, read);
  auto pos = read_record_position(r, read);
  if (!pos) return pos.error();
  io::Problem problem;
  problem.setup = pos->setup();
  problem.title = r.id;
  // Whether the hand was filled in: the same SFEN read as given differs.
  if (auto given = io::parse_sfen(r.text, {}, 0, read.variant);
      given && !(given->hands == problem.setup.hands))
    problem.rest_to_defender = true;
  auto moves = read_given_moves(r, *pos);
  if (!moves) return moves.error();
  problem.moves = std::move(*moves);
  problem.move_lines.assign(problem.moves.size(), r.line);
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

}  // namespace tsume::batch
