// The fast path's storage: levels of positions, the chunked scatter to buckets and the
// per-bucket hash sets of packed keys (with their counts). Internal to solver/reach.cpp.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/hash.h"
#include "core/poller.h"
#include "core/symmetry.h"
#include "puzzles/movegen.h"
#include "solver/memory_budget.h"

namespace leapfrog::fast_reach {

// The memory the tables of the enumeration may hold: solver/memory_budget.h. What was being
// built when a growth is refused is incomplete, and the enumeration stops with the levels
// finished so far.
using Budget = MemoryBudget;

// ---------------------------------------------------------------------------------------
// Fast path. To find its jumps, a position is a word with bit s for cell s (at most 64
// cells), in which all jumps with one cell offset are found together by shifts. It is
// stored packed, bit i for the board's i-th square, and canonical: the least of its packed
// symmetric images. The packed word is multiplied by an odd constant modulo 2^n (n
// squares, a bijection): the top bits of the product pick a bucket, and only the other bits
// are stored (English: 33 squares, 7 bucket bits, 26 stored bits in a 32-bit word).
//
// A level is expanded in rounds of parents. Each thread sends every child to its bucket
// through small per-bucket chunks that go to memory whole (the scatter touches few cache
// lines); then each bucket's children are added to that bucket's hash set, small enough to
// stay in the core's L2 cache. The counts do not depend on the order, so any thread count
// gives the same levels. Measured against simpler layouts in docs/bench.md.

__extension__ typedef unsigned __int128 Count128;

// 2^7 buckets keep a bucket's set in L2 at English's largest level (3.6 million positions,
// 256 KiB a set) and a thread's staged chunks in L1 (16 KiB); chunks of 32 items rather than
// 16 halve the writes out per item (docs/bench.md).
constexpr int kBucketBits = 7;
// Boards of 39 to 41 squares take 2^10 buckets instead, so that the stored key still fits
// in 32 bits: half the memory of 64-bit keys, which is what lets the 41-hole diamond's
// largest levels (about a billion positions) fit in 24 GB.
constexpr int kWideBucketBits = 10;
template <int kBits>
constexpr std::size_t kBucketsOf = std::size_t{1} << kBits;
constexpr std::size_t kChunk = 32;  // items a bucket stages before writing out
// Parents per round: about 8 children each, so the chunks of a round take some 32 MB when
// an item is 4 bytes (English's largest level, 3.6 million positions, takes four rounds).
// The chunks are most of English's peak memory; larger rounds cost memory without saving
// time, smaller ones cost time (measured: docs/bench.md).
template <class T>
constexpr std::size_t kRound = (std::size_t{1} << 22) / sizeof(T);

// The stored word: the mixed position without its bucket bits, plus one (0 marks an
// empty slot); 32 bits when that fits. With counting, the number of jump sequences that
// reach the position (all of its symmetric images together), in two words to keep the item
// 8-byte aligned.
template <class Key, bool kCount>
struct Item;
template <class Key>
struct Item<Key, false> {
  Key key;
};
template <class Key>
struct Item<Key, true> {
  Key key;
  std::uint64_t lo, hi;
};

template <class Key>
Count128 count_of(const Item<Key, true>& i) {
  return (Count128{i.hi} << 64) | i.lo;
}

// A level's positions: packed words (and counts).
template <bool kCount>
struct Parent;
template <>
struct Parent<false> {
  std::uint64_t packed;
};
template <>
struct Parent<true> {
  std::uint64_t packed;
  Count128 n;
};

// Runs `make`, whose memory was taken from the budget as `bytes`. When the system refuses
// that memory (an allocation fails at an address-space limit though the budget allowed it),
// false: the bytes are given back and, where this was the last try, the budget is refused,
// so that the count stops with its levels so far as it does at the budget's own limit.
template <class Make>
bool system_allows(Budget& budget, std::size_t bytes, bool last_try, Make&& make) {
  try {
    make();
    return true;
  } catch (const std::bad_alloc&) {
    budget.give(bytes);
    if (last_try) budget.refuse();
    return false;
  }
}

// 64-byte aligned storage for trivially copyable items, not initialised.
template <class T>
class Aligned {
 public:
  Aligned() = default;
  explicit Aligned(std::size_t n)
      : p_(static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64}))) {}
  T* get() const { return p_.get(); }

 private:
  struct Free {
    void operator()(T* p) const { ::operator delete (p, std::align_val_t{64}); }
  };
  std::unique_ptr<T, Free> p_;
};

