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
        stamps_(static_cast<std::size_t>(g_.vertices())),
        poll_(std::move(poll)),
        leftover_budget_(leftover_budget),
        memory_(memory),
        bounds_(graph_),
        table_(memory),
        euler_table_(memory) {
    const auto n = static_cast<std::size_t>(g_.vertices());
    queue_.resize(n);
  }

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
      if (stopped) return;
      const bool last = cap >= leftover_budget_ || hopeless_;
      if (bounded(v, w, need, last ? kNoCap : cap / 16) || stopped) return;
      table_ =
          trails_detail::TrailTable<Count>(memory_);  // a capped search leaves unfinished entries
    }
  }

  static constexpr std::uint64_t kFirstCap = 4096;
  static constexpr std::uint64_t kNoCap = std::numeric_limits<std::uint64_t>::max();

  // The bounded search from the root, at most `cap` states expanded: true when it finished
  // (value and count set).
  bool bounded(int v, Score w, Score need, std::uint64_t cap) {
    cap_ = cap == kNoCap ? kNoCap : nodes + cap;
    capped_ = false;
    Sub root{0, Count{}, false};
    while (need >= 1) {
      root = solve(0, v, graph_.all(), w, need, -1, true);
      if (root.exact || stopped || capped_) break;
      need = std::min(need - 1, root.best);
    }
    if (stopped || capped_) return false;
    value = root.exact ? root.best : 0;
    count = value == 0 ? Count{} : root.count;
    return true;
  }

  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) {
    std::vector<Square> path{g_.vertex_square[static_cast<std::size_t>(g_.start)]};
    if (!units_.empty()) {
      walk_live_.resize(static_cast<std::size_t>(g_.edges()) +
                        2);  // a trail has at most edges() jumps
      if (value > 0) walk_units(g_.start, units_, path, out, limit, truncated);
      return;
    }
    walk(g_.start, graph_.all(), value, path, out, limit, truncated);
  }

  Score value = 0;
  Count count{};
  std::uint64_t nodes = 0;
  bool overflowed = false;
  bool stopped = false;
  bool by_enumeration = false;  // the leftover enumeration answered (else the bounded search)
  std::size_t optimal_sets() const { return units_.size(); }  // with by_enumeration
  std::uint64_t materialised() const { return bounds_.materialised; }

 private:
  struct Sub {
    Score best;
    Count count;
    bool exact;
  };

  // ---- leftover enumeration and Euler trails ---------------------------------------------

  // At most this many optimal edge sets (else the bounded search, which merges them).
  static constexpr std::size_t kMaxUnits = 256;

  // Value and count through the leftovers (see run()); false when the budget ran out (the
  // results are then left to the bounded search) or the search was stopped.
  bool by_leftovers(Score w, Score need, std::uint64_t budget) {
    enumeration_cap_ = budget;
    const auto n = static_cast<std::size_t>(g_.vertices());
    if (forward_.empty()) {  // the graph's part, for every round
      wanted_.assign(n, 0);
      forward_.assign(n, {});
      for (int e = 0; e < g_.edges(); ++e) {
        const auto [a, b] = g_.ends[static_cast<std::size_t>(e)];
        wanted_[a] ^= 1;
        wanted_[b] ^= 1;
        forward_[std::min(a, b)].push_back(static_cast<std::uint8_t>(e));
      }
      wanted_[static_cast<std::size_t>(g_.start)] ^= 1;  // odd(L) = odd(E) + {v} + {t}
    }
    // A round cut short leaves the enumeration's state half undone: start it afresh.
    parity_.assign(n, 0);
    off_.assign((n + 63) / 64, 0);
    for (std::size_t x = 0; x < n; ++x)
      if (wanted_[x] != 0) flip_off(x);
    enumerated_ = 0;
    // An earlier round's B that found nothing is not enumerated again.
    for (Score b = std::max({w - need, Score{0}, settled_}); b < w; ++b) {
      budget_ = b;
      leftover_ = Mask{};
      units_.clear();
      if (!enumerate(0, 0, false)) {
        units_.clear();
        return false;
      }
      if (units_.empty()) {
        settled_ = b + 1;
        continue;
      }
      value = w - b;
      count = Count{};
      for (const Mask& u : units_) {
        const Count c = euler(g_.start, u);
        if (stopped) {
          units_.clear();
          return false;
        }
        overflowed |= add_count(count, c);
      }
      return true;
    }
    return false;  // not reached: a single edge at v is a trail
  }

  void flip_off(std::size_t x) { off_[x >> 6] ^= std::uint64_t{1} << (x & 63); }

  // A lower bound on the weight the leftover still needs, from the vertices x.. whose parity
  // is still wrong. The undecided leftover is a union of paths pairing them (the trail's end
  // t may excuse one) and cycles; a path of one edge between two wrong vertices is charged
  // half its weight at each, a longer path its first edge at one end and its last at the
  // other. So a wrong vertex is charged its cheapest undecided edge, half of it when the other
  // end is wrong too (doubled units below), and the sum, less the largest charge while t is
  // free, is a lower bound.
  Score leftover_bound(int x, bool flipped) const {
    Score sum2 = 0, largest2 = 0;
    int stuck = 0;  // wrong vertices with no edge left to decide: only t may be one
    for (std::size_t word = static_cast<std::size_t>(x) >> 6; word < off_.size(); ++word) {
      std::uint64_t bits = off_[word];
      if (word == static_cast<std::size_t>(x) >> 6) bits &= ~std::uint64_t{0} << (x & 63);
      for (; bits != 0; bits &= bits - 1) {
        const auto j = 64 * word + static_cast<std::size_t>(std::countr_zero(bits));
        Score cheapest2 = trails_detail::kUnreachable;
        for (int i = 0; i < g_.inc_count[j]; ++i) {
          const auto [e, y] = g_.inc[j][static_cast<std::size_t>(i)];
          if (y < x) continue;
          const bool wrong = ((off_[y >> 6] >> (y & 63)) & 1U) != 0;
          cheapest2 = std::min(cheapest2, (wrong ? 1 : 2) * g_.weight[e]);
        }
        if (cheapest2 == trails_detail::kUnreachable) {
          ++stuck;
          continue;
        }
        sum2 += cheapest2;
        largest2 = std::max(largest2, cheapest2);
      }
    }
    if (stuck > (flipped ? 0 : 1)) return trails_detail::kUnreachable;
    if (!flipped && stuck == 0) sum2 -= largest2;
    return (sum2 + 1) / 2;
  }

  // Decides the edges from x to later vertices (earlier ones are decided): every subset
  // that gives x the parity odd(E) + {v} asks (or the other one, once, for t). Leftovers of
  // weight exactly budget_ whose complement is connected from v go to units_. False when the
  // node budget or the search's poll says stop.
  bool enumerate(int x, Score taken, bool flipped) {
    if (++enumerated_ > enumeration_cap_) return false;
    if ((++nodes & 4095) == 0 && poll_(4096)) stopped = true;
    if (stopped) return false;
    if (x == g_.vertices()) {
      if (taken == budget_ && complement_connected()) {
        if (units_.size() == kMaxUnits) {  // leave it to the bounded search, for good
          hopeless_ = true;
          return false;
        }
        units_.push_back(Mask{graph_.all()[0] & ~leftover_[0], graph_.all()[1] & ~leftover_[1]});
      }
      return true;
    }
    const Score bound = leftover_bound(x, flipped);
    if (bound >= trails_detail::kUnreachable || taken + bound > budget_) return true;
    const auto xs = static_cast<std::size_t>(x);
    const auto& f = forward_[xs];
    const unsigned k = static_cast<unsigned>(f.size());
    for (unsigned m = 0; m < (1U << k); ++m) {
      Score add = 0;
      for (unsigned i = 0; i < k; ++i)
        if (((m >> i) & 1U) != 0) add += g_.weight[f[i]];
      if (taken + add > budget_) continue;
      const bool right = ((parity_[xs] + std::popcount(m)) & 1) == wanted_[xs];
      if (!right && flipped) continue;
      const auto toggle = [&] {
        for (unsigned i = 0; i < k; ++i) {
          if (((m >> i) & 1U) == 0) continue;
          const auto [a, b] = g_.ends[f[i]];
          const std::size_t y = a == x ? b : a;
          parity_[y] ^= 1;
          flip_off(y);
          leftover_[f[i] >> 6] ^= std::uint64_t{1} << (f[i] & 63);
        }
      };
      toggle();
      const bool ok = enumerate(x + 1, taken + add, flipped || !right);
      toggle();
      if (!ok) return false;
    }
    return true;
  }

  // U = all() - leftover_ is non-empty and connected from the start.
  bool complement_connected() {
    const Mask u{graph_.all()[0] & ~leftover_[0], graph_.all()[1] & ~leftover_[1]};
    if (trails_detail::empty(u)) return false;
    const std::uint32_t gen = stamps_.next();
    std::size_t head = 0, tail = 0;
    queue_[tail++] = static_cast<std::uint8_t>(g_.start);
    stamps_[static_cast<std::size_t>(g_.start)] = gen;
    Mask seen{};
    while (head < tail) {
      const int x = queue_[head++];
      for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)]; ++i) {
        const auto [e, y] = g_.inc[static_cast<std::size_t>(x)][static_cast<std::size_t>(i)];
        if (!trails_detail::has(u, e)) continue;
        trails_detail::put(seen, e);
        if (stamps_[y] == gen) continue;
        stamps_[y] = gen;
        queue_[tail++] = y;
      }
    }
    return trails_detail::equal(seen, u);
  }

  // The number of Euler trails of r (connected, odd(r) = {} or {x, t}) from x. A jump is
  // part of one exactly when it strands no edge of r (Fleury), so every state reached counts.
  Count euler(int x, const Mask& r) {
    if (trails_detail::empty(r)) return Count{1};
    const auto& inc = g_.inc[static_cast<std::size_t>(x)];
    const int incs = g_.inc_count[static_cast<std::size_t>(x)];
    if (graph_.degree(x, r) ==
        1) {  // a forced jump (it leaves x bare, so strands nothing): no memo
      for (int i = 0;; ++i) {
        const auto [e, y] = inc[static_cast<std::size_t>(i)];
        if (!trails_detail::has(r, e)) continue;
        Mask child = r;
        trails_detail::drop(child, e);
        return euler(y, child);
      }
    }
    const std::uint64_t h = trails_detail::state_hash(r, x);
    if (const auto i = euler_table_.find(h, r, x); i >= 0) return euler_table_.count(i);
    if ((++nodes & 4095) == 0 && poll_(4096)) stopped = true;
    if (stopped) return Count{};
    Count c{};
    for (int i = 0; i < incs; ++i) {
      const auto [e, y] = inc[static_cast<std::size_t>(i)];
      if (!trails_detail::has(r, e)) continue;
      Mask child = r;
      trails_detail::drop(child, e);
      if (graph_.reduce(y, x, child)) continue;  // the jump strands edges of r
      overflowed |= add_count(c, euler(y, child));
    }
    euler_table_.insert(h, r, x, 0, c, true);  // not there: r only shrinks below this call
    return c;
  }

  // The maximal chains in for_each_turn order: the Euler trails of every optimal edge set,
  // merged (a prefix may belong to several sets).
  void walk_units(int x, const std::vector<Mask>& live, std::vector<Square>& path,
                  std::vector<Turn>& out, std::size_t limit, bool& truncated) {
    const std::size_t depth = path.size();  // walk_live_ has a level for every depth (collect)
    for (const Mask& r : live)
      if (trails_detail::empty(r)) {  // weight value reached: nothing can follow
        append_chain(path, out, limit, truncated);
        return;
      }
    const auto& inc = g_.inc[static_cast<std::size_t>(x)];
    for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)] && !truncated; ++i) {
      const auto [e, y] = inc[static_cast<std::size_t>(i)];
      std::vector<Mask>& next = walk_live_[depth];  // (live is the caller's level: not this one)
      next.clear();
      for (const Mask& r : live) {
        if (!trails_detail::has(r, e)) continue;
        Mask child = r;
        trails_detail::drop(child, e);
        if (!graph_.reduce(y, x, child)) next.push_back(child);
      }
      if (next.empty()) continue;
      path.push_back(g_.vertex_square[y]);
      walk_units(y, next, path, out, limit, truncated);
      path.pop_back();
    }
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
    if ((++nodes & 4095) == 0 && poll_(4096)) stopped = true;
    if (nodes >= cap_) capped_ = true;
    if (stopped || capped_) return {0, Count{1}, true};
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
  trails_detail::VertexStamps stamps_;
  std::function<bool(std::uint64_t)> poll_;
  std::uint64_t leftover_budget_;
  MemoryBudget* memory_;
  // The leftover enumeration's state: each vertex's leftover degree parity so far, the
  // parity odd(E) + {v} wants, the edges each vertex decides, the vertices whose parity is
  // still wrong (bit set), the leftover so far and its budget; the optimal edge sets.
  std::vector<std::uint8_t> parity_, wanted_;
  std::vector<std::vector<std::uint8_t>> forward_;
  std::vector<std::uint64_t> off_;
  Mask leftover_{};
  Score budget_ = 0;
  std::uint64_t enumerated_ = 0, enumeration_cap_ = 0;
  bool hopeless_ = false;  // more optimal sets than kMaxUnits
  Score settled_ = 0;      // no trail leaves less than this (every smaller B enumerated in vain)
  std::uint64_t cap_ = kNoCap;  // the bounded search stops (capped_) at this node count
  bool capped_ = false;
  std::vector<Mask> units_;
  std::vector<std::vector<Mask>> walk_live_;  // walk_units: the sets alive at each depth
  std::vector<std::uint8_t> queue_;
  trails_detail::TrailBounds bounds_;
  trails_detail::TrailTable<Count> table_;
  trails_detail::TrailTable<Count>
      euler_table_;  // (vertex, edges left of an optimal set) -> Euler trails
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
  nodes = p.nodes;
  materialised = p.materialised();
  overflowed = p.overflowed;
  stopped = p.stopped;
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
