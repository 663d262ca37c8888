// Puzzle files, EPD-like lines (puzzles/puzzle_file.h, docs/puzzle-files.md). Invariants
// (fuzz/puzzles.h): what is read is consistent and round-trips through both formats; a
// line read on its own gives the puzzle the file reader gives.
#include <cstdint>

#include "fuzz/puzzles.h"

namespace {
// Some dozens of puzzle lines.
constexpr std::size_t kMaxInput = 16 << 10;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size > kMaxInput) return -1;
  const std::string_view text = fuzz::as_text(data, size);
  std::vector<Puzzle> puzzles;
  try {
    puzzles = parse_puzzles_epd(text);
  } catch (const ParseError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  fuzz::check_puzzles(puzzles);
  fuzz::check_round_trips(puzzles, false);
  if (puzzles.size() == 1 && text.find('\n') == std::string_view::npos)
    FUZZ_CHECK(parse_puzzle_epd_line(text) == puzzles[0]);
  return 0;
}