// Copies whole 16-byte blocks with non-temporal stores: a chunk is read again only after
// the round, when it has left the caches anyway, and a streamed line is not first read from
// memory as an ordinary store's line would be.
inline void stream_copy(void* to, const void* from, std::size_t bytes) {
#if defined(__SSE2__)
  auto* d = static_cast<__m128i*>(to);
  const auto* s = static_cast<const __m128i*>(from);
  for (std::size_t i = 0; i < bytes / 16; ++i) _mm_stream_si128(d + i, _mm_load_si128(s + i));
#else
  std::memcpy(to, from, bytes);
#endif
}
// Streamed stores must be fenced before another thread reads them.
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// A bucket's children of one round, written a chunk at a time; the memory is kept. A chunk
// the budget has no room for is dropped (the budget is then exceeded).
template <class T>
class ChunkStore {
 public:
  void push_chunk(const T* chunk, Budget& budget) {
    if (size_ + kChunk > capacity_ && !grow(budget)) return;
    stream_copy(data_.get() + size_, chunk, kChunk * sizeof(T));
    size_ += kChunk;
  }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }

 private:
  bool grow(Budget& budget) {
    const std::size_t capacity = std::max<std::size_t>(64 * kChunk, 2 * capacity_);
    if (!budget.take(capacity * sizeof(T))) return false;
    Aligned<T> more;
    if (!system_allows(budget, capacity * sizeof(T), true, [&] { more = Aligned<T>(capacity); }))
      return false;
    if (size_ != 0) std::memcpy(more.get(), data_.get(), size_ * sizeof(T));
    data_ = std::move(more);
    budget.give(capacity_ * sizeof(T));
    capacity_ = capacity;
    return true;
  }
  Aligned<T> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// One thread's scatter: a chunk being filled per bucket, and the bucket's full chunks.
template <class T, int kBits>
struct Scatter {
  static constexpr std::size_t kBuckets = kBucketsOf<kBits>;
  static_assert(kChunk * sizeof(T) % 64 == 0);
  explicit Scatter(Budget& b) : budget(&b), staged(kBuckets * kChunk), out(kBuckets) {
    fill.fill(0);
  }
  void add(std::size_t bucket, const T& item) {
    T* chunk = staged.get() + bucket * kChunk;
    chunk[fill[bucket]] = item;
    if (++fill[bucket] == kChunk) {
      out[bucket].push_chunk(chunk, *budget);
      fill[bucket] = 0;
    }
  }
  Budget* budget;
  Aligned<T> staged;
  // Not 32-bit: a 32-bit key stored into a chunk could alias it, and the fill would be
  // loaded again after every item.
  std::array<std::uint16_t, kBuckets> fill;
  std::vector<ChunkStore<T>> out;
};

// Which of a group's slots hold `key`, as a bit mask (bit j: slot j).
inline unsigned match(const std::uint32_t* group, std::uint32_t key) {
#if defined(__SSE2__)
  const __m128i eq = _mm_cmpeq_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(group)),
                                     _mm_set1_epi32(static_cast<int>(key)));
  return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(eq)));
#else
  return unsigned{group[0] == key} | unsigned{group[1] == key} << 1 |
         unsigned{group[2] == key} << 2 | unsigned{group[3] == key} << 3;
#endif
}
inline unsigned match(const std::uint64_t* group, std::uint64_t key) {
  return unsigned{group[0] == key} | unsigned{group[1] == key} << 1;
}

// Open-addressing set of non-zero keys (with counts, added up on a repeat); one per bucket,
// used by one thread at a time. Not core/open_table.h's ProbeTable, on purpose: it probes a
// 16-byte group of slots with one vector compare, stores 32-bit keys (the bucket bits
// dropped), keeps its memory from level to level and takes it from the shared budget; this
// set is where the reach count spends its time. Written on ProbeTable it measured slower for
// plain sets and larger for counting ones (docs/bench.md has the figures). Slots
// come in groups of 16 bytes probed together; a key goes to the first free slot of the first group,
// in probe order, that has one. Nothing is ever removed, so a group's keys fill a prefix of it: the
// first slot that holds the key or is free is where the key is or goes, and a search moves on only
// past a full group.
template <class Key, bool kCount>
class KeySet {
 public:
  using T = Item<Key, kCount>;
  static constexpr std::size_t kGroup = 16 / sizeof(Key);

