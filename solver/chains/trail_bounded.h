// The bounded search of the trail search (solver/chains/trails.h): the search of chains.cpp (memo
// on the jumper's vertex and the edges it can still reach, `need`-pruning that never drops
// a tie, so counts are exact) on the compact state of trail_graph.h, pruned by the bounds of
// trail_bounds.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "puzzles/position.h"
#include "solver/chains/trail_bounds.h"
#include "solver/chains/trail_graph.h"
#include "solver/chains/trail_table.h"
#include "solver/memory_budget.h"

namespace leapfrog::trails_detail {

// Instantiated (trail_bounded.cpp) for std::uint64_t and BigCount.
template <class Count>
class BoundedSearch {
 public:
  static constexpr std::uint64_t kNoCap = std::numeric_limits<std::uint64_t>::max();

  BoundedSearch(TrailGraph& graph, TrailBounds& bounds, TrailProgress& progress,
                MemoryBudget* memory);

  // The bounded search from the root (the jumper on v, every edge, of weight w) for chains
  // worth at least `need`, lowered while the search fails low, at most `cap` states
  // expanded: true when it finished (value and count set). The root's T-join bound must be
  // in force (bounds.tjoin at depth 0).
  bool run(int v, Score w, Score need, std::uint64_t cap);
  // Forgets every state: a capped search leaves unfinished entries.
  void clear();
  // Appends the maximal chains (value > 0) in for_each_turn order, as squares.
  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated);

  Score value = 0;
  Count count{};
  bool overflowed = false;  // a count overflowed Count

 private:
  struct Sub {
    Score best;
    Count count;
    bool exact;
  };

  Sub solve(int depth, int v, const Mask& s, Score w, Score need, int via, bool cut);
  void walk(int v, const Mask& s, Score remaining, std::vector<Square>& path,
            std::vector<Turn>& out, std::size_t limit, bool& truncated);

  TrailGraph& graph_;
  const PlainGraph& g_;
  TrailBounds& bounds_;
  TrailProgress& progress_;
  MemoryBudget* memory_;
  TrailTable<Count> table_;
  std::uint64_t cap_ = kNoCap;  // the search stops (capped_) at this node count
  bool capped_ = false;
};

}  // namespace leapfrog::trails_detail
