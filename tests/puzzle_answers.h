// Checks of a generated puzzle's answer by means independent of the generator and the
// solver (the model's plain turn enumeration, tests/solitaire_reference.h), shared by the
// generator tests.
#pragma once

#include <catch2/catch.hpp>

#include "generator/puzzles.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solitaire_reference.h"

namespace leapfrog::testing {

// A chain puzzle: its answer is the one board-max turn of the model's enumeration, and it
// captures the puzzle's value.
inline void check_chain_answer(const Puzzle& p) {
  RuleOverrides board_max;
  board_max.continuation = Continuation::kBoardMax;
  const Rules rules = board_max.apply(p.setup.rules());
  const auto turns = legal_turns(p.setup.board, rules, p.setup.position);
  REQUIRE(turns.size() == 1);
  CHECK(turns[0] == p.solution.at(0));
  CHECK(check_turn(p.setup.board, rules, p.setup.position, turns[0]).size(rules) == p.value);
}

// A solitaire puzzle: its line replays legally to its value, which the reference's optimum
// confirms.
inline void check_solitaire_answer(const Puzzle& p) {
  const Rules rules = p.setup.rules();
  REQUIRE(rules.players == 1);
  Position pos = p.setup.position;
  Score total = 0;
  for (const Turn& t : p.solution) {
    const TurnCheck c = check_turn(p.setup.board, rules, pos, t);
    REQUIRE(c.legal);
    total += c.size(rules);
    pos = apply(p.setup.board, rules, pos, t);
  }
  CHECK(total == p.value);
  Reference ref{p.setup.board, rules, {}};
  CHECK(ref.solve(p.setup.position, 0).value == p.value);
}

}  // namespace leapfrog::testing
