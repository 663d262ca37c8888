// The memo of the trail search's counting parts (the Euler trails, the bounded search):
// (jumper's vertex, edges it can reach) -> best further gain, count, exact.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "solver/chains/trail_graph.h"
#include "solver/memory_budget.h"

namespace leapfrog::trails_detail {

// Memo: open addressing, linear probing, never evicts (collect needs every state).
template <class Count>
class TrailTable {
 public:
  explicit TrailTable(MemoryBudget* memory) : lease_(memory) {
    allocate(1024);
    lease_.force(1024 * kSlotBytes);
  }
  std::ptrdiff_t find(std::uint64_t h, const Mask& s, int v) const {
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& x = slots_[i];
      if (x.hash == 0) return -1;
      if (x.hash == h && x.vertex == v && equal(x.key, s)) return static_cast<std::ptrdiff_t>(i);
    }
  }
  void store(std::uint64_t h, const Mask& s, int v, Score best, const Count& count, bool exact) {
    std::ptrdiff_t i = find(h, s, v);
    if (i < 0) {
      if ((used_ + 1) * 2 > slots_.size()) grow();
      i = place(h, s, v);
    }
    Slot& x = slots_[static_cast<std::size_t>(i)];
    x.best = best;
    x.count = count;
    x.exact = exact;
  }
  // store() for a key known to be absent.
  void insert(std::uint64_t h, const Mask& s, int v, Score best, const Count& count, bool exact) {
    if ((used_ + 1) * 2 > slots_.size()) grow();
    Slot& x = slots_[static_cast<std::size_t>(place(h, s, v))];
    x.best = best;
    x.count = count;
    x.exact = exact;
  }
  bool exact(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].exact; }
  Score best(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].best; }
  const Count& count(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].count; }

 private:
  struct Slot {
    std::uint64_t hash = 0;  // 0: empty
    Mask key{};
    Count count{};
    Score best = 0;
    std::uint8_t vertex = 0;
    bool exact = false;
  };
  static constexpr std::size_t kSlotBytes = sizeof(Slot) + kCountHeapBytes<Count>;
  void allocate(std::size_t capacity) {
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    used_ = 0;
  }
  std::ptrdiff_t place(std::uint64_t h, const Mask& s, int v) {
    std::size_t i = h & mask_;
    while (slots_[i].hash != 0) i = (i + 1) & mask_;
    slots_[i].hash = h;
    slots_[i].key = s;
    slots_[i].vertex = static_cast<std::uint8_t>(v);
    ++used_;
    return static_cast<std::ptrdiff_t>(i);
  }
  void grow() {
    // Four times while small: fewer rehashes.
    const std::size_t size = slots_.size() * (slots_.size() < (std::size_t{1} << 16) ? 4 : 2);
    if (!lease_.grow_table(size * kSlotBytes, used_, slots_.size())) return;
    {
      std::vector<Slot> old = std::move(slots_);
      allocate(size);
      for (Slot& x : old) {
        if (x.hash == 0) continue;
        const auto i = static_cast<std::size_t>(place(x.hash, x.key, x.vertex));
        slots_[i].count = std::move(x.count);
        slots_[i].best = x.best;
        slots_[i].exact = x.exact;
      }
    }
    lease_.grown(size * kSlotBytes);
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
  MemoryLease lease_;
};

}  // namespace leapfrog::trails_detail
