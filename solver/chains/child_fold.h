// What the need-pruned counting searches (the general search of chains.cpp, the bounded
// trail search of trails.h) share: exact counts that may overflow 64 bits, how a state folds
// its children's results, and how a listed chain is appended.
//
// A sub-search asked for continuations worth at least `need` answers exactly (its best and
// the number of continuations reaching it) when its best reaches `need`, else with an upper
// bound below `need`. Ties are never pruned, so the counts stay exact.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/bigcount.h"
#include "puzzles/position.h"

namespace leapfrog {

// a += b; true when a 64-bit count overflowed (the caller then counts again in BigCount).
inline bool add_count(std::uint64_t& a, std::uint64_t b) {
  return __builtin_add_overflow(a, b, &a);
}
inline bool add_count(BigCount& a, const BigCount& b) {
  a += b;
  return false;
}

// A state's result while its children are tried, starting from the empty continuation
// (worth 0, counted once).
template <class Count>
class ChildFold {
 public:
  // The `need` to ask of a child worth `gain`: at least what a sibling already reached, so
  // that a child can only tie or beat it.
  Score child_need(Score need, Score gain) const { return std::max(need, any_ ? best_ : 0) - gain; }

  // A child worth `gain` answered (best, count) exactly, or an upper bound `best`.
  void add(Score gain, Score best, Count&& count, bool exact) {
    if (!exact) {
      over_bound_ = std::max(over_bound_, gain + best);
      return;
    }
    const Score total = gain + best;
    if (!any_ || total > best_) {
      best_ = total;
      count_ = std::move(count);
      any_ = true;
    } else if (total == best_) {
      overflowed |= add_count(count_, count);
    }
  }

  // True when best() and count() are the state's exact answer for `need`: some child
  // reached `need`, or no child failed low (then nothing beats what was found).
  bool exact(Score need) const {
    return (any_ || over_bound_ == 0) && (best_ >= need || over_bound_ == 0);
  }
  Score best() const { return best_; }
  Count& count() { return count_; }
  // Otherwise: an upper bound on the state's best, below `need`.
  Score upper() const { return std::max(any_ ? best_ : 0, over_bound_); }

  bool overflowed = false;

 private:
  Score best_ = 0;
  Count count_{1};
  bool any_ = false;
  Score over_bound_ = 0;  // best upper bound among children that failed low
};

// Appends the chain `path`, or marks the list truncated when it already holds `limit`.
inline void append_chain(const std::vector<Square>& path, std::vector<Turn>& out, std::size_t limit,
                         bool& truncated) {
  if (out.size() >= limit) {
    truncated = true;
    return;
  }
  out.push_back(Turn{false, path});
}

}  // namespace leapfrog
