// Board symmetries, found rather than assumed: the maps of the cell set that carry every
// jump of a jump table to a jump of that table.
//
// Candidates are the affine maps of the grid coordinates x -> M x + t with M an integer
// matrix of determinant +-1 and entries in -1..1 (this holds every symmetry of the square
// and the hexagonal lattices, drawn on their grids); t is fixed by sending the least cell to
// the least cell. A candidate is kept only when it maps every playable cell onto a playable
// cell and every jump (from, over, to) onto a jump; so a direction set the code has never
// seen gets exactly the symmetries its jumps have, and an irregular shape only the identity.
// Piece values travel with their pieces, so two positions that are images of each other
// have the same solitaire value, the same number of optimal lines and the same reachable
// sets. A search keeps one representative per class, as Edax's board_unique does: the
// least image.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/geometry.h"

namespace leapfrog {

class Symmetry {
 public:
  Symmetry(const Shape& shape, const JumpTable& jumps);

  // Number of symmetries, identity first (always at least 1).
  int count() const { return static_cast<int>(maps_.size()); }
  // Where symmetry k sends cell s (a grid cell index).
  Square image(int k, Square s) const { return maps_[static_cast<std::size_t>(k)][s]; }
  const std::vector<Square>& map(int k) const { return maps_[static_cast<std::size_t>(k)]; }
  // Which of the square grid's eight maps of the whole rectangle symmetry k is, when it is
  // one (0 identity, 1 mirror files, 2 mirror ranks, 3 half turn, 4 transpose, 5 =
  // transpose after 2, 6 = transpose after 1, 7 = after 3), else -1. Packed encodings use
  // it for word-level shortcuts.
  int kind(int k) const { return kinds_[static_cast<std::size_t>(k)]; }

  // For at most 64 playable cells: the image under symmetry k of a bitboard with bit i for
  // the i-th playable cell (Shape::index), by byte-wise lookup tables built at construction.
  std::uint64_t apply64(int k, std::uint64_t bits) const {
    const auto& t = tables_[static_cast<std::size_t>(k)];
    std::uint64_t out = 0;
    for (int b = 0; b < bytes_; ++b)
      out |= t[static_cast<std::size_t>(b) * 256 + ((bits >> (8 * b)) & 0xFF)];
    return out;
  }
  // Those lookup tables, for a caller's own word-level loop: entry byte * 256 + v is the
  // image under k of byte value v at byte position `byte` (bytes (squares + 7) / 8).
  const std::uint64_t* byte_table64(int k) const {
    return tables_[static_cast<std::size_t>(k)].data();
  }

 private:
  std::vector<std::vector<Square>> maps_;
  std::vector<int> kinds_;
  int bytes_ = 0;
  // tables_[k][byte * 256 + v]: image under k of byte value v at byte position `byte`.
  std::vector<std::vector<std::uint64_t>> tables_;
};

// The playable cells in classes under the symmetries `which` (indices of `sym`'s maps, a group:
// e.g. every map that keeps some labelling of the cells; the identity may be left out). Each
// class lists its cells in reading order (ranks from the top, files from the left), and the
// classes come in the reading order of their first cells. With `which` empty, every cell is a
// class of its own.
std::vector<std::vector<Square>> cell_classes(const Shape& shape, const Symmetry& sym,
                                              std::span<const int> which);

}  // namespace leapfrog
