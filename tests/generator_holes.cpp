// random_layout_with_holes: the layout of random_layout with N distinct squares emptied,
// drawn from the same seed after the shuffle (docs/generate.md gives the order of draws).
#include <catch2/catch.hpp>
#include <set>
#include <stdexcept>
#include <vector>

#include "generator/layout.h"
#include "generator/random.h"
#include "puzzles/notation.h"

using namespace leapfrog;

TEST_CASE("holes: zero holes is random_layout, N holes empty N squares of it", "[layout][holes]") {
  const Variant& murray = *find_variant("murray");
  const Board board(7, 5);
  for (std::uint64_t seed : {1ULL, 7ULL, 12345ULL}) {
    const Position full = random_layout(board, murray, seed);
    CHECK(random_layout_with_holes(board, murray, seed, Rounding::kHalfUp, 0) == full);
    for (int n : {1, 2, 10, 34, 35}) {
      INFO("seed " << seed << ", " << n << " holes");
      std::vector<Square> emptied;
      const Position p =
          random_layout_with_holes(board, murray, seed, Rounding::kHalfUp, n, &emptied);
      REQUIRE(emptied.size() == static_cast<std::size_t>(n));
      CHECK(std::set<Square>(emptied.begin(), emptied.end()).size() == emptied.size());
      const std::set<Square> holes(emptied.begin(), emptied.end());
      for (int s = 0; s < board.cells(); ++s) {
        const auto sq = static_cast<Square>(s);
        if (!board.is_square(sq)) continue;
        CHECK(p.cells[sq] == (holes.count(sq) ? 0 : full.cells[sq]));
      }
      // Same seed, same holes; and the first holes of a larger N are those of a smaller one.
      std::vector<Square> again;
      CHECK(random_layout_with_holes(board, murray, seed, Rounding::kHalfUp, n, &again) == p);
      CHECK(again == emptied);
      std::vector<Square> fewer;
      random_layout_with_holes(board, murray, seed, Rounding::kHalfUp, n - 1, &fewer);
      CHECK(std::equal(fewer.begin(), fewer.end(), emptied.begin()));
    }
  }
}

TEST_CASE("holes are drawn as documented: a partial Fisher-Yates over the reading order",
          "[layout][holes]") {
  // docs/generate.md: after the shuffle's draws, entry k of the squares in reading order swaps
  // with entry k + below(squares - k) and is emptied.
  const Variant& froglet = *find_variant("froglet");
  const Board board(5, 4);
  const std::uint64_t seed = 99;
  Rng rng(seed);
  std::vector<int> bag(static_cast<std::size_t>(board.squares()));
  shuffle(std::span<int>(bag), rng);  // the shuffle's draws: only their number matters here
  std::vector<Square> order;
  for (int r = board.height() - 1; r >= 0; --r)
    for (int f = 0; f < board.width(); ++f) order.push_back(board.square(f, r));
  std::vector<Square> expected;
  for (std::size_t k = 0; k < 6; ++k) {
    std::swap(order[k], order[k + rng.below(order.size() - k)]);
    expected.push_back(order[k]);
  }
  std::vector<Square> emptied;
  random_layout_with_holes(board, froglet, seed, Rounding::kHalfUp, 6, &emptied);
  CHECK(emptied == expected);
}

TEST_CASE("holes on a shaped board stay on its squares, and out of range is refused",
          "[layout][holes]") {
  const Variant& english = *find_variant("english");
  const Setup start = parse_position(english.start);
  const int squares = start.board.squares();
  std::vector<Square> emptied;
  const Position p =
      random_layout_with_holes(start.board, english, 3, Rounding::kHalfUp, squares, &emptied);
  CHECK(piece_count(start.board, p) == 0);
  for (Square s : emptied) CHECK(start.board.is_square(s));
  CHECK_THROWS_AS(random_layout_with_holes(start.board, english, 3, Rounding::kHalfUp, -1),
                  std::invalid_argument);
  CHECK_THROWS_AS(random_layout_with_holes(start.board, english, 3, Rounding::kHalfUp, squares + 1),
                  std::invalid_argument);
}
