// The soundness sweeps of solver_solitaire_bounds.cpp on more and larger roots: triangles up
// to side 6 (21 holes), more pieces, six to ten times the roots.
#include <catch2/catch.hpp>

#include "solitaire_bound_checks.h"

using namespace leapfrog;
using namespace leapfrog::testing;

TEST_CASE("no bound of the search is below the optimum anywhere below random roots (large)",
          "[solver][solitaire][bounds]") {
  const BoundTally t = sweep_bounds(13100, 150, 11, 6);
  CHECK(t.roots == 6000);
  CHECK(t.lone_pagoda > 50);
  CHECK(t.removal_cut > 1000);
}

TEST_CASE("no finish cut-off rules out a square a lone piece can reach (large)",
          "[solver][solitaire][bounds][finish]") {
  const FinishTally t = sweep_finish_cuts(15100, 40, 10, 6);
  CHECK(t.possible > 3000);
  CHECK(t.pagoda_alone > 10000);
  CHECK(t.table_alone > 10000);
  CHECK(t.root_ruled_out > 150);
}

TEST_CASE("solve --finish on six-direction boards matches the reference (large)",
          "[solver][solitaire][finish][hex]") {
  const SolveTally t = sweep_solve_finish(
      16100, {BoardKind::kTriangle, BoardKind::kHexagon, BoardKind::kHexPart}, 12, 9, 6);
  CHECK(t.roots == 288);
  CHECK(t.possible > 300);
  CHECK(t.searched_out > 100);
}
