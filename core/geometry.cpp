#include "core/geometry.h"

#include <algorithm>
#include <stdexcept>

namespace leapfrog {

namespace {

void check_size(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw std::invalid_argument("board size " + std::to_string(width) + "x" +
                                std::to_string(height) + " is outside 1x1..26x26");
}

}  // namespace

const DirectionSet& directions(JumpSet set) {
  // Immutable data, built once. The orthogonal four come first in the diagonal set too, so
  // that turns are generated in the same order whatever the set.
  static const DirectionSet kSets[kJumpSets] = {
      {"orthogonal", {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}},
      {"orthogonal and diagonal",
       {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}},
      // Rows drawn top to bottom, left-aligned: the neighbours of (row r, column c) are
      // (r, c +- 1), (r +- 1, c), (r - 1, c - 1) and (r + 1, c + 1); a row up is a rank up.
      {"six-direction", {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {-1, 1}, {1, -1}}},
  };
  return kSets[static_cast<int>(set)];
}

Shape::Shape(int width, int height)
    : Shape(width, height,
            std::vector<bool>(static_cast<std::size_t>(std::max(0, width * height)), true)) {}

Shape::Shape(int width, int height, std::vector<bool> on_board)
    : width_(width), height_(height), on_board_(std::move(on_board)) {
  check_size(width, height);
  if (static_cast<int>(on_board_.size()) != cells())
    throw std::invalid_argument("board shape has the wrong number of cells");
  index_.assign(static_cast<std::size_t>(cells()), -1);
  for (int s = 0; s < cells(); ++s)
    if (on_board_[static_cast<std::size_t>(s)]) {
      index_[static_cast<std::size_t>(s)] = static_cast<std::int16_t>(cell_.size());
      cell_.push_back(static_cast<Square>(s));
    }
}

JumpTable::JumpTable(const Shape& shape, const DirectionSet& directions)
    : name_(directions.name), stride_(directions.steps.size()) {
  jumps_.assign(static_cast<std::size_t>(shape.cells()) * stride_, Jump{kNoSquare, kNoSquare});
  count_.assign(static_cast<std::size_t>(shape.cells()), 0);
  for (int i = 0; i < shape.squares(); ++i) {
    const Square s = shape.cell(i);
    const int f = shape.file(s), r = shape.rank(s);
    std::size_t n = 0;
    for (const Step& d : directions.steps) {
      const int f1 = f + d.file, r1 = r + d.rank, f2 = f + 2 * d.file, r2 = r + 2 * d.rank;
      if (!shape.contains(f1, r1) || !shape.contains(f2, r2)) continue;
      const Square over = shape.square(f1, r1), to = shape.square(f2, r2);
      if (shape.is_square(over) && shape.is_square(to))
        jumps_[static_cast<std::size_t>(s) * stride_ + n++] = Jump{over, to};
    }
    count_[s] = static_cast<std::uint8_t>(n);
  }
}

Square JumpTable::over(Square from, Square to) const {
  for (const Jump& j : this->from(from))
    if (j.to == to) return j.over;
  return kNoSquare;
}

std::string square_name(const Shape& shape, Square s) {
  std::string name(1, static_cast<char>('a' + shape.file(s)));
  name += std::to_string(shape.rank(s) + 1);
  return name;
}

}  // namespace leapfrog
