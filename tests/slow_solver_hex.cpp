// Six-direction boards, the long checks: George Bell's facts about the 19- and 37-hole
// hexagons of peg solitaire (about a minute: every single-vacancy start is solved).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "hex_starts.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/solitaire.h"

using namespace leapfrog;
using leapfrog::testing::numbered_start;

TEST_CASE(
    "Bell's hexagon facts: 19 holes never end with one peg, 37 holes do but not at the "
    "centre",
    "[slow][hex]") {
  // George Bell, "Solving Triangular Peg Solitaire" and his hexagonal boards: on the
  // 19-hole hexagon no single-vacancy start is solvable to one peg; on the 37-hole hexagon
  // some are, but not the one with the centre empty.
  const int holes19 = 19;
  for (int hole = 1; hole <= holes19; ++hole) {
    const Setup s = numbered_start("hexagon", 3, {hole});
    INFO("19 holes, hole " << hole);
    const SolveResult r = solve(s.board, s.rules(), s.position, SolveOptions{}, SearchControl{});
    CHECK(r.proved);
    CHECK(r.value < 17);
  }
  const Setup centre = numbered_start("hexagon", 4, {19});  // hole 19 is the centre of 37
  CHECK(centre.position.cells[centre.board.square(3, 3)] == 0);
  const SolveResult c =
      solve(centre.board, centre.rules(), centre.position, SolveOptions{}, SearchControl{});
  CHECK(c.proved);
  CHECK(c.value < 35);
  int solvable = 0;
  for (int hole = 1; hole <= 37; ++hole) {
    const Setup s = numbered_start("hexagon", 4, {hole});
    const SolveResult r = solve(s.board, s.rules(), s.position, SolveOptions{}, SearchControl{});
    REQUIRE(r.proved);
    solvable += r.value == 35;
  }
  CHECK(solvable > 0);
}
