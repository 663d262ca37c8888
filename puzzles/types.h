// Base types of the game model: squares, piece values, scores and the size limits.
#pragma once

#include <array>
#include <cstdint>

namespace leapfrog {

// SPEC section 1: any rectangle up to 26x26 must work (file letters a..z).
inline constexpr int kMaxSide = 26;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;
// "two or more" players (seed 000); sixteen is far more than anyone plays with.
inline constexpr int kMaxPlayers = 16;
// A piece carries a value 1..9 (one digit in the position text).
inline constexpr int kMaxValue = 9;

// Square index: file + rank * width, with rank 0 the bottom row (a1 is square 0).
using Square = std::uint16_t;
inline constexpr Square kNoSquare = 0xFFFF;

// Cell contents: 0 is an empty square, 1..9 a piece of that value.
using Value = std::uint8_t;

// Scores and chain values; the largest possible total is 676 * 9.
using Score = std::int32_t;

}  // namespace leapfrog
