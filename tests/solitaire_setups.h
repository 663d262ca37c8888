// Random small solitaire positions for the tests against the references (solver_solitaire,
// solver_solitaire_bounds).
#pragma once

#include <vector>

#include "generator/random.h"
#include "puzzles/notation.h"

namespace leapfrog::testing {

// A random board of min_squares..max_squares squares: a rectangle of sides 2..6, some cells
// no-squares, some squares empty, values 1..4 (or all 1).
inline Setup random_setup(Rng& rng, int min_squares, int max_squares, bool plain, int density = 7) {
  for (;;) {
    const int w = 2 + static_cast<int>(rng.below(5)), h = 2 + static_cast<int>(rng.below(5));
    if (w * h < min_squares || w * h > max_squares + 6) continue;
    std::vector<bool> on(static_cast<std::size_t>(w * h), true);
    int squares = w * h;
    for (int c = 0; c < w * h; ++c)
      if (squares > min_squares && rng.below(8) == 0) {
        on[static_cast<std::size_t>(c)] = false;
        --squares;
      }
    while (squares > max_squares) {
      const auto c = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(w * h)));
      if (on[c]) {
        on[c] = false;
        --squares;
      }
    }
    Setup s{Board(w, h, on), {}, "", {}};
    for (int c = 0; c < w * h; ++c)
      if (on[static_cast<std::size_t>(c)] && rng.below(10) < static_cast<std::uint64_t>(density))
        s.position.cells[static_cast<std::size_t>(c)] =
            plain ? 1 : static_cast<Value>(1 + rng.below(4));
    return s;
  }
}

inline constexpr Continuation kRules[] = {Continuation::kOptional, Continuation::kForced,
                                          Continuation::kPieceMax, Continuation::kBoardMax};

}  // namespace leapfrog::testing
