// The solitaire search's transposition table (a core/open_table.h BucketTable): a fixed-size,
// memory-bounded map from a
// position key to what is known of its value (exact, or an upper bound).
//
// Concurrency contract: any number of threads may probe and store at the same time. Each
// bucket has a tiny spin lock (BucketLock) held only while its few entries are read or written, so
// an entry is never seen half-written, and the full key is stored, so a hit is always a hit on the
// same position: the table never changes an answer, only how fast it is found. (Unlike Stockfish's
// racy table, we need exact results.) A store may evict another position's entry (the one with the
// least work behind it); evictions only cost time. The table is an object owned by the search,
// never global.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>

#include "core/hash.h"
#include "core/open_table.h"

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
  //
  // With `grow`, a table that grows with the search (GrowingBucketTable, from
  // kFirstBuckets buckets).
  explicit TranspositionTable(std::size_t bytes, bool grow = false)
      : buckets_(bytes, grow, kFirstBuckets, kWays) {}

  // Looks the key up; returns true and fills `out` on a hit.
  bool probe(const PositionKey& key, Entry& out) const {
    Bucket& b = home(key.hash());
    BucketLock lock(b.lock);
    const Entry* e = find_way(b.entries, [&](const Entry& x) { return x.used && x.key == key; });
    if (e) out = *e;
    return e != nullptr;
  }

  // Records what a search found. An exact value is never replaced by a bound; two upper
  // bounds combine to the tighter. True when the key is new to a table that is still
  // growing: the caller counts those and hands them to count_new_keys now and then, so that
  // threads do not all write one shared count for every store.
  bool store(const PositionKey& key, std::int32_t value, bool exact, std::uint64_t nodes) {
    const std::uint8_t work = static_cast<std::uint8_t>(std::bit_width(nodes));
    const std::size_t mask = buckets_.mask();
    Bucket& b = buckets_.at(key.hash(), mask);
    BucketLock lock(b.lock);
    Entry* victim = find_way(b.entries, [&](const Entry& x) { return x.used && x.key == key; });
    const bool same = victim != nullptr;
    if (same) {
      if (victim->exact) return false;
      if (!exact && victim->value < value) value = victim->value;
    } else {
      // A free entry first, else the one with the least work behind it.
      victim = &victim_way(b.entries, [](const Entry& x) { return x.used ? 1 + x.work : 0; });
    }
    victim->key = key;
    victim->value = value;
    victim->used = 1;
    victim->exact = exact ? 1 : 0;
    victim->work = same ? std::max(victim->work, work) : work;
    return !same && buckets_.growing(mask);
  }

  // Counts `n` new keys (of store): GrowingBucketTable::count_new_keys.
  void count_new_keys(std::uint64_t n) { buckets_.count_new_keys(n); }

  std::size_t bytes() const { return buckets_.bytes(); }
  // The buckets in use (all but while a growing table grows).
  std::size_t buckets_used() const { return buckets_.buckets_used(); }

  static constexpr std::size_t kFirstBuckets = std::size_t{1} << 12;  // 1 MB

 private:
  struct alignas(64) Bucket {
    std::array<Entry, 5> entries;
    std::uint32_t lock;
  };
  static constexpr std::size_t kWays = 5;

  Bucket& home(std::uint64_t hash) const { return buckets_.home(hash); }
  GrowingBucketTable<Bucket> buckets_;
};

}  // namespace leapfrog
