// The seam through which a level-by-level search runs split over several processes (ranks):
// every position has one owner rank, each rank expands the positions it owns and sends the
// children it finds to their owners. The search sees only this interface; how the bytes
// travel (MPI between machines, threads in one process for the tests) is the caller's.
//
// Contract: every member is collective. Every rank calls the same members in the same order
// (the searches call them at the same points of every round and level, whatever their own
// share of the work), and a call returns on a rank only when every rank has made it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/hash.h"

namespace leapfrog {

class LevelExchange {
 public:
  LevelExchange() = default;
  LevelExchange(const LevelExchange&) = delete;
  LevelExchange& operator=(const LevelExchange&) = delete;
  virtual ~LevelExchange() = default;

  virtual int ranks() const = 0;
  virtual int rank() const = 0;
  // out[r]: the words for rank r (out.size() == ranks(); out[rank()] is ignored). Returns the
  // words every other rank sent to this one, in the order of their ranks.
  virtual std::vector<std::uint64_t> exchange(
      const std::vector<std::vector<std::uint64_t>>& out) = 0;
  // Every rank's `words` (all of the same length), one rank after the other, on every rank.
  virtual std::vector<std::uint64_t> all_gather(std::span<const std::uint64_t> words) = 0;

  // The owner of a position, from the word that stands for its class (the least symmetric
  // image, so that every image has the same owner). Independent of the bits the searches
  // use to pick their buckets.
  int owner(std::uint64_t canonical) const { return owner_of(canonical, ranks()); }
  // (The high word of hash times ranks: a division per child was a fifth of the work.)
  static int owner_of(std::uint64_t canonical, int ranks) {
    __extension__ typedef unsigned __int128 Wide;
    return static_cast<int>(
        (Wide{mix64(canonical ^ 0x6a09e667f3bcc908ULL)} * static_cast<unsigned>(ranks)) >> 64);
  }
  // Collective sums and agreement, built on all_gather (the same answer on every rank).
  std::uint64_t sum(std::uint64_t x) {
    if (ranks() == 1) return x;
    std::uint64_t s = 0;
    for (const std::uint64_t v : all_gather(std::span(&x, 1))) s += v;
    return s;
  }
  bool any(bool b) {
    if (ranks() == 1) return b;
    const std::uint64_t x = b ? 1 : 0;
    for (const std::uint64_t v : all_gather(std::span(&x, 1)))
      if (v != 0) return true;
    return false;
  }
  std::uint64_t max(std::uint64_t x) {
    if (ranks() == 1) return x;
    std::uint64_t m = 0;
    for (const std::uint64_t v : all_gather(std::span(&x, 1))) m = v > m ? v : m;
    return m;
  }
};

// One rank alone: nothing to send (the plain, single-process search).
class SingleExchange final : public LevelExchange {
 public:
  int ranks() const override { return 1; }
  int rank() const override { return 0; }
  std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>&) override {
    return {};
  }
  std::vector<std::uint64_t> all_gather(std::span<const std::uint64_t> words) override {
    return {words.begin(), words.end()};
  }
};

}  // namespace leapfrog
