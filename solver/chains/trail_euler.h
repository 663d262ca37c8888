// The Euler trails of the trail search (solver/chains/trails.h): the chains that use exactly an
// optimal edge set, counted with a memo and listed.
#pragma once

#include <cstddef>
#include <vector>

#include "puzzles/position.h"
#include "solver/chains/trail_graph.h"
#include "solver/chains/trail_table.h"
#include "solver/memory_budget.h"

namespace leapfrog::trails_detail {

// Instantiated (trail_euler.cpp) for std::uint64_t and BigCount.
template <class Count>
class EulerTrails {
 public:
  EulerTrails(TrailGraph& graph, TrailProgress& progress, MemoryBudget* memory);

  // The number of Euler trails of r (connected, odd(r) = {} or {x, t}) from x. A jump is
  // part of one exactly when it strands no edge of r (Fleury), so every state reached counts.
  // Meaningless once the search is stopped.
  Count count(int x, const Mask& r);

  // Appends the maximal chains in for_each_turn order, as squares: the Euler trails from the
  // start of every optimal edge set in `sets` (all of one weight), merged (a prefix may
  // belong to several sets).
  void collect(const std::vector<Mask>& sets, std::vector<Turn>& out, std::size_t limit,
               bool& truncated);

  bool overflowed = false;  // a count overflowed Count

 private:
  void walk(int x, const std::vector<Mask>& live, std::vector<Square>& path, std::vector<Turn>& out,
            std::size_t limit, bool& truncated);

  TrailGraph& graph_;
  const PlainGraph& g_;
  TrailProgress& progress_;
  TrailTable<Count> table_;              // (vertex, edges left of an optimal set) -> Euler trails
  std::vector<std::vector<Mask>> live_;  // walk(): the sets alive at each depth
};

}  // namespace leapfrog::trails_detail
