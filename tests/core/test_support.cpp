#include "tests/core/test_support.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "solver/core/checkgen.h"
#include "solver/core/movegen.h"
#include "tests/core/reference_rules.h"

namespace tsume::test {

namespace spec {
std::vector<std::string_view> all() {
  return {kStart,      kMiddlegame, kMaxLegal,  kPawnDropMate, kForcedPromotion, kEndgame91,
          kEndgame124, kOpenKings,  kMaxChecks, kMaxEvasions,  kZukou001};
}
}  // namespace spec

namespace {
// Hand kinds in USI order of their letters, indexed by PieceType (1..7).
constexpr std::string_view kDropLetters = "?PLNSBRG";

Square flip_square(Square s) { return make_square(8 - file_of(s), 8 - rank_of(s)); }
Square mirror_square(Square s) { return make_square(8 - file_of(s), rank_of(s)); }
}  // namespace

Position load(std::string_view sfen, io::DefenderHand hand, KingRule kings, Variant variant) {
  auto pos = io::read_position(sfen, hand, {}, 0, kings, variant);
  if (!pos)
    throw TestInputError("bad test SFEN '" + std::string(sfen) + "': " + pos.error().message());
  return *pos;
}

std::vector<Position> load_spec_positions() {
  std::vector<Position> out;
  for (std::string_view sfen : spec::all())
    out.push_back(load(sfen, io::DefenderHand::AsGiven, KingRule::Any));
  return out;
}

BoardSetup parse_setup(std::string_view sfen) {
  auto setup = io::parse_sfen(sfen);
  if (!setup)
    throw TestInputError("bad test SFEN '" + std::string(sfen) + "': " + setup.error().message());
  return *setup;
}

Square square(std::string_view text) {
  if (text.size() != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i')
    throw TestInputError("bad square '" + std::string(text) + "'");
  return make_square(text[0] - '1', text[1] - 'a');
}

Move usi(std::string_view text) {
  if (text.size() == 4 && text[1] == '*') {
    const auto k = kDropLetters.find(text[0]);
    if (k == std::string_view::npos || k == 0)
      throw TestInputError("bad drop '" + std::string(text) + "'");
    return Move::drop(static_cast<PieceType>(k), square(text.substr(2)));
  }
  const bool promote = text.size() == 5 && text[4] == '+';
  if (text.size() != 4 && !promote) throw TestInputError("bad move '" + std::string(text) + "'");
  return Move::board(square(text.substr(0, 2)), square(text.substr(2, 2)), promote);
}

std::string to_text(Move m) {
  auto sq = [](Square s) {
    return std::string{static_cast<char>('1' + file_of(s)), static_cast<char>('a' + rank_of(s))};
  };
  if (m.is_none()) return "none";
  if (m.is_drop()) return std::string{kDropLetters[index_of(m.dropped_type())], '*'} + sq(m.to());
  return sq(m.from()) + sq(m.to()) + (m.is_promotion() ? "+" : "");
}

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<Move> sorted(const MoveList& list) {
  return sorted(std::vector<Move>(list.begin(), list.end()));
}

bool has_duplicates(const MoveList& list) {
  const auto v = sorted(list);
  return std::adjacent_find(v.begin(), v.end()) != v.end();
}

std::string describe(const std::vector<Move>& moves) {
  std::string s = "{";
  for (Move m : moves) {
    if (s.size() > 1) s += ' ';
    s += to_text(m);
  }
  s += '}';
  return s;
}

std::vector<Move> difference(const std::vector<Move>& a, const std::vector<Move>& b) {
  std::vector<Move> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

MoveList check_moves(const Position& pos) {
  MoveList list;
  generate_checks(pos, list);
  return list;
}

MoveList evasion_moves(const Position& pos) {
  MoveList list;
  generate_evasions(pos, list);
  return list;
}

std::vector<Move> legal_checks_by_gives_check(const Position& pos) {
  std::vector<Move> out;
  for (Move m : legal_moves(pos))
    if (pos.gives_check(m)) out.push_back(m);
  return sorted(std::move(out));
}

std::vector<Move> legal_checks_by_playing(Position& pos) {
  std::vector<Move> out;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    if (pos.in_check()) out.push_back(m);
    pos.undo_move(m);
  }
  return sorted(std::move(out));
}

std::string check_generator_mismatch(Position& pos) {
  const MoveList legal = legal_moves(pos);
  const MoveList checks = check_moves(pos);
  std::string out;
  if (has_duplicates(legal)) out += " generate_legal repeats a move;";
  if (has_duplicates(checks)) out += " generate_checks repeats a move;";
  if (pos.in_check()) {
    const MoveList evasions = evasion_moves(pos);
    if (has_duplicates(evasions)) out += " generate_evasions repeats a move;";
    if (sorted(evasions) != sorted(legal))
      out += " evasions != legal: extra " + describe(difference(sorted(evasions), sorted(legal))) +
             " missing " + describe(difference(sorted(legal), sorted(evasions))) + ";";
  }
  const auto generated = sorted(checks);
  const auto by_gives_check = legal_checks_by_gives_check(pos);
  const auto by_playing = legal_checks_by_playing(pos);
  if (generated != by_gives_check)
    out += " checks vs gives_check: extra " + describe(difference(generated, by_gives_check)) +
           " missing " + describe(difference(by_gives_check, generated)) + ";";
  if (generated != by_playing)
    out += " checks vs playing: extra " + describe(difference(generated, by_playing)) +
           " missing " + describe(difference(by_playing, generated)) + ";";
  if (out.empty()) return out;
  return io::to_sfen(pos) + ":" + out;
}

std::string reference_mismatch(const Position& pos) {
  const BoardSetup setup = pos.setup();
  std::string out;
  const auto legal = sorted(legal_moves(pos));
  const auto expected_legal = sorted(reference::legal_moves(setup));
  if (legal != expected_legal)
    out += " legal vs reference: extra " + describe(difference(legal, expected_legal)) +
           " missing " + describe(difference(expected_legal, legal)) + ";";
  const auto checks = sorted(check_moves(pos));
  const auto expected_checks = sorted(reference::checking_moves(setup));
  if (checks != expected_checks)
    out += " checks vs reference: extra " + describe(difference(checks, expected_checks)) +
           " missing " + describe(difference(expected_checks, checks)) + ";";
  if (out.empty()) return out;
  return io::to_sfen(pos) + ":" + out;
}

BoardSetup flip_colors(const BoardSetup& setup) {
  BoardSetup out;
  for (int i = 0; i < kSquareCount; ++i) {
    const Piece p = setup.board[i];
    if (p != Piece::None) out.at(flip_square(square_at(i))) = make_piece(~color_of(p), type_of(p));
  }
  out.hand(Color::Black) = setup.hand(Color::White);
  out.hand(Color::White) = setup.hand(Color::Black);
  out.side_to_move = ~setup.side_to_move;
  out.ply = setup.ply;
  out.variant = setup.variant;
  return out;
}

Move flip_colors(Move m) {
  if (m.is_drop()) return Move::drop(m.dropped_type(), flip_square(m.to()));
  return Move::board(flip_square(m.from()), flip_square(m.to()), m.is_promotion());
}

BoardSetup mirror_files(const BoardSetup& setup) {
  BoardSetup out = setup;
  for (int i = 0; i < kSquareCount; ++i) out.at(mirror_square(square_at(i))) = setup.board[i];
  return out;
}

Move mirror_files(Move m) {
  if (m.is_drop()) return Move::drop(m.dropped_type(), mirror_square(m.to()));
  return Move::board(mirror_square(m.from()), mirror_square(m.to()), m.is_promotion());
}

std::vector<Problem> read_problems(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw TestInputError("cannot read " + path);
  std::vector<Problem> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    if (fields.size() < 3) throw TestInputError(path + ": bad line '" + line + "'");
    Problem p;
    p.sfen = fields[0];
    p.id = fields[1];
    p.length = std::stoi(fields[2]);
    if (fields.size() > 3) {
      std::stringstream moves(fields[3]);
      for (std::string m; moves >> m;) p.main_line.push_back(m);
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::size_t random_playouts(const std::vector<Position>& roots, std::uint64_t seed,
                            std::size_t target, const PlayoutOptions& options,
                            const std::function<void(Position&)>& visit) {
  if (roots.empty()) throw TestInputError("random_playouts: no root positions");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::uniform_int_distribution<int> length(1, std::max(1, options.max_plies));
  std::size_t visited = 0;
  for (std::size_t game = 0; visited < target; ++game) {
    Position pos = roots[game % roots.size()];
    const int plies = length(rng);
    for (int ply = 0;; ++ply) {
      visit(pos);
      if (++visited >= target || ply == plies) break;
      const MoveList legal = legal_moves(pos);
      if (legal.empty()) break;
      Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      if (coin(rng) < options.check_bias) {
        const MoveList checks = check_moves(pos);
        if (!checks.empty())
          m = checks[std::uniform_int_distribution<std::size_t>(0, checks.size() - 1)(rng)];
      }
      pos.do_move(m);
    }
  }
  return visited;
}

std::vector<Position> property_roots(const std::vector<Problem>& problems, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> roots = load_spec_positions();
  for (const Problem& p : problems) {
    const Position pos = load(p.sfen, io::DefenderHand::RestIfEmpty);
    roots.push_back(pos);
    Position flipped;
    if (flipped.set(flip_colors(pos.setup())).empty()) roots.push_back(flipped);
    // 双玉: give the attacker a king on a random empty square where the position stays legal.
    const Color attacker = pos.side_to_move();
    if (pos.king_square(attacker) != Square::None) continue;
    for (int attempt = 0; attempt < 50; ++attempt) {
      BoardSetup setup = pos.setup();
      const Square s = square_at(std::uniform_int_distribution<int>(0, kSquareCount - 1)(rng));
      if (setup.at(s) != Piece::None) continue;
      setup.at(s) = make_piece(attacker, PieceType::King);
      Position both_kings;
      if (both_kings.set(setup).empty()) {
        roots.push_back(both_kings);
        break;
      }
    }
  }
  return roots;
}

std::vector<Position> main_line_positions(const Problem& problem, std::string* error,
                                          Variant variant) {
  std::vector<Position> out{
      load(problem.sfen, io::DefenderHand::RestIfEmpty, KingRule::DefenderKing, variant)};
  Position pos = out.back();
  for (const std::string& text : problem.main_line) {
    auto m = io::parse_usi_move(text, pos);
    if (!m) {
      if (error) *error = problem.id + ": move " + text + ": " + m.error().message();
      break;
    }
    pos.do_move(*m);
    out.push_back(pos);
  }
  return out;
}

}  // namespace tsume::test
