#include "cli/large.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/batch.h"
#include "cli/option_values.h"
#include "cluster/wire.h"
#include "solver/io/jsonl.h"
#include "solver/large/checks.h"
#include "solver/large/dfpn_large.h"
#include "solver/large/mate.h"
#include "solver/large/soundness.h"

namespace tsume::cli {

namespace {

constexpr HelpText kChecksHelp{
    "tsume checks --rules chu|dai|tenjiku [--repeat N] [--sfen] SFEN",
    "Lists the legal moves of the side to move that give check in chu, dai or tenjiku shogi (a\n"
    "royal of the opponent, King or Crown Prince, attacked after the move: in tenjiku also by a\n"
    "range jump, an area move or burning; docs/large-board.md), one lishogi USI move per line\n"
    "sorted by the text, then 'count <N>'. The position is lishogi's chu SFEN (also for dai and\n"
    "tenjiku); 'startpos' is the start position. --promotion-rule and --lion-rule (chu, dai),\n"
    "--forced-promotion and tenjiku's switches (as for 'tsume perft') choose the rules.",
    "tsume checks --rules chu \"6k5/12/12/12/12/12/12/12/12/12/12/6R4K b - 1\"",
};

constexpr HelpText kSolveHelp{
    "tsume solve --rules chu|dai|tenjiku [options] INPUT...",
    "Solves chu or dai shogi mating problems (docs/large-board.md, \"Checks and mate search\"):\n"
    "the attacker (the side to move) checks at every move, the defender plays any legal move;\n"
    "mate or no mate, the exact length in plies (shortest attack, longest defence) and the main\n"
    "line in lishogi USI. The search is the df-pn of the 9x9 solver (or, with --search bounded,\n"
    "a bounded AND/OR search with iterative deepening) up to --plies: status mate, no_mate (no\n"
    "mate at any length: every line ends with the attacker out of checks), or unknown (no mate\n"
    "within --plies, or --nodes or --time spent).\n"
    "INPUT is a SFEN (lishogi chu SFEN, quote it), or a file of SFEN, TSV or JSON lines\n"
    "('SFEN<TAB>id<TAB>...', {\"id\",\"sfen\",...}; blank and '#' lines skipped), or '-' for\n"
    "standard input. The id is the TSV's second column or the JSON's, else '<file>:<record>' or\n"
    "'arg<k>'. Records as for shogi (text blocks or --format jsonl, with \"rules\"); 'limit' is\n"
    "'plies' (no mate within --plies), 'nodes' or 'time'. -o, --resume, --threads (problems\n"
    "solved at once), --shard, the MPI mode, the summary and the exit status as for 'tsume\n"
    "solve'. --promotion-rule zone (chu, dai: promotion on any move that starts or ends in the\n"
    "zone), --lion-rule, --forced-promotion yes (a piece that could not move again must\n"
    "promote) and tenjiku's switches (as for 'tsume perft') choose the rules; a record names\n"
    "the switches that differ from the game's defaults ('switches').",
    "tsume solve --rules chu \"11k/12/10G1/12/12/12/12/12/12/12/12/K9R1 b - 1\"\n"
    "tsume solve --rules dai problems/dai_hand.tsv --format jsonl",
};

constexpr HelpText kCheckHelp{
    "tsume check --rules chu|dai|tenjiku [options] INPUT...",
    "Checks chu, dai or tenjiku shogi mating problems for soundness (docs/large-board.md,\n"
    "\"Soundness check\"): the problem is solved for its exact length and main line (the df-pn\n"
    "of 'tsume solve --rules ...'), then at every attacker move of the main line each other check\n"
    "is asked whether it mates within the plies left (--step-nodes nodes each). Verdicts:\n"
    "NO_MATE, COOKED (another check mates within the plies left at a move other than the last;\n"
    "in a 1-ply problem also at the last), UNKNOWN (a budget ran out: never SOUND then),\n"
    "SOUND_WITH_FLAWS (final_move_alternative: another mating last move; non_limitation: the\n"
    "main move with the other promotion choice) and SOUND. A TSV's third column (a JSON line's\n"
    "length) is the stated length: a shorter mate is COOKED, none within it NO_MATE.\n"
    "Unnecessary pieces, variations off the main line, the input's own line, detours and\n"
    "transpositions are not tested.\n"
    "INPUT as for 'tsume solve --rules chu' (SFEN, files of SFEN, TSV or JSON lines, '-').\n"
    "Records:\n"
    "text blocks or --format jsonl (id, sfen, rules, verdict, reason, limit, length, stated,\n"
    "pv, cooks, flaws, undecided, alternatives, disproved, nodes, time_ms, error; a finding is\n"
    "{kind, ply, move, alternative, length, nodes, note}). -o, --resume, --threads (problems\n"
    "checked at once), --shard, the MPI mode, the summary and the exit status as for\n"
    "'tsume check'. The rule switches as for 'tsume solve --rules chu'.",
    "tsume check --rules chu problems/chu_hand.tsv\n"
    "tsume check --rules tenjiku --format jsonl problems/tenjiku_hand.tsv",
};

constexpr HelpText kConvertHelp{
    "tsume convert --rules chu|dai|tenjiku --to sfen|tsv|jsonl [options] INPUT...",
    "Converts chu, dai or tenjiku shogi problems, with the moves recorded after them, between\n"
    "the line formats 'tsume solve --rules ...' reads (docs/large-board.md, \"Formats\"):\n"
    "sfen ('<SFEN>[ moves <USI moves>]'), tsv ('SFEN<TAB>id<TAB>length<TAB>USI moves', the\n"
    "length the input's, else the number of moves when they end in mate, else '-') and jsonl\n"
    "({\"id\",\"sfen\",\"rules\",\"length\",\"pv\"}, the members solve and check read back).\n"
    "INPUT: SFEN strings ('<SFEN> moves ...' too), files of SFEN, TSV or JSON lines, '-'. The\n"
    "SFEN is written as the program reads it ('startpos' spelled out); every move must be legal.\n"
    "Records that cannot be read are reported on stderr (file, line, reason) and the others\n"
    "converted. The moves are read under the rule switches (as for 'tsume solve --rules chu').\n"
    "Exit status: 0 when something was converted, 1 when nothing could be, 2 on usage errors.",
    "tsume convert --rules chu --to jsonl problems/chu_hand.tsv\n"
    "tsume convert --rules dai --to tsv dai.jsonl -o dai.tsv",
};

const char* status_name(large::MateStatus s) {
  switch (s) {
  case large::MateStatus::Mate:
    return "mate";
  case large::MateStatus::NoMate:
    return "no_mate";
  case large::MateStatus::Unknown:
    break;
  }
  return "unknown";
}

// The options solve and check share under --rules chu|dai|tenjiku: --format, --nodes (its help
// given), --time (help given), --plies (help given), --rules.
void add_large_search_options(po::options_description& options, const char* nodes_help,
                              const char* time_help, const char* plies_help) {
  auto add = options.add_options();
  add("format", po::value<std::string>()->value_name("text|jsonl")->default_value("text"),
      "output format: text for people, JSON Lines (one object per problem)");
  add("nodes", count_value("5M"), nodes_help);
  add("time", duration_value("0"), time_help);
  add("plies", po::value<int>()->value_name("N")->default_value(15), plies_help);
  add_rules_option(options);
  add_large_rule_options(options);
}

struct LargeSearchSettings {
  large::Game game;
  large::Rules rules;
  std::string format;
  large::MateLimits limits;
};

LargeSearchSettings large_search_settings(const po::variables_map& vm) {
  const large::Game game = *large::parse_game(vm["rules"].as<std::string>());
  LargeSearchSettings s{game, large_rules_option(vm, game), vm["format"].as<std::string>(), {}};
  if (s.format != "text" && s.format != "jsonl")
    throw UsageError("--format must be 'text' or 'jsonl' under --rules chu|dai|tenjiku");
  s.limits.max_nodes = count_option(vm, "nodes");
  s.limits.max_seconds = duration_option(vm, "time");
  s.limits.max_plies = vm["plies"].as<int>();
  if (s.limits.max_plies < 1 || s.limits.max_plies > 63)
    throw UsageError("--plies must be between 1 and 63");
  return s;
}

// The problem of an input record: its position, or in `error` why it is none (an SFEN that
// does not read, prefixed with `sfen_prefix`; a defender without a royal, or whose only royal
// is attacked with the attacker to move).
std::optional<large::Position> large_problem(const LargeInput& input, large::Game game,
                                             const large::Rules& rules, const char* sfen_prefix,
                                             std::string& error) {
  try {
    large::Position pos = large::parse_sfen(input.sfen, game, rules);
    const large::Side defender = large::opposite(pos.side_to_move());
    const int royals = large::royal_count(pos, defender);
    if (royals == 0) {
      error = "the defender has no royal (King or Crown Prince)";
    } else if (royals == 1 && large::in_check(pos, defender)) {
      error = "the defender's only royal is attacked with the attacker to move";
    }
    return pos;
  } catch (const std::invalid_argument& e) {
    error = sfen_prefix + std::string(e.what());
  }
  return std::nullopt;
}

// The moves of a line from `start`, in the notation perft --divide prints, space-separated.
std::string large_line_text(large::Position pos, const std::vector<large::Move>& line) {
  std::string text;
  for (const auto& m : line) {
    if (!text.empty()) text += ' ';
    text += large::move_text(pos, m);
    pos = large::after(pos, m);
  }
  return text;
}

}  // namespace

std::string LargeInput::where() const {
  return line > 0 ? file + ":" + std::to_string(line) : file;
}

namespace {

// The rule switches with two values, each one flag of large::Rules: the option, its two values
// in the order --help and the error messages list them, which of them sets the flag, whether
// the flag is on by default, and its help. Declared, read and written back (a record's
// `switches`) from these entries alone.
struct FlagSwitch {
  const char* name;
  const char* value_name;
  const char* values[2];
  int on;  // the index of the value that sets the flag
  bool large::Rules::*flag;
  bool on_by_default;
  const char* help;
};

constexpr FlagSwitch kForcedPromotion{
    "forced-promotion",
    "yes|no",
    {"yes", "no"},
    0,
    &large::Rules::forced_promotion,
    false,
    "a piece that could not move again where its move ends (Pawn, Lance, Stone and Iron "
    "Generals on the last rank, Knight on the last two) must promote there"};

// Tenjiku's, after --jump-rule.
constexpr FlagSwitch kTenjikuFlags[] = {
    {"passive-burn",
     "yes|no",
     {"yes", "no"},
     0,
     &large::Rules::passive_burn,
     true,
     "tenjiku: a piece that ends its move next to an enemy Fire Demon is burnt"},
    {"fire-demon",
     "LINES",
     {"sideways", "vertical"},
     1,
     &large::Rules::fire_demon_vertical,
     false,
     "tenjiku: the Fire Demon slides along the diagonals and 'sideways' (a Free Boar) or "
     "'vertical' (a Flying Ox)"},
    {"lion-hawk",
     "READING",
     {"lion", "area"},
     1,
     &large::Rules::lion_hawk_area,
     false,
     "tenjiku: the Lion Hawk is a Bishop and a Lion ('lion') or a Bishop with a two-step area "
     "move ('area')"},
    {"free-eagle",
     "READING",
     {"lion", "orthogonal"},
     1,
     &large::Rules::free_eagle_orthogonal,
     false,
     "tenjiku: the Free Eagle is a Free King with jumps to the second square in all eight "
     "directions and the Lion's power on the diagonals ('lion'), or with the orthogonal jumps "
     "only ('orthogonal')"},
    {"tetrarchs",
     "READING",
     {"ski", "chariot"},
     1,
     &large::Rules::tetrarchs_chariot,
     false,
     "tenjiku: the Heavenly Tetrarchs ski and take by igui ('ski') or move as a Chariot Soldier "
     "('chariot')"},
};

// The value of `f` that gives the flag `on`.
const char* value_for(const FlagSwitch& f, bool on) { return f.values[on ? f.on : 1 - f.on]; }

void add_flag_option(po::options_description_easy_init& add, const FlagSwitch& f) {
  add(f.name,
      po::value<std::string>()
          ->value_name(f.value_name)
          ->default_value(value_for(f, f.on_by_default)),
      f.help);
}

// The flag of `f` read from its option.
void apply_flag_option(const po::variables_map& vm, const FlagSwitch& f, large::Rules& rules) {
  rules.*f.flag = static_cast<int>(choice_option(vm, f.name, {f.values[0], f.values[1]})) == f.on;
}

// '--NAME VALUE' for the flag's value in `rules`.
std::string flag_switch(const FlagSwitch& f, const large::Rules& rules) {
  return "--" + std::string(f.name) + ' ' + value_for(f, rules.*f.flag);
}

}  // namespace

void add_large_rule_options(po::options_description& options) {
  auto add = options.add_options();
  add("promotion-rule", po::value<std::string>()->value_name("RULE")->default_value("lishogi"),
      "chu, dai: when a piece may promote: 'lishogi' (on entering the zone, on a capture with "
      "its start or end in it, a stuck piece on its last ranks) or 'zone' (on any move that "
      "starts or ends in the zone)");
  add("lion-rule", po::value<std::string>()->value_name("RULE")->default_value("default"),
      "chu, dai: the Lion-trading restrictions, 'lishogi' or 'none'; 'default' is lishogi in "
      "chu, none in dai and tenjiku");
  add_flag_option(add, kForcedPromotion);
  add("jump-rule", po::value<std::string>()->value_name("RULE")->default_value("any"),
      "tenjiku: what a range-jumping general may take by a jump: 'any' piece, any but a royal "
      "('no-royal'), or only a 'lower' rank");
  for (const FlagSwitch& f : kTenjikuFlags) add_flag_option(add, f);
}

namespace {

template <class Names> bool any_given(const po::variables_map& vm, const Names& names) {
  for (const char* name : names)
    if (!vm[name].defaulted()) return true;
  return false;
}

bool tenjiku_options_given(const po::variables_map& vm) {
  if (!vm["jump-rule"].defaulted()) return true;
  for (const FlagSwitch& f : kTenjikuFlags)
    if (!vm[f.name].defaulted()) return true;
  return false;
}

// Tenjiku's switches into `rules`; refused for the other games.
void apply_tenjiku_options(const po::variables_map& vm, large::Game game, large::Rules& rules) {
  if (game != large::Game::Tenjiku) {
    if (tenjiku_options_given(vm))
      throw UsageError("--jump-rule, --passive-burn, --fire-demon, --lion-hawk, --free-eagle "
                       "and --tetrarchs are for --rules tenjiku");
    return;
  }
  constexpr large::JumpRule kJumps[] = {large::JumpRule::Any, large::JumpRule::NoRoyal,
                                        large::JumpRule::Lower};
  rules.jump = kJumps[choice_option(vm, "jump-rule", {"any", "no-royal", "lower"})];
  for (const FlagSwitch& f : kTenjikuFlags) apply_flag_option(vm, f, rules);
}

// --promotion-rule into `rules` (lishogi's rule only under tenjiku).
void apply_promotion_rule_option(const po::variables_map& vm, large::Game game,
                                 large::Rules& rules) {
  rules.promotion = choice_option(vm, "promotion-rule", {"lishogi", "zone"}) == 1
                        ? large::PromotionRule::Zone
                        : large::PromotionRule::Lishogi;
  if (game == large::Game::Tenjiku && rules.promotion != large::PromotionRule::Lishogi)
    throw UsageError("--promotion-rule zone is for --rules chu and dai");
}

}  // namespace

bool large_rule_options_given(const po::variables_map& vm) {
  constexpr const char* kOthers[] = {"promotion-rule", "lion-rule", kForcedPromotion.name};
  return any_given(vm, kOthers) || tenjiku_options_given(vm);
}

large::Rules large_rules_option(const po::variables_map& vm, large::Game game) {
  large::Rules rules = large::default_rules(game);
  apply_promotion_rule_option(vm, game, rules);
  switch (choice_option(vm, "lion-rule", {"lishogi", "none", "default"})) {
  case 0:
    rules.lion = large::LionRule::Lishogi;
    break;
  case 1:
    rules.lion = large::LionRule::None;
    break;
  default:
    break;  // the game's own
  }
  apply_flag_option(vm, kForcedPromotion, rules);
  apply_tenjiku_options(vm, game, rules);
  return rules;
}

std::string large_rule_switches(const large::Rules& rules, large::Game game) {
  const large::Rules defaults = large::default_rules(game);
  std::string out;
  const auto add = [&out](bool differs, const char* text) {
    if (!differs) return;
    if (!out.empty()) out += ' ';
    out += text;
  };
  add(rules.promotion != defaults.promotion, rules.promotion == large::PromotionRule::Zone
                                                 ? "--promotion-rule zone"
                                                 : "--promotion-rule lishogi");
  add(rules.lion != defaults.lion,
      rules.lion == large::LionRule::None ? "--lion-rule none" : "--lion-rule lishogi");
  const auto add_flag = [&](const FlagSwitch& f) {
    if (rules.*f.flag != defaults.*f.flag) add(true, flag_switch(f, rules).c_str());
  };
  add_flag(kForcedPromotion);
  add(rules.jump != defaults.jump, rules.jump == large::JumpRule::Any       ? "--jump-rule any"
                                   : rules.jump == large::JumpRule::NoRoyal ? "--jump-rule no-royal"
                                                                            : "--jump-rule lower");
  for (const FlagSwitch& f : kTenjikuFlags) add_flag(f);
  return out;
}

namespace {

// Splits '<SFEN> moves <USI moves>' into its two parts.
void split_moves(LargeInput& input) {
  const auto at = input.sfen.find(" moves");
  if (at == std::string::npos) return;
  std::string moves = input.sfen.substr(at + 6);
  input.sfen.erase(at);
  if (!input.moves.empty()) moves += ' ' + input.moves;
  input.moves = moves;
}

std::string field(const std::vector<std::string>& fields, std::size_t i) {
  return i < fields.size() ? fields[i] : std::string();
}

void read_lines(std::istream& in, const std::string& name, std::vector<LargeInput>& out) {
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '{') {  // a JSON Lines record: id, sfen, length, pv (solve's and convert's)
      LargeInput input;
      input.file = name;
      input.line = number;
      input.id = name + ":" + std::to_string(number);
      const auto members = io::read_json_members(line);
      if (!members) {
        input.error = "bad JSON record: " + members.error().reason;
      } else {
        const auto get = [&](const char* key) {
          const auto it = members->find(key);
          return it == members->end() ? std::string() : it->second;
        };
        if (!get("id").empty()) input.id = get("id");
        input.sfen = get("sfen");
        input.length = get("length");
        input.moves = get("pv");
        if (input.sfen.empty()) input.error = "a JSON record without \"sfen\"";
        split_moves(input);
      }
      out.push_back(input);
      continue;
    }
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const auto tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    LargeInput input;
    input.sfen = fields[0];
    input.file = name;
    input.line = number;
    input.id = field(fields, 1).empty() ? name + ":" + std::to_string(number) : fields[1];
    input.length = field(fields, 2);
    input.moves = field(fields, 3);
    split_moves(input);
    out.push_back(input);
  }
}

}  // namespace

