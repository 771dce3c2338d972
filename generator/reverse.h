// The reverse method of `tsume generate` (docs/generate.md, "Reverse method"): a sound problem P
// (attacker to move, exact length N) is lengthened to N + 2 by un-playing two plies: positions Q
// are built from which an attacker check `a` and a defender reply `d` reach P, and Q is kept
// when the certified checker finds it SOUND, of length N + 2, with a main line starting a, d.
//
// The retro moves (un-playing a, then d) are in generator/retro_moves.h.
//
// Lengthening is a depth-first chain with backtracking: the first accepted extension of a
// problem (candidates in a fixed order) is extended in turn; a problem whose candidates are
// exhausted (or whose try budget is spent) gives way to its parent's next candidate. Candidates
// are evaluated in fixed-size batches in parallel; each evaluation clears its tables and has node
// budgets only, so the output does not depend on the thread count.
//
// Several seed chains grow side by side (`chains`), one unit of work each in turn (building a
// problem's candidates, one batch of candidates, one batch of drift mutations); a chain that
// spends `chain_nodes` search nodes without reaching a length it had not reached is abandoned
// and a new seed takes its place. Both are counted in nodes, never time, so the output stays a
// function of the seed and the options.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generator/generator.h"
#include "generator/retro_moves.h"
#include "solver/core/board_setup.h"
#include "solver/core/move.h"
#include "solver/core/position.h"

