// Text pictures of a board for the terminal.
#pragma once

#include <string>

#include "puzzles/notation.h"

namespace leapfrog::cli {

// True when colour should be used on standard output: a terminal, NO_COLOR unset or empty,
// TERM not "dumb".
bool colour_by_default();

// The board with file letters and rank numbers on the edges; values stay readable without
// colour. With `colour`, pieces are painted in the variant's colours (ANSI escapes).
std::string render_board(const Setup& setup, bool colour);

}  // namespace leapfrog::cli
