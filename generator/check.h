// Re-verification of a puzzle (`leapfrog check`): the solution is legal, reaches the claimed
// value, the value is the proved optimum, and the solution is the only one where claimed.
#pragma once

#include <string>

#include "core/control.h"
#include "puzzles/puzzle_file.h"

namespace leapfrog {

struct PuzzleCheck {
  bool ok = false;
  std::string reason;  // why not, when !ok
  std::uint64_t nodes = 0;
};

// Chain puzzles: one turn, legal under the puzzle's rules, capturing the maximum (docs/json.md
// `best`), and when `unique` the only maximal chain. Solitaire puzzles: the turns replay
// legally for a lone player, capture `value` in all, and `solve` proves that optimal; when
// `unique`, it is the only optimal line.
PuzzleCheck check_puzzle(const Puzzle& puzzle, const SearchControl& control,
                         std::size_t hash_mb = 64);

}  // namespace leapfrog
