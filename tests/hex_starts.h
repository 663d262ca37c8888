// Start positions of the six-direction presets by hole number, for the tests that check
// published triangle and hexagon figures.
#pragma once

#include <string>
#include <vector>

#include "puzzles/notation.h"
#include "puzzles/variant.h"

namespace leapfrog::testing {

// The start of a shaped preset of side `side` with exactly the holes numbered in `empty`
// empty, holes numbered 1.. row by row from the top, left to right (the numbering of the
// triangle literature).
inline Setup numbered_start(const char* variant, int side, std::vector<int> empty) {
  const Variant& v = *find_variant(variant);
  Setup s = parse_position(start_text(v, side));
  s.variant = std::string(v.name);
  std::vector<Square> holes;  // in hole-number order
  for (int rank = s.board.height() - 1; rank >= 0; --rank)
    for (int file = 0; file < s.board.width(); ++file)
      if (s.board.is_square(s.board.square(file, rank)))
        holes.push_back(s.board.square(file, rank));
  for (const Square h : holes) s.position.cells[h] = 1;
  for (const int n : empty) s.position.cells[holes[static_cast<std::size_t>(n - 1)]] = 0;
  return s;
}

}  // namespace leapfrog::testing
