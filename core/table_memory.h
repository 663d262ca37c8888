// The memory of a search's hash table: the most entries, a power of two, that fit in a
// budget of bytes, zeroed. calloc leaves the zeroing to the operating system, which hands out
// zero pages as they are first touched, so a large table costs only what the search uses.
// When the memory cannot be had, the error says how much did not fit; a table that may shrink
// (below) takes less instead.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

namespace leapfrog {

// What a table throws when its memory cannot be had: a std::bad_alloc whose message names
// the megabytes that did not fit.
class TableAllocError : public std::bad_alloc {
 public:
  explicit TableAllocError(std::size_t bytes)
      : what_("cannot allocate " + std::to_string((bytes + (std::size_t{1} << 20) - 1) >> 20) +
              " MB for the search's table") {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

// The one sizing rule of the search tables: the most entries, a power of two and at least
// `least` (a power of two), whose `entry_bytes` each fit in `bytes`.
constexpr std::size_t table_entries(std::size_t bytes, std::size_t entry_bytes,
                                    std::size_t least = 1) {
  std::size_t n = least;
  while (n * 2 * entry_bytes <= bytes) n *= 2;
  return n;
}

// The MB of the table of a search of at most `node_limit` positions (0: no limit) that needs
// about `bytes_per_node` of table a position: that in whole MB, at least 1, at most hash_mb
// (all of it without a limit). A search's positions land all over its table, so a table much
// larger than its search needs costs a page fault for nearly every position.
constexpr std::size_t node_budget_mb(std::size_t hash_mb, std::uint64_t node_limit,
                                     std::size_t bytes_per_node) {
  if (node_limit == 0) return hash_mb;
  const std::uint64_t bytes =
      node_limit > (std::uint64_t{1} << 40) ? std::uint64_t{1} << 50 : node_limit * bytes_per_node;
  const std::uint64_t mb = std::max<std::uint64_t>(1, (bytes + (1 << 20) - 1) >> 20);
  return static_cast<std::size_t>(std::min<std::uint64_t>(hash_mb, mb));
}

// For the tables that grow by rehashing: whether the table grown from `entries` to `grown`
// entries fits in `bytes` together with the old one, which lives until every entry is moved.
constexpr bool growth_fits(std::size_t entries, std::size_t grown, std::size_t entry_bytes,
                           std::size_t bytes) {
  return (grown + entries) * entry_bytes <= bytes;
}

template <class Entry>
class TableMemory {
 public:
  // The most entries, a power of two and at least `least` (a power of two), whose bytes fit
  // in `bytes`. With `may_shrink`, where the system refuses that many (an address-space
  // limit below the budget, while threads and other tables hold some of it), half as many
  // as it will give, down to `least`: for a cache whose contents depend on its use anyway (a
  // table that grows with its search), never for one whose size decides what its search
  // finds (a search under a node limit, reproducible only with the same table). Half, not
  // all it will give: what comes after the table needs room too.
  explicit TableMemory(std::size_t bytes, std::size_t least = 1, bool may_shrink = false) {
    const std::size_t wanted = table_entries(bytes, sizeof(Entry), least);
    const std::size_t fewest = may_shrink ? least : wanted;
    std::size_t n = wanted;
    bool had = allocate_down(n, fewest);
    if (had && n < wanted && n / 2 >= fewest) {
      entries_.reset();
      n /= 2;
      had = allocate_down(n, fewest);
    }
    if (!had) throw TableAllocError(wanted * sizeof(Entry));
    mask_ = n - 1;
  }

  Entry& operator[](std::size_t i) const { return entries_[i]; }
  // The number of entries less one: an index mask.
  std::size_t mask() const { return mask_; }
  std::size_t bytes() const { return (mask_ + 1) * sizeof(Entry); }

 private:
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  // Allocates n entries, or where refused half as many, down to `fewest`; n is then the
  // number had. False when even `fewest` was refused.
  bool allocate_down(std::size_t& n, std::size_t fewest) {
    while (true) {
      entries_.reset(static_cast<Entry*>(std::calloc(n, sizeof(Entry))));
      if (entries_ || n <= fewest) return entries_ != nullptr;
      n /= 2;
    }
  }
  std::unique_ptr<Entry[], Free> entries_;
  std::size_t mask_ = 0;
};

}  // namespace leapfrog
