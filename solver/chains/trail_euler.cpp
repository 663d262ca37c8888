#include "solver/chains/trail_euler.h"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bigcount.h"
#include "solver/chains/child_fold.h"

namespace leapfrog::trails_detail {

template <class Count>
EulerTrails<Count>::EulerTrails(TrailGraph& graph, TrailProgress& progress, MemoryBudget* memory)
    : graph_(graph), g_(graph.graph()), progress_(progress), table_(memory) {}

template <class Count>
Count EulerTrails<Count>::count(int x, const Mask& r) {
  if (empty(r)) return Count{1};
  const auto& inc = g_.inc[static_cast<std::size_t>(x)];
  const int incs = g_.inc_count[static_cast<std::size_t>(x)];
  // A forced jump (it leaves x bare, so strands nothing): no memo.
  if (graph_.degree(x, r) == 1) {
    for (int i = 0;; ++i) {
      const auto [e, y] = inc[static_cast<std::size_t>(i)];
      if (!has(r, e)) continue;
      Mask child = r;
      drop(child, e);
      return count(y, child);
    }
  }
  const std::uint64_t h = state_hash(r, x);
  if (const auto i = table_.find(h, r, x); i >= 0) return table_.count(i);
  if (progress_.tick()) return Count{};
  Count c{};
  for (int i = 0; i < incs; ++i) {
    const auto [e, y] = inc[static_cast<std::size_t>(i)];
    if (!has(r, e)) continue;
    Mask child = r;
    drop(child, e);
    if (graph_.reduce(y, x, child)) continue;  // the jump strands edges of r
    overflowed |= add_count(c, count(y, child));
  }
  table_.insert(h, r, x, 0, c, true);  // not there: r only shrinks below this call
  return c;
}

template <class Count>
void EulerTrails<Count>::collect(const std::vector<Mask>& sets, std::vector<Turn>& out,
                                 std::size_t limit, bool& truncated) {
  std::vector<Square> path{g_.vertex_square[static_cast<std::size_t>(g_.start)]};
  live_.resize(static_cast<std::size_t>(g_.edges()) + 2);  // a trail has at most edges() jumps
  walk(g_.start, sets, path, out, limit, truncated);
}

template <class Count>
void EulerTrails<Count>::walk(int x, const std::vector<Mask>& live, std::vector<Square>& path,
                              std::vector<Turn>& out, std::size_t limit, bool& truncated) {
  const std::size_t depth = path.size();  // live_ has a level for every depth (collect)
  for (const Mask& r : live)
    if (empty(r)) {  // weight value reached: nothing can follow
      append_chain(path, out, limit, truncated);
      return;
    }
  const auto& inc = g_.inc[static_cast<std::size_t>(x)];
  for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)] && !truncated; ++i) {
    const auto [e, y] = inc[static_cast<std::size_t>(i)];
    std::vector<Mask>& next = live_[depth];  // (live is the caller's level: not this one)
    next.clear();
    for (const Mask& r : live) {
      if (!has(r, e)) continue;
      Mask child = r;
      drop(child, e);
      if (!graph_.reduce(y, x, child)) next.push_back(child);
    }
    if (next.empty()) continue;
    path.push_back(g_.vertex_square[y]);
    walk(y, next, path, out, limit, truncated);
    path.pop_back();
  }
}

template class EulerTrails<std::uint64_t>;
template class EulerTrails<BigCount>;

}  // namespace leapfrog::trails_detail
