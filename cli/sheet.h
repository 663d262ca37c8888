// Printable puzzle sheets: an HTML page of numbered diagrams, with the solutions on a page
// of their own. Self-contained (inline SVG and CSS, nothing fetched) and stable.
#pragma once

#include <atomic>
#include <span>
#include <string>

#include "puzzles/puzzle_file.h"

namespace leapfrog::cli {

struct SheetOptions {
  std::string title = "Leap-Frog puzzles";
  int columns = 2;  // diagrams per row, 1..6
  // Polled for every puzzle: once it is set, the page is given up (see sheet_html).
  const std::atomic<bool>* stop = nullptr;
};

// Throws ParseError naming the puzzle when a solution turn is not legal where it is played
// (the solution diagrams replay it). Returns an empty string when options.stop is set before
// the page is complete.
std::string sheet_html(std::span<const Puzzle> puzzles, const SheetOptions& options = {});

}  // namespace leapfrog::cli
