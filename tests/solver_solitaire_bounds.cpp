// The solitaire search's bounds and cut-offs, each on its own, never below the truth at
// every position reachable from random small roots (solitaire_bound_checks.h): the bounds
// with and without removals due, the lone-piece classes, and with a finish square the class
// and removal count, the resource count, the learnt pagoda functions, the table of small
// positions that can end there and the games' bounds; on rectangles (orthogonal, diagonal)
// and six-direction boards (triangles, hexagons, parts of them). Then solve --finish on the
// six-direction boards against the reference. The slow suite runs more and larger roots.
#include <catch2/catch.hpp>

#include "solitaire_bound_checks.h"

using namespace leapfrog;
using namespace leapfrog::testing;

TEST_CASE("no bound of the search is below the optimum anywhere below random roots",
          "[solver][solitaire][bounds]") {
  // 960 roots of at most 9 pieces, 24 per board kind, rule and measure, and every position
  // below them. The counts make sure each bound bites: exact, two pieces left by the class
  // and by the root's pagoda functions (LoneClasses), and with a removal due a bound below
  // "all but the cheapest piece".
  const BoundTally t = sweep_bounds(3100, 24, 9, 5);
  CHECK(t.roots == 960);
  CHECK(t.positions > 50000);
  CHECK(t.exact > t.positions / 6);
  CHECK(t.two_left > 10000);
  CHECK(t.lone_pagoda > 4);  // rare on small boards; the slow suite sees more
  CHECK(t.removal_cut > 150);
  CHECK(t.removal_exact > 400);
}

TEST_CASE("no finish cut-off rules out a square a lone piece can reach from random roots",
          "[solver][solitaire][bounds][finish][heavy]") {
  // 40 roots of at most 8 pieces, every square of each as the finish, every position below
  // them; and positions played backwards from a lone piece on the square. Each cut-off is
  // counted where it rules a position out, and the pagoda functions and the table also where
  // they alone do.
  const FinishTally t = sweep_finish_cuts(5100, 4, 8, 5);
  CHECK(t.finishes > 350);
  CHECK(t.positions > 15000);
  CHECK(t.possible > 300);
  CHECK(t.exact > t.possible * 9 / 10);  // a line that ends alone takes all but one piece
  CHECK(t.class_cut > 6000);
  CHECK(t.resource_cut > 1000);
  CHECK(t.pagoda_cut > 4000);
  CHECK(t.pagoda_alone > 1000);
  CHECK(t.table_cut > 8000);
  CHECK(t.table_alone > 1000);
  CHECK(t.root_ruled_out > 15);
  CHECK(t.partial_tables > 20);
  CHECK(t.game_cut > 10000);
  CHECK(t.witnesses > 5000);
  CHECK(t.past_table > 150);  // positions one piece past a partial table
}

TEST_CASE("solve --finish on six-direction boards and with two removals due matches the reference",
          "[solver][solitaire][finish][hex][heavy]") {
  // 48 roots of at most 7 pieces on triangles, hexagons and parts of them, and 32 on
  // rectangles (whose finishes without two removals due solver_solitaire.cpp checks), every
  // square as the finish, 0, 1 or 2 removals due.
  const SolveTally hex = sweep_solve_finish(
      6100, {BoardKind::kTriangle, BoardKind::kHexagon, BoardKind::kHexPart}, 2, 7, 5);
  CHECK(hex.roots == 48);
  CHECK(hex.possible > 40);
  CHECK(hex.searched_out > 20);  // impossible though the class allows it: the search said so
  const SolveTally rectangles =
      sweep_solve_finish(6200, {BoardKind::kOrthogonal, BoardKind::kDiagonal}, 2, 7, 5);
  CHECK(rectangles.roots == 32);
  CHECK(rectangles.possible > 10);
  CHECK(rectangles.searched_out > 15);
}
