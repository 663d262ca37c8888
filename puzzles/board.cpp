#include "puzzles/board.h"

#include <stdexcept>

namespace leapfrog {

namespace {

void check_size(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw std::invalid_argument("board size " + std::to_string(width) + "x" +
                                std::to_string(height) + " is outside 1x1..26x26");
}

// Orthogonal directions first: a jump table prefix then serves the orthogonal rule.
constexpr int kDirections[8][2] = {{0, 1}, {1, 0},  {0, -1},  {-1, 0},
                                   {1, 1}, {1, -1}, {-1, -1}, {-1, 1}};

}  // namespace

Board::Board(int width, int height) : width_(width), height_(height) {
  check_size(width, height);
  on_board_.assign(static_cast<std::size_t>(cells()), true);
  build_jumps();
}

Board::Board(int width, int height, std::vector<bool> on_board)
    : width_(width), height_(height), on_board_(std::move(on_board)) {
  check_size(width, height);
  if (static_cast<int>(on_board_.size()) != cells())
    throw std::invalid_argument("board shape has the wrong number of cells");
  build_jumps();
}

void Board::build_jumps() {
  squares_ = 0;
  jumps_.assign(static_cast<std::size_t>(cells()) * 8, Jump{kNoSquare, kNoSquare});
  n_orth_.assign(static_cast<std::size_t>(cells()), 0);
  n_all_.assign(static_cast<std::size_t>(cells()), 0);
  for (int r = 0; r < height_; ++r) {
    for (int f = 0; f < width_; ++f) {
      const Square s = square(f, r);
      if (!on_board_[s]) continue;
      ++squares_;
      int n = 0;
      for (int d = 0; d < 8; ++d) {
        const int f1 = f + kDirections[d][0], r1 = r + kDirections[d][1];
        const int f2 = f + 2 * kDirections[d][0], r2 = r + 2 * kDirections[d][1];
        if (contains(f2, r2) && on_board_[square(f1, r1)] && on_board_[square(f2, r2)])
          jumps_[static_cast<std::size_t>(s) * 8 + n++] = Jump{square(f1, r1), square(f2, r2)};
        if (d == 3) n_orth_[s] = static_cast<std::uint8_t>(n);
      }
      n_all_[s] = static_cast<std::uint8_t>(n);
    }
  }
}

Square Board::jump_over(Square from, Square to, bool diagonal) const {
  for (const Jump& j : jumps(from, diagonal))
    if (j.to == to) return j.over;
  return kNoSquare;
}

std::string square_name(const Board& board, Square s) {
  std::string name(1, static_cast<char>('a' + board.file(s)));
  name += std::to_string(board.rank(s) + 1);
  return name;
}

}  // namespace leapfrog
