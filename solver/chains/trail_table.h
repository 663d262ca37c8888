// The memo of the trail search's counting parts (the Euler trails, the bounded search):
// (jumper's vertex, edges it can reach) -> best further gain, count, exact.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/open_table.h"
#include "solver/chains/trail_graph.h"
#include "solver/memory_budget.h"

namespace leapfrog::trails_detail {

// Memo: a linear-probing table (core/open_table.h) that never evicts (collect needs every
// state).
template <class Count>
class TrailTable {
 public:
  explicit TrailTable(MemoryBudget* memory) : slots_(1024), lease_(memory) {
    lease_.force(1024 * kSlotBytes);
  }
  std::ptrdiff_t find(std::uint64_t h, const Mask& s, int v) const {
    return slots_.find(
        h, [&](const Slot& x) { return x.hash == h && x.vertex == v && equal(x.key, s); });
  }
  void store(std::uint64_t h, const Mask& s, int v, Score best, const Count& count, bool exact) {
    std::ptrdiff_t i = find(h, s, v);
    if (i < 0) {
      if (slots_.needs_room()) grow();
      i = static_cast<std::ptrdiff_t>(place(h, s, v));
    }
    Slot& x = slots_[static_cast<std::size_t>(i)];
    x.best = best;
    x.count = count;
    x.exact = exact;
  }
  // store() for a key known to be absent.
  void insert(std::uint64_t h, const Mask& s, int v, Score best, const Count& count, bool exact) {
    if (slots_.needs_room()) grow();
    Slot& x = slots_[place(h, s, v)];
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
  struct Free {
    bool operator()(const Slot& x) const { return x.hash == 0; }
  };
  static constexpr std::size_t kSlotBytes = sizeof(Slot) + kCountHeapBytes<Count>;
  std::size_t place(std::uint64_t h, const Mask& s, int v) {
    const std::size_t i = slots_.add(h);
    slots_[i].hash = h;
    slots_[i].key = s;
    slots_[i].vertex = static_cast<std::uint8_t>(v);
    return i;
  }
  void grow() {
    // Four times while small: fewer rehashes.
    const std::size_t capacity = slots_.capacity();
    const std::size_t size = capacity * (capacity < (std::size_t{1} << 16) ? 4 : 2);
    if (!lease_.grow_table(size * kSlotBytes, slots_.used(), capacity)) return;
    for (Slot& x : slots_.reset(size))
      if (x.hash != 0) slots_[slots_.add(x.hash)] = std::move(x);
    lease_.grown(size * kSlotBytes);
  }
  ProbeTable<Slot, Free> slots_;
  MemoryLease lease_;
};

}  // namespace leapfrog::trails_detail