std::vector<LargeInput> read_large_inputs(const Context& ctx,
                                          const std::vector<std::string>& args) {
  std::vector<LargeInput> out;
  for (std::size_t k = 0; k < args.size(); ++k) {
    const std::string& arg = args[k];
    const std::string name = "arg" + std::to_string(k + 1);
    if (arg == "-") {
      read_lines(std::cin, "stdin", out);
    } else if (std::filesystem::is_regular_file(arg)) {
      std::ifstream in(arg);
      read_lines(in, arg, out);
    } else if (arg.find(' ') != std::string::npos || arg == "startpos") {
      LargeInput input;
      input.id = name;
      input.sfen = arg;
      input.file = name;
      split_moves(input);
      out.push_back(input);
    } else {
      ctx.err << "tsume " << ctx.command << ": '" << arg << "' is neither a file nor a SFEN\n";
      LargeInput input;
      input.id = name;
      input.sfen = arg;
      input.file = name;
      input.error = "neither a file nor a SFEN";
      out.push_back(input);
    }
  }
  return out;
}

std::vector<large::Move> parse_large_moves(const large::Position& start, const std::string& text) {
  std::vector<large::Move> moves;
  large::Position pos = start;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    bool found = false;
    for (const large::Move& m : large::legal_moves(pos)) {
      if (large::move_text(pos, m) != word) continue;
      moves.push_back(m);
      pos = large::after(pos, m);
      found = true;
      break;
    }
    if (!found)
      throw std::invalid_argument("move " + std::to_string(moves.size() + 1) + " '" + word +
                                  "' is not a legal move there");
  }
  return moves;
}

