#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "puzzles/bigcount.h"
#include "solver/assignment.h"
#include "solver/child_fold.h"
#include "solver/memory_budget.h"
#include "solver/trail_bounds.h"
#include "solver/trail_enumeration.h"
#include "solver/trail_euler.h"
#include "solver/trail_graph.h"
#include "solver/trail_table.h"
#include "solver/trails.h"

namespace leapfrog {

template <class Count>
class TrailSearch<Count>::Parts {
  using Mask = trails_detail::Mask;

 public:
  Parts(PlainGraph graph, std::function<bool(std::uint64_t)> poll, std::uint64_t leftover_budget,
        MemoryBudget* memory)
      : graph_(std::move(graph)),
        g_(graph_.graph()),
        progress_(std::move(poll)),
        leftover_budget_(leftover_budget),
        memory_(memory),
        bounds_(graph_),
        table_(memory),
        leftovers_(graph_, progress_),
        euler_(graph_, progress_, memory) {}

  void run() {
    const int v = g_.start;
    const Score w = graph_.weight(graph_.all());
    Score need = w;
    // The root's T-join bound (its frame serves the children).
    need = std::min(need, w - bounds_.tjoin(0, v, graph_.all(), -1, true));
    if (leftover_budget_ == 0) {
      bounded(v, w, need, kNoCap);
      return;
    }
    // Where bridges make the T-join bound loose (a sparse region), the block bound starts
    // both nearer the answer.
    const Score bb =
        bounds_.block_bound(0, v, graph_.all(), w + 1);  // exact: every value is below w + 1
    if (bb != trails_detail::TrailBounds::kNoBound) need = std::min(need, bb);
    for (std::uint64_t cap = kFirstCap;; cap *= 4) {
      if (by_leftovers(w, need, std::min(cap, leftover_budget_))) {
        by_enumeration = true;
        return;
      }
      if (progress_.stopped) return;
      const bool last = cap >= leftover_budget_ || leftovers_.hopeless();
      if (bounded(v, w, need, last ? kNoCap : cap / 16) || progress_.stopped) return;
      table_ =
          trails_detail::TrailTable<Count>(memory_);  // a capped search leaves unfinished entries
    }
  }

  static constexpr std::uint64_t kFirstCap = 4096;
  static constexpr std::uint64_t kNoCap = std::numeric_limits<std::uint64_t>::max();

  // The bounded search from the root, at most `cap` states expanded: true when it finished
  // (value and count set).
  bool bounded(int v, Score w, Score need, std::uint64_t cap) {
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

  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) {
    std::vector<Square> path{g_.vertex_square[static_cast<std::size_t>(g_.start)]};
    if (!leftovers_.units().empty()) {
      if (value > 0) euler_.collect(leftovers_.units(), out, limit, truncated);
      return;
    }
    walk(g_.start, graph_.all(), value, path, out, limit, truncated);
  }

  Score value = 0;
  Count count{};
  bool overflowed = false;      // a count of the bounded search or a sum of Euler trails
  bool by_enumeration = false;  // the leftover enumeration answered (else the bounded search)
  std::size_t optimal_sets() const { return leftovers_.units().size(); }  // with by_enumeration
  std::uint64_t materialised() const { return bounds_.materialised; }
  std::uint64_t nodes() const { return progress_.nodes; }
  bool stopped() const { return progress_.stopped; }
  bool euler_overflowed() const { return euler_.overflowed; }

 private:
  struct Sub {
    Score best;
    Count count;
    bool exact;
  };

  // Value and count through the leftovers (see run()); false when the budget ran out (the
  // results are then left to the bounded search) or the search was stopped.
  bool by_leftovers(Score w, Score need, std::uint64_t budget) {
    const std::optional<Score> leftover = leftovers_.optimal_leftover(w, need, budget);
    if (!leftover) return false;
    value = w - *leftover;
    count = Count{};
    for (const Mask& u : leftovers_.units()) {
      const Count c = euler_.count(g_.start, u);
      if (progress_.stopped) {
        leftovers_.forget();
        return false;
      }
      overflowed |= add_count(count, c);
    }
    return true;
  }

