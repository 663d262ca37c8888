// The one open-addressing piece of the searches' hash tables, in two shapes:
//
// - BucketTable: a fixed power-of-two array of buckets in memory sized by table_memory.h (a
//   bounded table: a new key evicts an entry of its home bucket). The pick of a bucket's
//   entry (find_way, victim_way) and the bucket's spin lock (BucketLock) are shared; what an
//   entry holds and which entry has the least worth stays with the table that owns it.
// - ProbeTable: slots probed linearly from the key's home, never removed, at most half full,
//   grown on the owner's word (the owner's budget decides whether the memory may be had:
//   growth_fits or a MemoryLease). For the sets and memos that must keep every key.
//
// Everything is inline and resolved at compile time (policies are function objects); no
// table does I/O or has global state.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "core/table_memory.h"

namespace leapfrog {

template <class Bucket>
class BucketTable {
 public:
  // The most buckets, a power of two and at least `least`, that fit in `bytes`; zeroed (a
  // zero bucket is an empty one). TableAllocError when the memory cannot be had; with
  // `may_shrink`, fewer buckets first (TableMemory).
  explicit BucketTable(std::size_t bytes, std::size_t least = 1, bool may_shrink = false)
      : memory_(bytes, least, may_shrink) {}

  // The bucket a key of hash `hash` lives in: the hash's low bits.
  Bucket& home(std::uint64_t hash) const {
    return memory_[static_cast<std::size_t>(hash) & memory_.mask()];
  }
  std::size_t buckets() const { return memory_.mask() + 1; }
  Bucket& operator[](std::size_t i) const { return memory_[i]; }
  std::size_t bytes() const { return memory_.bytes(); }

 private:
  TableMemory<Bucket> memory_;
};

// A BucketTable that grows with the search using it: with `grow`, keys go to its first
// `first` buckets only, then to twice as many each time as many new keys as their entries
// (`ways` a bucket) have been counted (count_new_keys), up to all of them; else all from the
// start. The first touch of each page of a large table costs more than re-searching what a
// smaller table forgets, so a search uses the memory its size needs. Growing moves no entry:
// a key whose home moves to the new half is not found again (a lost entry only costs time).
// Any number of threads may use it at once; the owner counts the new keys of each thread a
// batch at a time, so that they do not all write one shared count for every key.
template <class Bucket>
class GrowingBucketTable {
 public:
  // A table that grows may shrink too where the system refuses its memory (TableMemory):
  // what it holds depends on its use already. One whole from the start may not.
  GrowingBucketTable(std::size_t bytes, bool grow, std::size_t first, std::size_t ways)
      : table_(bytes, 1, grow), ways_(ways) {
    restart(grow ? first : table_.buckets());
  }

  // The first `buckets` buckets in use (rounded down to a power of two, at least one; all when
  // the table has fewer), growing from there as new keys are counted. A key stored before may
  // no longer be found: for an owner that has forgotten every entry, or whose entries only
  // save time.
  void restart(std::size_t buckets) {
    const std::size_t used = std::bit_floor(std::max<std::size_t>(1, buckets));
    active_.store(std::min(table_.buckets(), used) - 1, std::memory_order_relaxed);
    fresh_.store(0, std::memory_order_relaxed);
  }

  // The mask of the buckets in use now; a key's bucket under it.
  std::size_t mask() const { return active_.load(std::memory_order_relaxed); }
  Bucket& at(std::uint64_t hash, std::size_t mask) const {
    return table_[static_cast<std::size_t>(hash) & mask];
  }
  Bucket& home(std::uint64_t hash) const { return at(hash, mask()); }
  // Whether a new key stored under `mask` is to be counted (the table has not all its
  // buckets in use yet).
  bool growing(std::size_t mask) const { return mask != table_.buckets() - 1; }
  // Counts `n` new keys; doubles the buckets in use once there have been as many since the
  // last growth as their entries. Counts lost to a race only delay it.
  void count_new_keys(std::uint64_t n) {
    std::size_t active = mask();
    if (n == 0 || !growing(active)) return;
    if (fresh_.fetch_add(n, std::memory_order_relaxed) + n < ways_ * (active + 1)) return;
    if (active_.compare_exchange_strong(active, 2 * active + 1, std::memory_order_relaxed))
      fresh_.store(0, std::memory_order_relaxed);
  }
  std::size_t buckets_used() const { return mask() + 1; }
  std::size_t bytes() const { return table_.bytes(); }
  // Every bucket, in use or not.
  std::size_t buckets() const { return table_.buckets(); }
  Bucket& operator[](std::size_t i) const { return table_[i]; }

