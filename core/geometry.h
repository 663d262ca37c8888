// Geometry as data: which cells of a grid are playable, how they are indexed and named,
// and the jump tables that a set of direction vectors gives them.
//
// Contract: a Shape and a JumpTable are immutable once built. A jump from cell s in
// direction d goes over s + d and lands on s + 2d; the table holds, for every cell, the
// jumps whose three cells are all playable, in the direction set's order, so that turn
// generation never checks bounds or shapes (as peg-solitaire solvers do when a board is
// loaded). Nothing here knows which game is played or which directions exist: a new board
// shape or direction set is new data, not new code.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/types.h"

namespace leapfrog {

// A step between cells in grid coordinates: files to the right, ranks upwards.
struct Step {
  int file = 0;
  int rank = 0;
  bool operator==(const Step&) const = default;
};

// A named set of directions; the order of the steps is the order of the jumps in a table.
struct DirectionSet {
  std::string name;
  std::vector<Step> steps;
};

// The direction sets the games name. A rules object carries one of these names; the
// searches only ever see the jump table built from it.
enum class JumpSet : std::uint8_t {
  kOrthogonal,  // 4 directions: the square grid's rows and columns
  kDiagonal,    // 8 directions: the orthogonal four, then the four diagonals
  kHex,         // 6 directions: a hexagonal lattice drawn on a sheared square grid
};
inline constexpr int kJumpSets = 3;
const DirectionSet& directions(JumpSet set);

// Which cells of a width x height grid are playable ("squares"), with a dense index over
// the playable cells in row order (rank 0 first, files left to right), so that bit-board
// code can key on playable cells rather than grid cells.
class Shape {
 public:
  // A full width x height rectangle. Throws std::invalid_argument when a side is outside
  // 1..kMaxSide.
  Shape(int width, int height);
  // on_board[file + rank * width] says whether that cell is playable.
  Shape(int width, int height, std::vector<bool> on_board);

  int width() const { return width_; }
  int height() const { return height_; }
  int cells() const { return width_ * height_; }
  int squares() const { return static_cast<int>(cell_.size()); }
  bool is_square(Square s) const { return on_board_[s]; }
  bool contains(int file, int rank) const {
    return file >= 0 && rank >= 0 && file < width_ && rank < height_;
  }
  Square square(int file, int rank) const { return static_cast<Square>(file + rank * width_); }
  int file(Square s) const { return s % width_; }
  int rank(Square s) const { return s / width_; }
  // Dense index of a playable cell (-1 for a cell that is not playable), and back.
  int index(Square s) const { return index_[s]; }
  Square cell(int i) const { return cell_[static_cast<std::size_t>(i)]; }

  bool operator==(const Shape& other) const {
    return width_ == other.width_ && height_ == other.height_ && on_board_ == other.on_board_;
  }

 private:
  int width_;
  int height_;
  std::vector<bool> on_board_;
  std::vector<std::int16_t> index_;
  std::vector<Square> cell_;
};

struct Jump {
  Square over;
  Square to;
};

class JumpTable {
 public:
  JumpTable(const Shape& shape, const DirectionSet& directions);

  const std::string& name() const { return name_; }
  // The jumps from cell s, in the direction set's order.
  std::span<const Jump> from(Square s) const {
    return {jumps_.data() + static_cast<std::size_t>(s) * stride_, count_[s]};
  }
  // The cell jumped over on the way from `from` to `to`, or kNoSquare when that is no jump.
  Square over(Square from, Square to) const;

 private:
  std::string name_;
  std::size_t stride_ = 0;
  std::vector<Jump> jumps_;  // stride_ slots per cell
  std::vector<std::uint8_t> count_;
};

// Cell names: file letter from the left, rank number from the bottom ("a1", "c12").
std::string square_name(const Shape& shape, Square s);

}  // namespace leapfrog
