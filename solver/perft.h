// perft: the number of distinct turn sequences of a given length, the standard check of a
// move generator (as in chess engines: a count that any independent generator must match).
#pragma once

#include <cstdint>
#include <functional>

#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

// Turn sequences of exactly `depth` turns from `pos` (a sequence that reaches a position
// with no legal turn before `depth` turns is not counted). perft(0) == 1. Runs on
// control.threads threads (0: all cores); the count does not depend on them. Polls
// control.stop between turns; a stopped count is a part of the whole (check the flag).
// Calls control.progress now and then: nodes are the sequences counted so far, fraction the
// share of the first turns whose counts are complete.
std::uint64_t perft(const Board& board, const Rules& rules, const Position& pos, int depth,
                    const SearchControl& control = {});

// The same count split by first turn (at depth 0 there is none to tell): `each`, when set,
// is told every first turn and the sequences that start with it, in the move generator's
// order, each as soon as it and those before it are complete (from any thread, never
// concurrently with itself). A stop before the last is told leaves `complete` false and
// `nodes` the sum of the counts told.
struct PerftDivide {
  std::uint64_t nodes = 0;
  bool complete = true;
};
using PerftSink = std::function<void(const Turn& turn, std::uint64_t count)>;
PerftDivide perft_divide(const Board& board, const Rules& rules, const Position& pos, int depth,
                         const SearchControl& control = {}, const PerftSink& each = {});

}  // namespace leapfrog
