// A position: what is on each square, the scores, whose turn it is and which opening
// removals are still due. A small value type (copy-make): applying a turn returns a new
// position. The board's shape and the rules live beside it, not in it.
#pragma once

#include <array>
#include <bit>
#include <span>
#include <vector>

#include "puzzles/board.h"
#include "puzzles/rules.h"

namespace leapfrog {

struct Position {
  std::array<Value, kMaxCells> cells{};  // 0 empty (and every no-square), 1..9 a piece
  std::array<Score, kMaxPlayers> scores{};
  std::uint8_t to_move = 0;        // 0-based player index
  std::uint16_t removals_due = 0;  // bit p: player p still owes an opening removal

  Value at(Square s) const { return cells[s]; }
  bool removal_due(int player) const { return (removals_due >> player) & 1U; }
  // The opening removals still owed, by all players together.
  int removals_owed() const { return std::popcount(static_cast<unsigned>(removals_due)); }
  bool operator==(const Position&) const = default;
};

// The position as a lone player's (solitaire): player 0 to move, no points scored yet; the
// pieces and the removals due stay.
inline Position one_player(Position pos) {
  pos.to_move = 0;
  pos.scores.fill(0);
  return pos;
}

// Solitaire (one player makes every turn): the `removals` still owed are all the lone
// player's, and the position marks one due (player 0's bit) while any is, so that the turn
// generator offers a removal until they are made. Whoever owes them keeps the count.
inline void owe_lone_removals(Position& pos, int removals) {
  pos.removals_due = removals > 0 ? 1 : 0;
}

int piece_count(const Board& board, const Position& pos);
Score point_total(const Board& board, const Position& pos);

// A turn as data (docs/notation.md): a removal of one square, or a jump chain given by its
// start square and every landing square.
struct Turn {
  bool removal = false;
  std::vector<Square> squares;
  bool operator==(const Turn&) const = default;
};

// A turn seen while generating: points into the generator's buffers, valid only during the
// visit. Carries what the chain captures so that callers need not recompute it.
struct TurnView {
  bool removal = false;
  std::span<const Square> squares;
  Score points = 0;  // value of the pieces captured (or removed)
  int pieces = 0;    // number of pieces captured (or removed)

  Score size(const Rules& rules) const {
    return rules.measure == Measure::kPoints ? points : pieces;
  }
  Turn to_turn() const { return Turn{removal, {squares.begin(), squares.end()}}; }
};

// The start position of a game on a full board: every player (or only the first) owes a
// removal according to rules.opening.
Position start_position(const Rules& rules, Position filled);

// Every square of the board holds a piece.
bool board_full(const Board& board, const Position& pos);
// The opening removals a position has due when nothing says otherwise: on a full board those
// of the rules' opening (start_position), on any other board none.
std::uint16_t default_removals(const Board& board, const Rules& rules, const Position& pos);

// A start with exactly the squares `holes` empty (squares of `board`): every other square
// full, `fill` (the variant's cheapest piece) where `start` has none (a peg board's start
// hole), and the opening removals that position owes under `rules` (default_removals).
Position start_with_holes(const Board& board, const Rules& rules, Position start, Value fill,
                          std::span<const Square> holes);

// Applies a legal turn (legality is the caller's business: see legality.h).
Position apply(const Board& board, const Rules& rules, const Position& pos,
               std::span<const Square> squares, bool removal);
inline Position apply(const Board& board, const Rules& rules, const Position& pos,
                      const Turn& turn) {
  return apply(board, rules, pos, turn.squares, turn.removal);
}

// The players (0-based) with the highest score: all of them share the win.
std::vector<int> leaders(const Rules& rules, const Position& pos);

}  // namespace leapfrog
