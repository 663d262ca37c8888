#include "puzzles/legality.h"

#include "puzzles/movegen.h"

namespace leapfrog {

namespace {

TurnCheck fail(std::string reason, const TurnCheck& so_far = {}) {
  TurnCheck c = so_far;
  c.legal = false;
  c.reason = std::move(reason);
  return c;
}

}  // namespace

TurnCheck check_turn(const Board& board, const Rules& rules, const Position& pos,
                     const Turn& turn) {
  const auto name = [&](Square s) { return square_name(board, s); };
  if (turn.squares.empty()) return fail("empty turn");
  for (Square s : turn.squares)
    if (s >= board.cells() || !board.is_square(s)) return fail("no square at " + name(s));

  if (removal_turn(pos)) {
    if (!turn.removal)
      return fail("player " + std::to_string(pos.to_move + 1) + " must first remove a piece");
    const Square s = turn.squares[0];
    const Value v = pos.cells[s];
    if (v == 0) return fail(name(s) + " is empty");
    if (rules.removal == RemovalKind::kCheapest) {
      const Value least = detail::cheapest_value(board, pos);
      if (v != least)
        return fail("the opening removal must take a piece of the lowest value (" +
                    std::to_string(least) + "), " + name(s) + " holds " + std::to_string(v));
    }
    TurnCheck ok;
    ok.legal = true;
    ok.points = v;
    ok.pieces = 1;
    return ok;
  }
  if (turn.removal) return fail("no opening removal is due; a turn must capture by jumping");
  if (turn.squares.size() < 2) return fail("a chain needs at least one jump");

  TurnCheck c;
  Position work = pos;
  const Square start = turn.squares[0];
  if (work.cells[start] == 0) return fail(name(start) + " is empty: no piece to move");
  work.cells[start] = 0;  // the jumper leaves its square
  for (std::size_t i = 1; i < turn.squares.size(); ++i) {
    const Square from = turn.squares[i - 1], to = turn.squares[i];
    const Square over = board.jump_over(from, to, rules.jumps);
    if (over == kNoSquare)
      return fail(name(from) + " to " + name(to) + " is not a jump (" +
                      directions(rules.jumps).name + " jumps)",
                  c);
    if (work.cells[over] == 0) return fail("no piece on " + name(over) + " to jump over", c);
    if (work.cells[to] != 0) return fail(name(to) + " is occupied", c);
    c.points += work.cells[over];
    c.pieces += 1;
    work.cells[over] = 0;
  }
  const Square last = turn.squares.back();
  switch (rules.continuation) {
    case Continuation::kOptional:
      break;
    case Continuation::kForced:
      if (const Jump* j = first_open_jump(board, rules, work.cells, last))
        return fail("the chain must go on (forced continuation): " + name(last) + "x" +
                        name(j->to) + " is still possible",
                    c);
      break;
    case Continuation::kPieceMax: {
      detail::ChainWalker walker(board, rules, pos);
      const Score best = walker.best_from(start);
      if (c.size(rules) != best)
        return fail("the piece on " + name(start) + " can capture " + std::to_string(best) + " " +
                        std::string(to_string(rules.measure)) + ", this chain " +
                        std::to_string(c.size(rules)) + " (piece-max continuation)",
                    c);
      break;
    }
    case Continuation::kBoardMax: {
      const Score best = max_capture(board, rules, pos);
      if (c.size(rules) != best)
        return fail("a chain on the board can capture " + std::to_string(best) + " " +
                        std::string(to_string(rules.measure)) + ", this chain " +
                        std::to_string(c.size(rules)) + " (board-max continuation)",
                    c);
      break;
    }
  }
  c.legal = true;
  return c;
}

}  // namespace leapfrog
