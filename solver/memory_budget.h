// A memory limit shared by the threads of one search (SearchControl::memory_mb): the
// tables of reach's levels and the memo tables of the chain search take their bytes from it.
// A growth that would pass the limit is refused and marks the budget exceeded; the search
// then stops, incomplete, and says so. Without it a board of 49 or 64 squares (reach) or a
// dense 15x15 lattice (best) fills all memory.
#pragma once

#include <atomic>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "core/bigcount.h"

namespace leapfrog {

class MemoryBudget {
 public:
  // 0 megabytes: no limit. `stop`, when given, is set as soon as a growth is refused, so
  // that a search polling it winds down at once.
  explicit MemoryBudget(std::size_t megabytes, std::atomic<bool>* stop = nullptr)
      : limit_(megabytes == 0 ? std::numeric_limits<std::size_t>::max() : megabytes << 20),
        stop_(stop) {}
  MemoryBudget(const MemoryBudget&) = delete;
  MemoryBudget& operator=(const MemoryBudget&) = delete;

  bool take(std::size_t bytes) {
    if (try_take(bytes)) return true;
    refuse();
    return false;
  }
  // Marks the budget exceeded, as a refused take does: for a growth the budget allowed but
  // the system did not (the allocation failed, as it does at an address-space limit).
  void refuse() {
    exceeded_.store(true, std::memory_order_relaxed);
    if (stop_ != nullptr) stop_->store(true, std::memory_order_relaxed);
  }
  // As take, but a refusal leaves the budget as it was (not exceeded): for a table that can
  // make do without the growth.
  bool try_take(std::size_t bytes) {
    std::size_t used = used_.load(std::memory_order_relaxed);
    do {
      if (bytes > limit_ - used) return false;
    } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    return true;
  }
  // Past the limit (a table that must grow to stay usable while its search stops).
  void take_anyway(std::size_t bytes) { used_.fetch_add(bytes, std::memory_order_relaxed); }
  void give(std::size_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }
  bool exceeded() const { return exceeded_.load(std::memory_order_relaxed); }
  // The bytes still free (the largest size_t without a limit).
  std::size_t left() const {
    const std::size_t used = used_.load(std::memory_order_relaxed);
    return used < limit_ ? limit_ - used : 0;
  }
  // Whether `bytes` more would keep what is held within half the limit.
  bool within_half(std::size_t bytes) const {
    const std::size_t used = used_.load(std::memory_order_relaxed);
    return bytes <= limit_ / 2 && used <= limit_ / 2 - bytes;
  }

 private:
  std::size_t limit_;
  std::atomic<std::size_t> used_{0};
  std::atomic<bool> exceeded_{false};
  std::atomic<bool>* stop_;
};

// The bytes a memo table's count takes beside its slot: a BigCount's limbs are a block of
// their own on the heap (32 bytes with malloc's overhead, enough for 128-bit counts).
template <class Count>
inline constexpr std::size_t kCountHeapBytes = std::is_same_v<Count, BigCount> ? 32 : 0;

// The bytes one table holds against a budget (none: no limit), given back when it goes.
class MemoryLease {
 public:
  MemoryLease() = default;
  explicit MemoryLease(MemoryBudget* budget) : budget_(budget) {}
  MemoryLease(MemoryLease&& o) noexcept : budget_(o.budget_), bytes_(std::exchange(o.bytes_, 0)) {}
  MemoryLease& operator=(MemoryLease&& o) noexcept {
    if (this != &o) {
      release();
      budget_ = o.budget_;
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  MemoryLease(const MemoryLease&) = delete;
  MemoryLease& operator=(const MemoryLease&) = delete;
  ~MemoryLease() { release(); }

  // Holds `bytes` from now on; false, holding what it held, when the budget refuses.
  bool resize(std::size_t bytes) {
    if (budget_ != nullptr) {
      if (bytes > bytes_ && !budget_->take(bytes - bytes_)) return false;
      if (bytes < bytes_) budget_->give(bytes_ - bytes);
    }
    bytes_ = bytes;
    return true;
  }
  // Whether an open-addressing table holding `used` of `slots` entries grows to `bytes`
  // now. The old arrays live on while the entries move to the new ones, so the lease then
  // holds both, until the table calls grown(bytes). When the budget refuses, the search is
  // stopping (the budget set its stop flag): the table fills on until nearly full, then
  // grows anyway, so the stores on the way out still fit.
  bool grow_table(std::size_t bytes, std::size_t used, std::size_t slots) {
    const std::size_t both = bytes_ + bytes;
    if (resize(both)) return true;
    if ((used + 1) * 8 <= slots * 7) return false;
    force(both);
    return true;
  }
  // After grow_table: the old arrays are gone, the table holds `bytes`.
  void grown(std::size_t bytes) { force(bytes); }
  // Holds `bytes` whatever the budget says.
  void force(std::size_t bytes) {
    if (budget_ != nullptr) {
      if (bytes > bytes_) budget_->take_anyway(bytes - bytes_);
      if (bytes < bytes_) budget_->give(bytes_ - bytes);
    }
    bytes_ = bytes;
  }

 private:
  void release() {
    if (budget_ != nullptr && bytes_ != 0) budget_->give(bytes_);
    bytes_ = 0;
  }
  MemoryBudget* budget_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace leapfrog
