// reach: how many distinct positions can be reached from a position, per number of pieces
// taken off so far (the level tables of the peg-solitaire literature, e.g. OEIS A112737 for
// the English board).
//
// One player makes every turn (solitaire). A position's level is the number of pieces taken
// off since the start: captures, and any opening removals still due (the lone player makes
// each of them, one piece each). Under the optional rule the reachable sets are those of
// single jumps (every chain is a sequence of single jumps, each of which is itself a legal
// turn); under the other rules a turn of m captures leads from level k to level k + m.
// With `symmetry` the images of a position under the board's symmetries are counted once.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/control.h"
#include "core/exchange.h"
#include "core/level_store.h"
#include "puzzles/position.h"

namespace leapfrog {

struct ReachResult {
  std::vector<std::uint64_t> levels;  // levels[k]: distinct positions after k pieces taken
  std::uint64_t total = 0;            // sum of levels
  bool complete = true;               // false when stopped (levels then hold what was done)
  bool out_of_memory = false;         // stopped because SearchControl::memory_mb was reached
  std::uint64_t nodes = 0;            // positions expanded
};

ReachResult reach(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                  const SearchControl& control);
// The same, split over the ranks of `exchange` (core/exchange.h): every rank calls it with
// the same arguments and gets the same result (levels, total and nodes of all ranks
// together). Plain pieces on at most 64 squares under the optional rule (reach_fast_path)
// are split: each rank holds and expands the positions it owns, and its memory limit is
// its own. Other positions are enumerated whole on every rank.
// With a `store` (core/level_store.h), the split path saves every level it builds there and
// starts from the store's resume level when it names one; the other positions ignore it.
// `on_level`, when set, is told each level as soon as it is complete (level k, its
// positions), in order and on every rank, the levels a store resumes from first: exactly the
// result's `levels`, so a caller can show them while the count goes on.
using LevelSink = std::function<void(std::size_t level, std::uint64_t positions)>;
ReachResult reach(const Board& board, const Rules& rules, const Position& pos, bool symmetry,
                  const SearchControl& control, LevelExchange& exchange,
                  LevelStore* store = nullptr, const LevelSink& on_level = {});

// Counting optimal lines the fast way (plain pieces on at most 64 cells, optional rule, no
// removal due; `applicable` is false otherwise): every jump captures one piece, so the
// optimal lines of a lone player are exactly the single-jump sequences that reach the
// deepest level, and their number is carried level by level (each position class holds the
// number of sequences reaching any of its images; only symmetries that fix the start are
// used, so the sum is exact).
// True when the fast path applies: plain pieces (one value) on at most 64 cells, optional
// rule, no removal due.
bool reach_fast_path(const Board& board, const Rules& rules, const Position& pos);

struct DeepestLines {
  bool applicable = false;
  bool complete = true;
  bool overflow = false;       // more than 2^128 lines: count is not exact (solve then uses the DP)
  bool out_of_memory = false;  // stopped: a level did not fit in SearchControl::memory_mb
  int depth = 0;               // jumps in every optimal line
  std::string count;           // decimal
};
// With `finish` (a square of the board): `count` is the number of those sequences that end
// with a lone piece on it (0 when the deepest level is not lone pieces). The last level's
// class of that lone piece holds the sequences ending on any of its images under the
// symmetries used; those fix the start, so each image is reached by as many, and the count
// is the class's divided by the number of images.
DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control, Square finish = kNoSquare);
// The same, split over the ranks of `exchange` as reach is, its levels saved to and
// resumed from `store` as reach's are; collective.
DeepestLines count_deepest_lines(const Board& board, const Rules& rules, const Position& pos,
                                 const SearchControl& control, Square finish,
                                 LevelExchange& exchange, LevelStore* store = nullptr);

}  // namespace leapfrog
