// Board geometry: which cells of a width x height grid are squares, and the jump tables.
//
// Contract: a Board is immutable once built. For every square it precomputes the jumps
// (over, to) whose three squares all exist, orthogonal ones first, then diagonal ones,
// so that turn generation never checks bounds or shapes (as peg-solitaire solvers do
// when a board is loaded).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "puzzles/types.h"

namespace leapfrog {

struct Jump {
  Square over;
  Square to;
};

class Board {
 public:
  // A full width x height rectangle of squares. Throws std::invalid_argument when a side
  // is outside 1..26.
  Board(int width, int height);
  // on_board[file + rank * width] says whether that cell is a square.
  Board(int width, int height, std::vector<bool> on_board);

  int width() const { return width_; }
  int height() const { return height_; }
  int cells() const { return width_ * height_; }
  int squares() const { return squares_; }
  bool is_square(Square s) const { return on_board_[s]; }
  bool contains(int file, int rank) const {
    return file >= 0 && rank >= 0 && file < width_ && rank < height_;
  }
  Square square(int file, int rank) const { return static_cast<Square>(file + rank * width_); }
  int file(Square s) const { return s % width_; }
  int rank(Square s) const { return s / width_; }

  // The jumps from s; with diagonal false only the orthogonal ones.
  std::span<const Jump> jumps(Square s, bool diagonal) const {
    return {jumps_.data() + static_cast<std::size_t>(s) * 8, diagonal ? n_all_[s] : n_orth_[s]};
  }
  // The square halfway between from and to for a jump, or kNoSquare if from->to is not a
  // jump of length two in one of the eight directions (or leaves the board).
  Square jump_over(Square from, Square to, bool diagonal) const;

  bool full_rectangle() const { return squares_ == cells(); }
  bool operator==(const Board& other) const {
    return width_ == other.width_ && height_ == other.height_ && on_board_ == other.on_board_;
  }

 private:
  void build_jumps();

  int width_;
  int height_;
  int squares_ = 0;
  std::vector<bool> on_board_;
  std::vector<Jump> jumps_;  // 8 slots per cell
  std::vector<std::uint8_t> n_orth_;
  std::vector<std::uint8_t> n_all_;
};

// Square names (SPEC section 2): file letter from the left, rank number from the bottom.
std::string square_name(const Board& board, Square s);

}  // namespace leapfrog
