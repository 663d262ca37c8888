// The solitaire-at-scale acceptance: full start positions of every size the sources play on
// (Murray's table covers 8x8 to 20x20, Froglet 12x12, the traditional game 15x15 to 18x18),
// and the largest board the notation allows, are solved with a proof, and every line
// replays legally to its value.
#include <catch2/catch.hpp>
#include <chrono>

#include "generator/layout.h"
#include "puzzles/legality.h"
#include "puzzles/variant.h"
#include "solver/solitaire.h"

using namespace leapfrog;

namespace {

void check_proved(const char* variant, int side, std::uint64_t seed) {
  const Variant& v = *find_variant(variant);
  const Board board(side, side);
  Position p = random_layout(board, v, seed);
  p.removals_due = 1;
  Rules rules = v.rules;
  rules.players = 1;
  SearchControl control;
  control.time_limit = std::chrono::seconds(60);  // a regression fails instead of hanging
  const SolveResult r = solve(board, rules, p, SolveOptions{}, control);
  INFO(variant << " " << side << "x" << side << " seed " << seed);
  CHECK(r.proved);
  CHECK(r.value == r.bound);
  Position q = p;
  Score total = 0;
  for (const Turn& t : r.line) {
    q.removals_due = t.removal ? 1 : 0;
    const TurnCheck c = check_turn(board, rules, q, t);
    REQUIRE(c.legal);
    total += c.size(rules);
    q = apply(board, rules, q, t);
  }
  CHECK(total == r.value);
  CHECK(piece_count(board, q) == 1);
}

}  // namespace

TEST_CASE("full boards from 7x7 to 26x26 are proved", "[slow][solitaire]") {
  for (int side = 7; side <= 20; ++side)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) check_proved("murray", side, seed);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) check_proved("froglet", 12, seed);
  for (int side = 15; side <= 18; ++side) check_proved("traditional", side, 1);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) check_proved("murray", 26, seed);
  check_proved("traditional", 26, 1);
}
