#include "solver/chains/trail_bounded.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/bigcount.h"
#include "solver/chains/child_fold.h"

namespace leapfrog::trails_detail {

template <class Count>
BoundedSearch<Count>::BoundedSearch(TrailGraph& graph, TrailBounds& bounds, TrailProgress& progress,
                                    MemoryBudget* memory)
    : graph_(graph),
      g_(graph.graph()),
      bounds_(bounds),
      progress_(progress),
      memory_(memory),
      table_(memory) {}

template <class Count>
bool BoundedSearch<Count>::run(int v, Score w, Score need, std::uint64_t cap) {
  cap_ = cap == kNoCap ? kNoCap : progress_.nodes + cap;
  capped_ = false;
  Sub root{0, Count{}, false};
  while (need >= 1) {
    root = solve(0, v, graph_.all(), w, need, -1, true);
    if (root.exact || progress_.stopped || capped_) break;
    need = std::min(need - 1, root.best);
  }
  if (progress_.stopped || capped_) return false;
  value = root.exact ? root.best : 0;
  count = value == 0 ? Count{} : root.count;
  return true;
}

template <class Count>
void BoundedSearch<Count>::clear() {
  table_ = TrailTable<Count>(memory_);
}

template <class Count>
void BoundedSearch<Count>::collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) {
  std::vector<Square> path{g_.vertex_square[static_cast<std::size_t>(g_.start)]};
  walk(g_.start, graph_.all(), value, path, out, limit, truncated);
}

// Exact (best further gain, count) when best >= need, else an upper bound below need.
// (v, s): the jumper's vertex and the edges it can reach; w: their weight.
template <class Count>
typename BoundedSearch<Count>::Sub BoundedSearch<Count>::solve(int depth, int v, const Mask& s,
                                                               Score w, Score need, int via,
                                                               bool cut) {
  if (w < need) return {w, Count{}, false};
  const std::uint64_t h = state_hash(s, v);
  if (const auto i = table_.find(h, s, v); i >= 0) {
    if (table_.exact(i)) return {table_.best(i), table_.count(i), true};
    if (table_.best(i) < need) return {table_.best(i), Count{}, false};
  }
  if (depth > 0 || !bounds_.has_frame(0)) {
    // A child that inherits its parent's T-join bound keeps the parent's shortest paths,
    // and is taken as it is: the block bound is looked at again only where the jump broke
    // one of those paths or cut the region: far fewer block bounds, for a few more
    // states. There the block bound comes first, on the parent's distances, and a
    // T-join bound is computed afresh only when it does not prune.
    const auto prune = [&](Score ub) {
      table_.store(h, s, v, ub, Count{}, false);
      return Sub{ub, Count{}, false};
    };
    const Score inherited = bounds_.tjoin(depth, v, s, via, cut, true);
    if (inherited >= 0) {
      if (w - inherited < need) return prune(w - inherited);
    } else {
      const Score bb = bounds_.block_bound(depth, v, s, need);
      if (bb < need) return prune(bb);
      const Score ub = w - bounds_.tjoin(depth, v, s, via, cut);
      if (ub < need) return prune(ub);
    }
  }
  const bool stop = progress_.tick();
  if (progress_.nodes >= cap_) capped_ = true;
  if (stop || capped_) return {0, Count{1}, true};
  ChildFold<Count> r;  // so far the empty continuation (no jump) only
  // Children by decreasing gain, then jump-table order (deterministic).
  std::array<PlainGraph::Incidence, 8> order;
  std::size_t n = 0;
  const auto& inc = g_.inc[static_cast<std::size_t>(v)];
  for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(v)]; ++i)
    if (has(s, inc[static_cast<std::size_t>(i)].edge))
      order[n++] = inc[static_cast<std::size_t>(i)];
  std::stable_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n),
      [&](const auto& a, const auto& b) { return g_.weight[a.edge] > g_.weight[b.edge]; });
  for (std::size_t k = 0; k < n; ++k) {
    const auto [e, u] = order[k];
    const Score g = g_.weight[e];
    Mask child = s;
    drop(child, e);
    const bool child_cut = graph_.reduce(u, v, child);
    const Score cw = child_cut ? graph_.weight(child) : w - g;
    Sub c = solve(depth + 1, u, child, cw, r.child_need(need, g), e, child_cut);
    r.add(g, c.best, std::move(c.count), c.exact);
  }
  overflowed |= r.overflowed;
  if (r.exact(need)) {
    table_.store(h, s, v, r.best(), r.count(), true);
    return {r.best(), std::move(r.count()), true};
  }
  const Score ub = r.upper();
  table_.store(h, s, v, ub, Count{}, false);
  return {ub, Count{}, false};
}

template <class Count>
void BoundedSearch<Count>::walk(int v, const Mask& s, Score remaining, std::vector<Square>& path,
                                std::vector<Turn>& out, std::size_t limit, bool& truncated) {
  if (remaining == 0) {
    append_chain(path, out, limit, truncated);
    return;
  }
  const auto& inc = g_.inc[static_cast<std::size_t>(v)];
  for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(v)] && !truncated; ++i) {
    const auto [e, u] = inc[static_cast<std::size_t>(i)];
    if (!has(s, e)) continue;
    Mask child = s;
    drop(child, e);
    graph_.reduce(u, v, child);
    const auto j = table_.find(state_hash(child, u), child, u);
    // Every state of a maximal chain was searched exactly (see chains.cpp).
    if (j >= 0 && table_.exact(j) && g_.weight[e] + table_.best(j) == remaining) {
      path.push_back(g_.vertex_square[u]);
      walk(u, child, remaining - g_.weight[e], path, out, limit, truncated);
      path.pop_back();
    }
  }
}

template class BoundedSearch<std::uint64_t>;
template class BoundedSearch<BigCount>;

}  // namespace leapfrog::trails_detail
