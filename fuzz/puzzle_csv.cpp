// Puzzle files, CSV (puzzles/puzzle_file.h, docs/puzzle-files.md). Invariants
// (fuzz/puzzles.h): what is read is consistent and round-trips through both formats.
#include <cstdint>

#include "fuzz/puzzles.h"

namespace {
// Some dozens of puzzles.
constexpr std::size_t kMaxInput = 16 << 10;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace leapfrog;
  if (size > kMaxInput) return -1;
  std::vector<Puzzle> puzzles;
  try {
    puzzles = parse_puzzles_csv(fuzz::as_text(data, size));
  } catch (const ParseError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  fuzz::check_puzzles(puzzles);
  fuzz::check_round_trips(puzzles, true);
  return 0;
}
