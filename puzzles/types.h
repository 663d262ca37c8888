// Base types of the game model: squares, piece values, scores and the size limits.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace leapfrog {

// "two or more" players (Murray); sixteen is far more than anyone plays with.
inline constexpr int kMaxPlayers = 16;
// A piece carries a value 1..9 (one digit in the position text).
inline constexpr int kMaxValue = 9;

// Cell contents: 0 is an empty square, 1..9 a piece of that value.
using Value = std::uint8_t;

// Scores and chain values; the largest possible total is 676 * 9.
using Score = std::int32_t;

}  // namespace leapfrog
