// Random full layouts of a variant's pieces (docs/rules.md, "Board and pieces").
#pragma once

#include <cstdint>
#include <vector>

#include "puzzles/notation.h"
#include "puzzles/position.h"
#include "puzzles/variant.h"

namespace leapfrog {

// How exact shares are rounded to whole pieces.
enum class Rounding : std::uint8_t {
  // Murray's table (A History of Board-Games Other Than Chess): each kind but the commonest gets
  // its exact share rounded half
  // up; the commonest (Murray's white) takes the rest. 15x15 -> 23/45/68/89.
  kHalfUp,
  // Cyningstan's leaflet and BrainKing's rules: "a 15x15 board would have 22 green, 45 red, 68
  // yellow and 90 white".
  kHalfEven,
};

struct PieceCount {
  Value value;
  int count;
};

// How many pieces of each kind fill `squares` squares, in the variant's order (cheapest
// kind last). The counts add up to `squares`.
std::vector<PieceCount> piece_counts(const Variant& variant, int squares, Rounding rounding);

// A full layout: every square of the board holds a piece, counts as piece_counts, placed by
// a Fisher-Yates shuffle driven by Rng(seed). Same seed, same layout, on every machine.
Position random_layout(const Board& board, const Variant& variant, std::uint64_t seed,
                       Rounding rounding = Rounding::kHalfUp);

// random_layout with `holes` distinct squares emptied (0 <= holes <= board.squares(), else
// std::invalid_argument). The same Rng(seed) first shuffles the pieces exactly as
// random_layout does, so the pieces left are the ones random_layout places there, and then
// draws the holes: the squares are listed in reading order (the top row first, each row from
// the left) and for k = 0, 1, ..., holes-1 entry k swaps with entry k + below(squares - k),
// which is emptied (a partial Fisher-Yates shuffle). `emptied`, when given, receives the
// holes in draw order. With holes = 0 nothing more is drawn: the layout is random_layout's.
Position random_layout_with_holes(const Board& board, const Variant& variant, std::uint64_t seed,
                                  Rounding rounding, int holes,
                                  std::vector<Square>* emptied = nullptr);

// A sparse random position on a full width x height rectangle, no variant named: square by
// square in index order, empty when Rng(seed).below(100) < empty_pct, else a piece of value
// 1 + below(4). Same seed, same position, on every machine: the `bench` signature and the
// micro-benchmarks' workloads depend on it.
Setup sparse_layout(int width, int height, int empty_pct, std::uint64_t seed);

}  // namespace leapfrog
