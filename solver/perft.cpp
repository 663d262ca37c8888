#include "solver/perft.h"

#include "puzzles/movegen.h"

namespace leapfrog {

std::uint64_t perft(const Board& board, const Rules& rules, const Position& pos, int depth,
                    const SearchControl& control) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  // One position may have millions of turns: the flag is polled among them.
  if (depth == 1) {
    for_each_turn(board, rules, pos, [&](const TurnView&) {
      return (++nodes & 1023) != 0 || !control.stop_requested();
    });
    return nodes;
  }
  for_each_turn(board, rules, pos, [&](const TurnView& t) {
    nodes +=
        perft(board, rules, apply(board, rules, pos, t.squares, t.removal), depth - 1, control);
    return !control.stop_requested();
  });
  return nodes;
}

}  // namespace leapfrog
