// One piece of evidence about a node of a main line, as the main line (main_line.h) and the
// checker (check.h) report it. Generic in the move type, so that the main line can be written
// against the rules concept (answer_rules.h); Finding is the one for shogi's moves (check.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "solver/search/mate_len.h"

namespace tsume {

// What a finding is about.
enum class FindingKind {
  Cook,                  // another check mates (余詰)
  FinalMoveAlternative,  // another mate on the last move (最終手余詰)
  NonLimitation,         // differs only in promotion, drop distance or interposing piece
  Detour,                // mates only by returning to an earlier main-line position (迂回)
  Transposition,         // a later main-line move played early (手順前後)
  Mirror,                // the mirror image of the main move in a symmetric position
  EqualVariation,        // a defence as long as the main line, without surplus (変同)
  DualInVariation,       // two checks mate a variation in its length (変化別詰)
  LongerVariation,       // a defence exactly 2 plies longer than the intended line, ending
                         // with surplus (変長, a flaw)
  Undecided,             // a test that ran out of budget (see `note`)
};

// One piece of evidence about a node of the main line, over moves of type M.
template <class M> struct BasicFinding {
  FindingKind kind = FindingKind::Cook;
  int ply = 0;               // the node: position after `ply` main-line moves
  M main_move;               // the main line's move at that node
  M alternative;             // the other move
  Plies length = -1;         // plies to mate after `alternative` (upper bound), -1 unknown
  std::vector<M> line;       // the alternative's continuation when known (USI in output)
  std::uint64_t nodes = 0;   // nodes spent on this finding
  std::string note;          // why, in words
  bool blocks_sound = true;  // Undecided only: could hide a defect (not just a flaw)
};

// An Undecided finding at `ply` (a test that a limit left open), for main_line and check.
template <class M>
BasicFinding<M> undecided_at(int ply, M main, M alt, std::string note, bool blocks) {
  BasicFinding<M> f;
  f.kind = FindingKind::Undecided;
  f.ply = ply;
  f.main_move = main;
  f.alternative = alt;
  f.note = std::move(note);
  f.blocks_sound = blocks;
  return f;
}

}  // namespace tsume
