// perft counts. The worked example position's counts (depth 2: 153, depth 3: 1990) are
// counted independently of the move generator; the smaller ones are hand-checked.
#include <catch2/catch.hpp>

#include "puzzles/notation.h"
#include "solver/perft.h"

using namespace leapfrog;

namespace {
std::uint64_t perft_of(const std::string& text, int depth) {
  const Setup s = parse_position(text);
  return perft(s.board, s.rules(), s.position, depth);
}
}  // namespace

TEST_CASE("perft of the worked example", "[perft]") {
  const std::string pos = "3441./33311/.1.41/.4.../.41.1";
  CHECK(perft_of(pos, 0) == 1);
  CHECK(perft_of(pos, 1) == 12);
  CHECK(perft_of(pos, 2) == 153);
  CHECK(perft_of(pos, 3) == 1990);
}

TEST_CASE("perft hand-checked on tiny boards", "[perft]") {
  // "11.": one jump (a1xc1), then nothing.
  CHECK(perft_of("11.", 1) == 1);
  CHECK(perft_of("11.", 2) == 0);
  // "111.." (optional): a? b1xd1; c1 can't (d1 empty beyond... c1 over d1: empty). So b1xd1.
  // then "1...1"? b1 jumped c1 to d1: a1 1, d1 1: nothing. Also c1? c1 over b1 to a1: occupied.
  CHECK(perft_of("111..", 1) == 1);
  // Removal openings: two players each remove one of 3 pieces: 3 * 2 sequences.
  CHECK(perft_of("111 players=2 removals=1,2", 2) == 6);
}