  // Items the budget has no room for are dropped (the budget is then exceeded).
  void insert_all(const T* items, std::size_t n, Budget& budget) {
    // Prefetches the groups some items ahead: a set is in L2, not L1.
    constexpr std::size_t kAhead = 32;
    for (std::size_t j = 0; j < n;) {
      if (size_ >= limit_ && !grow(budget)) return;
      // Local copies: the stores below could alias the members.
      Key* const keys = keys_.get();
      Count128* const counts = counts_.get();
      const int shift = 64 - log_;
      const std::size_t wrap = capacity() - 1;
      std::size_t size = size_;
      for (; j < n && size < limit_; ++j) {
        if (j + kAhead < n) __builtin_prefetch(&keys[home(items[j + kAhead].key, shift)]);
        const Key key = items[j].key;
        for (std::size_t g = home(key, shift);; g = (g + kGroup) & wrap) {
          // A present key is not written again: that made the next 16-byte group load wait
          // for the 4-byte store whenever a key came back soon (English: 3.25 against 2.4 ns
          // an insert).
          if (const unsigned hit = match(keys + g, key)) {
            if constexpr (kCount)
              add_count(counts[g + static_cast<std::size_t>(std::countr_zero(hit))], items[j]);
            break;
          }
          if (const unsigned free = match(keys + g, Key{0})) {
            const std::size_t i = g + static_cast<std::size_t>(std::countr_zero(free));
            keys[i] = key;
            ++size;
            if constexpr (kCount) add_count(counts[i], items[j]);  // a free slot's count is 0
            break;
          }
        }
      }
      size_ = size;
    }
  }
  std::size_t size() const { return size_; }
  // Calls f(key, count) on every member and empties the set. The memory is kept for the
  // next level unless it is much larger than this level needed.
  template <class F>
  void drain(F&& f, Budget& budget) {
    Key* const keys = keys_.get();
    // A group at a time: one compare finds its members, with no branch on each slot (usually
    // half of them are free, at least an eighth, in no order a predictor could learn).
    for (std::size_t g = 0; g < capacity(); g += kGroup) {
      for (unsigned used = ~match(keys + g, Key{0}) & ((1U << kGroup) - 1); used != 0;
           used &= used - 1) {
        const std::size_t i = g + static_cast<std::size_t>(std::countr_zero(used));
        if constexpr (kCount) {
          f(keys[i], counts_.get()[i]);
          counts_.get()[i] = 0;
        } else {
          f(keys[i], Count128{0});
        }
      }
      std::fill(keys + g, keys + g + kGroup, Key{0});
    }
    if (log_ > 12 && size_ * 32 < capacity()) {
      budget.give(capacity() * kSlotBytes);
      keys_ = Aligned<Key>();
      counts_ = Aligned<Count128>();
      log_ = 0;
    }
    // Half full again before the next growth, which the budget may allow by then.
    limit_ = capacity() / 2;
    size_ = 0;
  }
  bool overflow = false;

