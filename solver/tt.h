// The solitaire search's transposition table: a fixed-size, memory-bounded map from a
// position key to what is known of its value (exact, or an upper bound).
//
// Concurrency contract: any number of threads may probe and store at the same time. Each
// bucket has a tiny spin lock held only while its few entries are read or written, so an
// entry is never seen half-written, and the full key is stored, so a hit is always a hit on
// the same position: the table never changes an answer, only how fast it is found. (Unlike
// Stockfish's racy table, we need exact results.) A store may evict another position's
// entry (the one with the least work behind it); evictions only cost time. The table is an
// object owned by the search, never global.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>

#include "core/hash.h"
#include "core/table_memory.h"

namespace leapfrog {

// Five 64-bit words: the solver's exact encodings fit (value planes or nibble-packed cells,
// plus a word for removals still due); larger boards use a 256-bit hash in the first four.
struct PositionKey {
  std::array<std::uint64_t, 5> w{};
  bool operator==(const PositionKey&) const = default;
  // Not mix64 folded over the words: which bucket a key goes to decides which entries are
  // evicted, hence the node counts, which decide which puzzle candidates the generator
  // proves within its node budget (the shipped collection is reproducible byte for byte;
  // the ratings do not depend on it). The constants are SplitMix64's.
  std::uint64_t hash() const {
    std::uint64_t h = kGoldenGamma;
    for (std::uint64_t x : w) {
      h ^= x + kGoldenGamma + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9ULL;
      h ^= h >> 31;
    }
    return h;
  }
};

class TranspositionTable {
 public:
  struct Entry {
    PositionKey key;
    std::int32_t value = 0;  // a Score of the game
    std::uint8_t used = 0;
    std::uint8_t exact = 0;  // 1: value is exact; 0: value is an upper bound
    std::uint8_t work = 0;   // log2 of the nodes searched below it (replacement priority)
  };

  // Uses at most `bytes` (at least one bucket). Memory is zeroed lazily by the OS; a
  // TableAllocError when it cannot be had.
  explicit TranspositionTable(std::size_t bytes) : buckets_(bytes) {}

  // Looks the key up; returns true and fills `out` on a hit.
  bool probe(const PositionKey& key, Entry& out) const {
    Bucket& b = bucket(key);
    Lock lock(b);
    for (const Entry& e : b.entries)
      if (e.used && e.key == key) {
        out = e;
        return true;
      }
    return false;
  }

  // Records what a search found. An exact value is never replaced by a bound; two upper
  // bounds combine to the tighter.
  void store(const PositionKey& key, std::int32_t value, bool exact, std::uint64_t nodes) {
    const std::uint8_t work = static_cast<std::uint8_t>(std::bit_width(nodes));
    Bucket& b = bucket(key);
    Lock lock(b);
    Entry* victim = nullptr;
    for (Entry& e : b.entries) {
      if (e.used && e.key == key) {
        if (e.exact) return;
        if (!exact && e.value < value) value = e.value;
        victim = &e;
        break;
      }
      if (!victim || (victim->used && (!e.used || e.work < victim->work))) victim = &e;
    }
    const bool same = victim->used && victim->key == key;
    victim->key = key;
    victim->value = value;
    victim->used = 1;
    victim->exact = exact ? 1 : 0;
    victim->work = same ? std::max(victim->work, work) : work;
  }

  std::size_t bytes() const { return buckets_.bytes(); }

 private:
  struct alignas(64) Bucket {
    std::array<Entry, 5> entries;
    std::uint32_t lock;
  };
  class Lock {
   public:
    explicit Lock(Bucket& b) : flag_(b.lock) {
      std::uint32_t expected = 0;
      while (!flag_.compare_exchange_weak(expected, 1, std::memory_order_acquire)) expected = 0;
    }
    ~Lock() { flag_.store(0, std::memory_order_release); }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

   private:
    std::atomic_ref<std::uint32_t> flag_;
  };
  Bucket& bucket(const PositionKey& key) const { return buckets_[key.hash() & buckets_.mask()]; }

  TableMemory<Bucket> buckets_;
};

}  // namespace leapfrog
