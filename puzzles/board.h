// The Leap-Frog board: a shape of playable squares (core/geometry.h) with the jump table of
// every jump set a rules object can name, built once when the board is made.
//
// Contract: a Board is immutable once built. Turn generation and the searches read the
// table of the rules' jump set (`jumps(rules.jumps)`); they never ask which set it is.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "puzzles/types.h"

namespace leapfrog {

class Board : public Shape {
 public:
  // A full width x height rectangle of squares. Throws std::invalid_argument when a side
  // is outside 1..26.
  Board(int width, int height);
  // on_board[file + rank * width] says whether that cell is a square.
  Board(int width, int height, std::vector<bool> on_board);

  const Shape& shape() const { return *this; }
  const JumpTable& jumps(JumpSet set) const { return tables_[static_cast<std::size_t>(set)]; }
  // The jumps from s under a jump set.
  std::span<const Jump> jumps(Square s, JumpSet set) const { return jumps(set).from(s); }
  // The square halfway between from and to, or kNoSquare if from->to is no jump of the set.
  Square jump_over(Square from, Square to, JumpSet set) const { return jumps(set).over(from, to); }

  bool operator==(const Board& other) const { return shape() == other.shape(); }

 private:
  std::array<JumpTable, kJumpSets> tables_;
};

}  // namespace leapfrog
