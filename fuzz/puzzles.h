// The invariants both puzzle-file harnesses check (puzzles/puzzle_file.h,
// docs/puzzle-files.md): each format reads back what it writes.
#pragma once

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "fuzz/check.h"
#include "puzzles/puzzle_file.h"

namespace leapfrog::fuzz {

// Every puzzle's position is consistent and its solution's squares are on its board.
inline void check_puzzles(std::span<const Puzzle> puzzles) {
  for (const Puzzle& p : puzzles) {
    FUZZ_CHECK(p.setup.position.to_move < p.setup.rules().players);
    for (const Turn& t : p.solution) {
      FUZZ_CHECK(!t.squares.empty());
      for (Square s : t.squares)
        FUZZ_CHECK(s < p.setup.board.cells() && p.setup.board.is_square(s));
    }
  }
}

// What a CSV file with the given header keeps of the puzzles (docs/puzzle-files.md): the
// extra fields that are not empty, in the order of the header's columns.
inline std::vector<Puzzle> as_csv_keeps(std::vector<Puzzle> puzzles, std::string_view header) {
  std::vector<std::string> columns;
  for (std::size_t start = 0;;) {
    const std::size_t comma = header.find(',', start);
    columns.emplace_back(header.substr(start, comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  const auto column = [&](const std::string& key) {
    return std::find(columns.begin(), columns.end(), key) - columns.begin();
  };
  for (Puzzle& p : puzzles) {
    std::erase_if(p.extra, [](const auto& field) { return field.second.empty(); });
    std::stable_sort(p.extra.begin(), p.extra.end(), [&](const auto& a, const auto& b) {
      return column(a.first) < column(b.first);
    });
  }
  return puzzles;
}

// EPD keeps everything. CSV keeps everything of puzzles read from CSV; of others, all but
// empty extra fields and the order of extra fields that puzzles order both ways.
inline void check_round_trips(const std::vector<Puzzle>& puzzles, bool read_from_csv) {
  const std::string epd = format_puzzles_epd(puzzles);
  const std::vector<Puzzle> from_epd = parse_puzzles_epd(epd);
  FUZZ_CHECK(from_epd == puzzles);
  FUZZ_CHECK(format_puzzles_epd(from_epd) == epd);
  FUZZ_CHECK(parse_puzzles(epd) == puzzles);

  const std::string csv = format_puzzles_csv(puzzles);
  const std::vector<Puzzle> from_csv = parse_puzzles_csv(csv);
  FUZZ_CHECK(parse_puzzles(csv) == from_csv);
  FUZZ_CHECK(from_csv == as_csv_keeps(puzzles, csv.substr(0, csv.find('\n'))));
  if (read_from_csv) {
    FUZZ_CHECK(from_csv == puzzles);
    FUZZ_CHECK(format_puzzles_csv(from_csv) == csv);
  }
}

}  // namespace leapfrog::fuzz