std::optional<large::Game> large_rules_in(std::span<const std::string> args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string name;
    if (args[i] == "--rules" && i + 1 < args.size()) {
      name = args[i + 1];
    } else if (args[i].rfind("--rules=", 0) == 0) {
      name = args[i].substr(8);
    } else {
      continue;
    }
    const auto game = large::parse_game(name);
    // Chu, dai and tenjiku (whose check test is the full attack test: burning, range jumps and
    // area moves; solver/large/checks.h).
    return game;
  }
  return std::nullopt;
}

int large_checks_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("sfen", po::value<std::string>()->value_name("SFEN"), "the position (lishogi chu SFEN)");
  add("repeat", po::value<int>()->value_name("N")->default_value(1),
      "generate the checks N times (1..10000000) and print the time per generation to stderr");
  add_rules_option(options);
  add_large_rule_options(options);
  const auto vm = parse_options(ctx, options, kChecksHelp);
  if (!vm) return kExitOk;
  const large::Game game = *large::parse_game((*vm)["rules"].as<std::string>());
  const large::Rules rules = large_rules_option(*vm, game);
  if (vm->count("sfen") == 0) throw UsageError("give one position (SFEN or --sfen SFEN)");
  try {
    const auto pos = large::parse_sfen((*vm)["sfen"].as<std::string>(), game, rules);
    const int repeat = (*vm)["repeat"].as<int>();
    if (repeat < 1 || repeat > 10'000'000) throw UsageError("--repeat must be 1..10000000");
    const auto start = std::chrono::steady_clock::now();
    std::vector<large::Move> checks;
    for (int i = 0; i < repeat; ++i) checks = large::generate_checks(pos);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (repeat > 1)
      ctx.err << "time " << seconds_text(seconds) << " for " << repeat << " generations, "
              << static_cast<std::uint64_t>(seconds / repeat * 1e9) << " ns each\n";
    std::vector<std::string> lines;
    for (const auto& m : checks) lines.push_back(large::move_text(pos, m));
    std::sort(lines.begin(), lines.end());
    for (const auto& line : lines) ctx.out << line << '\n';
    ctx.out << "count " << lines.size() << '\n';
  } catch (const std::invalid_argument& e) {
    ctx.err << "tsume " << ctx.command << ": invalid SFEN: " << e.what() << '\n';
    return kExitInputError;
  }
  return kExitOk;
}

