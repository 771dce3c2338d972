// The unnecessary-piece test (docs/check.md, step 4).
#include "solver/answer/checker.h"

namespace tsume::check_detail {

// Step 4: unnecessary pieces (不要駒). Two rounds when steps are bounded: every piece first
// with a quarter of the piece budget (so that one hard piece does not leave the others
// untested when the problem's budget runs out), then each piece still undecided again from
// the start with the whole piece budget.
template <CheckRules R> auto Checker<R>::test_pieces() -> void {
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
template <CheckRules R>
auto Checker<R>::main_line_breaks(std::vector<Position>& path, std::uint64_t cap, PieceTest& t)
    -> bool {
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
template <CheckRules R>
auto Checker<R>::test_piece(const Removal& removal, std::uint64_t cap) -> PieceTest {
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
  sub.keep_table = false;
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

// The rule sets the checker is used with.
template auto Checker<ShogiRules>::test_pieces() -> void;
template auto Checker<ShogiRules>::main_line_breaks(std::vector<Position>& path, std::uint64_t cap,
                                                    PieceTest& t) -> bool;
template auto Checker<ShogiRules>::test_piece(const Removal& removal, std::uint64_t cap)
    -> PieceTest;

}  // namespace tsume::check_detail
