// Puzzle ratings (docs/rating.md): an Elo-like number, higher is harder, computed from the
// puzzle alone (its position, its answer and facts about them that the solvers prove
// exactly), never from how a search went (its node count, table size, threads or move
// order), so that a faster search gives the same ratings.
#pragma once

#include <vector>

#include "puzzles/position.h"

namespace leapfrog {

// What a chain puzzle's answer looks like and what surrounds it.
struct ChainFeatures {
  int jumps = 0;          // L: jumps in the answer
  int turns = 0;          // D: changes of direction along it
  bool revisits = false;  // R: it comes back to a square it has left
  int jumpers = 0;        // J: pieces that can jump at all
  Score gap = 0;          // the answer's value less the best any other piece can capture
};

// 600 + 90 L + 60 D + 150 R + 25 min(J, 20) + (200 if gap <= 1, 100 if gap <= 3, else 0).
int chain_rating(const ChainFeatures& f);

// How many moves a reader looks ahead when a solitaire step is judged: the move itself and
// the best one after it.
inline constexpr int kLookaheadMoves = 2;

// The moves of a lone player's line as solitaire ratings count them: single jumps under the
// optional rule (its lines are sequences of single jumps, docs/rules.md), whole turns
// under the others; a removal is a move.
std::vector<Turn> line_moves(const Rules& solo, const std::vector<Turn>& line);

// For each move of `moves` (line_moves of a line legal for the lone player from `pos`): its
// rank among the moves of its position when each is judged by what it captures together
// with the best `lookahead` - 1 moves after it, ties counted against it: 1 when every other
// move takes less in that many moves, the number of moves when none takes less.
std::vector<int> step_ranks(const Board& board, const Rules& solo, Position pos,
                            const std::vector<Turn>& moves, int lookahead = kLookaheadMoves);

// 1000 + 40 jumps + 200 h + (150 if `unique`), h the mean over the steps of log2(rank):
// how many bits per step a reader who looks kLookaheadMoves ahead is missing.
int solitaire_rating(int jumps, const std::vector<int>& ranks, bool unique);

}  // namespace leapfrog
