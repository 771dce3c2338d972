// `tsume show`: board diagrams of problems, as text (the KIF board diagram, BOD) or as SVG
// images (solver/io/svg_diagram.h), at the problem position or after some of its recorded moves
// with the last move marked.
#include <filesystem>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch/inputs.h"
#include "cli/batch.h"
#include "cli/command.h"
#include "cli/large.h"
#include "solver/io/kif_writer.h"
#include "solver/io/problem.h"
#include "solver/io/svg_diagram.h"
#include "solver/large/position.h"
#include "solver/large/svg_diagram.h"

namespace tsume::cli {

namespace {

namespace fs = std::filesystem;

constexpr HelpText kHelp{
    "tsume show [options] INPUT...",
    "Shows the position of each problem as a board diagram: by default the KIF board diagram "
    "(BOD)\n"
    "as text, headed by '表題：<id>'; with --svg FILE an SVG image of the one problem given, with\n"
    "--svg-dir DIR one image per problem, <id>.svg. INPUT is read as by 'tsume solve' (SFEN, TSV\n"
    "lines with an optional fourth column holding the USI main line, KIF, KI2, CSA, folders, -).\n"
    "--ply N shows the position after the first N recorded moves ('end': all of them) with the\n"
    "last move marked: shaded in the image, '手数＝N  ▲２三銀成  まで' in the text. Images have "
    "the\n"
    "file numbers above, the rank numerals on the right, 後手's pieces turned round, promoted\n"
    "pieces in red and the hands beside the board; they need a CJK font to be viewed.\n"
    "--rules chu|dai|tenjiku: the large boards (docs/large-board.md): a text diagram of SFEN\n"
    "tokens, or an SVG image of the tokens on piece shapes (White's pointing down and blue,\n"
    "promoted pieces red); INPUT is a SFEN ('<SFEN> moves <USI moves>' too), a file of SFEN,\n"
    "TSV or JSON lines, or '-'; its moves are read under the rule switches (as for 'tsume\n"
    "solve --rules chu').\n"
    "Problems that cannot be shown are reported on stderr and the others shown. Exit status as\n"
    "for 'tsume solve': 0 when something was shown, 1 when nothing could be, 2 on usage errors.",
    "tsume show \"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1\"\n"
    "tsume show problems/zukou.tsv --svg-dir zukou-svg\n"
    "tsume show \"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1 moves 1i5e\" --ply 1 --svg "
    "mate.svg\n"
    "tsume show --rules tenjiku problems/tenjiku_hand.tsv --svg-dir tenjiku-svg",
};

// The number of moves to play: a count, or every move for "end".
std::optional<std::size_t> parse_ply(const std::string& text) {
  if (text == "end") return std::nullopt;
  std::size_t used = 0;
  long long n = -1;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {  // std::invalid_argument, std::out_of_range
  }
  if (n < 0 || used != text.size()) throw UsageError("--ply must be a number of moves or 'end'");
  return static_cast<std::size_t>(n);
}

// A problem's position after some of its moves, ready to draw.
struct Shown {
  std::string id;
  Position pos;
  std::size_t ply = 0;
  std::string last_move;  // KI2 words of the last move played, or empty
  Square last_to = Square::None;
  bool defender_rest = false;
};

io::Expected<Shown> prepare(const batch::Record& r, const io::ReadOptions& read,
                            std::optional<std::size_t> ply) {
  auto problem = batch::read_record_problem(r, read);
  if (!problem) return problem.error();
  Shown s;
  s.id = problem->title.empty() ? r.id : problem->title;
  if (std::string why = s.pos.set(problem->setup); !why.empty())
    return io::ParseError{r.file, r.line, "illegal position: " + why};
  s.defender_rest = io::defender_hand_is_rest(s.pos);
  const std::size_t n = ply.value_or(problem->moves.size());
  if (n > problem->moves.size())
    return io::ParseError{r.file, r.line,
                          r.id + ": --ply " + std::to_string(n) + " but the problem records " +
                              std::to_string(problem->moves.size()) + " moves"};
  Square previous = Square::None;
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = problem->moves[i];
    s.last_move = io::to_japanese(s.pos, m, previous);
    s.pos.do_move(m);
    previous = m.to();
  }
  s.ply = n;
  s.last_to = previous;
  if (n > 0) s.defender_rest = false;  // hands have changed: show them as they are
  return s;
}

std::string text_diagram(const Shown& s) {
  std::string out = "表題：" + s.id + "\n" + io::to_kif_diagram(s.pos, s.defender_rest);
  if (s.ply > 0) {
    // BOD's last line names the last move: "手数＝1  ▲７六歩  まで".
    const std::string zero = "手数＝0\n";
    out.replace(out.size() - zero.size(), zero.size(),
                "手数＝" + std::to_string(s.ply) + "  " + s.last_move + "  まで\n");
  }
  return out;
}

std::string svg_diagram(const Shown& s, const std::string& title) {
  io::SvgDiagramOptions options;
  options.title = title.empty() ? s.id : title;
  options.last_move = s.last_to;
  options.defender_rest = s.defender_rest;
  return io::to_svg_diagram(s.pos, options);
}

// `--rules chu|dai|tenjiku`: the text diagram or SVG image of each problem (solver/large), at
// its position or after some of its recorded moves.
int show_large(const Context& ctx, const po::variables_map& vm, large::Game game) {
  const auto ply = parse_ply(vm["ply"].as<std::string>());
  const std::string svg = string_option(vm, "svg");
  const std::string svg_dir = string_option(vm, "svg-dir");
  const std::string title = string_option(vm, "title");
  if (!svg.empty() && !svg_dir.empty()) throw UsageError("give --svg or --svg-dir, not both");
  const large::Rules rules = large_rules_option(vm, game);
  const auto inputs = read_large_inputs(ctx, inputs_of(vm));
  if (!svg.empty() && inputs.size() != 1)
    throw UsageError("--svg FILE takes one problem (" + std::to_string(inputs.size()) +
                     " found); use --svg-dir DIR for several");
  if (!svg_dir.empty()) {
    if (!batch::ensure_folder(svg_dir)) {
      ctx.err << "tsume " << ctx.command << ": cannot create '" << svg_dir << "'\n";
      return kExitInputError;
    }
  }
  int errors = 0;
  int shown = 0;
  batch::FileNames names;
  for (const auto& input : inputs) {
    if (!input.error.empty()) {
      ++errors;  // reported by read_large_inputs
      continue;
    }
    try {
      auto pos = large::parse_sfen(input.sfen, game, rules);
      const auto moves = parse_large_moves(pos, input.moves);
      const std::size_t n = ply.value_or(moves.size());
      if (n > moves.size())
        throw std::invalid_argument("--ply " + std::to_string(n) + " but the problem records " +
                                    std::to_string(moves.size()) + " moves");
      large::SvgDiagramOptions options;
      options.title = title.empty() ? input.id : title;
      for (std::size_t i = 0; i < n; ++i) {
        const large::Move& m = moves[i];
        options.last_move = {m.from, m.to};
        if (m.mid != large::kNoSquare) options.last_move.push_back(m.mid);
        if (i + 1 == n && title.empty())
          options.title += " after " + std::to_string(n) + ". " + large::move_text(pos, m);
        pos = large::after(pos, m);
      }
      if (!svg.empty()) {
        const std::string image = large::to_svg_diagram(pos, options);
        if (svg == "-") {
          ctx.out << image;
        } else if (!batch::write_whole_file(svg, image)) {
          ctx.err << "tsume " << ctx.command << ": cannot write '" << svg << "'\n";
          return kExitInputError;
        }
      } else if (!svg_dir.empty()) {
        const std::string path = (fs::path(svg_dir) / (names.take(input.id) + ".svg")).string();
        if (!batch::write_whole_file(path, large::to_svg_diagram(pos, options))) {
          ctx.err << "tsume " << ctx.command << ": cannot write '" << path << "'\n";
          return kExitInputError;
        }
      } else {
        ctx.out << (shown > 0 ? "\n" : "") << large::diagram(pos);
      }
      ++shown;
    } catch (const std::invalid_argument& e) {
      ctx.err << "tsume " << ctx.command << ": " << input.where() << ": invalid SFEN or moves '"
              << input.sfen << "': " << e.what() << '\n';
      ++errors;
    }
  }
  // As for the 9x9 games: bad records are reported, and only a batch of nothing fails.
  return errors > 0 && shown == 0 ? kExitInputError : kExitOk;
}

}  // namespace

