// Variant presets: the piece set, default board, opening, continuation and jumps of each
// named game (docs/rules.md). Presets are constant data; every rule they fix can be
// overridden afterwards, since a Rules value is just copied and changed.
#pragma once

#include <span>
#include <string_view>

#include "puzzles/rules.h"

namespace leapfrog {

// One kind of piece in a set, with its share of a full board: the shares of a set add up
// to the number of squares at which they are exact counts (Froglet: 144 on 12x12).
struct PieceKind {
  Value value;
  std::string_view name;    // "white", "green", ...
  std::string_view colour;  // how a terminal or a diagram should paint it (CSS colour name)
  int share;                // relative count in a full layout
};

struct Variant {
  std::string_view name;
  std::string_view summary;
  std::span<const PieceKind> pieces;  // cheapest first; the last is "the rest" when rounding
  int width;                          // default board
  int height;
  // Non-empty for the fixed boards (peg solitaire): the start position in position text.
  std::string_view start;
  Rules rules;
};

// All presets, in a fixed order.
std::span<const Variant> variants();
// The preset of that name, or nullptr.
const Variant* find_variant(std::string_view name);
// The preset used for a bare position: "traditional" rules (the defaults of docs/rules.md).
const Variant& default_variant();

}  // namespace leapfrog
