// `tsume convert`: problems and their main lines from one format to another: SFEN, TSV lines,
// KIF (Japanese notation with the origin), KI2 (JSA notation, 同 打 成 不成 右 左 上 引 寄 直)
// and CSA. Titles, names, other headers, comments and variations (変化, KIF and KI2 only) travel
// where the target format has room.
#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "batch/inputs.h"
#include "cli/batch.h"
#include "cli/command.h"
#include "cli/large.h"
#include "solver/core/movegen.h"
#include "solver/io/csa_writer.h"
#include "solver/io/kif_writer.h"
#include "solver/io/problem.h"
#include "solver/io/sfen.h"

namespace tsume::cli {

namespace {

namespace fs = std::filesystem;

constexpr HelpText kHelp{
    "tsume convert --to sfen|tsv|kif|ki2|csa [options] INPUT...",
    "Converts problems, with the moves recorded after them (the main line), to another format.\n"
    "INPUT is read as by 'tsume solve': SFEN strings (optionally '<SFEN> moves <USI moves>'),\n"
    "SFEN/TSV line files (the fourth TSV column holds the USI main line, as in problems/*.tsv),\n"
    "KIF, KI2 and CSA files (Shift_JIS or UTF-8), folders, or '-'.\n"
    "\n"
    "Targets: sfen ('<SFEN>[ moves <USI moves>]'), tsv ('SFEN<TAB>id<TAB>length<TAB>moves', the\n"
    "length being the number of moves when they end in mate, else '-'), kif, ki2 and csa records\n"
    "(UTF-8; KIF and KI2 say 残り全部 and CSA P-00AL when the defender holds exactly the pieces\n"
    "left over; the variations (変化) of a KIF or KI2 input are kept in KIF and KI2 output).\n"
    "A line that ends in mate is closed with 詰み / %TSUMI unless the input gives its own\n"
    "result. Records go to standard output (KIF and KI2 separated by an empty line, CSA by\n"
    "'/'), to -o FILE, or with --output-dir DIR to one file per problem named after its id (KIF,\n"
    "KI2 and CSA files keep their own name). An empty defender hand means all remaining pieces\n"
    "unless --hand-as-given. Problems that cannot be read are reported on stderr (file, line,\n"
    "reason) and the others converted. Exit status as for 'tsume solve': 0 when something was\n"
    "converted, 1 when nothing could be read, 2 on usage errors.",
    "tsume convert --to kif \"3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1 moves 1i5e\"\n"
    "tsume convert --to csa problem.kif -o problem.csa\n"
    "tsume convert --to kif problems/zukou.tsv --output-dir zukou-kif\n"
    "tsume convert --to sfen problem.ki2",
};

enum class Target { Sfen, Tsv, Kif, Ki2, Csa };

Target parse_target(const std::string& name) {
  if (name == "sfen") return Target::Sfen;
  if (name == "tsv") return Target::Tsv;
  if (name == "kif") return Target::Kif;
  if (name == "ki2") return Target::Ki2;
  if (name == "csa") return Target::Csa;
  throw UsageError("--to must be sfen, tsv, kif, ki2 or csa, not '" + name + "'");
}

std::string_view extension(Target t) {
  switch (t) {
  case Target::Sfen:
    return ".sfen";
  case Target::Tsv:
    return ".tsv";
  case Target::Kif:
    return ".kif";
  case Target::Ki2:
    return ".ki2";
  case Target::Csa:
    break;
  }
  return ".csa";
}

// Results (終局) in both spellings: KIF words and CSA '%' codes.
constexpr std::pair<std::string_view, std::string_view> kResults[] = {
    {"詰み", "TSUMI"},       {"投了", "TORYO"},
    {"中断", "CHUDAN"},      {"千日手", "SENNICHITE"},
    {"持将棋", "JISHOGI"},   {"不詰", "FUZUMI"},
    {"切れ負け", "TIME_UP"}, {"反則負け", "ILLEGAL_MOVE"},
    {"入玉勝ち", "KACHI"}};

std::string kif_result(std::string_view result) {
  for (const auto& [kif, csa] : kResults)
    if (result == kif || result == csa) return std::string(kif);
  return {};
}

std::string csa_result(std::string_view result) {
  for (const auto& [kif, csa] : kResults)
    if (result == kif || result == csa) return std::string(csa);
  return {};
}

// A problem read and checked, with the position its moves start from.
struct Converted {
  io::Problem problem;
  Position start;
  std::string id;
  bool ends_in_mate = false;
};

bool ends_in_mate(Position pos, const std::vector<Move>& moves) {
  for (Move m : moves) pos.do_move(m);
  MoveList legal;
  generate_legal(pos, legal);
  return pos.in_check() && legal.size() == 0;
}

io::KifRecordInfo kif_info(const Converted& c) {
  io::KifRecordInfo info;
  info.title = c.problem.title;
  for (const auto& [key, value] : c.problem.headers) {
    if (key == "表題") continue;  // written from the title
    if (key == "N+" || key == "N-") {
      info.headers.emplace_back(key == "N+" ? "先手" : "後手", value);
    } else {
      info.headers.emplace_back(key, value);
    }
  }
  info.comments = c.problem.comments;
  info.variations = c.problem.variations;
  info.terminator = kif_result(c.problem.result);
  if (info.terminator.empty() && c.ends_in_mate) info.terminator = "詰み";
  return info;
}

io::CsaRecordInfo csa_info(const Converted& c) {
  io::CsaRecordInfo info;
  info.title = c.problem.title;
  for (const auto& [key, value] : c.problem.headers) {
    if (key == "表題") continue;
    if (key == "先手" || key == "下手" || key == "N+") {
      info.headers.emplace_back("N+", value);
    } else if (key == "後手" || key == "上手" || key == "N-") {
      info.headers.emplace_back("N-", value);
    } else if (c.problem.format == io::ProblemFormat::Csa) {
      info.headers.emplace_back(key, value);  // a CSA $KEY
    } else {
      info.comments.push_back(key + "：" + value);  // a KIF header has no CSA equivalent
    }
  }
  for (const std::string& comment : c.problem.comments) info.comments.push_back(comment);
  info.terminator = csa_result(c.problem.result);
  if (info.terminator.empty() && c.ends_in_mate) info.terminator = "TSUMI";
  return info;
}

io::Expected<std::string> render(const Converted& c, Target target) {
  const std::vector<Move>& moves = c.problem.moves;
  switch (target) {
  case Target::Sfen: {
    std::string line = io::to_sfen(c.start);
    if (!moves.empty()) line += " moves " + usi_line(moves);
    return line + '\n';
  }
  case Target::Tsv:
    return io::to_sfen(c.start) + '\t' + c.id + '\t' +
           (c.ends_in_mate ? std::to_string(moves.size()) : "-") + '\t' + usi_line(moves) + '\n';
  case Target::Kif:
    return io::to_kif_record(c.start, moves, kif_info(c));
  case Target::Ki2:
    return io::to_ki2_record(c.start, moves, kif_info(c));
  case Target::Csa:
    break;
  }
  return io::to_csa_record(c.start, moves, csa_info(c));
}

io::Expected<Converted> read(const batch::Record& r, const io::ReadOptions& options) {
  auto problem = batch::read_record_problem(r, options);
  if (!problem) return problem.error();
  Converted c;
  c.problem = std::move(*problem);
  if (std::string why = c.start.set(c.problem.setup); !why.empty())
    return io::ParseError{r.file, r.line, "illegal position: " + why};
  c.id = r.kind == batch::Record::Kind::ProblemFile ? fs::path(r.text).stem().string() : r.id;
  if (c.problem.title.empty()) c.problem.title = c.id;
  // Checkmate on the board, or a record that says so (a tsume main line may end where only
  // futile interpositions (無駄合) remain, which are legal moves).
  c.ends_in_mate = !c.problem.moves.empty() && (kif_result(c.problem.result) == "詰み" ||
                                                ends_in_mate(c.start, c.problem.moves));
  return c;
}

}  // namespace

int convert_main(const Context& ctx) {
  if (large_rules_in(ctx.args)) return large_convert_main(ctx);  // chu, dai, tenjiku: cli/large.cpp
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("to", po::value<std::string>()->value_name("FORMAT")->required(),
      "the format to write: sfen, tsv, kif, ki2 or csa");
  add("output,o", po::value<std::string>()->value_name("FILE"),
      "write to FILE instead of standard output");
  add("output-dir", po::value<std::string>()->value_name("DIR"),
      "write one file per problem to DIR (created when missing)");
  add_read_options(options);
  const auto vm = parse_options_with_inputs(ctx, options, kHelp);
  if (!vm) return kExitOk;
  const auto inputs = inputs_of(*vm);
  const Target target = parse_target((*vm)["to"].as<std::string>());
  const auto reading = read_options(*vm);
  const std::string output = string_option(*vm, "output");
  const std::string dir = string_option(*vm, "output-dir");
  if (!output.empty() && !dir.empty()) throw UsageError("give -o or --output-dir, not both");
  const auto records = problems_to_write(ctx, inputs, dir);
  if (!records) return kExitInputError;

  const std::string where = "tsume " + std::string(ctx.command);

  std::string joined;  // everything, for standard output or -o
  int errors = 0;
  int written = 0;
  batch::FileNames names;
  for (const batch::Record& r : *records) {
    auto converted = read(r, reading);
    io::Expected<std::string> text =
        converted ? render(*converted, target) : io::Expected<std::string>(converted.error());
    if (!text) {
      ctx.err << where << ": " << text.error().message() << '\n';
      ++errors;
      continue;
    }
    if (!dir.empty()) {
      const std::string path =
          (fs::path(dir) / (names.take(converted->id) + std::string(extension(target)))).string();
      if (!batch::write_whole_file(path, *text)) {
        ctx.err << where << ": cannot write '" << path << "'\n";
        return kExitInputError;
      }
    } else {
      if (written > 0 && (target == Target::Kif || target == Target::Ki2)) joined += '\n';
      if (written > 0 && target == Target::Csa) joined += "/\n";
      joined += *text;
    }
    ++written;
  }
  if (dir.empty()) {
    if (output.empty()) {
      ctx.out << joined;
    } else if (!batch::write_whole_file(output, joined)) {
      ctx.err << where << ": cannot write '" << output << "'\n";
      return kExitInputError;
    }
  }
  // As in solve and check: bad records are reported, and only a batch of nothing fails.
  return errors > 0 && written == 0 ? kExitInputError : kExitOk;
}

}  // namespace tsume::cli
