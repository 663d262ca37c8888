#include "puzzles/board.h"

#include <utility>

namespace leapfrog {

namespace {

template <std::size_t... I>
std::array<JumpTable, kJumpSets> all_tables(const Shape& shape, std::index_sequence<I...>) {
  return {JumpTable(shape, directions(static_cast<JumpSet>(I)))...};
}

}  // namespace

Board::Board(int width, int height)
    : Shape(width, height), tables_(all_tables(*this, std::make_index_sequence<kJumpSets>())) {}

Board::Board(int width, int height, std::vector<bool> on_board)
    : Shape(width, height, std::move(on_board)),
      tables_(all_tables(*this, std::make_index_sequence<kJumpSets>())) {}

}  // namespace leapfrog
