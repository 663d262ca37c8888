// Position classes computed from the jumps (the peg-solitaire invariant of de Bruijn and
// Conway, found for any board and direction set).
//
// A jump empties its start and the square it jumps over and fills its landing square: it
// flips the occupancy of the three cells of a jump triple. So a function f from cells to
// GF(2) with f(from) + f(over) + f(to) = 0 for every jump has the same sum over the
// occupied cells before and after any jump. Such functions form the left kernel of the
// cell-by-jump incidence matrix over GF(2); a basis of it gives every position a class (the
// basis functions' sums), which jumps never change. On the English board the kernel has
// dimension 4: the 16 classes of the literature. A game can end with a single piece only on
// a cell whose own class is the position's class; when no cell has it, at least two pieces
// stay. Removals change the class; the bound is for positions without removals due.
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry.h"

namespace leapfrog {

class PositionClasses {
 public:
  // At most this many independent invariants are kept (a subset of the kernel is still
  // sound; a board with that many has many cells in no jump at all).
  static constexpr int kMaxDimension = 64;

  PositionClasses(const Shape& shape, const JumpTable& jumps);

  // Number of basis functions kept: 2^dimension classes.
  int dimension() const { return dimension_; }
  // The class of the position holding one piece on cell s: bit i is basis function i at s.
  // A position's class is the xor of code() over its occupied cells.
  std::uint64_t code(Square s) const { return code_[s]; }
  // True when some position of one piece has class `c`.
  bool single(std::uint64_t c) const;
  // Basis function i as a bit set over the playable cells' dense indices (Shape::index);
  // only for shapes of at most 64 playable cells. The class of a bitboard is the parity of
  // its intersection with each.
  std::uint64_t mask64(int i) const { return mask64_[static_cast<std::size_t>(i)]; }

 private:
  int dimension_ = 0;
  std::vector<std::uint64_t> code_;         // per grid cell; 0 for cells that are not playable
  std::vector<std::uint64_t> singles_;      // sorted distinct codes of the playable cells
  std::vector<std::uint64_t> single_bits_;  // bit set over codes when dimension <= 16
  std::vector<std::uint64_t> mask64_;
};

}  // namespace leapfrog
