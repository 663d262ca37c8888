// Board symmetries: the reflections and rotations of the grid that map squares to squares.
//
// A symmetry keeps the jump set automatically (the eight jump directions are permuted among
// themselves by every rotation and reflection of the grid), and piece values travel with
// their pieces, so two positions that are images of each other have the same solitaire
// value, the same number of optimal lines and the same reachable sets. canonical() picks one
// representative per class, as Edax's board_unique does: the least image.
//
// Which symmetries exist: a square grid has the 8 of the dihedral group, a non-square
// rectangle only 4 (identity, the two mirrors, the half turn); with no-square cells only
// those that map every square onto a square are kept.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "puzzles/board.h"

namespace leapfrog {

class Symmetry {
 public:
  explicit Symmetry(const Board& board);

  // Number of valid symmetries, identity first (always at least 1).
  int count() const { return static_cast<int>(maps_.size()); }
  // Where symmetry k sends cell s (an index file + rank * width).
  Square image(int k, Square s) const { return maps_[static_cast<std::size_t>(k)][s]; }
  const std::vector<Square>& map(int k) const { return maps_[static_cast<std::size_t>(k)]; }
  // Which of the eight grid maps symmetry k is: 0 identity, 1 mirror files, 2 mirror ranks,
  // 3 half turn, 4 transpose, 5 = transpose after 2, 6 = transpose after 1, 7 = after 3.
  int kind(int k) const { return kinds_[static_cast<std::size_t>(k)]; }

  // Fast path for boards of at most 64 cells, a bitboard with bit s for cell s.
  bool fits64() const { return fits64_; }
  // Image of a bitboard under symmetry k (byte-wise lookup tables built at construction).
  std::uint64_t apply64(int k, std::uint64_t bits) const {
    const auto& t = tables_[static_cast<std::size_t>(k)];
    std::uint64_t out = 0;
    for (int b = 0; b < bytes_; ++b)
      out |= t[static_cast<std::size_t>(b) * 256 + ((bits >> (8 * b)) & 0xFF)];
    return out;
  }
  // The least image of a bitboard (one value plane).
  std::uint64_t canonical64(std::uint64_t bits) const;

 private:
  std::vector<std::vector<Square>> maps_;
  std::vector<int> kinds_;
  bool fits64_ = false;
  int bytes_ = 0;
  // tables_[k][byte * 256 + v]: image under k of byte value v at byte position `byte`.
  std::vector<std::vector<std::uint64_t>> tables_;
};

}  // namespace leapfrog
