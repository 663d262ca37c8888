#include "puzzles/position.h"

#include <algorithm>

namespace leapfrog {

int piece_count(const Board& board, const Position& pos) {
  int n = 0;
  for (int s = 0; s < board.cells(); ++s) n += pos.cells[s] != 0;
  return n;
}

Score point_total(const Board& board, const Position& pos) {
  Score n = 0;
  for (int s = 0; s < board.cells(); ++s) n += pos.cells[s];
  return n;
}

Position start_position(const Rules& rules, Position pos) {
  pos.to_move = 0;
  pos.scores.fill(0);
  switch (rules.opening) {
    case Opening::kEachPlayer:
      pos.removals_due = static_cast<std::uint16_t>((1U << rules.players) - 1);
      break;
    case Opening::kFirstPlayer:
      pos.removals_due = 1;
      break;
    case Opening::kNone:
      pos.removals_due = 0;
      break;
  }
  return pos;
}

bool board_full(const Board& board, const Position& pos) {
  for (int i = 0; i < board.cells(); ++i)
    if (board.is_square(static_cast<Square>(i)) && pos.cells[i] == 0) return false;
  return true;
}

std::uint16_t default_removals(const Board& board, const Rules& rules, const Position& pos) {
  return board_full(board, pos) ? start_position(rules, pos).removals_due : 0;
}

Position start_with_holes(const Board& board, const Rules& rules, Position start, Value fill,
                          std::span<const Square> holes) {
  for (int i = 0; i < board.squares(); ++i)
    if (start.cells[board.cell(i)] == 0) start.cells[board.cell(i)] = fill;
  for (const Square s : holes) start.cells[s] = 0;
  start.removals_due = default_removals(board, rules, start);
  return start;
}

Position apply(const Board& board, const Rules& rules, const Position& pos,
               std::span<const Square> squares, bool removal) {
  Position next = pos;
  Score& score = next.scores[pos.to_move];
  if (removal) {
    score += rules.gain(next.cells[squares[0]]);
    next.cells[squares[0]] = 0;
    next.removals_due = static_cast<std::uint16_t>(next.removals_due & ~(1U << pos.to_move));
  } else {
    const Value jumper = next.cells[squares[0]];
    next.cells[squares[0]] = 0;
    for (std::size_t i = 1; i < squares.size(); ++i) {
      const Square over = board.jump_over(squares[i - 1], squares[i], rules.jumps);
      score += rules.gain(next.cells[over]);
      next.cells[over] = 0;
    }
    next.cells[squares.back()] = jumper;
  }
  next.to_move = static_cast<std::uint8_t>((pos.to_move + 1) % rules.players);
  return next;
}

std::vector<int> leaders(const Rules& rules, const Position& pos) {
  const Score best = *std::max_element(pos.scores.begin(), pos.scores.begin() + rules.players);
  std::vector<int> out;
  for (int p = 0; p < rules.players; ++p)
    if (pos.scores[p] == best) out.push_back(p);
  return out;
}

}  // namespace leapfrog
