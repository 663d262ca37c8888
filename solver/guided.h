// A guided search for good lone-player lines on boards too large to search exhaustively.
//
// Beam search over single jumps (the optional rule's lines): every level keeps the `beam`
// best positions by a score that keeps the pieces in one compact group (a piece with no
// neighbouring piece can only be taken if another comes next to it, and a long boundary
// between pieces and empty squares strands pieces), then an exact search finishes each of
// the best positions once few pieces are left, choosing which pieces stay by their values.
// When those finishes fall two or more short of the target, every position the beam held
// two pieces earlier is finished exactly as well (the 41-hole diamond's lines to two pegs
// from e9 and e6 are found only so).
// A removal still due is made first, on a square that the position classes
// (core/classes.h) allow to end with a lone piece. Nothing in it is keyed to a board or a
// direction set: neighbours are the steps of the rules' direction set.
//
// Under the other continuation rules a turn is a whole chain that may take several pieces:
// the beam then runs over the model's turns (removals among them), its levels are numbers
// of pieces left, and the exact finish starts at `chain_endgame` pieces.
//
// Deterministic: the same line for the same input, whatever the thread count or timing
// (the limits and the stop flag only cut it short). The line is a lower bound on the
// optimum; solve() proves it optimal when it meets the upper bound, and otherwise starts
// the exhaustive search from its value.
#pragma once

#include <cstdint>
#include <vector>

#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

struct GuidedOptions {
  int beam = 0;            // positions kept per level; 0: from the board's size
  int endgame = 14;        // pieces left when the exact finish takes over
  int chain_endgame = 12;  // the same for chain turns (forced, piece-max, board-max)
  int removal_tries = 3;   // removal squares tried when a removal is due
};

struct GuidedResult {
  Score value = 0;         // what `line` takes
  std::vector<Turn> line;  // removals, then single jumps
  std::uint64_t nodes = 0;
  bool complete = false;  // not cut short by a limit or the stop flag
};

// `target`: stop trying further removal squares once a line takes this much (the upper
// bound, say). Under the optional rule the line is single jumps (each of them a turn
// there); under the others, whole turns.
GuidedResult guided_line(const Board& board, const Rules& solo, const Position& pos, Score target,
                         const GuidedOptions& options, const SearchControl& control);

}  // namespace leapfrog
