#include "solver/answer/check.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "solver/answer/exact_length.h"
#include "solver/answer/exemptions.h"
#include "solver/answer/main_line.h"
#include "solver/search/dfpn.h"
#include "solver/search/tt.h"

namespace tsume {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kUnfinishedCook = "cook search unfinished";
// Per alternative, in the first (quick) check of a smaller problem of the piece test.
constexpr std::uint64_t kQuickPieceStep = 20'000;

// Half of a table budget (at least 1 MB). The tables of one check share --hash
// (docs/check.md, "Memory"): the main table and the detour tests' scratch table half each while
// the length, line and cook tests run; both are released before the piece test, whose table and
// the checks of its smaller problems (each again split in two) then have half each.
std::size_t half(std::size_t megabytes) { return std::max<std::size_t>(megabytes / 2, 1); }

// A position of the main line as the table knows it (board key with side to move, attacker hand).
struct LineKey {
  std::uint64_t board_key;
  Hand hand;
};

template <CheckRules R> bool is_checkmate(const typename R::Position& pos) {
  if (!R::in_check(pos)) return false;
  typename R::MoveList evasions;
  R::generate_evasions(pos, evasions);
  return R::is_mated(pos, evasions);
}

// The check of one problem over the rules R.
template <CheckRules R> class Checker {
public:
  using Position = typename R::Position;
  using Move = typename R::Move;
  using MoveList = typename R::MoveList;
  using Finding = BasicFinding<Move>;
  using CheckResult = BasicCheckResult<R>;
  using PieceTest = BasicPieceTest<R>;
  using Step = BasicBudgetedSearch<R>;

  Checker(const Position& root, const CheckOptions& options)
      : root_(root), options_(options), table_(half(options.hash_megabytes)), start_(Clock::now()) {
  }

  CheckResult run(const std::optional<std::vector<Move>>& intended) {
    const Plies hint = intended ? static_cast<Plies>(intended->size()) : 0;
    auto& phases = result_.phase_nodes;
    // Nodes of a phase: what `work` adds to nodes_, added to `phase`.
    const auto counted = [this](std::uint64_t& phase, auto&& work) {
      const std::uint64_t before = nodes_;
      work();
      phase += nodes_ - before;
    };
    std::uint64_t length_nodes = 0, line_nodes = 0, cook_nodes = 0;
    // With a given line the exact length gets a quarter of the budget; when it does not finish,
    // the given line is verified node by node instead (verify_given_line). When that cannot be
    // done (the given line is no mate), nothing else can run without the length: it goes on
    // with all the problem has left.
    const std::uint64_t cap =
        intended && options_.limits.max_nodes ? options_.limits.max_nodes / 4 : 0;
    bool solved = false, have_line = false;
    counted(length_nodes, [&] { solved = solve_length(hint, cap); });
    if (!solved && cap && result_.verdict != Verdict::NoMate && !verifiable(intended, solved))
      counted(length_nodes, [&] { solved = solve_length(hint, 0); });
    counted(line_nodes, [&] { have_line = find_line(intended, solved); });
    if (have_line) counted(cook_nodes, [&] { examine_line(intended); });
    // Along the given line, a verification left open by its steps makes the verdict UNKNOWN
    // whatever the piece test finds but an unnecessary piece; the exact length, if it now
    // finishes, replaces it. It resumes with half of what the problem has left (the table still
    // holds its work), and the main line and the cook tests are then done again from it, mostly
    // from the table. If either does not finish, the verification along the given line stands.
    if (have_line && only_length_open() && options_.limits.max_nodes > nodes_) {
      CheckResult along_given = result_;
      const std::vector<LineKey> along_given_keys = keys_;
      const std::uint64_t half_left =
          std::max<std::uint64_t>((options_.limits.max_nodes - nodes_) / 2, 1);
      bool resumed = false, replaced = false;
      counted(length_nodes, [&] { resumed = solve_length(hint, half_left); });
      if (resumed) {
        CheckResult fresh;
        fresh.length = result_.length;
        fresh.length_resumed = true;
        result_ = std::move(fresh);
        keys_.clear();
        counted(line_nodes, [&] { replaced = find_line(intended, true); });
        if (replaced) counted(cook_nodes, [&] { examine_line(intended); });
      }
      if (!replaced) {
        result_ = std::move(along_given);
        keys_ = along_given_keys;
      }
    }
    phases.length = length_nodes;
    phases.line = line_nodes;
    phases.cooks = cook_nodes;
    if (have_line) {
      if (options_.test_pieces) {
        scratch_.reset();  // the piece test has the budget of both (half())
        table_.resize(1);
        counted(phases.pieces, [&] { test_pieces(); });
      }
    } else if (intended) {
      result_.has_intended = true;
      result_.intended_note = "not compared: the main line is not known";
    }
    decide();
    result_.nodes = nodes_;
    result_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    return std::move(result_);
  }

private:
  Color attacker() const { return R::side_to_move(root_); }
  Color defender() const { return ~R::side_to_move(root_); }
  const std::vector<Move>& line() const { return result_.main_line; }

  // The limits of one step: `cap` nodes (0: none) within what the problem has left.
  SearchLimits limits_for(std::uint64_t cap) const {
    SearchLimits l;
    l.stop = options_.limits.stop;
    l.max_nodes = cap;
    if (options_.limits.max_nodes) {
      const std::uint64_t left =
          nodes_ >= options_.limits.max_nodes ? 1 : options_.limits.max_nodes - nodes_;
      l.max_nodes = cap ? std::min(cap, left) : left;
    }
    if (options_.limits.max_seconds > 0) {
      const double left = options_.limits.max_seconds -
                          std::chrono::duration<double>(Clock::now() - start_).count();
      l.max_seconds = std::max(left, 1e-3);
      if (left <= 0) l.max_nodes = 1;
    }
    return l;
  }
  TTProbe lookup(const Position& pos) const {
    return table_.probe(R::board_key(pos), R::hand(pos, attacker()));
  }
  std::unique_ptr<Step> step(TranspositionTable& table, std::uint64_t cap) {
    return std::make_unique<Step>(table, limits_for(cap), attacker());
  }
  std::uint64_t finish(const Step& s) {
    nodes_ += s.budget.nodes();
    return s.budget.nodes();
  }

  // Step 1: mate, exact length (as Solver::solve does).
  // With a given line of `hint` plies, "mate within hint?" is asked first (ask_given_length,
  // capped): when it is proven the minimisation starts from there instead of from the first
  // proof's (often much longer) length, which is what makes long problems affordable.
  bool solve_length(Plies hint, std::uint64_t cap) {
    const std::uint64_t phase_start = nodes_;
    Position pos = root_;
    // Each length question has a step of its own within what is left of the phase's cap.
    const auto phase_left = [&]() -> std::uint64_t {
      const std::uint64_t used = nodes_ - phase_start;
      return !cap ? 0 : used >= cap ? 1 : cap - used;
    };
    const auto spent = [&] {
      const bool stopped = options_.limits.stop && options_.limits.stop->load();
      return stopped || phase_left() == 1 || limits_for(0).max_nodes == 1;
    };
    const LengthQuestions ask{[&](Plies d, std::uint64_t question_cap) {
                                std::uint64_t c = phase_left();  // 0: none
                                if (question_cap && (!c || question_cap < c)) c = question_cap;
                                auto q = step(table_, c);
                                const Outcome o = q->search.prove(pos, d, kExact);
                                finish(*q);
                                return o;
                              },
                              [&] { return lookup(pos).upper; }, spent, [&] { return nodes_; }};
    Outcome exists = ask_given_length(hint, ask);
    if (exists != Outcome::Proven) {
      auto s = step(table_, phase_left());
      exists = s->search.prove(pos, kUnboundedPlies);
      finish(*s);
    }
    mate_proven_ = exists == Outcome::Proven;
    if (exists == Outcome::Disproven) {
      result_.verdict = Verdict::NoMate;
      result_.reason = "no mate at any length (proven)";
      return false;
    }
    if (exists == Outcome::Unknown) {
      result_.reason = "no mate found and none disproved within the limits";
      return false;
    }
    const ExactLength len = minimise_length(lookup(pos).upper, ask);
    const Plies upper = len.upper;
    const bool exact = len.exact;
    if (!exact) {
      result_.length_upper = upper;
      result_.reason = "a mate exists but its exact length was not proven within the limits";
      return false;
    }
    result_.length = upper;
    result_.length_upper = -1;  // an earlier, unfinished call may have set it
    return true;
  }

  // Steps 2, 2b and 3 on the main line found: cooks, duals in variations, the given line.
  void examine_line(const std::optional<std::vector<Move>>& intended) {
    search_cooks();
    if (!cooked_enough()) search_variation_duals();
    if (intended) compare_intended(*intended);
  }

  // Can the given line stand in for the main line (a legal mate of the right length)?
  bool verifiable(const std::optional<std::vector<Move>>& intended, bool solved) const {
    return intended && result_.verdict != Verdict::NoMate &&
           (!solved || result_.length == static_cast<Plies>(intended->size())) &&
           is_mate_line(*intended);
  }

  // The main line from the exact length, or else the given line verified node by node.
  bool find_line(const std::optional<std::vector<Move>>& intended, bool solved) {
    if (solved && derive_main_line(intended ? *intended : std::vector<Move>{})) return true;
    if (!verifiable(intended, solved)) return false;
    result_.flaws.clear();
    result_.undecided.clear();
    result_.open_tie = -1;
    keys_.clear();
    return verify_given_line(*intended);
  }

  // Along the given line, is the verdict UNKNOWN only because a test of the verification did
  // not finish (no cook, no longer defence)? An unfinished cook test counts too: the exact
  // length's search fills the table with what the alternatives lead to, and the cook tests
  // done again after it often finish.
  bool only_length_open() const {
    return result_.verified_along_given && result_.cooks.empty() && !result_.longer_variation &&
           std::any_of(result_.undecided.begin(), result_.undecided.end(),
                       [](const Finding& f) { return f.blocks_sound; });
  }

  // Step 1b: the main line with the SPEC.md tie-breaks; the variation flaws found on the way.
  bool derive_main_line(const std::vector<Move>& preferred) {
    SurplusGame game;
    const BasicSearchSteps<R> steps{[this] { return step(table_, options_.step_nodes); },
                                    [this](const Step& s) { finish(s); }};
    BasicMainLine<R> ml = follow_main_line(root_, result_.length, game, preferred, steps);
    result_.open_tie = ml.open_tie;
    for (auto& f : ml.flaws) result_.flaws.push_back(std::move(f));
    for (auto& f : ml.undecided) result_.undecided.push_back(std::move(f));
    result_.main_line = std::move(ml.moves);
    if (!ml.complete) {
      result_.reason = "the main line could not be followed to the end within the limits";
      return false;
    }
    Position pos = root_;
    keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
    for (Move m : line()) {
      R::do_move(pos, m);
      keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
    }
    result_.surplus = R::hand(pos, attacker());
    return true;
  }

  bool is_mate_line(const std::vector<Move>& moves) const {
    if (moves.empty() || moves.size() % 2 == 0) return false;
    Position pos = root_;
    for (Move m : moves) {
      if (!R::is_legal(pos, m)) return false;
      R::do_move(pos, m);
    }
    return is_checkmate<R>(pos);
  }

  // Step 1 when the exact length did not finish and a line was given (a legal mate of L plies):
  // the given line is taken as the main line and its length L is verified node by node. At an
  // attacker node the cook search (step 2) must disprove every other check, and any exempt mate
  // must not be shorter; at a defender node every other defence must be mated within d - 1
  // (else it lasts longer than the given line). Together these prove d(P0) = L. Equal-length
  // defences get the surplus game and the 変同 test as in follow_main_line.
  bool verify_given_line(const std::vector<Move>& given) {
    result_.reason.clear();
    result_.length = static_cast<Plies>(given.size());
    result_.main_line = given;
    result_.verified_along_given = true;
    Position pos = root_;
    keys_.clear();
    keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
    SurplusGame game;
    for (std::size_t ply = 0; ply < given.size(); ++ply) {
      if (ply % 2 == 1) verify_defender_node(pos, static_cast<int>(ply), game);
      R::do_move(pos, given[ply]);
      keys_.push_back({R::board_key(pos), R::hand(pos, attacker())});
    }
    result_.surplus = R::hand(pos, attacker());
    return true;
  }

  void verify_defender_node(Position& pos, int ply, SurplusGame& game) {
    const Move main = line()[static_cast<std::size_t>(ply)];
    const Plies d = result_.length - ply;
    auto s = step(table_, options_.step_nodes);
    MateSearch& search = s->search;
    const auto undecided = [&](Move alt, std::string note, bool blocks) {
      result_.undecided.push_back(undecided_at(ply, main, alt, std::move(note), blocks));
    };
    // That this node is mated in exactly d follows by induction from the nodes after it; this
    // search only sets the futility option that futile_drop reads (0 plies: cheap).
    search.prove(pos, 0, kExact);
    MoveList evasions, equal;
    R::generate_evasions(pos, evasions);
    for (Move e : evasions) {
      if (e == main) continue;
      if (R::is_drop(e)) {
        const Outcome futile = search.futile_drop(pos, R::drop_square(e), d);
        if (futile == Outcome::Proven) continue;
        if (futile == Outcome::Unknown) {
          undecided(e, "given line: whether this interposition is futile was not decided", true);
          continue;
        }
      }
      R::do_move(pos, e);
      const Outcome within = search.prove(pos, d - 1, kExact);
      Outcome sooner = Outcome::Proven;
      if (within == Outcome::Proven && d >= 3) sooner = search.prove(pos, d - 3, kExact);
      R::undo_move(pos, e);
      if (within == Outcome::Disproven && !mate_proven_) {
        // Without a proof that the problem mates at all, this defence may escape for good.
        undecided(e,
                  "given line: this defence is not mated within the line's length and may "
                  "not be mated at all",
                  true);
      } else if (within == Outcome::Disproven && !result_.longer_variation) {
        Finding f;
        f.kind = FindingKind::LongerVariation;
        f.ply = ply;
        f.main_move = main;
        f.alternative = e;
        f.note = "this defence is not mated within " + std::to_string(d - 1) +
                 " plies: it lasts longer than the given line (変長)";
        result_.longer_variation = std::move(f);
      } else if (within == Outcome::Unknown) {
        undecided(e, "given line: this defence was not shown mated within the line's length", true);
      } else if (sooner == Outcome::Disproven) {
        equal.push(e);
      } else if (sooner == Outcome::Unknown) {
        undecided(e, "given line: whether this defence is as long as the line's was not decided",
                  true);
      }
    }
    if (!equal.empty()) compare_equal_defences(pos, ply, d, main, equal, search, game);
    finish(*s);
  }

  // Equal-length defences next to the given line's at a defender node: the surplus tie-break
  // (the rules may prefer another) and 変同.
  void compare_equal_defences(Position& pos, int ply, Plies d, Move main, const MoveList& equal,
                              MateSearch& search, SurplusGame& game) {
    const auto surplus_of = [&](Move m) {
      R::do_move(pos, m);
      const Tri t = ends_with_surplus(search, pos, d - 1, game);
      R::undo_move(pos, m);
      return t;
    };
    const Tri main_surplus = surplus_of(main);
    for (Move e : equal) {
      const Tri t = surplus_of(e);
      Finding f;
      f.ply = ply;
      f.main_move = main;
      f.alternative = e;
      f.length = d - 1;
      if (t == Tri::Unknown || main_surplus == Tri::Unknown) {
        f.kind = FindingKind::Undecided;
        f.note = "equal-length defence: whether it ends with surplus was not decided";
        f.blocks_sound = main_surplus != Tri::No;
        result_.undecided.push_back(std::move(f));
      } else if (t == Tri::No && main_surplus == Tri::Yes) {
        f.kind = FindingKind::Undecided;
        f.note = "the rules prefer this defence (no surplus) to the given line's; the check "
                 "follows the given line";
        result_.undecided.push_back(std::move(f));
      } else if (t == Tri::No && d > 2) {
        const bool piece = differs_only_in_dropped_piece<R>(main, e);
        f.kind = piece ? FindingKind::NonLimitation : FindingKind::EqualVariation;
        f.note = piece ? "interposing piece not limited (合駒非限定): same length, no surplus"
                       : "equal-length defence without surplus (変同)";
        result_.flaws.push_back(std::move(f));
      }
    }
  }

  // In verify_given_line mode an exempt mate must not be shorter than the given line's move:
  // then it is a cook (the given line is not the shortest). Returns false when it made `f` a
  // cook or an undecided finding. Detours need no test: a mate through an earlier main-line
  // position Pj (j <= k) takes at least 2 + d(Pj) >= 2 + d(Pk) plies.
  bool not_shorter(Position& child, Finding& f) {
    if (!result_.verified_along_given) return true;
    const Plies d = result_.length - f.ply;
    if (d < 3) return true;
    auto s = step(table_, options_.step_nodes);
    const Outcome o = s->search.prove(child, d - 3, kExact);
    f.nodes += finish(*s);
    if (o == Outcome::Disproven) return true;
    if (o == Outcome::Proven) {
      f.kind = FindingKind::Cook;
      f.note = "mates sooner than the given line (余詰)";
      result_.cooks.push_back(f);
    } else {
      f.kind = FindingKind::Undecided;
      f.note = "mates; whether sooner than the given line was not decided";
      result_.undecided.push_back(f);
    }
    return false;
  }

  // Step 2: every other check at every attacker node of the main line.
  void search_cooks() {
    Position pos = root_;
    const int length = static_cast<int>(line().size());
    for (int ply = 0; ply < length && !cooked_enough(); ++ply) {
      if (ply % 2 == 0) examine_node(pos, ply);
      R::do_move(pos, line()[static_cast<std::size_t>(ply)]);
    }
    if (!cooked_enough()) retry_unfinished();
  }
  bool cooked_enough() const { return options_.stop_at_first_cook && !result_.cooks.empty(); }

  // A second pass over the alternatives that were not disproved within their step: the table
  // now holds what all the others proved, and the budget the problem has left is shared among
  // them (at least one step each).
  void retry_unfinished() {
    std::vector<Finding> retry, keep;
    for (Finding& f : result_.undecided)
      (f.note.starts_with(kUnfinishedCook) ? retry : keep).push_back(std::move(f));
    result_.undecided = std::move(keep);
    for (std::size_t i = 0; i < retry.size(); ++i) {
      std::uint64_t cap = options_.step_nodes;
      if (options_.limits.max_nodes > nodes_) {
        const std::uint64_t share =
            (options_.limits.max_nodes - nodes_) / static_cast<std::uint64_t>(retry.size() - i);
        cap = cap ? std::max(cap, share) : share;
      }
      Position pos = root_;
      for (int j = 0; j < retry[i].ply; ++j) R::do_move(pos, line()[static_cast<std::size_t>(j)]);
      const std::uint64_t before = retry[i].nodes;
      Finding f = retry[i];
      f.kind = FindingKind::Cook;
      f.note.clear();
      f.nodes = 0;
      const std::size_t undecided_before = result_.undecided.size();
      examine_alternative(pos, f, cap);
      if (result_.undecided.size() > undecided_before) result_.undecided.back().nodes += before;
    }
  }

  void examine_node(Position& pos, int ply) {
    const Move main = line()[static_cast<std::size_t>(ply)];
    const bool last = ply + 1 == static_cast<int>(line().size());
    const bool symmetric = R::is_mirror_symmetric(pos);
    MoveList checks;
    R::generate_checks(pos, checks);
    for (Move alt : checks) {
      if (alt == main || cooked_enough()) continue;
      Finding f;
      f.ply = ply;
      f.main_move = main;
      f.alternative = alt;
      if (symmetric && alt == R::mirror(main)) {
        f.kind = FindingKind::Mirror;
        f.note = "mirror image of the main move in a left-right symmetric position";
        result_.flaws.push_back(std::move(f));
        continue;
      }
      if (last) {
        examine_final_alternative(pos, std::move(f));
      } else {
        ++result_.alternatives;
        examine_alternative(pos, std::move(f), options_.step_nodes);
      }
    }
  }

  // The last attacker node: only other mates in one matter (最終手余詰).
  void examine_final_alternative(Position& pos, Finding f) {
    auto s = step(table_, options_.step_nodes);
    R::do_move(pos, f.alternative);
    // Mated in 0: no evasion, or only futile interpositions (the futility rule of solve).
    const Outcome mate = s->search.prove(pos, 0, kExact);
    R::undo_move(pos, f.alternative);
    f.nodes = finish(*s);
    if (mate == Outcome::Disproven) return;
    if (mate == Outcome::Unknown) {
      f.kind = FindingKind::Undecided;
      f.note = "final move: whether this alternative also mates was not decided";
      f.blocks_sound = line().size() == 1;
      result_.undecided.push_back(std::move(f));
      return;
    }
    f.length = 1;
    if (line().size() == 1) {
      f.kind = FindingKind::Cook;
      f.note = "another mate in 1: a 1-ply problem allows no alternative final move";
      result_.cooks.push_back(std::move(f));
    } else {
      f.kind = FindingKind::FinalMoveAlternative;
      f.note = "another mating final move (最終手余詰)";
      result_.flaws.push_back(std::move(f));
    }
  }

  void examine_alternative(Position& pos, Finding f, std::uint64_t cap) {
    const Move alt = f.alternative;
    const Plies d = result_.length - f.ply;
    auto s = step(table_, cap);
    R::do_move(pos, alt);
    // "Mate within d - 1?" first: a bounded search is cheap, and what it leaves in the table
    // (length bounds, estimates) makes the unbounded disproof much cheaper than a cold start.
    s->search.prove(pos, d - 1, kExact);
    const Outcome mates = s->search.prove(pos, kUnboundedPlies);
    if (mates == Outcome::Proven) {
      f.length = 1 + s->search.lookup(pos).upper;
      // Non-limitation: the same move up to promotion or drop distance, mating as fast.
      R::undo_move(pos, alt);
      const bool same_shape = differs_only_in_promotion<R>(alt, f.main_move) ||
                              differs_only_in_drop_distance<R>(pos, alt, f.main_move);
      R::do_move(pos, alt);
      if (same_shape && s->search.prove(pos, d - 1, kExact) == Outcome::Proven) {
        f.nodes = finish(*s);
        const bool exempt = not_shorter(pos, f);
        R::undo_move(pos, alt);
        if (!exempt) return;
        f.kind = FindingKind::NonLimitation;
        f.length = d;
        f.note = differs_only_in_promotion<R>(alt, f.main_move)
                     ? "promotion not limited (成不成非限定): mates in the same length"
                     : "drop distance not limited (打ち場所非限定): mates in the same length";
        result_.flaws.push_back(std::move(f));
        return;
      }
    }
    f.nodes = finish(*s);
    if (mates == Outcome::Disproven) {
      R::undo_move(pos, alt);
      ++result_.disproved;
      return;
    }
    if (mates == Outcome::Unknown) {
      R::undo_move(pos, alt);
      f.kind = FindingKind::Undecided;
      f.note = std::string(kUnfinishedCook) + ": not disproved within " + std::to_string(f.nodes) +
               " nodes";
      result_.undecided.push_back(std::move(f));
      return;
    }
    classify_mating_alternative(pos, std::move(f));
    R::undo_move(pos, alt);
  }

  // Step 2b: duals in variations (変化別詰), at the first attacker move after each other defence
  // at a main-line defender node: two checks that mate in the variation's length, unless they
  // differ only by promotion, drop distance or mirror image. Variations of one ply (the mate
  // itself) are final-move alternatives and not looked at. A flaw only: unfinished is noted.
  void search_variation_duals() {
    Position pos = root_;
    for (std::size_t ply = 0; ply + 1 < line().size(); ++ply) {
      if (ply % 2 == 1) {
        const Plies d = result_.length - static_cast<Plies>(ply);
        auto s = step(table_, options_.step_nodes);
        examine_variations(s->search, pos, static_cast<int>(ply), d);
        finish(*s);
      }
      R::do_move(pos, line()[ply]);
    }
  }

  void examine_variations(MateSearch& search, Position& pos, int ply, Plies d) {
    const Move main = line()[static_cast<std::size_t>(ply)];
    if (search.prove(pos, d, kExact) != Outcome::Proven) return;  // sets the futility option
    MoveList evasions;
    R::generate_evasions(pos, evasions);
    for (Move e : evasions) {
      if (e == main) continue;
      if (R::is_drop(e) && search.futile_drop(pos, R::drop_square(e), d) != Outcome::Disproven)
        continue;
      R::do_move(pos, e);
      Plies v = 1;
      Outcome o = Outcome::Disproven;
      for (; v <= d - 1; v += 2)
        if ((o = search.prove(pos, v, kExact)) != Outcome::Disproven) break;
      MoveList mates;
      if (o == Outcome::Proven && v >= 3 && shortest_checks(search, pos, v, mates) == Tri::Yes) {
        std::vector<Move> distinct;
        for (Move m : mates)
          if (std::none_of(distinct.begin(), distinct.end(),
                           [&](Move x) { return same_up_to_exemption(pos, x, m); }))
            distinct.push_back(m);
        if (distinct.size() > 1) {
          Finding f;
          f.kind = FindingKind::DualInVariation;
          f.ply = ply;
          f.main_move = main;
          f.alternative = e;
          f.length = v;
          f.line = distinct;
          f.note = "after this defence " + std::to_string(distinct.size()) + " checks mate in " +
                   std::to_string(v) + " (変化別詰; line: the checks)";
          result_.flaws.push_back(std::move(f));
        }
      } else if (o == Outcome::Unknown || (o == Outcome::Proven && v >= 3 && mates.empty())) {
        result_.undecided.push_back(undecided_at(
            ply, main, e, "variation: duals (変化別詰) not decided within the limits", false));
      }
      R::undo_move(pos, e);
    }
  }

  static bool same_up_to_exemption(const Position& pos, Move a, Move b) {
    return differs_only_in_promotion<R>(a, b) || differs_only_in_drop_distance<R>(pos, a, b) ||
           (R::is_mirror_symmetric(pos) && R::mirror(a) == b);
  }

  // A proven mate after the alternative (pos is the position after it): a cook unless it only
  // mates by coming back to the main line.
  void classify_mating_alternative(Position& child, Finding f) {
    const Tri real = mates_avoiding(child, f.ply, f.nodes);
    if (real == Tri::No) {
      f.kind = FindingKind::Detour;
      f.note = "mates only by returning to an earlier main-line position (迂回)";
      result_.flaws.push_back(std::move(f));
      return;
    }
    if (real == Tri::Unknown) {
      f.kind = FindingKind::Undecided;
      f.note = "mates; whether only by returning to the main line (迂回) was not decided";
      result_.undecided.push_back(std::move(f));
      return;
    }
    // Does every mate rejoin the main line later (a later main-line move played early, 手順前後,
    // or a detour that comes back further on)? Then it is a transposition of the main line.
    const Tri other = mates_avoiding(child, static_cast<int>(line().size()), f.nodes);
    if (other == Tri::No && !not_shorter(child, f)) return;
    if (other == Tri::No) {
      bool later_main_move = false;
      for (std::size_t j = static_cast<std::size_t>(f.ply) + 2; j < line().size(); j += 2)
        later_main_move |= line()[j] == f.alternative;
      f.kind = FindingKind::Transposition;
      f.note = later_main_move
                   ? "a later main-line move played early; every mate joins the main line "
                     "(手順前後)"
                   : "every mate rejoins the main line further on (迂回)";
      result_.flaws.push_back(std::move(f));
      return;
    }
    if (other == Tri::Unknown) {
      f.kind = FindingKind::Undecided;
      f.note = "mates; whether only by rejoining the main line was not decided";
      result_.undecided.push_back(std::move(f));
      return;
    }
    f.kind = FindingKind::Cook;
    f.note = "another check mates (余詰)";
    if (result_.open_tie >= 0 && f.ply > result_.open_tie)
      f.note += "; after move " + std::to_string(result_.open_tie + 1) +
                ", where equal defences leave the main line open (it may be a dual in a "
                "variation there)";
    result_.cooks.push_back(std::move(f));
  }

  // Does `child` mate without passing through the main-line positions 0..last_ply? Those
  // positions are marked "no mate" in a scratch table (for the branch position and the ones
  // before it this is the repetition rule of SPEC.md section 2: the game already went through
  // them). Marks hold for the hands they cover too (docs/check.md says why that is harmless).
  Tri mates_avoiding(Position& child, int last_ply, std::uint64_t& nodes) {
    if (!scratch_) scratch_ = std::make_unique<TranspositionTable>(half(options_.hash_megabytes));
    scratch_->clear();
    for (int j = 0; j <= last_ply && j < static_cast<int>(keys_.size()); ++j)
      scratch_->store_disproof(keys_[static_cast<std::size_t>(j)].board_key,
                               keys_[static_cast<std::size_t>(j)].hand, kNoMate,
                               std::numeric_limits<std::uint32_t>::max());
    auto s = step(*scratch_, options_.step_nodes);
    const Outcome o = s->search.prove(child, kUnboundedPlies);
    nodes += finish(*s);
    if (o == Outcome::Unknown) return Tri::Unknown;
    return o == Outcome::Proven ? Tri::Yes : Tri::No;
  }

  // Step 3: the composer's line against the rule-exact one.
  void compare_intended(const std::vector<Move>& intended) {
    result_.has_intended = true;
    Position pos = root_;
    std::size_t k = 0;
    for (; k < intended.size(); ++k) {
      if (!R::is_legal(pos, intended[k])) {
        result_.intended_diverges_at = static_cast<int>(k);
        result_.intended_note = "intended move " + std::to_string(k + 1) + " is illegal";
        return;
      }
      R::do_move(pos, intended[k]);
    }
    const bool intended_mates = is_checkmate<R>(pos);
    const Hand intended_end_hand = R::hand(pos, attacker());
    if (intended == line()) {
      const bool open = result_.verified_along_given &&
                        std::any_of(result_.undecided.begin(), result_.undecided.end(),
                                    [](const Finding& f) { return f.blocks_sound; });
      if (open) {  // the line is the given one, and its verification did not finish
        result_.intended_open = true;
        result_.intended_note = "its node-by-node verification did not finish within the limits";
        return;
      }
      result_.intended_is_main = true;
      result_.intended_note = "the intended line is the rule-exact main line";
      return;
    }
    std::size_t diverge = 0;
    while (diverge < intended.size() && diverge < line().size() &&
           intended[diverge] == line()[diverge])
      ++diverge;
    result_.intended_diverges_at = static_cast<int>(diverge);
    if (diverge >= intended.size() || diverge >= line().size()) {
      result_.intended_note = "one line is a prefix of the other";
      return;
    }
    if (diverge % 2 == 0) {
      result_.intended_note = "the intended move is another check at this node (see cooks and "
                              "flaws)";
      return;
    }
    // A defender node: is the intended defence shorter than the main line's?
    pos = root_;
    for (std::size_t j = 0; j < diverge; ++j) R::do_move(pos, line()[j]);
    const Plies d = result_.length - static_cast<Plies>(diverge);
    auto s = step(table_, options_.step_nodes);
    R::do_move(pos, intended[diverge]);
    const Outcome sooner = d >= 3 ? s->search.prove(pos, d - 3, kExact) : Outcome::Disproven;
    R::undo_move(pos, intended[diverge]);
    Finding f;
    f.ply = static_cast<int>(diverge);
    f.main_move = intended[diverge];
    f.alternative = line()[diverge];
    f.length = d;
    f.line.assign(line().begin() + static_cast<std::ptrdiff_t>(diverge), line().end());
    f.nodes = finish(*s);
    if (sooner == Outcome::Unknown) {
      f.kind = FindingKind::Undecided;
      f.note = "whether the intended defence is shorter than the main line's was not decided";
      result_.undecided.push_back(std::move(f));
      result_.intended_note = "the intended defence differs from the main line's";
      return;
    }
    if (sooner == Outcome::Disproven) {
      result_.intended_note = "the intended defence is an equal-length alternative (see 変同)";
      return;
    }
    f.kind = FindingKind::LongerVariation;
    const bool two_longer_with_surplus =
        intended_mates && result_.length == static_cast<Plies>(intended.size()) + 2 &&
        !result_.surplus.empty() && intended_end_hand.empty();
    if (two_longer_with_surplus) {
      f.note = "a defence mates 2 plies later than the intended line and ends with surplus "
               "(変長, a flaw)";
      result_.surplus_excused = true;
      result_.intended_note = "the intended line is 2 plies shorter than a surplus variation";
      result_.flaws.push_back(std::move(f));
    } else {
      f.note = "a defence mates later than the intended line (変長)";
      result_.intended_note = "a defence mates later than the intended line";
      result_.longer_variation = std::move(f);
    }
  }

  // Step 4: unnecessary pieces (不要駒). Two rounds when steps are bounded: every piece first
  // with a quarter of the piece budget (so that one hard piece does not leave the others
  // untested when the problem's budget runs out), then each piece still undecided again from
  // the start with the whole piece budget.
  void test_pieces() {
    if (!result_.cooks.empty() || (!result_.surplus.empty() && !result_.surplus_excused)) return;
    const std::vector<typename R::Removal> removed = R::removals(root_, !options_.realistic);
    const std::uint64_t cap = options_.step_nodes ? 4 * options_.step_nodes : 0;
    const std::uint64_t first = options_.step_nodes;  // a quarter of cap (0: no bound)
    const std::size_t base = result_.pieces.size();
    for (const typename R::Removal& r : removed) result_.pieces.push_back(test_piece(r, first));
    if (!cap) return;
    for (std::size_t i = 0; i < removed.size(); ++i) {
      PieceTest& t = result_.pieces[base + i];
      if (t.result != PieceTest::Result::Undecided || limits_for(0).max_nodes == 1) continue;
      const std::uint64_t spent = t.nodes;
      t = test_piece(removed[i], cap);
      t.nodes += spent;
    }
  }

  // Does the main line stop being the main line without the piece? On it, the position after p
  // moves (`path[p]`, replayed in the smaller problem) has the exact distance L - p
  // (main_line.h), so a smaller problem in which one of them has no mate within L - p plies
  // cannot be sound with this line: the piece is needed. Asked from the end of the line back,
  // where the questions are small (the table then holds their answers for the earlier ones),
  // within a quarter of `cap` (0: no bound) all together; whatever is left open goes on to the
  // test of the whole problem. Returns true, with `t`'s note set, when a position is disproved.
  bool main_line_breaks(std::vector<Position>& path, std::uint64_t cap, PieceTest& t) {
    if (line().size() != static_cast<std::size_t>(result_.length)) return false;
    const std::uint64_t budget = cap / 4;
    for (int p = result_.length - 1; p >= 1; --p) {
      if (cap && t.nodes >= budget) break;
      auto s = step(*piece_table_, cap ? budget - t.nodes : 0);
      const Plies d = result_.length - p;
      const Outcome o = s->search.prove(path[static_cast<std::size_t>(p)], d, kExact);
      t.nodes += finish(*s);
      if (o == Outcome::Disproven) {
        t.note = "the main line no longer holds without it: after move " + std::to_string(p) +
                 " no mate within " + std::to_string(d) + (d == 1 ? " ply" : " plies");
        return true;
      }
    }
    return false;
  }

  // One removed piece, its steps within `cap` nodes (0: no bound).
  PieceTest test_piece(const typename R::Removal& removal, std::uint64_t cap) {
    PieceTest t;
    t.square = removal.square;
    t.piece = removal.piece;
    t.result = PieceTest::Result::Necessary;
    Position smaller;
    if (const std::string why = R::without(removal, smaller); !why.empty()) {
      t.note = "the position is illegal without it (" + why + ")";
      return t;
    }
    // The main line replayed without the piece: path[p] is the position after p moves.
    std::vector<Position> path{smaller};
    bool replays = true;
    for (Move m : line()) {
      if (!R::is_legal(path.back(), m)) {
        replays = false;
        break;
      }
      path.push_back(path.back());
      R::do_move(path.back(), m);
    }
    if (!replays || !is_checkmate<R>(path.back())) {
      t.note = "the main line no longer mates without it";
      return t;
    }
    if (!piece_table_)
      piece_table_ = std::make_unique<TranspositionTable>(half(options_.hash_megabytes));
    piece_table_->clear();
    if (main_line_breaks(path, cap, t)) return t;
    {
      auto s = step(*piece_table_, cap ? cap - t.nodes : 0);
      const Outcome within = s->search.prove(path.front(), result_.length, kExact);
      t.nodes += finish(*s);
      if (within == Outcome::Disproven) {
        t.note = "no mate within " + std::to_string(result_.length) + " plies without it";
        return t;
      }
      if (within == Outcome::Unknown) {
        t.result = PieceTest::Result::Undecided;
        t.note = "not shown unnecessary: the search ran out of budget";
        return t;
      }
    }
    // The smaller problem is checked twice at most: first with small steps, which finds most
    // cooks (a proof each) without the long disproofs of the other alternatives, then, when
    // that is not decided, with the full steps. Any verdict but UNKNOWN is certain either way.
    CheckOptions sub = options_;
    sub.test_pieces = false;
    sub.pieces_needed_for_sound = false;
    sub.stop_at_first_cook = true;
    sub.hash_megabytes = half(options_.hash_megabytes);  // beside piece_table_
    const auto check_smaller = [&](const CheckOptions& o) {
      CheckResult res = check_problem<R>(smaller, o, line());
      nodes_ += res.nodes;
      t.nodes += res.nodes;
      return res;
    };
    // `cap` bounds the piece's tests together.
    const auto left = [&] { return !cap ? 0 : cap > t.nodes ? cap - t.nodes : 1; };
    CheckResult r;  // UNKNOWN, 0 nodes: not checked yet
    if (options_.step_nodes > kQuickPieceStep) {
      CheckOptions quick = sub;
      quick.step_nodes = kQuickPieceStep;
      quick.limits = limits_for(cap ? std::min(options_.step_nodes, left()) : options_.step_nodes);
      r = check_smaller(quick);
    }
    if (r.verdict == Verdict::Unknown) {
      sub.limits = limits_for(left());
      r = check_smaller(sub);
    }
    const bool sound = r.verdict == Verdict::Sound || r.verdict == Verdict::SoundWithFlaws;
    // A shorter mate, proven, settles it whatever else the check of the smaller problem left
    // open (its length is at most L: "mate within L" was proven above).
    const Plies shorter = r.length >= 0 ? r.length : r.length_upper;
    if (shorter >= 0 && shorter < result_.length) {
      t.note = (r.length >= 0 ? "without it the mate is " : "without it a mate in at most ") +
               std::to_string(shorter) + (shorter == 1 ? " ply" : " plies");
    } else if (sound && r.main_line == line()) {
      t.result = PieceTest::Result::Unnecessary;
      t.note = std::string("without it the problem is ") + to_string(r.verdict) +
               " with the same main line";
      for (const Finding& f : r.flaws) {
        const bool known =
            std::any_of(result_.flaws.begin(), result_.flaws.end(), [&](const Finding& g) {
              return g.kind == f.kind && g.ply == f.ply && g.main_move == f.main_move &&
                     g.alternative == f.alternative;
            });
        if (!known) t.flaws_without.push_back(f);
      }
      if (!t.flaws_without.empty()) {
        t.note += "; flaws without it not found with it:";
        for (const Finding& f : t.flaws_without)
          t.note += std::string(" ") + to_string(f.kind) + " at ply " + std::to_string(f.ply);
      }
    } else if (r.verdict == Verdict::Unknown) {
      t.result = PieceTest::Result::Undecided;
      t.note = "not shown unnecessary: without it the check is unknown (" + r.reason + ")";
    } else {
      t.note = std::string("without it: ") + to_string(r.verdict) +
               (sound ? " with another main line" : "");
    }
    return t;
  }

  // The verdict, most serious certain finding first (docs/check.md "Precedence").
  void decide() {
    CheckResult& r = result_;
    if (r.verdict == Verdict::NoMate) return;
    if (r.length < 0) {
      r.verdict = Verdict::Unknown;
      return;
    }
    if (r.main_line.size() != static_cast<std::size_t>(r.length)) {
      // Futile interpositions and their captures make a main line longer than the length
      // (main_line.h); the cook and variation tests count distances from the length and do not
      // follow such a line yet.
      r.verdict = Verdict::Unknown;
      r.reason = "the main line passes a futile interposition (" +
                 std::to_string(r.main_line.size()) + " moves for " + std::to_string(r.length) +
                 " plies), which the checker does not follow yet";
      return;
    }
    const auto unnecessary = std::count_if(r.pieces.begin(), r.pieces.end(), [](const auto& t) {
      return t.result == PieceTest::Result::Unnecessary;
    });
    const bool piece_open = std::any_of(r.pieces.begin(), r.pieces.end(), [](const auto& t) {
      return t.result == PieceTest::Result::Undecided;
    });
    const bool blocking = std::any_of(r.undecided.begin(), r.undecided.end(),
                                      [](const Finding& f) { return f.blocks_sound; });
    // Along a given line the length is the line's only when the node-by-node induction closes:
    // no cook, no longer defence, no blocking test open. Otherwise the exact length is not
    // known (a shorter mate by other moves may exist), and neither is the main line, so the
    // surplus at the given line's end says nothing certain about the problem.
    const bool given_unproven =
        r.verified_along_given && (!r.cooks.empty() || r.longer_variation || blocking);
    if (given_unproven) {
      r.length = -1;  // step 1's bound (length_upper) stands
    } else if (r.verified_along_given) {
      r.length_upper = -1;  // the length is exact
    }
    if (!r.cooks.empty()) {
      r.verdict = Verdict::Cooked;
      r.reason = "another check mates at move " + std::to_string(r.cooks.front().ply + 1);
    } else if (!r.surplus.empty() && !r.surplus_excused && !given_unproven) {
      r.verdict = Verdict::Surplus;
      r.reason = "the attacker has pieces in hand at the end of the main line";
    } else if (unnecessary > 0) {
      r.verdict = Verdict::UnnecessaryPiece;
      r.reason = std::to_string(unnecessary) + " piece(s) can be removed";
    } else if (r.longer_variation) {
      r.verdict = Verdict::LongerVariation;
      r.reason = "a defence mates later than the intended line";
      if (given_unproven) r.reason += " (so the problem's exact length is not known)";
    } else if (blocking || piece_open || (!r.undecided.empty() && r.flaws.empty())) {
      r.verdict = Verdict::Unknown;
      r.reason = blocking     ? "a test that could reveal a cook did not finish"
                 : piece_open ? "an unnecessary-piece test did not finish"
                              : "a variation test did not finish";
    } else if (!options_.test_pieces && options_.pieces_needed_for_sound) {
      r.verdict = Verdict::Unknown;
      r.reason = "sound so far; the unnecessary-piece test was skipped";
    } else if (!r.flaws.empty()) {
      r.verdict = Verdict::SoundWithFlaws;
      r.reason = std::to_string(r.flaws.size()) + " flaw(s)";
      if (!r.undecided.empty()) r.reason += "; the flaw list may be incomplete";
    } else {
      r.verdict = Verdict::Sound;
      r.reason = "unique solution, every alternative disproved";
    }
  }

  Position root_;
  CheckOptions options_;
  TranspositionTable table_;
  std::unique_ptr<TranspositionTable> scratch_;      // detour tests (marked positions)
  std::unique_ptr<TranspositionTable> piece_table_;  // unnecessary-piece tests
  std::vector<LineKey> keys_;                        // main-line positions 0..length
  CheckResult result_;
  std::uint64_t nodes_ = 0;
  bool mate_proven_ = false;  // step 1 proved a mate at some length
  Clock::time_point start_;
};

}  // namespace

