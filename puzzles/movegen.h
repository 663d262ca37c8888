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

// The most a chain can capture from `cur` (the jumper already lifted off its start square,
// so that it never blocks its own later landings), by a depth-first walk; `cells` is left
// as it was.
inline Score best_chain_from(const Board& board, const Rules& rules,
                             std::array<Value, kMaxCells>& cells, Square cur) {
  Score best = 0;
  for (const Jump& j : board.jumps(cur, rules.jumps)) {
    const Value v = cells[j.over];
    if (v == 0 || cells[j.to] != 0) continue;
    cells[j.over] = 0;
    best = std::max(best, rules.gain(v) + best_chain_from(board, rules, cells, j.to));
    cells[j.over] = v;
  }
  return best;
}

// The most a chain starting with the piece on `from` can capture (0 if it cannot jump).
inline Score best_chain(const Board& board, const Rules& rules, std::array<Value, kMaxCells>& cells,
                        Square from) {
  const Value jumper = cells[from];
  cells[from] = 0;
  const Score best = best_chain_from(board, rules, cells, from);
  cells[from] = jumper;
  return best;
}

// best_chain over a private copy of a position's cells.
class ChainWalker {
 public:
  ChainWalker(const Board& board, const Rules& rules, const Position& pos)
      : board_(board), rules_(rules), cells_(pos.cells) {}

  Score best_from(Square from) { return best_chain(board_, rules_, cells_, from); }

 private:
  const Board& board_;
  const Rules& rules_;
  std::array<Value, kMaxCells> cells_;
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

// The legal turns one at a time, in the order above: a search takes them as it needs them
// (a position can have millions of turns: 5,323,038 on the 9x9 lattice of `best --help`
// under the forced rule), holding only the walk's state (a copy of the cells and the chain
// so far, a few KB). The chain is walked depth first with an explicit stack: per square of
// the chain, the next jump to try from it. Under the board-max rule the constructor first
// finds the largest capture on the board.
class TurnCursor {
 public:
  TurnCursor(const Board& board, const Rules& rules, const Position& pos)
      : board_(board),
        rules_(rules),
        table_(board.jumps(rules.jumps)),
        cells_(pos.cells),
        removal_(removal_turn(pos)) {
    if (removal_) {
      only_ = rules.removal == RemovalKind::kCheapest ? detail::cheapest_value(board, pos) : 0;
      return;
    }
    if (rules.continuation == Continuation::kBoardMax) {
      for (int s = 0; s < board.cells(); ++s)
        if (pos.cells[s] != 0)
          target_ =
              std::max(target_, detail::best_chain(board, rules, cells_, static_cast<Square>(s)));
      if (target_ == 0) start_ = board.cells();  // no jump anywhere
    }
  }

  // The next turn, or false when every turn has been visited. The view holds until the next
  // call.
  bool next(TurnView& out) {
    if (removal_) return next_removal(out);
    if (leave_) {  // the last turn shown ends its branch of the walk
      leave_ = false;
      back();
    }
    const Continuation rule = rules_.continuation;
    for (;;) {
      if (len_ == 0 && !begin_chain()) return false;
      const auto d = static_cast<std::size_t>(len_ - 1);  // the chain's last square: path_[d]
      const std::span<const Jump> jumps = table_.from(path_[d]);
      bool arrived = false;
      std::size_t k = next_[d];
      while (k < jumps.size()) {
        const Jump& j = jumps[k++];
        const Value v = cells_[j.over];
        if (v == 0 || cells_[j.to] != 0) continue;
        next_[d] = static_cast<std::uint8_t>(k);
        jumped_[d] = true;
        cells_[j.over] = 0;
        const auto e = d + 1;
        taken_[e] = v;
        path_[e] = j.to;
        next_[e] = 0;
        jumped_[e] = false;
        ++len_;
        points_ += v;
        pieces_ += 1;
        arrived = true;
        break;
      }
      if (!arrived) next_[d] = static_cast<std::uint8_t>(k);
      if (arrived) {
        if (rule == Continuation::kOptional) {  // a chain comes before its extensions
          out = view();
          return true;
        }
        if (rule == Continuation::kPieceMax || rule == Continuation::kBoardMax) {
          const Score size = rules_.measure == Measure::kPoints ? points_ : pieces_;
          if (size >= target_) {  // every capture adds at least 1: no extension can stay maximal
            if (size == target_) {
              out = view();
              leave_ = true;
              return true;
            }
            back();
          }
        }
        continue;
      }
      if (rule == Continuation::kForced && !jumped_[d] && len_ > 1) {
        out = view();
        leave_ = true;
        return true;
      }
      back();
    }
  }

 private:
  TurnView view() const {
    return TurnView{false, {path_.data(), static_cast<std::size_t>(len_)}, points_, pieces_};
  }