namespace tsume::gen {

struct ReverseStats;

struct ReverseOptions {
  GenerateOptions base;  // band (the lengths to emit), seed, threads, count, mode, budgets
  // Seed problems: the random generator's problems in this band (composition mode), unless
  // `seeds` is given.
  int seed_min_plies = 5, seed_max_plies = 9;
  std::vector<Generated> seeds;         // problems to lengthen (sound, attacker to move)
  int max_pieces = 16;                  // board pieces (kings excluded) plus attacker hand pieces
  int tries = 96;                       // candidates evaluated per problem before backtracking
  int children = 2;                     // extensions of one problem taken into the chain (distinct
                                        // ideas: check's origin and destination, reply)
  std::size_t batch = 16;               // candidates per parallel batch (fixed: output independent)
  std::uint64_t filter_nodes = 20'000;  // bounded "R mates within N + 1?" per reply position
  std::uint64_t cook_nodes = 3'000;     // per other check of Q: "mates within N + 1?"
  int repairs = 1;                      // defender pieces added to a candidate to stop such checks
  std::uint64_t seed_count = 0;         // seeds drawn from the generator (0: until done)
  // Drift at dead ends: a problem of at least `drift_from` plies none of whose candidates was
  // accepted is replaced by a SOUND variant (a local mutation of its position, exact length N or
  // N + 2), found among `drift` mutations; a chain position drifts at most `drifts` times.
  int drift = 512;  // mutations tried per dead end (0: no drift)
  int drift_from = 19;
  int drifts = 30;
  // Chain through problems that are sound but for an unnecessary piece (UNNECESSARY_PIECE, and
  // SOUND by the checker without the piece test): such a problem is not written, but its
  // extensions are tried (a piece idle in it may be needed by a longer problem).
  bool through_unnecessary = false;
  // Seed chains: `chains` chains grown side by side, round robin; a chain is abandoned after
  // `chain_nodes` nodes (filter, cook tests, checks) spent since it last reached a new length
  // (0: never abandoned; chains = 1 and chain_nodes = 0 grow one seed at a time to its end).
  int chains = 1;
  std::uint64_t chain_nodes = 0;
  // Guided drift: the mutations of a dead end start with guards of the squares its candidates'
  // cooking checks went to (guided.h), at most half of `drift`, then the blind ones.
  bool guided = false;
  // Escape guidance: every reply position R of a problem that does not mate within N + 1 is
  // searched for the king's escapes (guided.h, escape_squares, `cook_nodes` per king move), and
  // the mutations of a dead end start with guards of those squares (escape_mutations), most
  // frequent first, before the cook guards of `guided`; the guided ones together at most half of
  // `drift`.
  bool guided_escape = false;
  // Write every accepted extension (SOUND, in the band) when it is evaluated, and evaluate the
  // candidates of a problem whose extensions are in the band up to `tries` even after `children`
  // were taken: more problems per problem extended (one problem with other first moves; of
  // siblings whose check lands on the same square with the same reply, the first).
  bool write_all = false;
  // Checkpoints, to resume an interrupted run (docs/generate.md "Resuming a reverse-method run"):
  // `checkpoint` is given the run's state as text (its chains, the seeds drawn, the counters)
  // and its counters (`emitted`: the problems emitted so far) between two units of work, every
  // `checkpoint_seconds` of the run (0: after every unit) and when the run ends (by its count,
  // its time, its seeds or `base.stop`: a unit of work cut short by a stop keeps nothing, to be
  // done again by the resumed run). With `resume`
  // (such a text) the run goes on from that state: it emits what the uninterrupted run emits
  // after the problems counted in the state, whose duplicate keys `base.written` must hold (the
  // output file's records, as for the random method). The budgets and choices must be those of
  // the state's run (checkpoint_options, which must list every option that changes the
  // output); the count, time and threads may differ.
  std::function<void(const std::string& state, const ReverseStats& stats)> checkpoint;
  double checkpoint_seconds = 60;
  const std::string* resume = nullptr;
};

// The options a checkpoint records and a resumed run must share (name=value, blank-separated).
std::string checkpoint_options(const ReverseOptions& options);

// Counters of one extension step (from length N to N + 2).
struct StepStats {
  std::uint64_t parents = 0;     // problems of length N whose candidates were built
  std::uint64_t candidates = 0;  // (Q, a, d) built within the piece limit
  std::uint64_t reply_positions = 0, reply_mates = 0;  // R tested, R proven within N + 1
  std::uint64_t evaluated = 0;                         // candidates evaluated (R proven)
  std::uint64_t cook_rejects = 0;                      // another check mates within N + 2
  std::uint64_t repairs_tried = 0;                     // defender pieces tried against such a check
  std::uint64_t repaired = 0;                  // candidates that went on with added defender pieces
  std::uint64_t checks = 0;                    // check_problem calls (quick or full)
  std::uint64_t accepted = 0;                  // SOUND, length N + 2, main line a, d, ...
  std::uint64_t used = 0;                      // accepted and taken into the chain
  std::uint64_t drift_tries = 0, drifted = 0;  // mutations of dead ends tried, variants taken
  std::uint64_t through = 0;  // taken (extensions or variants) with an unnecessary piece
  std::uint64_t guided_tries = 0, guided = 0;   // guided mutations tried, variants taken from them
  std::uint64_t escapes = 0;                    // king escapes found in replies R that do not mate
  std::uint64_t escape_tries = 0, escaped = 0;  // escape guards tried (of the guided), variants
  std::uint64_t nodes = 0;                      // search nodes spent (filter, cook tests, checks)
  StepStats& operator+=(const StepStats& o);
};

struct ReverseStats {
  GenerateStats seeds;                 // the seed generator's totals
  std::uint64_t seed_problems = 0;     // seeds lengthened
  std::uint64_t abandoned = 0;         // chains abandoned for their node budget (chain_nodes)
  std::map<int, StepStats> by_length;  // keyed by the parent length N
  std::uint64_t emitted = 0;
  std::uint64_t duplicates = 0;      // not written: position or main line written before
  std::uint64_t idea_full = 0;       // not written: base.per_idea problems of their idea were
  std::uint64_t idea_abandoned = 0;  // chains abandoned for that
  int longest = 0;  // the longest SOUND problem of a chain (written or not: band, duplicate)
  double seconds = 0;
  // The seeds (ids) behind the problems written, by length.
  std::map<int, std::set<std::string>> seeds_by_length;
  // Distinct seeds behind the problems written of at least `plies` plies.
  std::size_t seeds_at_least(int plies) const;
};

using ReverseProgressFn = std::function<void(const ReverseStats&)>;

// Lengthens the seeds (given, or drawn from generate() with the seed band) by the chain above and
// emits every accepted problem whose length is in the base band, in a deterministic order;
// stops after `base.count` problems, `base.max_seconds` (between batches) or `base.stop`;
// `base.max_candidates` bounds the seed generator's candidate indices.
// Throws CheckpointError (checkpoint_text.h) when `options.resume` cannot be read or was written
// with other options.
ReverseStats generate_reverse(const ReverseOptions& options, const EmitFn& emit,
                              const ReverseProgressFn& progress = {});

}  // namespace tsume::gen