template <CheckRules R>
BasicCheckResult<R> check_problem(const typename R::Position& root, const CheckOptions& options,
                                  const std::optional<std::vector<typename R::Move>>& intended) {
  Checker<R> checker(root, options);
  return checker.run(intended);
}

template CheckResult check_problem<ShogiRules>(const Position&, const CheckOptions&,
                                               const std::optional<std::vector<Move>>&);

const char* to_string(Verdict v) {
  switch (v) {
  case Verdict::NoMate:
    return "NO_MATE";
  case Verdict::Cooked:
    return "COOKED";
  case Verdict::Surplus:
    return "SURPLUS";
  case Verdict::UnnecessaryPiece:
    return "UNNECESSARY_PIECE";
  case Verdict::LongerVariation:
    return "LONGER_VARIATION";
  case Verdict::Unknown:
    return "UNKNOWN";
  case Verdict::SoundWithFlaws:
    return "SOUND_WITH_FLAWS";
  case Verdict::Sound:
    return "SOUND";
  }
  return "UNKNOWN";
}

const char* to_string(FindingKind k) {
  switch (k) {
  case FindingKind::Cook:
    return "cook";
  case FindingKind::FinalMoveAlternative:
    return "final_move_alternative";
  case FindingKind::NonLimitation:
    return "non_limitation";
  case FindingKind::Detour:
    return "detour";
  case FindingKind::Transposition:
    return "transposition";
  case FindingKind::Mirror:
    return "mirror";
  case FindingKind::EqualVariation:
    return "equal_variation";
  case FindingKind::DualInVariation:
    return "dual_in_variation";
  case FindingKind::LongerVariation:
    return "longer_variation";
  case FindingKind::Undecided:
    break;
  }
  return "undecided";
}

const char* to_string(PieceResult r) {
  switch (r) {
  case PieceResult::Unnecessary:
    return "unnecessary";
  case PieceResult::Necessary:
    return "necessary";
  case PieceResult::Undecided:
    break;
  }
  return "undecided";
}

}  // namespace tsume
