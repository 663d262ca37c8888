// The exact solver's transposition table (a core/open_table.h BucketTable): a fixed-size map from a
// bit-board position (solver/exact_model.h, its least image when symmetric positions are merged) to
// the bounds proved on its value, lo <= value <= hi, and a hint naming its best child.
//
// Concurrency contract: any number of threads may probe and store at once. A bucket has a
// spin lock held only while its entries are read or written, and the whole position is the
// key, so an entry is never half-written and a hit is always the same position: bounds are
// proved facts, so the table never changes a value, only how fast it is found. A store
// tightens the bounds already there; a new position takes a free slot or the one with the
// least work behind it.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>

#include "core/open_table.h"
#include "solver/exact_model.h"

namespace leapfrog::exact {

template <int P>
class BoundTable {
 public:
  struct Entry {
    std::uint64_t occ = 0;
    std::array<std::uint64_t, P> planes{};
    std::int16_t lo = 0;
    std::int16_t hi = 0;
    std::uint16_t hint = 0;  // a fingerprint of the best child's position (0: none)
    std::uint8_t due : 2 = 0;
    std::uint8_t work : 6 = 0;  // 0: free; else 1 + log2 of the nodes below it, at most 63
    std::uint8_t lock = 0;      // the first entry's locks its bucket (BucketLock)
  };
  struct Found {
    Score lo;
    Score hi;
    std::uint16_t hint;
  };

  // With `grow`, a table that grows with the search (GrowingBucketTable, from kFirstBuckets
  // buckets); the owner counts the new keys that store reports.
  explicit BoundTable(std::size_t bytes, bool grow = false)
      : buckets_(bytes, grow, kFirstBuckets, static_cast<std::size_t>(kWays)) {}
  static constexpr std::size_t kFirstBuckets = std::size_t{1} << 14;  // 1 MB of 64-byte buckets

  bool probe(const Pos<P>& key, Found& out) const {
    Bucket& b = bucket(key);
    BucketLock lock(b.entries[0].lock);
    const Entry* e = find_way(b.entries, [&](const Entry& x) { return x.work && same(x, key); });
    if (e) out = {e->lo, e->hi, e->hint};
    return e != nullptr;
  }

  // Starts loading the key's bucket into the cache (before a batch of probes).
  void prefetch(const Pos<P>& key) const { __builtin_prefetch(&bucket(key)); }

  // Stores what a search proved; true when the key is new to a table that is still growing
  // (for the owner to count: GrowingBucketTable::count_new_keys).
  bool store(const Pos<P>& key, Score lo, Score hi, std::uint16_t hint, std::uint64_t nodes) {
    const auto work =
        static_cast<std::uint8_t>(std::min<int>(63, 1 + static_cast<int>(std::bit_width(nodes))));
    const std::size_t mask = buckets_.mask();
    Bucket& b = buckets_.at(key.hash(), mask);
    BucketLock lock(b.entries[0].lock);
    if (Entry* found =
            find_way(b.entries, [&](const Entry& x) { return x.work && same(x, key); })) {
      Entry& e = *found;
      e.lo = static_cast<std::int16_t>(std::max<Score>(e.lo, lo));
      e.hi = static_cast<std::int16_t>(std::min<Score>(e.hi, hi));
      if (hint) e.hint = hint;
      e.work = std::max<std::uint8_t>(e.work, work) & 63;
      return false;
    }
    Entry& e = victim_way(b.entries, [](const Entry& x) { return x.work; });
    e.occ = key.occ;
    e.planes = key.planes;
    e.due = key.due;
    e.lo = static_cast<std::int16_t>(lo);
    e.hi = static_cast<std::int16_t>(hi);
    e.hint = hint;
    e.work = work;
    return buckets_.growing(mask);
  }
  void count_new_keys(std::uint64_t n) { buckets_.count_new_keys(n); }
  // Every bucket in use (the entries found at their homes before may not be found again).
  void use_whole() { buckets_.restart(buckets_.buckets()); }

  // A child's fingerprint for hints: never 0.
  static std::uint16_t fingerprint(const Pos<P>& p) {
    const auto h = static_cast<std::uint16_t>(p.hash() >> 48);
    return h ? h : 1;
  }

 private:
  // As many entries as fill a cache line (one when an entry is larger).
  static constexpr int kWays = sizeof(Entry) <= 32 ? static_cast<int>(64 / sizeof(Entry)) : 1;
  struct alignas(64) Bucket {
    Entry entries[kWays];
  };
  static bool same(const Entry& e, const Pos<P>& k) {
    return e.occ == k.occ && e.planes == k.planes && e.due == k.due;
  }
  Bucket& bucket(const Pos<P>& key) const { return buckets_.home(key.hash()); }

  GrowingBucketTable<Bucket> buckets_;
};

}  // namespace leapfrog::exact
