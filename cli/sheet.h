// Printable puzzle sheets: an HTML page of numbered diagrams, with the solutions on a page
// of their own. Self-contained (inline SVG and CSS, nothing fetched) and stable.
#pragma once

#include <span>
#include <string>

#include "puzzles/puzzle_file.h"

namespace leapfrog::cli {

struct SheetOptions {
  std::string title = "Leap-Frog puzzles";
  int columns = 2;  // diagrams per row, 1..6
};

// Throws ParseError naming the puzzle when a solution turn is not legal where it is played
// (the solution diagrams replay it).
std::string sheet_html(std::span<const Puzzle> puzzles, const SheetOptions& options = {});

}  // namespace leapfrog::cli
