// perft: the number of distinct turn sequences of a given length, the standard check of a
// move generator (as in chess engines: a count that any independent generator must match).
#pragma once

#include <cstdint>

#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

// Turn sequences of exactly `depth` turns from `pos` (a sequence that reaches a position
// with no legal turn before `depth` turns is not counted). perft(0) == 1. Polls
// control.stop between turns; a stopped count is a part of the whole (check the flag).
std::uint64_t perft(const Board& board, const Rules& rules, const Position& pos, int depth,
                    const SearchControl& control = {});

}  // namespace leapfrog