namespace {

// The position of a finding: after its `ply` moves of the main line.
large::Position finding_position(large::Position pos, const std::vector<large::Move>& line,
                                 const large::SoundnessFinding& f) {
  for (int i = 0; i < f.ply && i < static_cast<int>(line.size()); ++i)
    pos = large::after(pos, line[static_cast<std::size_t>(i)]);
  return pos;
}

std::string finding_json(const large::Position& start, const std::vector<large::Move>& line,
                         const large::SoundnessFinding& f) {
  const large::Position pos = finding_position(start, line, f);
  std::ostringstream s;
  s << "{\"kind\":" << json_string(f.kind) << ",\"ply\":" << f.ply
    << ",\"move\":" << json_string(large::move_text(pos, f.main))
    << ",\"alternative\":" << json_string(large::move_text(pos, f.alternative))
    << ",\"length\":" << (f.length >= 0 ? std::to_string(f.length) : "null")
    << ",\"nodes\":" << f.nodes << ",\"note\":" << json_string(f.note) << '}';
  return s.str();
}

// "at move 3 (main 12a9a): 12a9a+, mate in at most 1 - note", after the kind for a flaw.
std::string finding_text(const large::Position& start, const std::vector<large::Move>& line,
                         const large::SoundnessFinding& f) {
  const large::Position pos = finding_position(start, line, f);
  std::ostringstream s;
  if (f.kind != "cook" && f.kind != "undecided") s << f.kind << ' ';
  s << "at move " << f.ply + 1 << " (main " << large::move_text(pos, f.main)
    << "): " << large::move_text(pos, f.alternative);
  if (f.length >= 0) s << ", mate in at most " << f.length;
  s << " - " << f.note;
  if (f.nodes) s << " [" << f.nodes << " nodes]";
  return s.str();
}

std::string findings_json(const large::Position& start, const std::vector<large::Move>& line,
                          const std::vector<large::SoundnessFinding>& findings) {
  std::string out = "[";
  for (const auto& f : findings) {
    if (out.size() > 1) out += ',';
    out += finding_json(start, line, f);
  }
  return out + "]";
}

// A record of the batch runner (batch/inputs.h: SFEN, TSV and JSON lines) as an input of the
// large-board commands.
LargeInput large_input_of(const batch::Record& r) {
  LargeInput input;
  input.id = r.id;
  input.file = r.file.empty() ? r.id : r.file;
  input.line = r.line;
  if (r.kind != batch::Record::Kind::Sfen) {  // an input that could not be read
    input.error = r.text;
    return input;
  }
  input.sfen = r.text;
  input.length = r.length;
  input.moves = r.moves;
  if (r.moves_lead_to_problem && !r.moves.empty())
    input.error = "a USI 'position ... moves ...' line: give the problem's own SFEN";
  return input;
}

// What the output gets of one large record: the record, and for the job's take() the name it
// is counted under (a status or verdict) and a message for the error stream (or nothing).
batch::Entry large_entry(std::string record, const std::string& name, bool readable, bool counted,
                         std::uint64_t nodes, const std::string& message) {
  batch::Entry e;
  e.record = std::move(record);
  e.readable = readable;
  e.counted = counted;
  e.nodes = nodes;
  cluster::WireWriter w;
  w.str(name).str(message);
  e.data = std::move(w).bytes();
  return e;
}

// `tsume solve` and `check` under --rules chu|dai|tenjiku as jobs of the batch runner
// (batch/runner.h): each problem is searched serially on one thread of the pool with its own
// tables, as many at once as there are threads; the summary counts each status or verdict.
class LargeJob : public batch::Job {
public:
  LargeJob(large::Game game, const large::Rules& rules, Format format)
      : game_(game), rules_(rules), format_(format) {}
  Format format() const { return format_; }