  bool next_removal(TurnView& out) {
    for (; start_ < board_.cells(); ++start_) {
      const Value v = cells_[static_cast<std::size_t>(start_)];
      if (v == 0 || (only_ != 0 && v != only_)) continue;
      path_[0] = static_cast<Square>(start_++);
      out = TurnView{true, {path_.data(), 1}, v, 1};
      return true;
    }
    return false;
  }

  // Lifts the next piece that has a chain to walk off its square; false when none is left.
  bool begin_chain() {
    for (; start_ < board_.cells(); ++start_) {
      const auto s = static_cast<Square>(start_);
      if (cells_[s] == 0) continue;
      if (rules_.continuation == Continuation::kPieceMax) {
        target_ = detail::best_chain(board_, rules_, cells_, s);
        if (target_ == 0) continue;
      }
      jumper_ = cells_[s];
      cells_[s] = 0;
      path_[0] = s;
      len_ = 1;
      next_[0] = 0;
      jumped_[0] = false;
      return true;
    }
    return false;
  }

  // Takes back the chain's last jump (at its start: puts the jumper back and moves on to the
  // next start square).
  void back() {
    const auto d = static_cast<std::size_t>(len_ - 1);
    if (d == 0) {
      cells_[path_[0]] = jumper_;
      len_ = 0;
      ++start_;
      return;
    }
    const Jump& j = table_.from(path_[d - 1])[next_[d - 1] - 1u];
    const Value v = taken_[d];
    cells_[j.over] = v;
    points_ -= v;
    pieces_ -= 1;
    --len_;
  }

  const Board& board_;
  const Rules& rules_;
  const JumpTable& table_;
  std::array<Value, kMaxCells> cells_;
  bool removal_;
  Value only_ = 0;    // removals: the only value that may be removed (0: any)
  int start_ = 0;     // the square whose chains are walked, or the next removal's
  Score target_ = 0;  // piece-max and board-max: the size a chain must reach
  Value jumper_ = 0;
  int len_ = 0;  // squares in the chain so far; 0: between start squares
  Score points_ = 0;
  int pieces_ = 0;
  bool leave_ = false;  // take the last jump back before going on
  // Per square of the chain: the next jump to try from it, whether a jump was made from it,
  // and the value of the piece taken by the jump onto it (each written before it is read:
  // not cleared, since a search makes a cursor per position).
  std::array<Square, kMaxCells> path_;
  std::array<std::uint8_t, kMaxCells> next_;
  std::array<bool, kMaxCells> jumped_;
  std::array<Value, kMaxCells> taken_;
};

// Visits every legal turn. `visit(const TurnView&)` may return bool: false stops the walk.
// Returns false if the visitor stopped it.
template <class Visit>
bool for_each_turn(const Board& board, const Rules& rules, const Position& pos, Visit&& visit) {
  TurnCursor cursor(board, rules, pos);
  TurnView view;
  while (cursor.next(view)) {
    if constexpr (std::is_same_v<std::invoke_result_t<Visit&, const TurnView&>, bool>) {
      if (!visit(view)) return false;
    } else {
      visit(view);
    }
  }
  return true;
}

// Whether `j` can be made now: a piece to jump over and an empty square to land on (the
// jumper itself is not looked at). The one test of "can this piece jump".
inline bool jump_open(const std::array<Value, kMaxCells>& cells, const Jump& j) {
  return cells[j.over] != 0 && cells[j.to] == 0;
}

// The first jump from `s`, in jump-table order, that can be made now; nullptr when none.
inline const Jump* first_open_jump(const Board& board, const Rules& rules,
                                   const std::array<Value, kMaxCells>& cells, Square s) {
  for (const Jump& j : board.jumps(s, rules.jumps))
    if (jump_open(cells, j)) return &j;
  return nullptr;
}

// Whether the piece on `s` can make a jump now.
inline bool can_jump(const Board& board, const Rules& rules,
                     const std::array<Value, kMaxCells>& cells, Square s) {
  return first_open_jump(board, rules, cells, s) != nullptr;
}

// Every legal turn, in for_each_turn's order.
std::vector<Turn> legal_turns(const Board& board, const Rules& rules, const Position& pos);

// True when the player to move has a legal turn; the game is over when this is false.
bool has_turn(const Board& board, const Rules& rules, const Position& pos);

// The largest capture (by rules.measure) any chain could make now, ignoring opening
// removals; 0 when no jump is possible.
Score max_capture(const Board& board, const Rules& rules, const Position& pos);

// Per cell, the largest capture (by rules.measure) a chain of the piece there could make
// now; 0 for an empty cell or a piece that cannot jump.
std::vector<Score> best_captures(const Board& board, const Rules& rules, const Position& pos);

}  // namespace leapfrog