 private:
  std::size_t capacity() const { return log_ == 0 ? 0 : std::size_t{1} << log_; }
  // The first slot of the key's home group.
  static std::size_t home(Key key, int shift) {
    return static_cast<std::size_t>((std::uint64_t{key} * kGoldenGamma) >> shift) & ~(kGroup - 1);
  }
  void add_count(Count128& c, const T& item) {
    const Count128 add = count_of(item);
    c += add;
    if (c < add) overflow = true;
  }
  static constexpr std::size_t kSlotBytes = sizeof(Key) + (kCount ? sizeof(Count128) : 0);
  // Doubles the slots and puts the members back. Once half the budget is in use, or when it
  // has no room for the new slots and the members on the way, the set first fills up to 7/8
  // of its slots (longer probes, the same members): a set is kept from level to level, so
  // one doubled too early holds memory that the largest levels need. False when the set is
  // that full and the budget refuses.
  bool grow(Budget& budget) {
    const std::size_t old_capacity = capacity();
    const std::size_t new_capacity = log_ == 0 ? std::size_t{1} << 10 : 2 * old_capacity;
    const std::size_t moving = limit_ * sizeof(T);
    const std::size_t bytes = new_capacity * kSlotBytes + moving;
    if (!budget.within_half(bytes) || !budget.try_take(bytes)) {
      if (limit_ != 0 && limit_ < old_capacity - old_capacity / 8) {
        limit_ = old_capacity - old_capacity / 8;
        return true;
      }
      if (!budget.take(bytes)) return false;
    }
    // Everything is had before anything changes: a set the system refuses the memory to
    // stays as it was.
    Aligned<Key> new_keys;
    Aligned<Count128> new_counts;
    std::vector<T> members;
    if (!system_allows(budget, bytes, true, [&] {
          new_keys = Aligned<Key>(new_capacity);
          if constexpr (kCount) new_counts = Aligned<Count128>(new_capacity);
          members.reserve(size_);  // the `moving` bytes taken above
        }))
      return false;
    Aligned<Key> old_keys = std::exchange(keys_, std::move(new_keys));
    Aligned<Count128> old_counts = std::exchange(counts_, std::move(new_counts));
    log_ = log_ == 0 ? 10 : log_ + 1;
    std::fill(keys_.get(), keys_.get() + capacity(), Key{0});
    if constexpr (kCount) std::fill(counts_.get(), counts_.get() + capacity(), Count128{0});
    limit_ = capacity() / 2;
    size_ = 0;
    for (std::size_t i = 0; i < old_capacity; ++i)
      if (old_keys.get()[i] != 0) {
        T item{};
        item.key = old_keys.get()[i];
        if constexpr (kCount) {
          item.lo = static_cast<std::uint64_t>(old_counts.get()[i]);
          item.hi = static_cast<std::uint64_t>(old_counts.get()[i] >> 64);
        }
        members.push_back(item);
      }
    budget.give(old_capacity * kSlotBytes);
    old_keys = Aligned<Key>();
    old_counts = Aligned<Count128>();
    insert_all(members.data(), members.size(), budget);  // fits: half the new slots at most
    budget.give(moving);
    return true;
  }
  Aligned<Key> keys_;
  Aligned<Count128> counts_;  // with kCount, beside keys_
  std::size_t size_ = 0, limit_ = 0;
  int log_ = 0;
};

// A level's positions. The memory is kept from level to level and not cleared (every
// entry is written before it is read).
template <class P>
class Level {
 public:
  // False, and the level empty, when the budget (or the system) has no room for n positions.
  bool reset(std::size_t n, Budget& budget) {
    if (n > capacity_) {
      // Room to grow, where the budget allows: fewer fresh pages to fault in. Doubling, but
      // at most a quarter more than n: the room is held against the budget that the next
      // level's sets need too (the 41-hole diamond's largest levels fit only so).
      std::size_t capacity = std::max(n, std::min(2 * capacity_, n + n / 4));
      data_.reset();
      budget.give(capacity_ * sizeof(P));
      capacity_ = 0;
      if (!budget.take(capacity * sizeof(P))) {
        capacity = n;
        if (!budget.take(capacity * sizeof(P))) {
          size_ = 0;
          return false;
        }
      }
      // Where the system refuses the room, a second try at exactly n.
      const auto make = [&] { data_ = std::make_unique_for_overwrite<P[]>(capacity); };
      bool made = system_allows(budget, capacity * sizeof(P), capacity == n, make);
      if (!made && capacity > n) {
        capacity = n;
        made = budget.take(capacity * sizeof(P)) &&
               system_allows(budget, capacity * sizeof(P), true, make);
      }
      if (!made) {
        size_ = 0;
        return false;
      }
      capacity_ = capacity;
    }
    size_ = n;
    return true;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  P& operator[](std::size_t i) { return data_[i]; }
  const P& operator[](std::size_t i) const { return data_[i]; }
  const P* begin() const { return data_.get(); }
  const P* end() const { return data_.get() + size_; }

 private:
  std::unique_ptr<P[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

}  // namespace leapfrog::fast_reach