  bool open(std::ostream& err) override {
    err_ = &err;
    return true;
  }

  void run(const std::vector<const batch::Record*>& records, batch::Pool& pool,
           batch::Results& results) override {
    pool.each(records.size(), [&](std::size_t i) {
      if (results.stopped()) return;
      results.put(i, entry(large_input_of(*records[i])));
    });
  }

  void take(const batch::Entry& result) override {
    cluster::WireReader in(result.data);
    const std::string name = in.str();
    const std::string message = in.str();
    ++counts_[name];
    if (!message.empty() && err_ != nullptr) *err_ << message << '\n';
  }

  // "1 error, 3 mate": the count of each status or verdict.
  std::string summary_counts() const override { return counts_text(counts_); }

protected:
  // The entry of one record (on a thread of the pool).
  virtual batch::Entry entry(const LargeInput& input) const = 0;

  // The switches that differ from the game's defaults, as a JSON member (`,"switches":"..."`)
  // and a text line ("switches ...\n"); empty for the defaults.
  std::string switches_json() const {
    return switches_.empty() ? "" : ",\"switches\":" + json_string(switches_);
  }
  std::string switches_text() const {
    return switches_.empty() ? "" : "switches " + switches_ + '\n';
  }

  large::Game game_;
  large::Rules rules_;
  Format format_;
  std::string rules_name_{large::game_name(game_)};
  std::string switches_ = large_rule_switches(rules_, game_);

private:
  std::ostream* err_ = nullptr;
  std::map<std::string, std::size_t> counts_;
};

class LargeSolveJob : public LargeJob {
public:
  LargeSolveJob(const LargeSearchSettings& settings, bool bounded)
      : LargeJob(settings.game, settings.rules,
                 settings.format == "jsonl" ? Format::Jsonl : Format::Text),
        limits_(settings.limits), bounded_(bounded) {
    limits_.stop = &g_interrupted;
  }

protected:
  batch::Entry entry(const LargeInput& input) const override {
    std::string error = input.error;
    std::optional<large::Position> pos;
    if (error.empty()) pos = large_problem(input, game_, rules_, "", error);
    std::ostringstream out;
    if (!error.empty()) {
      if (format_ == Format::Jsonl) {
        out << "{\"id\":" << json_string(input.id) << ",\"sfen\":" << json_string(input.sfen)
            << ",\"rules\":" << json_string(rules_name_) << switches_json()
            << ",\"status\":\"error\",\"length\":null,\"length_exact\":false,\"pv\":\"\","
               "\"limit\":null,\"nodes\":0,\"time_ms\":0,\"error\":"
            << json_string(error) << "}\n";
      } else {
        out << "id " << input.id << "\nsfen " << input.sfen << '\n'
            << switches_text() << "status error\nerror " << error << "\n\n";
      }
      return large_entry(out.str(), "error", false, false, 0, {});
    }
    const auto start = std::chrono::steady_clock::now();
    const large::MateResult r =
        bounded_ ? large::solve_mate(*pos, limits_) : large::solve_mate_dfpn(*pos, limits_);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string pv = large_line_text(*pos, r.pv);
    const char* status = status_name(r.status);
    std::string limit;
    if (r.status == large::MateStatus::Unknown)
      limit = r.bounded ? "plies" : r.out_of_time ? "time" : "nodes";
    if (r.status == large::MateStatus::Mate && !r.line_complete)
      limit = r.out_of_time ? "time" : "nodes";
    if (format_ == Format::Jsonl) {
      out << "{\"id\":" << json_string(input.id) << ",\"sfen\":" << json_string(input.sfen)
          << ",\"rules\":" << json_string(rules_name_) << switches_json() << ",\"status\":\""
          << status << "\",\"length\":"
          << (r.status == large::MateStatus::Mate ? std::to_string(r.length) : "null")
          << ",\"length_exact\":" << (r.line_complete ? "true" : "false")
          << ",\"pv\":" << json_string(pv)
          << ",\"limit\":" << (limit.empty() ? "null" : json_string(limit))
          << ",\"nodes\":" << r.nodes
          << ",\"time_ms\":" << static_cast<std::uint64_t>(seconds * 1000) << ",\"error\":null}\n";
    } else {
      out << "id " << input.id << "\nsfen " << input.sfen << '\n'
          << switches_text() << "status " << status << '\n';
      if (r.status == large::MateStatus::Mate)
        out << "length " << r.length << '\n'
            << (r.line_complete ? "usi " : "usi (the start of the main line) ") << pv << '\n';
      if (!limit.empty()) out << "limit " << limit << '\n';
      out << "nodes " << r.nodes << "\ntime " << seconds_text(seconds) << "\n\n";
    }
    return large_entry(out.str(), status, true, r.status == large::MateStatus::Mate, r.nodes, {});
  }

private:
  large::MateLimits limits_;
  bool bounded_;
};

class LargeCheckJob : public LargeJob {
public:
  LargeCheckJob(const LargeSearchSettings& common, std::uint64_t step_nodes, std::string where)
      : LargeJob(common.game, common.rules,
                 common.format == "jsonl" ? Format::Jsonl : Format::Text),
        where_(std::move(where)) {
    settings_.limits = common.limits;
    settings_.limits.stop = &g_interrupted;
    settings_.step_nodes = step_nodes;
  }

protected:
  batch::Entry entry(const LargeInput& input) const override {
    std::string error = input.error;
    std::optional<large::Position> pos;
    std::optional<int> stated;
    if (error.empty()) pos = large_problem(input, game_, rules_, "invalid SFEN: ", error);
    if (pos && !input.length.empty() && input.length != "-") {
      std::size_t used = 0;
      int n = -1;
      try {
        n = std::stoi(input.length, &used);
      } catch (const std::exception&) {  // std::invalid_argument, std::out_of_range
      }
      if ((n < 1 || n > 63 || used != input.length.size()) && error.empty())
        error = "the length column '" + input.length + "' is not a number of plies (1..63)";
      stated = n;
    }
    std::ostringstream out;
    if (!error.empty()) {
      if (format_ == Format::Jsonl) {
        out << "{\"id\":" << json_string(input.id) << ",\"sfen\":" << json_string(input.sfen)
            << ",\"rules\":" << json_string(rules_name_) << switches_json()
            << ",\"verdict\":\"ERROR\",\"error\":" << json_string(error) << "}\n";
      } else {
        out << "id " << input.id << "\nsfen " << input.sfen << '\n'
            << switches_text() << "verdict ERROR\nerror " << error << "\n\n";
      }
      // An input that could not be read names its place itself.
      const std::string place = input.sfen.empty() ? "" : input.where() + ": ";
      return large_entry(out.str(), "ERROR", false, false, 0, where_ + ": " + place + error);
    }
    large::SoundnessOptions settings = settings_;
    settings.stated_length = stated;
    const auto start = std::chrono::steady_clock::now();
    const large::SoundnessResult r = large::check_soundness(*pos, settings);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string pv = large_line_text(*pos, r.main_line);
    const char* verdict = large::soundness_name(r.verdict);
    if (format_ == Format::Jsonl) {
      out << "{\"id\":" << json_string(input.id) << ",\"sfen\":" << json_string(input.sfen)
          << ",\"rules\":" << json_string(rules_name_) << switches_json() << ",\"verdict\":\""
          << verdict << "\",\"reason\":" << json_string(r.reason)
          << ",\"limit\":" << (r.limit.empty() ? "null" : json_string(r.limit))
          << ",\"length\":" << (r.length >= 0 ? std::to_string(r.length) : "null")
          << ",\"stated\":" << (stated ? std::to_string(*stated) : "null")
          << ",\"pv\":" << json_string(pv)
          << ",\"cooks\":" << findings_json(*pos, r.main_line, r.cooks)
          << ",\"flaws\":" << findings_json(*pos, r.main_line, r.flaws)
          << ",\"undecided\":" << findings_json(*pos, r.main_line, r.undecided)
          << ",\"alternatives\":" << r.alternatives << ",\"disproved\":" << r.disproved
          << ",\"nodes\":" << r.nodes
          << ",\"time_ms\":" << static_cast<std::uint64_t>(seconds * 1000) << ",\"error\":null}\n";
    } else {
      out << "id " << input.id << "\nsfen " << input.sfen << '\n'
          << switches_text() << "verdict " << verdict << " (" << r.reason << ")\n";
      if (!r.limit.empty()) out << "limit " << r.limit << '\n';
      if (r.length >= 0) out << "length " << r.length << "\nusi " << pv << '\n';
      for (const auto& f : r.cooks) out << "cook " << finding_text(*pos, r.main_line, f) << '\n';
      for (const auto& f : r.flaws) out << "flaw " << finding_text(*pos, r.main_line, f) << '\n';
      for (const auto& f : r.undecided)
        out << "undecided " << finding_text(*pos, r.main_line, f) << '\n';
      if (r.length >= 0)
        out << "alternatives " << r.alternatives << ", " << r.disproved << " disproved\n";
      out << "nodes " << r.nodes << "\ntime " << seconds_text(seconds) << "\n\n";
    }
    const bool sound =
        r.verdict == large::Soundness::Sound || r.verdict == large::Soundness::SoundWithFlaws;
    return large_entry(out.str(), verdict, true, sound, r.nodes, {});
  }

private:
  large::SoundnessOptions settings_;
  std::string where_;
};

// The options of the batch runner that the large-board solve and check take: -o, --resume,
// --shard, --chunk (MPI) and --threads.
void add_large_batch_options(po::options_description& options, const char* threads_help) {
  add_batch_output_options(options);
  add_threads_option(options, threads_help);
}

}  // namespace

