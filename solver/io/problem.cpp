#include "solver/io/problem.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "solver/core/position.h"
#include "solver/io/csa.h"
#include "solver/io/kif.h"
#include "solver/io/text.h"

namespace tsume::io {

std::vector<Move> line_prefix(std::span<const Move> main, const std::vector<Variation>& variations,
                              std::size_t index, std::size_t plies) {
  // The line and its ancestors up to the main line: their moves and the moves played before
  // their first.
  std::vector<std::pair<std::span<const Move>, std::size_t>> chain;
  for (std::size_t i = index; i < variations.size();) {
    const Variation& v = variations[i];
    chain.emplace_back(std::span<const Move>(v.moves), v.ply - 1);
    i = v.parent == 0 || v.parent - 1 >= i ? variations.size() : v.parent - 1;
  }
  chain.emplace_back(main, 0);
  // From the main line down, each line up to where the next one branches off it.
  std::vector<Move> out;
  for (std::size_t c = chain.size(); c-- > 0;) {
    const auto& [moves, start] = chain[c];
    if (out.size() != start) break;  // `plies` reached before this line starts
    const std::size_t until = std::min(plies, c > 0 ? chain[c - 1].second : plies);
    for (std::size_t i = 0; out.size() < until && i < moves.size(); ++i) out.push_back(moves[i]);
  }
  return out;
}

namespace {

std::string lower_extension(std::string_view file) {
  const std::size_t slash = file.find_last_of("/\\");
  const std::size_t dot = file.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return {};
  std::string ext(file.substr(dot + 1));
  for (char& c : ext)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return ext;
}

bool looks_like_sfen(std::string_view line) {
  if (line.starts_with("sfen") || line.starts_with("startpos") || line.starts_with("position"))
    return true;
  const std::string_view board = line.substr(0, line.find(' '));
  int slashes = 0;
  for (char c : board) {
    if (c == '/')
      ++slashes;
    else if (!((c >= '1' && c <= '9') || c == '+' || (c >= 'a' && c <= 'z') ||
               (c >= 'A' && c <= 'Z')))
      return false;
  }
  return slashes == 8;
}

bool looks_like_csa(std::string_view line) {
  return line.starts_with("V2") || line.starts_with("V3") || line.starts_with("PI") ||
         (line.size() >= 2 && line[0] == 'P' && line[1] >= '1' && line[1] <= '9') ||
         line.starts_with("P+") || line.starts_with("P-") || line.starts_with("N+") ||
         line.starts_with("N-") || line.starts_with("$") || line.starts_with("'");
}

}  // namespace

std::string_view format_name(ProblemFormat format) {
  switch (format) {
  case ProblemFormat::Sfen:
    return "SFEN";
  case ProblemFormat::Kif:
    return "KIF";
  case ProblemFormat::Ki2:
    return "KI2";
  case ProblemFormat::Csa:
    return "CSA";
  }
  return "?";
}

std::string_view Problem::header(std::string_view key) const {
  for (const auto& [k, v] : headers)
    if (k == key) return v;
  return {};
}

bool apply_defender_hand(BoardSetup& setup, DefenderHand policy) {
  const Color defender = ~setup.side_to_move;
  if (policy != DefenderHand::RestIfEmpty || !setup.hand(defender).empty()) return false;
  give_rest_to(setup, defender);
  return !setup.hand(defender).empty();
}

bool defender_hand_is_rest(const Position& pos) {
  const Color defender = ~pos.side_to_move();
  BoardSetup setup = pos.setup();
  const Hand given = setup.hand(defender);
  if (given.empty()) return false;
  setup.hand(defender) = Hand();
  give_rest_to(setup, defender);
  return setup.hand(defender) == given;
}

ProblemFormat detect_format(std::string_view bytes, std::string_view file) {
  const std::string ext = lower_extension(file);
  if (ext == "sfen" || ext == "usi") return ProblemFormat::Sfen;
  if (ext == "kif" || ext == "kifu") return ProblemFormat::Kif;
  if (ext == "ki2" || ext == "ki2u") return ProblemFormat::Ki2;
  if (ext == "csa") return ProblemFormat::Csa;
  // The first line that is neither empty nor a '#' comment decides; KIF is the fallback because
  // its files start with free-form header lines.
  for (const TextLine& line : split_lines(bytes)) {
    const std::string_view t = trim(line.text);
    if (t.empty() || t.starts_with('#')) continue;
    if (looks_like_sfen(t)) return ProblemFormat::Sfen;
    if (looks_like_csa(t)) return ProblemFormat::Csa;
    return ProblemFormat::Kif;
  }
  return ProblemFormat::Kif;
}

Expected<Problem> read_sfen_problem(std::string_view bytes, std::string_view file,
                                    const ReadOptions& options) {
  const std::string file_name(file);
  Problem problem;
  problem.format = ProblemFormat::Sfen;
  bool found = false;
  for (const TextLine& line : split_lines(bytes)) {
    std::string_view t = trim(line.text);
    if (t.empty() || t.starts_with('#')) continue;
    if (found)
      return ParseError{file_name, line.number, "a second position (one problem per file)"};
    found = true;
    if (t.starts_with("position ")) t = trim(t.substr(9));  // the USI command form
    std::string_view moves;
    if (const std::size_t at = t.find(" moves"); at != std::string_view::npos) {
      moves = t.substr(at + 6);
      t = t.substr(0, at);
    }
    auto parsed = parse_sfen(t, file, line.number, options.variant);
    if (!parsed) return parsed.error();
    problem.setup = *parsed;
    problem.rest_to_defender = apply_defender_hand(problem.setup, options.defender_hand);
    Position pos;
    if (std::string why = pos.set(problem.setup); !why.empty())
      return ParseError{file_name, line.number, why};
    std::istringstream tokens{std::string(moves)};
    for (std::string token; tokens >> token;) {
      auto m = parse_usi_move(token, pos);
      if (!m) return ParseError{file_name, line.number, m.error().reason};
      pos.do_move(*m);
      problem.moves.push_back(*m);
      problem.move_lines.push_back(line.number);
    }
  }
  if (!found) return ParseError{file_name, 0, "no SFEN position in the file"};
  return problem;
}

Expected<Problem> read_problem(std::string_view bytes, std::string_view file,
                               const ReadOptions& options) {
  switch (detect_format(bytes, file)) {
  case ProblemFormat::Sfen:
    return read_sfen_problem(bytes, file, options);
  case ProblemFormat::Csa:
    return read_csa(bytes, file, options);
  case ProblemFormat::Kif:
  case ProblemFormat::Ki2:
    break;
  }
  return read_kif(bytes, file, options);
}

namespace {

Expected<std::string> load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ParseError{path, 0, "cannot open the file"};
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return ParseError{path, 0, "cannot read the file"};
  return content.str();
}

}  // namespace

Expected<Problem> read_problem_file(const std::string& path, const ReadOptions& options) {
  const auto content = load_file(path);
  if (!content) return content.error();
  return read_problem(*content, path, options);
}

std::vector<RecordPart> read_game_records(std::string_view bytes, std::string_view file,
                                          const ReadOptions& options) {
  switch (detect_format(bytes, file)) {
  case ProblemFormat::Csa:
    return read_csa_records(bytes, file, options);
  case ProblemFormat::Kif:
  case ProblemFormat::Ki2:
    return {read_kif_part(bytes, file, options)};
  case ProblemFormat::Sfen:
    break;
  }
  auto problem = read_sfen_problem(bytes, file, options);
  if (!problem) return {RecordPart{std::nullopt, problem.error()}};
  return {RecordPart{std::move(problem.value()), std::nullopt}};
}

std::vector<RecordPart> read_game_records_file(const std::string& path,
                                               const ReadOptions& options) {
  const auto content = load_file(path);
  if (!content) return {RecordPart{std::nullopt, content.error()}};
  return read_game_records(*content, path, options);
}

}  // namespace tsume::io
