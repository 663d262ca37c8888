// Base types of the core: cells of a grid and the size limits every game shares.
#pragma once

#include <cstdint>

namespace leapfrog {

// Any rectangle up to 26x26 must work (column letters a..z).
inline constexpr int kMaxSide = 26;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;

// Cell index: file + rank * width, with rank 0 the bottom row (a1 is cell 0). Called a
// square in the games, whatever the cell's shape.
using Square = std::uint16_t;
inline constexpr Square kNoSquare = 0xFFFF;

}  // namespace leapfrog
