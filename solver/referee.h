// Replaying a game record and checking every turn under the record's rules.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/control.h"
#include "puzzles/record.h"
#include "solver/verify.h"

namespace leapfrog {

struct TurnReport {
  int ply = 0;     // 1-based
  int player = 0;  // 1-based, who made the turn
  std::string move;
  int line = 0;  // where the record holds it
  TurnVerdict verdict;
};

struct GameReport {
  bool legal = true;               // every turn legal (and the claimed scores right)
  std::vector<TurnReport> turns;   // the turns checked, up to and including the first bad one
  std::optional<int> first_error;  // index into turns of the first bad turn
  std::string error;               // what is wrong: "ply 7 (line 12) d4xd6: ..."
  Position final;                  // the position after the last legal turn
  bool finished = false;           // the player to move in `final` has no turn
  std::vector<int> winners;        // 1-based, the leaders in `final` (all of them share)
};

// What referee throws at a turn a stopped search left not judged: a TurnNotJudged whose
// `judged` holds the turns judged before it (all legal) and the position after them, and
// `at` the turn not judged (its verdict's reason the message).
struct RecordNotJudged : TurnNotJudged {
  // The base is made from `turn` before the members take it over.
  RecordNotJudged(GameReport judged_so_far, TurnReport turn)
      : TurnNotJudged(turn.verdict.reason), judged(std::move(judged_so_far)), at(std::move(turn)) {}
  GameReport judged;
  TurnReport at;
};

// Where a turn is, in messages: "ply 7 (line 12) d4xd6" (a long chain by its start).
std::string turn_place(const TurnReport& t);

// Checks each turn with verify_turn: an illegal turn (under piece-max and board-max a
// non-maximal chain is illegal) stops the replay; under the optional and forced rules a
// legal non-maximal turn is reported (verdict.maximal false) but is no error. A turn after
// the game has ended is an error; so are claimed [Scores] that differ from the replay's.
// Without `want_max`, the turns' verdicts decide legality only (verify_turn's want_max). A
// turn left not judged by a stopped search throws RecordNotJudged with the reason.
GameReport referee(const GameRecord& record, const SearchControl& control = {},
                   bool want_max = true);

}  // namespace leapfrog
