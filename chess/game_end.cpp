#include "chess/game_end.h"

#include <algorithm>

namespace leapfrog::chess {

GameEnd game_end(const Position& pos, const MoveList& legal,
                 const std::vector<std::uint64_t>& history) {
  if (legal.empty()) return pos.in_check() ? GameEnd::kCheckmate : GameEnd::kStalemate;
  if (std::count(history.begin(), history.end(), pos.key()) >= 2) return GameEnd::kRepetition;
  if (pos.halfmove() >= 100) return GameEnd::kFiftyMoves;
  return GameEnd::kNone;
}

int winner_of(GameEnd end, const Position& pos) {
  return end == GameEnd::kCheckmate || end == GameEnd::kStalemate ? opposite(pos.side()) : -1;
}

const char* game_end_name(GameEnd end) {
  switch (end) {
    case GameEnd::kCheckmate:
      return "checkmate";
    case GameEnd::kStalemate:
      return "stalemate";
    case GameEnd::kRepetition:
      return "repetition";
    case GameEnd::kFiftyMoves:
      return "fifty moves";
    case GameEnd::kNone:
      break;
  }
  return "";
}

}  // namespace leapfrog::chess