 private:
  BucketTable<Bucket> table_;
  std::size_t ways_;
  // On lines of their own: every probe and store reads the mask, and a count written on
  // its line would take the line from the other threads each time.
  alignas(64) std::atomic<std::size_t> active_{0};
  alignas(64) std::atomic<std::uint64_t> fresh_{0};  // new keys since the last growth
};

// The first entry of `ways` that `holds` the key, or nullptr.
template <class Ways, class Holds>
[[gnu::always_inline]] inline auto find_way(Ways& ways, Holds&& holds)
    -> decltype(&*std::begin(ways)) {
  for (auto& e : ways)
    if (holds(e)) return &e;
  return nullptr;
}

// The entry a new key takes: the first of the least `worth` (a free entry should be worth
// least, so that it is taken first).
template <class Ways, class Worth>
[[gnu::always_inline]] inline auto& victim_way(Ways& ways, Worth&& worth) {
  auto* victim = &*std::begin(ways);
  auto least = worth(*victim);
  for (auto& e : ways) {
    const auto w = worth(e);
    if (w < least) {
      least = w;
      victim = &e;
    }
  }
  return *victim;
}

// A bucket's spin lock on a word of the bucket (zero: free), held while its entries are read
// or written, so that any number of threads may share a table and never see an entry
// half-written.
template <class Word>
class BucketLock {
 public:
  explicit BucketLock(Word& word) : flag_(word) {
    while (flag_.exchange(1, std::memory_order_acquire))
      while (flag_.load(std::memory_order_relaxed)) {
      }
  }
  ~BucketLock() { flag_.store(0, std::memory_order_release); }
  BucketLock(const BucketLock&) = delete;
  BucketLock& operator=(const BucketLock&) = delete;

 private:
  std::atomic_ref<Word> flag_;
};

// A slot is free when it equals a value-initialised one (a zero key, a zero hash).
struct ZeroIsFree {
  template <class Slot>
  bool operator()(const Slot& s) const {
    return s == Slot{};
  }
};

template <class Slot, class Free = ZeroIsFree>
class ProbeTable {
 public:
  static constexpr std::ptrdiff_t kAbsent = -1;

  explicit ProbeTable(std::size_t capacity = 0) { reset(capacity); }

  // The slot whose key `holds` says is the one, or kAbsent.
  template <class Holds>
  std::ptrdiff_t find(std::uint64_t hash, Holds&& holds) const {
    if (slots_.empty()) return kAbsent;
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      if (Free{}(slots_[i])) return kAbsent;
      if (holds(slots_[i])) return static_cast<std::ptrdiff_t>(i);
    }
  }
  // The first free slot from the key's home, counted as used: a key known to be absent goes
  // there (the caller writes it). The table must have a free slot.
  std::size_t add(std::uint64_t hash) {
    std::size_t i = hash & mask_;
    while (!Free{}(slots_[i])) i = (i + 1) & mask_;
    ++used_;
    return i;
  }
  // The key's slot and false when it is there, else the slot it goes to (counted as used, for
  // the caller to write) and true: one probe for both.
  template <class Holds>
  std::pair<std::size_t, bool> find_or_add(std::uint64_t hash, Holds&& holds) {
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      if (Free{}(slots_[i])) {
        ++used_;
        return {i, true};
      }
      if (holds(slots_[i])) return {i, false};
    }
  }
  // Whether one more key would make the table more than half full.
  bool needs_room() const { return 2 * (used_ + 1) > slots_.size(); }
  // Empties the table into `capacity` (a power of two) free slots and returns the old slots,
  // for the owner to add back (it knows their hashes).
  std::vector<Slot> reset(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    mask_ = capacity == 0 ? 0 : capacity - 1;
    used_ = 0;
    return old;
  }
  static bool free(const Slot& s) { return Free{}(s); }

  Slot& operator[](std::size_t i) { return slots_[i]; }
  const Slot& operator[](std::size_t i) const { return slots_[i]; }
  std::size_t index_of(const Slot& s) const { return static_cast<std::size_t>(&s - slots_.data()); }
  std::size_t capacity() const { return slots_.size(); }
  std::size_t used() const { return used_; }

 private:
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
};

}  // namespace leapfrog
