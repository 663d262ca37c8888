#include "puzzles/movegen.h"

namespace leapfrog {

std::vector<Turn> legal_turns(const Board& board, const Rules& rules, const Position& pos) {
  std::vector<Turn> out;
  for_each_turn(board, rules, pos, [&](const TurnView& t) { out.push_back(t.to_turn()); });
  return out;
}

bool has_turn(const Board& board, const Rules& rules, const Position& pos) {
  if (removal_turn(pos)) return piece_count(board, pos) > 0;
  // Under every continuation rule a single available jump means some legal chain exists.
  for (int s = 0; s < board.cells(); ++s) {
    if (pos.cells[s] == 0) continue;
    if (can_jump(board, rules, pos.cells, static_cast<Square>(s))) return true;
  }
  return false;
}

Score max_capture(const Board& board, const Rules& rules, const Position& pos) {
  detail::ChainWalker walker(board, rules, pos);
  Score best = 0;
  for (int s = 0; s < board.cells(); ++s)
    if (pos.cells[s] != 0) best = std::max(best, walker.best_from(static_cast<Square>(s)));
  return best;
}

std::vector<Score> best_captures(const Board& board, const Rules& rules, const Position& pos) {
  detail::ChainWalker walker(board, rules, pos);
  std::vector<Score> best(static_cast<std::size_t>(board.cells()), 0);
  for (int s = 0; s < board.cells(); ++s)
    if (pos.cells[s] != 0)
      best[static_cast<std::size_t>(s)] = walker.best_from(static_cast<Square>(s));
  return best;
}

}  // namespace leapfrog
