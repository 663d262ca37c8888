// The end of a Leap Chess game (chess/game_end.h), which the match games and the terminal game
// both apply: no legal move loses, a third occurrence or the fifty-move rule draws.
#include <catch2/catch.hpp>

#include "chess/game_end.h"
#include "chess/search.h"

using leapfrog::chess::GameEnd;
using leapfrog::chess::Position;

namespace {

const leapfrog::chess::Rules kCompulsory =
    leapfrog::chess::rules_for(leapfrog::chess::CaptureRule::kCompulsory);

GameEnd end_of(const Position& pos, const std::vector<std::uint64_t>& history = {}) {
  return leapfrog::chess::game_end(pos, leapfrog::chess::legal_moves(pos, kCompulsory), history);
}

}  // namespace

TEST_CASE("chess game end: no legal move loses, in check or not", "[chess]") {
  // Red's king on b1 cannot move and is not in check.
  const Position stalemate = Position::from_fen("*2k1*/6/6/6/d3a1/2dn2/6/*K3* w - - 0 1");
  CHECK(end_of(stalemate) == GameEnd::kStalemate);
  CHECK(leapfrog::chess::winner_of(GameEnd::kStalemate, stalemate) == leapfrog::chess::kBlack);
  CHECK(std::string(leapfrog::chess::game_end_name(GameEnd::kStalemate)) == "stalemate");
  // No legal move comes first, whatever the clocks and the history say.
  const Position late = Position::from_fen("*2k1*/6/6/6/d3a1/2dn2/6/*K3* w - - 100 80");
  CHECK(end_of(late, {late.key(), late.key()}) == GameEnd::kStalemate);
  // A win in two moves: the engine's line ends in a position with no legal move for Red.
  leapfrog::chess::SearchSettings settings;
  settings.hash_mb = 1;
  leapfrog::SearchControl control;
  control.node_limit = 200000;
  Position pos = Position::from_fen("*4*/6/5d/1n4/2a1k1/2P3/5K/*4* b - - 0 1");
  const auto r = leapfrog::chess::analyse(pos, kCompulsory, settings, control);
  REQUIRE(r.pv.size() == 3);
  for (const auto& m : r.pv) {
    CHECK(end_of(pos) == GameEnd::kNone);
    pos = pos.after(m);
  }
  const GameEnd end = end_of(pos);
  CHECK(end == (pos.in_check() ? GameEnd::kCheckmate : GameEnd::kStalemate));
  CHECK(leapfrog::chess::winner_of(end, pos) == leapfrog::chess::kBlack);
}

TEST_CASE("chess game end: the third occurrence and the fifty-move rule draw", "[chess]") {
  const Position start = Position::from_fen("startpos");
  CHECK(end_of(start) == GameEnd::kNone);
  CHECK(end_of(start, {start.key()}) == GameEnd::kNone);
  CHECK(end_of(start, {start.key(), start.key() ^ 1, start.key()}) == GameEnd::kRepetition);
  CHECK(leapfrog::chess::winner_of(GameEnd::kRepetition, start) == -1);
  CHECK(std::string(leapfrog::chess::game_end_name(GameEnd::kRepetition)) == "repetition");
  // The halfmove clock counts plies: 100 of them is fifty moves of each side.
  const std::string board = "*2k1*/6/6/6/2a3/6/6/*K3* w - - ";
  CHECK(end_of(Position::from_fen(board + "99 60")) == GameEnd::kNone);
  const Position fifty = Position::from_fen(board + "100 60");
  CHECK(end_of(fifty) == GameEnd::kFiftyMoves);
  CHECK(leapfrog::chess::winner_of(GameEnd::kFiftyMoves, fifty) == -1);
  CHECK(std::string(leapfrog::chess::game_end_name(GameEnd::kFiftyMoves)) == "fifty moves");
  CHECK(std::string(leapfrog::chess::game_end_name(GameEnd::kNone)).empty());
}
