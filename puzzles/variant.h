// Variant presets: the piece set, default board, opening, continuation and jumps of each
// named game (docs/rules.md). Presets are constant data; every rule they fix can be
// overridden afterwards, since a Rules value is just copied and changed.
#pragma once

#include <span>
#include <string>
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
  int width;                          // default board; for a shaped board the default side
  int height;
  // Non-empty for the fixed boards (peg solitaire): the start position in position text.
  std::string_view start;
  Rules rules;
  // For the boards drawn to a side (the triangle and the hexagon of six-direction jumps):
  // the start position of that side in position text, or nullptr for the others. Throws
  // std::invalid_argument when the side does not fit a 26x26 grid.
  std::string (*shaped)(int side) = nullptr;
  int max_side = 0;  // the largest side `shaped` takes
};

// Whether a preset starts from a position of its own (peg and shaped boards) rather than
// from a random layout of its pieces.
bool has_start(const Variant& v);
// The start position text of a preset with a start: its fixed board, or its shaped board of
// that side (0: the preset's default side).
std::string start_text(const Variant& v, int side = 0);

// All presets, in a fixed order.
std::span<const Variant> variants();
// The preset of that name, or nullptr.
const Variant* find_variant(std::string_view name);
// The preset used for a bare position: "traditional" rules (the defaults of docs/rules.md).
const Variant& default_variant();

}  // namespace leapfrog
