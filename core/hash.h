// One hash mix for the whole project: SplitMix64's finaliser (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014). Fixed constants, so every key,
// table index and Zobrist value is the same on every run and machine.
#pragma once

#include <cstdint>

namespace leapfrog {

// The golden-ratio increment of SplitMix64 (2^64 / phi, odd).
inline constexpr std::uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ULL;

// A bijection of 64-bit words that spreads every input bit over every output bit.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// SplitMix64's step: advances the state by the gamma and returns the mixed state.
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += kGoldenGamma); }

}  // namespace leapfrog
