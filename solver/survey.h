// survey: peg solitaire's classic table, every single-vacancy start of a board. From a full
// position (every square holding a piece), each start empties one square; starts that are
// images of each other under the board's symmetries (core/symmetry.h, found from the jumps)
// that also keep the full position's piece values have the same solitaire value, so one start
// per class is solved, by `solve` (solver/solitaire.h) with the same options and limits each.
// With more than one thread and no node limit the starts run side by side, each on one thread
// with an equal share of the table memory (a search on several threads shares one table and
// searches more positions); else one after the other, each with the threads and all the
// memory.
//
// Order: the classes come in the reading order of their first squares (ranks from the top,
// files from the left; core/symmetry.h cell_classes), and each class's start hole is its first
// square. Determinism: as `solve`'s, start by start; `nodes` and `seconds` may vary.
//
// Limits: SearchControl's node and time limits apply to each start's solve (a start stopped
// by one is listed with its best line, not proved, and the survey goes on); the stop flag ends
// the survey after the starts it stopped, which are listed with their best lines too.
#pragma once

#include <functional>
#include <vector>

#include "core/control.h"
#include "puzzles/position.h"
#include "solver/solitaire.h"

namespace leapfrog {

struct SurveyOptions {
  SolveOptions solve;       // each start's solve (not `count`, not `finish`)
  bool every_hole = false;  // every square a start of its own, symmetric or not
};

struct SurveyStart {
  // The start hole first, then the squares it stands for (its images under the symmetries
  // used), in reading order.
  std::vector<Square> holes;
  Position start;  // the full position with holes[0] empty, player 0 to move
  SolveResult result;
  int pieces = 0;  // on the board at the start
  int left = 0;    // on the board after result.line
  double seconds = 0;
};

struct SurveyResult {
  std::vector<SurveyStart> starts;  // solved so far, in order
  int classes = 0;                  // the number of starts the survey has
  int symmetries = 1;               // the maps of the board used to merge starts, identity included
  bool stopped = false;             // the stop flag ended it before every start was solved
};

// The starts of `full` with their classes, not solved (`result` empty). Throws
// std::invalid_argument when a square of the board is empty.
std::vector<SurveyStart> survey_starts(const Board& board, const Rules& rules, const Position& full,
                                       bool every_hole, int* symmetries = nullptr);

// Solves every start of survey_starts. `on_start` (may be empty) is called for each start in
// order, once it and the starts before it are solved, with their number and the total, never
// twice at once (side by side, from a worker thread; what it throws ends the survey, the
// starts under way stopped, and is thrown on). The progress callback's note names the starts
// being solved, and its nodes are the whole survey's so far. The limits of `control` apply to
// each start.
SurveyResult survey(
    const Board& board, const Rules& rules, const Position& full, const SurveyOptions& options,
    const SearchControl& control,
    const std::function<void(const SurveyStart&, int done, int total)>& on_start = {});

}  // namespace leapfrog