  // ---- the search -----------------------------------------------------------------------

  // Exact (best further gain, count) when best >= need, else an upper bound below need.
  // (v, s): the jumper's vertex and the edges it can reach; w: their weight.
  Sub solve(int depth, int v, const Mask& s, Score w, Score need, int via, bool cut) {
    if (w < need) return {w, Count{}, false};
    const std::uint64_t h = trails_detail::state_hash(s, v);
    if (const auto i = table_.find(h, s, v); i >= 0) {
      if (table_.exact(i)) return {table_.best(i), table_.count(i), true};
      if (table_.best(i) < need) return {table_.best(i), Count{}, false};
    }
    if (depth > 0 || !bounds_.has_frame(0)) {
      // A child that inherits its parent's T-join bound keeps the parent's shortest paths,
      // and is taken as it is: the block bound is looked at again only where the jump broke
      // one of those paths or cut the region (measured: far fewer block bounds for some
      // more states). There the block bound comes first, on the parent's distances, and a
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
      if (trails_detail::has(s, inc[static_cast<std::size_t>(i)].edge))
        order[n++] = inc[static_cast<std::size_t>(i)];
    std::stable_sort(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n),
        [&](const auto& a, const auto& b) { return g_.weight[a.edge] > g_.weight[b.edge]; });
    for (std::size_t k = 0; k < n; ++k) {
      const auto [e, u] = order[k];
      const Score g = g_.weight[e];
      Mask child = s;
      trails_detail::drop(child, e);
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

  void walk(int v, const Mask& s, Score remaining, std::vector<Square>& path,
            std::vector<Turn>& out, std::size_t limit, bool& truncated) {
    if (remaining == 0) {
      append_chain(path, out, limit, truncated);
      return;
    }
    const auto& inc = g_.inc[static_cast<std::size_t>(v)];
    for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(v)] && !truncated; ++i) {
      const auto [e, u] = inc[static_cast<std::size_t>(i)];
      if (!trails_detail::has(s, e)) continue;
      Mask child = s;
      trails_detail::drop(child, e);
      graph_.reduce(u, v, child);
      const auto j = table_.find(trails_detail::state_hash(child, u), child, u);
      // Every state of a maximal chain was searched exactly (see chains.cpp).
      if (j >= 0 && table_.exact(j) && g_.weight[e] + table_.best(j) == remaining) {
        path.push_back(g_.vertex_square[u]);
        walk(u, child, remaining - g_.weight[e], path, out, limit, truncated);
        path.pop_back();
      }
    }
  }

  trails_detail::TrailGraph graph_;
  const PlainGraph& g_;
  trails_detail::TrailProgress progress_;
  std::uint64_t leftover_budget_;
  MemoryBudget* memory_;
  std::uint64_t cap_ = kNoCap;  // the bounded search stops (capped_) at this node count
  bool capped_ = false;
  trails_detail::TrailBounds bounds_;
  trails_detail::TrailTable<Count> table_;
  trails_detail::LeftoverEnumeration leftovers_;
  trails_detail::EulerTrails<Count> euler_;
};

template <class Count>
TrailSearch<Count>::TrailSearch(PlainGraph graph, std::function<bool(std::uint64_t)> poll,
                                std::uint64_t leftover_budget, MemoryBudget* memory)
    : parts_(std::make_unique<Parts>(std::move(graph), std::move(poll), leftover_budget, memory)) {}

template <class Count>
TrailSearch<Count>::~TrailSearch() = default;

template <class Count>
void TrailSearch<Count>::run() {
  Parts& p = *parts_;
  p.run();
  value = p.value;
  count = p.count;
  nodes = p.nodes();
  materialised = p.materialised();
  overflowed = p.overflowed || p.euler_overflowed();
  stopped = p.stopped();
  by_enumeration = p.by_enumeration;
}

template <class Count>
void TrailSearch<Count>::collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) {
  parts_->collect(out, limit, truncated);
}

template <class Count>
std::size_t TrailSearch<Count>::optimal_sets() const {
  return parts_->optimal_sets();
}

template class TrailSearch<std::uint64_t>;
template class TrailSearch<BigCount>;

}  // namespace leapfrog
