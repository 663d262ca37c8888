// Text pictures of a board for the terminal.
#pragma once

#include <string>

#include "cli/common.h"
#include "puzzles/notation.h"

namespace leapfrog::cli {

// True when colour should be used on standard output: a terminal, NO_COLOR unset or empty,
// TERM not "dumb".
bool colour_by_default();

// The --color option: "always", "never", or else "auto" (colour_by_default()); parse()
// has checked the value.
bool want_colour(const CommonOptions& o);

// The board with file letters and rank numbers on the edges; values stay readable without
// colour. A six-direction board is drawn as its lattice (each rank half a cell right of the
// one below), where files run diagonally: there each rank is followed by a line giving the
// file letter of every cell, under that cell. With `colour`, pieces are painted in the
// variant's colours (ANSI escapes). With `highlight` (a jump chain or removal of the position
// shown), its start square is marked '>', its landing squares '*' and the pieces it captures
// 'x' (the markers stand in the gap before a cell, so the values stay as they are; an empty
// landing square shows its '*' in the cell), and a legend line follows. On the board after
// the turn the moved piece's square is so marked '*'.
std::string render_board(const Setup& setup, bool colour, const Turn* highlight = nullptr);

}  // namespace leapfrog::cli