int large_solve_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("search", po::value<std::string>()->value_name("dfpn|bounded")->default_value("dfpn"),
      "the mate search: df-pn, or the bounded AND/OR search (for comparisons)");
  add_large_search_options(options, "positions visited per problem, all lengths together (0: none)",
                           "time limit per problem (0: none; 30, 500ms, 10m): when it cuts the "
                           "search, limit time (status unknown, or a mate whose line is cut)",
                           "the longest mate looked for (1..63)");
  add_large_batch_options(options, "problems solved at once (each serially, with its own "
                                   "tables); records stay in input order");
  return batch_main(ctx, options, kSolveHelp, "solved", [](const po::variables_map& vm) {
    const LargeSearchSettings settings = large_search_settings(vm);
    const std::string search = vm["search"].as<std::string>();
    if (search != "dfpn" && search != "bounded")
      throw UsageError("--search must be 'dfpn' or 'bounded'");
    auto job = std::make_unique<LargeSolveJob>(settings, search == "bounded");
    const Format format = job->format();
    return BatchCommand{std::move(job), format, threads_option(vm), true};
  });
}

int large_check_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("step-nodes", count_value("500k"), "nodes of one alternative's question (0: none)");
  add_large_search_options(options, "nodes of the solve of each problem (0: none)",
                           "time limit per problem, the solve and the questions together (0: "
                           "none; 30, 500ms, 10m): UNKNOWN, limit time, when it cuts the check "
                           "(a cook already found: COOKED)",
                           "the longest mate looked for (1..63; raised to a stated length)");
  add_large_batch_options(options, "problems checked at once (each serially, with its own "
                                   "tables); records stay in input order");
  const std::string where = "tsume " + std::string(ctx.command);
  return batch_main(ctx, options, kCheckHelp, "sound", [&](const po::variables_map& vm) {
    auto job = std::make_unique<LargeCheckJob>(large_search_settings(vm),
                                               count_option(vm, "step-nodes"), where);
    const Format format = job->format();
    return BatchCommand{std::move(job), format, threads_option(vm), true};
  });
}

