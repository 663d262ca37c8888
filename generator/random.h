// A fully specified pseudo-random generator and shuffle, so that a seed gives the same
// layouts and puzzles with every compiler and standard library (std::uniform_int_distribution
// and std::shuffle are implementation-defined).
#pragma once

#include <cstdint>
#include <span>
#include <utility>

#include "core/hash.h"

namespace leapfrog {

// Rng is seeded, and independent streams are derived from (seed, index) pairs, by
// SplitMix64 (core/hash.h).

// xoshiro256** 1.0 (Blackman, Vigna 2018).
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  // An independent stream for item `index` of a run seeded with `seed`: lets parallel
  // workers produce the same items whatever the thread count.
  static constexpr Rng stream(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t mix = seed ^ (index * 0xD1B54A32D192ED03ULL);
    return Rng(splitmix64(mix));
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound > 0, without modulo bias (rejection of the short tail).
  constexpr std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = -bound % bound;  // 2^64 mod bound
    for (;;) {
      const std::uint64_t x = next();
      if (x >= limit) return x % bound;
    }
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

// Fisher-Yates, from the last element down, drawing with Rng::below.
template <class T>
constexpr void shuffle(std::span<T> items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(rng.below(i));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace leapfrog
