// Legal turn generation (docs/rules.md, "A turn").
//
// for_each_turn visits every legal turn of the player to move without allocating: the
// chain is walked depth-first on a private copy of the cells and shown to the visitor as a
// TurnView into a fixed buffer. Two chains are the same turn only when they visit the same
// squares in the same order; a chain may come back to a square it left (including its
// start square, which the jumper vacated).
//
// Order (stable, relied on by tests and output): removals by square index; otherwise chains
// grouped by start square in index order, depth first in jump-table order, and under the
// optional rule a chain comes before its extensions.
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "puzzles/position.h"

namespace leapfrog {

namespace detail {

// Depth-first chain walker over a private copy of the cells. The jumper is lifted off its
// start square before walking, so it never blocks its own later landings.
class ChainWalker {
 public:
  ChainWalker(const Board& board, const Rules& rules, const Position& pos)
      : board_(board), rules_(rules), cells_(pos.cells) {}

  // The most a chain starting with the piece on `from` can capture (0 if it cannot jump).
  Score best_from(Square from) {
    const Value jumper = cells_[from];
    cells_[from] = 0;
    const Score best = best_at(from);
    cells_[from] = jumper;
    return best;
  }

  // Visits the chains from `from` that the continuation rule allows; `target` is the size
  // a chain must reach under the piece-max and board-max rules. Returns false if stopped.
  template <class Visit>
  bool walk_from(Square from, Score target, Visit& visit) {
    const Value jumper = cells_[from];
    cells_[from] = 0;
    path_[0] = from;
    len_ = 1;
    points_ = 0;
    pieces_ = 0;
    stopped_ = false;
    walk(from, target, visit);
    cells_[from] = jumper;
    return !stopped_;
  }

  const std::array<Value, kMaxCells>& cells() const { return cells_; }

 private:
  Score best_at(Square cur) {
    Score best = 0;
    for (const Jump& j : board_.jumps(cur, rules_.jumps)) {
      const Value v = cells_[j.over];
      if (v == 0 || cells_[j.to] != 0) continue;
      cells_[j.over] = 0;
      best = std::max(best, rules_.gain(v) + best_at(j.to));
      cells_[j.over] = v;
    }
    return best;
  }

  template <class Visit>
  void emit(Visit& visit) {
    const TurnView view{false, {path_.data(), static_cast<std::size_t>(len_)}, points_, pieces_};
    if constexpr (std::is_same_v<std::invoke_result_t<Visit&, const TurnView&>, bool>) {
      if (!visit(view)) stopped_ = true;
    } else {
      visit(view);
    }
  }

  template <class Visit>
  void walk(Square cur, Score target, Visit& visit) {
    const Continuation rule = rules_.continuation;
    if (len_ > 1) {
      if (rule == Continuation::kOptional) {
        emit(visit);
        if (stopped_) return;
      } else if (rule == Continuation::kPieceMax || rule == Continuation::kBoardMax) {
        const Score size = rules_.measure == Measure::kPoints ? points_ : pieces_;
        if (size >= target) {  // every capture adds at least 1: no extension can stay maximal
          if (size == target) emit(visit);
          return;
        }
      }
    }
    bool jumped = false;
    for (const Jump& j : board_.jumps(cur, rules_.jumps)) {
      const Value v = cells_[j.over];
      if (v == 0 || cells_[j.to] != 0) continue;
      jumped = true;
      cells_[j.over] = 0;
      path_[len_++] = j.to;
      points_ += v;
      pieces_ += 1;
      walk(j.to, target, visit);
      pieces_ -= 1;
      points_ -= v;
      --len_;
      cells_[j.over] = v;
      if (stopped_) return;
    }
    if (rule == Continuation::kForced && !jumped && len_ > 1) emit(visit);
  }

  const Board& board_;
  const Rules& rules_;
  std::array<Value, kMaxCells> cells_;
  std::array<Square, kMaxCells> path_{};
  int len_ = 0;
  Score points_ = 0;
  int pieces_ = 0;
  bool stopped_ = false;
};

inline Value cheapest_value(const Board& board, const Position& pos) {
  Value least = 0;
  for (int s = 0; s < board.cells(); ++s)
    if (pos.cells[s] != 0 && (least == 0 || pos.cells[s] < least)) least = pos.cells[s];
  return least;
}

}  // namespace detail

// True when the player to move must make an opening removal.
inline bool removal_turn(const Position& pos) { return pos.removal_due(pos.to_move); }

// Visits every legal turn. `visit(const TurnView&)` may return bool: false stops the walk.
// Returns false if the visitor stopped it.
template <class Visit>
bool for_each_turn(const Board& board, const Rules& rules, const Position& pos, Visit&& visit) {
  if (removal_turn(pos)) {
    const Value only =
        rules.removal == RemovalKind::kCheapest ? detail::cheapest_value(board, pos) : 0;
    for (int s = 0; s < board.cells(); ++s) {
      const Value v = pos.cells[s];
      if (v == 0 || (only != 0 && v != only)) continue;
      const Square sq = static_cast<Square>(s);
      const TurnView view{true, {&sq, 1}, v, 1};
      if constexpr (std::is_same_v<std::invoke_result_t<Visit&, const TurnView&>, bool>) {
        if (!visit(view)) return false;
      } else {
        visit(view);
      }
    }
    return true;
  }
  detail::ChainWalker walker(board, rules, pos);
  Score global = 0;
  if (rules.continuation == Continuation::kBoardMax) {
    for (int s = 0; s < board.cells(); ++s)
      if (pos.cells[s] != 0) global = std::max(global, walker.best_from(static_cast<Square>(s)));
    if (global == 0) return true;
  }
  for (int s = 0; s < board.cells(); ++s) {
    if (pos.cells[s] == 0) continue;
    Score target = global;
    if (rules.continuation == Continuation::kPieceMax) {
      target = walker.best_from(static_cast<Square>(s));
      if (target == 0) continue;
    }
    if (!walker.walk_from(static_cast<Square>(s), target, visit)) return false;
  }
  return true;
}

// Every legal turn, in for_each_turn's order.
std::vector<Turn> legal_turns(const Board& board, const Rules& rules, const Position& pos);

// True when the player to move has a legal turn; the game is over when this is false.
bool has_turn(const Board& board, const Rules& rules, const Position& pos);

// The largest capture (by rules.measure) any chain could make now, ignoring opening
// removals; 0 when no jump is possible.
Score max_capture(const Board& board, const Rules& rules, const Position& pos);

}  // namespace leapfrog