int large_convert_main(const Context& ctx) {
  po::options_description options("Options", kHelpLineLength);
  auto add = options.add_options();
  add("to", po::value<std::string>()->value_name("FORMAT")->required(),
      "the format to write: sfen, tsv or jsonl");
  add("output,o", po::value<std::string>()->value_name("FILE"),
      "write to FILE instead of standard output");
  add_rules_option(options);
  add_large_rule_options(options);
  const auto vm = parse_options_with_inputs(ctx, options, kConvertHelp);
  if (!vm) return kExitOk;
  const large::Game game = *large::parse_game((*vm)["rules"].as<std::string>());
  const large::Rules rules = large_rules_option(*vm, game);
  const std::string target = (*vm)["to"].as<std::string>();
  if (target != "sfen" && target != "tsv" && target != "jsonl")
    throw UsageError("--to must be sfen, tsv or jsonl under --rules chu|dai|tenjiku, not '" +
                     target + "'");
  const std::string output = string_option(*vm, "output");
  const std::string rules_name(large::game_name(game));
  std::string joined;
  int errors = 0;
  int written = 0;
  for (const LargeInput& input : read_large_inputs(ctx, inputs_of(*vm))) {
    std::string error = input.error;
    std::string line;
    if (error.empty()) {
      try {
        const auto pos = large::parse_sfen(input.sfen, game, rules);
        const auto moves = parse_large_moves(pos, input.moves);
        const std::string sfen = large::to_sfen(pos);
        std::string usi;
        large::Position end = pos;
        for (const auto& m : moves) {
          if (!usi.empty()) usi += ' ';
          usi += large::move_text(end, m);
          end = large::after(end, m);
        }
        std::string length = input.length;
        if (!length.empty() && length != "-" &&
            length.find_first_not_of("0123456789") != std::string::npos)
          throw std::invalid_argument("the length '" + length + "' is not a number of plies");
        if (length.empty())
          length = !moves.empty() && large::is_mated(end) ? std::to_string(moves.size()) : "-";
        if (target == "sfen") {
          line = sfen + (usi.empty() ? "" : " moves " + usi) + '\n';
        } else if (target == "tsv") {
          line = sfen + '\t' + input.id + '\t' + length + '\t' + usi + '\n';
        } else {
          line = "{\"id\":" + json_string(input.id) + ",\"sfen\":" + json_string(sfen) +
                 ",\"rules\":" + json_string(rules_name) +
                 ",\"length\":" + (length == "-" ? std::string("null") : length) +
                 ",\"pv\":" + json_string(usi) + "}\n";
        }
      } catch (const std::invalid_argument& e) {
        error = e.what();
      }
    }
    if (!error.empty()) {
      ctx.err << "tsume " << ctx.command << ": " << input.where() << ": " << error << '\n';
      ++errors;
      continue;
    }
    joined += line;
    ++written;
  }
  if (output.empty()) {
    ctx.out << joined;
  } else if (!batch::write_whole_file(output, joined)) {
    ctx.err << "tsume " << ctx.command << ": cannot write '" << output << "'\n";
    return kExitInputError;
  }
  return errors > 0 && written == 0 ? kExitInputError : kExitOk;
}

}  // namespace tsume::cli