int show_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("svg", po::value<std::string>()->value_name("FILE"),
      "write the diagram of the one problem given as an SVG image to FILE ('-': standard output)");
  add("svg-dir", po::value<std::string>()->value_name("DIR"),
      "write one SVG image per problem to DIR/<id>.svg (DIR is created when missing)");
  add("title", po::value<std::string>()->value_name("TEXT"),
      "the title of the image (default: the problem's title or id)");
  add("ply", po::value<std::string>()->value_name("N|end")->default_value("0"),
      "show the position after the first N recorded moves, the last one marked");
  add_read_options(options);
  add_large_rule_options(options);
  const auto vm = parse_options_with_inputs(ctx, options, kHelp);
  if (!vm) return kExitOk;
  if (const auto game = large::parse_game((*vm)["rules"].as<std::string>()))
    return show_large(ctx, *vm, *game);
  if (large_rule_options_given(*vm))
    throw UsageError("the rule switches (--promotion-rule, --lion-rule, --forced-promotion, "
                     "tenjiku's) are for --rules chu, dai and tenjiku");
  const auto inputs = inputs_of(*vm);
  const auto ply = parse_ply((*vm)["ply"].as<std::string>());
  const auto read = read_options(*vm);
  const std::string svg = string_option(*vm, "svg");
  const std::string svg_dir = string_option(*vm, "svg-dir");
  const std::string title = string_option(*vm, "title");
  if (!svg.empty() && !svg_dir.empty()) throw UsageError("give --svg or --svg-dir, not both");
  const auto found = problems_to_write(ctx, inputs, svg_dir);
  if (!found) return kExitInputError;
  const std::vector<batch::Record>& records = *found;
  if (!svg.empty() && records.size() != 1)
    throw UsageError("--svg FILE takes one problem (" + std::to_string(records.size()) +
                     " found); use --svg-dir DIR for several");

  const std::string where = "tsume " + std::string(ctx.command);

  int errors = 0;
  int shown_count = 0;
  batch::FileNames names;
  for (std::size_t i = 0; i < records.size(); ++i) {
    auto shown = prepare(records[i], read, ply);
    if (!shown) {
      ctx.err << where << ": " << shown.error().message() << '\n';
      ++errors;
      continue;
    }
    if (!svg.empty()) {
      const std::string image = svg_diagram(*shown, title);
      if (svg == "-") {
        ctx.out << image;
      } else if (!batch::write_whole_file(svg, image)) {
        ctx.err << where << ": cannot write '" << svg << "'\n";
        return kExitInputError;
      }
    } else if (!svg_dir.empty()) {
      const std::string path = (fs::path(svg_dir) / (names.take(shown->id) + ".svg")).string();
      if (!batch::write_whole_file(path, svg_diagram(*shown, title))) {
        ctx.err << where << ": cannot write '" << path << "'\n";
        return kExitInputError;
      }
    } else {
      ctx.out << (i > 0 ? "\n" : "") << text_diagram(*shown);
    }
    ++shown_count;
  }
  // As in solve and check: bad records are reported, and only a batch of nothing fails.
  return errors > 0 && shown_count == 0 ? kExitInputError : kExitOk;
}

}  // namespace tsume::cli
