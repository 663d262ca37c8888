// Checking one claimed turn against the rules, with the reason when it is not legal.
#pragma once

#include <string>

#include "puzzles/position.h"

namespace leapfrog {

struct TurnCheck {
  bool legal = false;
  std::string reason;  // why not, when !legal ("e3 is occupied", ...)
  Score points = 0;    // what the turn captures (or removes), when it is a well-formed jump chain
  int pieces = 0;
  Score size(const Rules& rules) const {
    return rules.measure == Measure::kPoints ? points : pieces;
  }
};

// Is `turn` one of the turns for_each_turn would visit? Agrees with it exactly (the tests
// compare them on random positions).
TurnCheck check_turn(const Board& board, const Rules& rules, const Position& pos, const Turn& turn);

}  // namespace leapfrog
