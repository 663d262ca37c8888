// solve on the generator's random layouts: 5x5 Murray positions, full Murray boards and Take
// It Away's board are proved, the same at 1 and 2 threads, and line counts do not depend on the
// table size. Here rather than beside the other solve tests because the layouts come from the floor
// above the solver.
#include <catch2/catch.hpp>

#include "generator/layout.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solitaire_reference.h"
#include "solver/solitaire.h"

using namespace leapfrog;
using leapfrog::testing::replay;

TEST_CASE("5x5 Murray layouts with one piece removed are solved with a proof",
          "[solver][solitaire]") {
  // The optimum of 5x5 Murray positions is proved (here with the position-class bound); each
  // line replays legally to its value.
  const Variant& murray = *find_variant("murray");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Board board(5, 5);
    Position p = random_layout(board, murray, seed);
    p.cells[board.square(2, 2)] = 0;
    Rules rules = murray.rules;
    rules.players = 1;
    const SolveResult r = solve(board, rules, p, SolveOptions{}, SearchControl{});
    INFO(format_grid(board, p));
    CHECK(r.proved);
    CHECK(r.complete);
    CHECK(replay(board, rules, p, 0, r.line) == r.value);
  }
}

namespace {

// A full Murray layout as the start of a one-player game: the opening removal is due.
SolveResult solve_full_murray(int side, std::uint64_t seed, int threads, Board& board, Position& p,
                              Rules& rules) {
  const Variant& murray = *find_variant("murray");
  board = Board(side, side);
  p = random_layout(board, murray, seed);
  p.removals_due = 1;
  rules = murray.rules;
  rules.players = 1;
  SearchControl control;
  control.threads = threads;
  // A regression fails instead of hanging. A node limit, not a time limit: the line must not
  // depend on how fast the build runs (a sanitizer build is many times slower). 11x11 takes
  // 1.7M nodes.
  control.node_limit = 40'000'000;
  return solve(board, rules, p, SolveOptions{}, control);
}

}  // namespace

TEST_CASE("full Murray boards are proved: a lone white piece stays", "[solver][solitaire][heavy]") {
  // The bound with the removal due is everything but one white (value 1) piece; the guided
  // search finds a line that leaves exactly that, so the optimum is proved without an
  // exhaustive search. The same value and line at 1 and 2 threads.
  for (const int side : {8, 11}) {
    Board board(1, 1);
    Position p;
    Rules rules;
    const SolveResult one = solve_full_murray(side, 2, 1, board, p, rules);
    const SolveResult two = solve_full_murray(side, 2, 2, board, p, rules);
    INFO(side << "x" << side);
    CHECK(one.proved);
    CHECK(one.complete);
    CHECK(one.value == point_total(board, p) - 1);
    CHECK(one.bound == one.value);
    CHECK(replay(board, rules, p, 1, one.line) == one.value);
    CHECK(two.value == one.value);
    CHECK(two.line == one.line);
  }
}

TEST_CASE("Take It Away with one player takes all but one white piece (103 of 104)",
          "[solver][solitaire][heavy]") {
  // Sackson's full 8x8 board, diagonal jumps, forced continuation, a white removed first:
  // the bound is everything but one white piece, and the guided line over whole chains
  // meets it, which proves it.
  const Variant& v = *find_variant("take-it-away");
  const Board board(8, 8);
  Rules rules = v.rules;
  rules.players = 1;
  const Position start = start_position(rules, random_layout(board, v, 1));  // seed 1, the default
  REQUIRE(point_total(board, start) == 104);
  REQUIRE(start.removals_due == 1);
  // The guided line takes about 400,000 nodes; a search that misses it stops here, unproved.
  SearchControl one;
  one.node_limit = 20'000'000;
  const SolveResult r = solve(board, rules, start, SolveOptions{}, one);
  CHECK(r.value == 103);
  CHECK(r.proved);
  Position root = start;
  root.removals_due = 0;
  CHECK(replay(board, rules, root, 1, r.line) == 103);
  SearchControl two = one;
  two.threads = 2;
  const SolveResult t = solve(board, rules, start, SolveOptions{}, two);
  CHECK(t.value == r.value);
  CHECK(t.line == r.line);
}

TEST_CASE("optimal line counts do not depend on the table size", "[solver][solitaire]") {
  // Outside the breadth-first path the count keeps a memo bounded by --hash (half of it,
  // beside the table), which drops positions when full (they are then counted again).
  // With --hash 2 the memo has 1 MB, which holds about 8,000
  // positions; these 5x4 Murray counts (a 104,672,214 and a 66,935,359) go through about
  // 38,000 and 34,000 distinct positions, so most of them are dropped and counted again.
  const Variant& murray = *find_variant("murray");
  for (std::uint64_t seed : {2, 8}) {
    const Board board(5, 4);
    Position p = random_layout(board, murray, seed);
    p.cells[board.square(1, 1)] = 0;
    Rules rules = murray.rules;
    rules.players = 1;
    SolveOptions big, tiny;
    big.count = tiny.count = true;
    big.hash_mb = 64;
    tiny.hash_mb = 2;
    const SolveResult a = solve(board, rules, p, big, SearchControl{});
    const SolveResult b = solve(board, rules, p, tiny, SearchControl{});
    INFO(format_grid(board, p));
    REQUIRE(a.proved);
    REQUIRE(b.proved);
    CHECK(a.value == b.value);
    CHECK(a.count.size() >= 8);
    CHECK(a.count == b.count);
  }
}
