// Leap Chess boards for people: text for the terminal (colours when wanted) and SVG.
#pragma once

#include <string>

#include "chess/position.h"

namespace leapfrog::cli {

// Ranks 8 to 1 with file letters below; Red pieces upper case, Black lower case, '.' an empty
// square, blank a removed one. With `colour`, squares are shaded and Red pieces red (ANSI).
// `last`: the move that reached `pos`, to mark, may be null: '>' before the square it left, '*' on
// the squares it passed through, '[' ']' around where it landed (and yellow squares with colour),
// then a legend line naming the move.
std::string chess_board_text(const chess::Position& pos, bool colour,
                             const chess::Move* last = nullptr);

// A self-contained SVG diagram of the position (removed squares not drawn); stable bytes.
std::string chess_board_svg(const chess::Position& pos, const chess::Move* last = nullptr);

}  // namespace leapfrog::cli
