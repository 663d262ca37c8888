// When a game of Leap Chess is over (docs/leapchess.md): the side to move with no legal move
// loses (checkmate or stalemate alike), and the game is drawn when a position comes for the
// third time or fifty moves of each side pass without a capture or a pawn move. The match
// games and the terminal game both ask here.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/movegen.h"

namespace leapfrog::chess {

enum class GameEnd { kNone, kCheckmate, kStalemate, kRepetition, kFiftyMoves };

// How the game stands at `pos`, whose legal moves are `legal`; `history` holds the keys of the
// positions played before it (oldest first, `pos` not among them). Checked in this order: no
// legal move, threefold repetition, the fifty-move rule.
GameEnd game_end(const Position& pos, const MoveList& legal,
                 const std::vector<std::uint64_t>& history);

// The winner of an ended game: kRed or kBlack, or -1 for a draw (and for kNone).
int winner_of(GameEnd end, const Position& pos);

// "checkmate", "stalemate", "repetition", "fifty moves" ("" for kNone).
const char* game_end_name(GameEnd end);

}  // namespace leapfrog::chess
