// The fast path split over ranks (core/exchange.h): the children a rank finds for other
// ranks, their exchange once a round, and the sums of counts. Internal to solver/reach.cpp.
#pragma once

#include <tbb/enumerable_thread_specific.h>

#include <cstdint>
#include <vector>

#include "core/exchange.h"
#include "solver/memory_budget.h"

namespace leapfrog::fast_reach {

__extension__ typedef unsigned __int128 SplitCount;

// Words a child takes on its way to its owner: its least image, and with counting the
// number of sequences that reach it, low word first.
template <bool kCount>
constexpr std::size_t kWords = kCount ? 3 : 1;

// One thread's children for the other ranks, one list a rank.
class Outbox {
 public:
  explicit Outbox(std::size_t ranks) : to_(ranks) {}
  template <class Parent>
  void add(int owner, std::uint64_t least, const Parent& parent) {
    std::vector<std::uint64_t>& w = to_[static_cast<std::size_t>(owner)];
    w.push_back(least);
    if constexpr (requires { parent.n; }) {
      w.push_back(static_cast<std::uint64_t>(parent.n));
      w.push_back(static_cast<std::uint64_t>(parent.n >> 64));
    }
  }
  std::vector<std::vector<std::uint64_t>>& lists() { return to_; }

 private:
  std::vector<std::vector<std::uint64_t>> to_;
};

// The children the other ranks found for this one, and the bytes of them held against the
// budget (to be given back when they are scattered).
struct Received {
  std::vector<std::uint64_t> words;
  std::size_t held = 0;
};

// Collective: gathers every thread's outbox (and empties them), sends each rank its
// children and returns the children the other ranks found for this one. The words sent and
// received are held against the budget while they live; a refusal marks it exceeded (the
// words still travel, so that every rank makes the same calls; the search then stops).
inline Received swap_children(LevelExchange& exchange,
                              tbb::enumerable_thread_specific<Outbox>& boxes,
                              MemoryBudget& budget) {
  std::vector<std::vector<std::uint64_t>> out(static_cast<std::size_t>(exchange.ranks()));
  std::size_t words = 0;
  for (Outbox& box : boxes)
    for (std::size_t r = 0; r < out.size(); ++r) {
      std::vector<std::uint64_t>& from = box.lists()[r];
      out[r].insert(out[r].end(), from.begin(), from.end());
      words += from.size();
      from.clear();
    }
  const std::size_t sent = words * sizeof(std::uint64_t);
  const bool held = budget.take(sent);
  Received in{exchange.exchange(out), 0};
  out.clear();
  if (held) budget.give(sent);
  const std::size_t received = in.words.size() * sizeof(std::uint64_t);
  if (budget.take(received)) in.held = received;
  return in;
}

// Collective: the sum of every rank's count; `overflow` set when it passes 2^128.
inline SplitCount sum_count(LevelExchange& exchange, SplitCount n, bool& overflow) {
  const std::uint64_t words[2] = {static_cast<std::uint64_t>(n),
                                  static_cast<std::uint64_t>(n >> 64)};
  const std::vector<std::uint64_t> all = exchange.all_gather(words);
  SplitCount sum = 0;
  for (std::size_t i = 0; i + 1 < all.size(); i += 2) {
    const SplitCount add = (SplitCount{all[i + 1]} << 64) | all[i];
    sum += add;
    if (sum < add) overflow = true;
  }
  return sum;
}

}  // namespace leapfrog::fast_reach
