// Checking a claimed turn: is it legal under the active continuation rule, and does it
// capture as much as any legal turn (docs/json.md, `verify`)?
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "core/control.h"
#include "puzzles/position.h"

namespace leapfrog {

struct TurnVerdict {
  bool legal = false;
  bool maximal = false;         // legal and value == max
  Score value = 0;              // what the turn captures (or removes), by rules.measure; for an
                                // illegal chain, what its legal prefix captures
  Score max = 0;                // the most any legal turn captures now, when max_known
  bool max_known = true;        // false for an illegal turn whose search was stopped, and
                                // when the maximum was not asked for (want_max)
  std::string reason;           // why not legal, or why not maximal; empty when both hold
  std::optional<Turn> example;  // a turn reaching max (the first in for_each_turn order)
  // False when a stopped search left a legal path not judged (reason says why): legal is then
  // true only where the path alone decides it (the optional and forced rules, a removal) and
  // false where it is not known, maximal is false, and max_known says whether the board's
  // search finished (piece-max: the moved piece's search was the one stopped).
  bool complete = true;
};

// What the referee throws at a turn left not judged (TurnVerdict::complete false).
struct TurnNotJudged : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Legality agrees with check_turn (puzzles/legality.h); the piece-max and board-max rules
// (Murray: "must capture as many as possible with the piece that was moved"; draughts'
// majority rule) are decided with the exact chain search instead of plain recursion. A search
// stopped by `control` gives a verdict with complete false, except that an illegal turn is
// still reported illegal (complete), with max_known false and no example.
// Without `want_max`, only legality is decided: the search of the whole board for the maximum
// runs only where legality needs it (board-max), and otherwise max_known is false and
// maximal false.
TurnVerdict verify_turn(const Board& board, const Rules& rules, const Position& pos,
                        const Turn& turn, const SearchControl& control = {}, bool want_max = true);

}  // namespace leapfrog
