#include "solver/referee.h"

#include <utility>

#include "core/text.h"
#include "puzzles/movegen.h"

namespace leapfrog {

std::string turn_place(const TurnReport& t) {
  return "ply " + std::to_string(t.ply) + " (line " + std::to_string(t.line) + ") " +
         text_start(t.move);
}

GameReport referee(const GameRecord& record, const SearchControl& control, bool want_max) {
  GameReport g;
  const Board& board = record.start.board;
  const Rules rules = record.start.rules();
  Position pos = record.start.position;
  const auto fail = [&](const std::string& what) {
    g.legal = false;
    g.first_error = static_cast<int>(g.turns.size()) - 1;
    g.error = what;
  };
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    const RecordTurn& rt = record.turns[i];
    TurnReport t;
    t.ply = static_cast<int>(i) + 1;
    t.player = pos.to_move + 1;
    t.move = format_turn(board, rt.turn);
    t.line = rt.line;
    // The message names a long chain by its start (the report keeps it whole).
    const std::string where = turn_place(t);
    if (!has_turn(board, rules, pos)) {
      t.verdict.reason = "the game is over: player " + std::to_string(t.player) + " has no capture";
      g.turns.push_back(t);
      fail(where + ": " + t.verdict.reason);
      break;
    }
    t.verdict = verify_turn(board, rules, pos, rt.turn, control, want_max);
    if (!t.verdict.complete) {
      g.final = pos;
      throw RecordNotJudged(std::move(g), std::move(t));
    }
    g.turns.push_back(t);
    if (!t.verdict.legal) {
      fail(where + ": " + t.verdict.reason);
      break;
    }
    pos = apply(board, rules, pos, rt.turn);
  }
  g.final = pos;
  g.finished = !has_turn(board, rules, pos);
  for (int p : leaders(rules, pos)) g.winners.push_back(p + 1);
  if (g.legal && record.scores) {
    for (int p = 0; p < rules.players; ++p)
      if ((*record.scores)[static_cast<std::size_t>(p)] != pos.scores[p]) {
        g.legal = false;
        g.error = "[Scores] claims " +
                  std::to_string((*record.scores)[static_cast<std::size_t>(p)]) + " for player " +
                  std::to_string(p + 1) + ", the replay gives " + std::to_string(pos.scores[p]);
        break;
      }
  }
  return g;
}

}  // namespace leapfrog
