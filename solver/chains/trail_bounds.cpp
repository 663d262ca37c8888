#include "solver/chains/trail_bounds.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace leapfrog::trails_detail {

TrailBounds::TrailBounds(TrailGraph& graph)
    : graph_(graph),
      g_(graph.graph()),
      stamps_(static_cast<std::size_t>(g_.vertices())),
      queue_(static_cast<std::size_t>(g_.vertices())),
      pos_stamps_(static_cast<std::size_t>(g_.vertices())) {
  const auto n = static_cast<std::size_t>(g_.vertices());
  tf_.assign(static_cast<std::size_t>(g_.edges()) + 2, nullptr);
  paths_.assign(static_cast<std::size_t>(g_.edges()) + 2, Mask{});
  path_stack_.resize(n + 1);
  dfs_.resize(n + 1);
  order_.resize(n);
  low_.resize(n);
  block_of_.resize(n);
  pos_.resize(n);
  for (const Score w : g_.weight) max_weight_ = std::max(max_weight_, w);
  all_pairs_ = n <= 64 && max_weight_ < kRing;
  frames_.resize(static_cast<std::size_t>(g_.edges()) + 2);
}

const Score* TrailBounds::row_of(const Frame& f, std::size_t t) const {
  const auto n = static_cast<std::size_t>(g_.vertices());
  return &f.rows[(f.all_pairs ? f.terms[t] : t) * n];
}

// A path of edges of s that are tight under f's row r from terminal r to terminal c, or
// false; its edges are added to `out`. Such a path is a shortest path in s too.
bool TrailBounds::tight_path(const Frame& f, std::size_t r, std::size_t c, const Mask& s,
                             Mask& out) {
  const Score* row = row_of(f, r);
  const int target = f.terms[r];
  const std::uint32_t gen = stamps_.next();
  // Depth first from the far end back towards the source along tight edges.
  std::size_t top = 0;
  path_stack_[top++] = {f.terms[c], 0, 0};
  stamps_[f.terms[c]] = gen;
  while (top > 0) {
    PathStep& step = path_stack_[top - 1];
    const std::uint8_t z = step.vertex;
    if (z == target) {
      for (std::size_t i = 0; i + 1 < top; ++i) put(out, path_stack_[i + 1].via);
      return true;
    }
    const auto& inc = g_.inc[z];
    bool pushed = false;
    while (step.next < g_.inc_count[z]) {
      const auto [e, y] = inc[step.next++];
      if (!has(s, e) || stamps_[y] == gen || row[y] + g_.weight[e] != row[z]) continue;
      stamps_[y] = gen;
      path_stack_[top++] = {y, 0, e};
      pushed = true;
      break;
    }
    if (!pushed) --top;
  }
  return false;
}

Score TrailBounds::tjoin(int depth, int v, const Mask& s, int via, bool cut, bool lazy) {
  const auto d = static_cast<std::size_t>(depth);
  const Frame* parent = depth > 0 ? tf_[d - 1] : nullptr;
  if (parent != nullptr && !cut) {
    if (!has(paths_[d - 1], via)) {
      tf_[d] = parent;  // the same paths are still there
      paths_[d] = paths_[d - 1];
      return parent->match;
    }
    // The jump broke one of the paths: the bound stays if every pair has another one.
    Mask paths{};
    bool all = true;
    for (const auto& [r, c] : parent->pairs)
      if (!tight_path(*parent, r, c, s, paths)) {
        all = false;
        break;
      }
    if (all) {
      tf_[d] = parent;
      paths_[d] = paths;
      return parent->match;
    }
  }
  if (lazy && parent != nullptr) {
    tf_[d] = parent;
    return -1;
  }
  ++materialised;
  Frame& f = frames_[d];
  tf_[d] = &f;
  paths_[d] = Mask{};
  const auto n = static_cast<std::size_t>(g_.vertices());
  f.terms.clear();
  f.pairs.clear();
  if (parent == nullptr) {
    for (int x = 0; x < g_.vertices(); ++x) {
      const int deg = graph_.degree(x, s);
      if ((deg > 0 || x == v) && ((deg & 1) != 0) != (x == v))
        f.terms.push_back(static_cast<std::uint8_t>(x));
    }
  } else {
    // A jump flips the parity of both its ends and moves the jumper: T' stays, less the
    // terminals a cut left behind.
    for (const std::uint8_t x : parent->terms)
      if (x == v || graph_.degree(x, s) > 0) f.terms.push_back(x);
  }
  const std::size_t k = f.terms.size();
  f.all_pairs = all_pairs_;
  if (all_pairs_) {  // one pass for every source: the block bound uses them too
    f.rows.resize(n * n);
    all_pairs(v, s, f.rows.data());
  }
  if (k <= 1) {
    f.match = 0;
    f.u.clear();
    f.v.clear();
    f.p.clear();
    return 0;
  }
  if (!all_pairs_) {
    f.rows.resize(k * n);
    distances(f.terms, s, f.rows.data());
  }
  // The assignment, warm-started from the parent's duals (distances only grew, so they
  // stay feasible; pairs no longer tight are unassigned).
  const std::size_t m = k + 1;  // the last node is the trail's free end
  cost_.assign(m * m, 0);
  for (std::size_t t = 0; t < k; ++t)
    for (std::size_t x = 0; x < k; ++x)
      cost_[t * m + x] = x == t ? kBig : std::min<std::int64_t>(row_of(f, t)[f.terms[x]], kBig);
  cost_[k * m + k] = kBig;
  if (parent != nullptr && parent->u.size() == parent->terms.size() + 2) {
    warm_start(f.terms, true, parent->terms, *parent, f);
  } else {
    f.u.assign(m + 1, 0);
    f.v.assign(m + 1, 0);
    f.p.assign(m + 1, 0);
  }
  const std::int64_t total = hungarian(m, f);
  f.match = total >= kBig ? 0 : static_cast<Score>((total + 1) / 2);
  for (std::size_t j = 1; j <= m; ++j) {
    const std::size_t r = f.p[j];
    if (r == 0 || r > k || j > k) continue;  // the free end pairs at no cost
    f.pairs.emplace_back(static_cast<std::uint8_t>(r - 1), static_cast<std::uint8_t>(j - 1));
    tight_path(f, r - 1, j - 1, s, paths_[d]);
  }
  return f.match;
}

// rows[t * n + x]: the distance from terminal t to x over the edges of s. All terminals
// at once, bit-parallel (bit t of reach[x]: x is within the current distance of t), when
// there are at most 64 of them and the weights are small; else one Dial search each.
void TrailBounds::distances(const std::vector<std::uint8_t>& terms, const Mask& s, Score* rows) {
  const auto n = static_cast<std::size_t>(g_.vertices());
  const std::size_t k = terms.size();
  std::fill(rows, rows + k * n, kUnreachable);
  if (k > 64 || max_weight_ >= kRing) {
    for (std::size_t t = 0; t < k; ++t) dijkstra(terms[t], s, rows + t * n);
    return;
  }
  arcs_.clear();
  for_each_bit(s, [&](int e) {
    const auto [a, b] = g_.ends[static_cast<std::size_t>(e)];
    const auto w = static_cast<std::uint8_t>(g_.weight[static_cast<std::size_t>(e)]);
    arcs_.push_back({a, b, w});
    arcs_.push_back({b, a, w});
  });
  if (ring_.size() < kRing * n) ring_.resize(kRing * n);
  std::fill(ring_.begin(), ring_.begin() + static_cast<std::ptrdiff_t>(kRing * n), 0);
  for (std::size_t t = 0; t < k; ++t) {
    ring_[terms[t]] |= std::uint64_t{1} << t;
    rows[t * n + terms[t]] = 0;
  }
  // Round d: reach_d[x] = reach_{d-1}[x] | reach_{d-w}[y] over the arcs y -> x of weight
  // w. Nothing new for max_weight_ rounds in a row: nothing more to come.
  int quiet = 0;
  for (Score dist = 1; quiet < max_weight_; ++dist) {
    std::uint64_t* cur = &ring_[static_cast<std::size_t>(dist % kRing) * n];
    const std::uint64_t* prev = &ring_[static_cast<std::size_t>((dist - 1) % kRing) * n];
    std::copy_n(prev, n, cur);
    for (const Arc& a : arcs_)
      if (dist >= a.w)
        cur[a.to] |= ring_[static_cast<std::size_t>((dist - a.w) % kRing) * n + a.from];
    bool any = false;
    for (std::size_t x = 0; x < n; ++x)
      for (std::uint64_t fresh = cur[x] & ~prev[x]; fresh != 0; fresh &= fresh - 1) {
        rows[static_cast<std::size_t>(std::countr_zero(fresh)) * n + x] = dist;
        any = true;
      }
    quiet = any ? 0 : quiet + 1;
  }
}

// rows[x * n + y]: the distance between x and y over the edges of s, for every x and y
// that s touches (or v); other entries are left as they were. The same bit-parallel
// rounds as distances() with every such square a source (all_pairs_: at most 64).
void TrailBounds::all_pairs(int v, const Mask& s, Score* rows) {
  const auto n = static_cast<std::size_t>(g_.vertices());
  const std::uint32_t gen = stamps_.next();
  active_.clear();
  const auto touch = [&](std::uint8_t x) {
    if (stamps_[x] == gen) return;
    stamps_[x] = gen;
    active_.push_back(x);
  };
  touch(static_cast<std::uint8_t>(v));
  // Arcs grouped by weight: a round reads one earlier round per group.
  for (auto& group : arcs_by_weight_) group.clear();
  for_each_bit(s, [&](int e) {
    const auto [a, b] = g_.ends[static_cast<std::size_t>(e)];
    auto& group = arcs_by_weight_[static_cast<std::size_t>(g_.weight[static_cast<std::size_t>(e)])];
    group.push_back({a, b});
    group.push_back({b, a});
    touch(a);
    touch(b);
  });
  if (ring_.size() < kRing * n) ring_.resize(kRing * n);
  for (std::size_t r = 0; r < kRing; ++r)
    for (const std::uint8_t x : active_) ring_[r * n + x] = 0;
  for (std::size_t t = 0; t < active_.size(); ++t) {
    ring_[active_[t]] |= std::uint64_t{1} << t;
    rows[active_[t] * n + active_[t]] = 0;
  }
  // s is connected: every pair is reached, and then the rounds stop (or, to be safe,
  // after max_weight_ rounds in a row that found nothing).
  std::size_t left = active_.size() * active_.size() - active_.size();
  int quiet = 0;
  for (Score dist = 1; left > 0 && quiet < max_weight_; ++dist) {
    const std::size_t before = left;
    std::uint64_t* cur = &ring_[static_cast<std::size_t>(dist % kRing) * n];
    const std::uint64_t* prev = &ring_[static_cast<std::size_t>((dist - 1) % kRing) * n];
    for (const std::uint8_t x : active_) cur[x] = prev[x];
    for (Score w = 1; w <= std::min(dist, max_weight_); ++w) {
      const std::uint64_t* from = &ring_[static_cast<std::size_t>((dist - w) % kRing) * n];
      for (const auto& [a, b] : arcs_by_weight_[static_cast<std::size_t>(w)]) cur[b] |= from[a];
    }
    for (const std::uint8_t x : active_) {
      Score* row = rows + static_cast<std::size_t>(x) * n;  // symmetric: by rows of x
      for (std::uint64_t fresh = cur[x] & ~prev[x]; fresh != 0; fresh &= fresh - 1) {
        row[active_[static_cast<std::size_t>(std::countr_zero(fresh))]] = dist;
        --left;
      }
    }
    quiet = left == before ? quiet + 1 : 0;
  }
}

// Distances from `from` over the edges of s (Dial's buckets: weights are small).
void TrailBounds::dijkstra(int from, const Mask& s, Score* out) {
  const auto n = static_cast<std::size_t>(g_.vertices());
  std::fill(out, out + n, kUnreachable);
  for (auto& bucket : buckets_) bucket.clear();
  out[from] = 0;
  buckets_[0].push_back(static_cast<std::uint8_t>(from));
  std::size_t pending = 1;
  for (Score dist = 0; pending > 0; ++dist) {
    auto& bucket = buckets_[static_cast<std::size_t>(dist) % buckets_.size()];
    for (std::size_t i = 0; i < bucket.size(); ++i) {
      const int x = bucket[i];
      --pending;
      if (out[x] != dist) continue;
      const auto& inc = g_.inc[static_cast<std::size_t>(x)];
      for (int j = 0; j < g_.inc_count[static_cast<std::size_t>(x)]; ++j) {
        const auto [e, y] = inc[static_cast<std::size_t>(j)];
        if (!has(s, e)) continue;
        const Score nd = dist + g_.weight[e];
        if (nd < out[y]) {
          out[y] = nd;
          buckets_[static_cast<std::size_t>(nd) % buckets_.size()].push_back(y);
          ++pending;
        }
      }
    }
    bucket.clear();
  }
}

Score TrailBounds::block_bound(int depth, int v, const Mask& s, Score need) {
  const auto n = static_cast<std::size_t>(g_.vertices());
  // Tarjan's bridges, iteratively.
  std::fill(order_.begin(), order_.end(), -1);
  Mask bridges{};
  int counter = 0;
  std::size_t top = 0;
  dfs_[top++] = {static_cast<std::uint8_t>(v), 0, 0xFF};
  order_[static_cast<std::size_t>(v)] = low_[static_cast<std::size_t>(v)] = counter++;
  while (top > 0) {
    DfsStep& f = dfs_[top - 1];
    if (f.next < g_.inc_count[f.vertex]) {
      const auto [e, y] = g_.inc[f.vertex][f.next++];
      if (e == f.via || !has(s, e)) continue;
      if (order_[y] < 0) {
        order_[y] = low_[y] = counter++;
        dfs_[top++] = {y, 0, e};
      } else {
        low_[f.vertex] = std::min(low_[f.vertex], order_[y]);
      }
      continue;
    }
    const DfsStep done = f;
    if (--top > 0) {
      const std::uint8_t up = dfs_[top - 1].vertex;
      low_[up] = std::min(low_[up], low_[done.vertex]);
      if (low_[done.vertex] > order_[up]) put(bridges, done.via);
    }
  }
  if (empty(bridges)) return kNoBound;
  const Mask inner{s[0] & ~bridges[0], s[1] & ~bridges[1]};
  // The blocks in breadth-first order of the block tree from v's block.
  std::fill(block_of_.begin(), block_of_.end(), -1);
  blocks_.clear();
  sources_.clear();
  blocks_.push_back({static_cast<std::uint8_t>(v), -1, 0, 0, 0, 0, 0, 0, Mask{}});
  block_of_[static_cast<std::size_t>(v)] = 0;
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    std::size_t head = 0, tail = 0;
    blocks_[b].children = static_cast<std::uint16_t>(blocks_.size());
    // T0 = odd(B) + {x_B}: sources_ from blocks_[b].first, found on the way.
    blocks_[b].first = static_cast<std::uint16_t>(sources_.size());
    queue_[tail++] = blocks_[b].entry;
    while (head < tail) {
      const std::uint8_t x = queue_[head++];
      int inner_degree = 0;
      for (int i = 0; i < g_.inc_count[x]; ++i) {
        const auto [e, y] = g_.inc[x][static_cast<std::size_t>(i)];
        if (!has(s, e)) continue;
        if (has(bridges, e)) {
          if (block_of_[y] < 0) {  // a child block, entered at y, left from x
            block_of_[y] = static_cast<int>(blocks_.size());
            blocks_.push_back({y, static_cast<int>(b), x, g_.weight[e], 0, 0, 0, 0, Mask{}});
          }
          continue;
        }
        ++inner_degree;
        put(blocks_[b].edges, e);
        if (block_of_[y] < 0) {
          block_of_[y] = static_cast<int>(b);
          queue_[tail++] = y;
        }
      }
      if (((inner_degree & 1) != 0) != (x == blocks_[b].entry)) sources_.push_back(x);
    }
    blocks_[b].children_end = static_cast<std::uint16_t>(blocks_.size());
    blocks_[b].terms = static_cast<std::uint16_t>(sources_.size() - blocks_[b].first);
  }
  // Cheap first: the routes' weights alone.
  best_below_.assign(blocks_.size(), 0);
  for (std::size_t b = blocks_.size(); b-- > 0;) {
    best_below_[b] += graph_.weight(blocks_[b].edges);
    if (b > 0) {
      Score& up = best_below_[static_cast<std::size_t>(blocks_[b].parent)];
      up = std::max(up, blocks_[b].via + best_below_[b]);
    }
  }
  if (best_below_[0] < need) return best_below_[0];
  // Exit squares are sources too (a route through exit y flips y's parity).
  for (std::size_t b = 1; b < blocks_.size(); ++b) sources_.push_back(blocks_[b].exit);
  // Distances among them inside the blocks (the bridges removed), by source index.
  // With all pairs in the frame in force they serve as they are: computed for a graph
  // that contains s, they are at most the distances in s (and inside a block a shortest
  // path never leaves it), so the bound stays valid, if a little weaker.
  const Frame* frame = tf_[static_cast<std::size_t>(depth)];
  const bool shared_rows = frame != nullptr && frame->all_pairs;
  if (!shared_rows) {
    source_index_.assign(n, -1);
    unique_.clear();
    for (const std::uint8_t x : sources_)
      if (source_index_[x] < 0) {
        source_index_[x] = static_cast<int>(unique_.size());
        unique_.push_back(x);
      }
    block_rows_.resize(unique_.size() * n);
    distances(unique_, inner, block_rows_.data());
  }
  const auto dist = [&](std::uint8_t a, std::uint8_t b) {
    return shared_rows ? frame->rows[static_cast<std::size_t>(a) * n + b]
                       : block_rows_[static_cast<std::size_t>(source_index_[a]) * n + b];
  };
  // Best route below each block, children first (they come later in the order). The
  // root stops as soon as a route reaches `need`: the caller only prunes below it.
  best_below_.assign(blocks_.size(), 0);
  for (std::size_t b = blocks_.size(); b-- > 0;) {
    const Block& B = blocks_[b];
    if (empty(B.edges)) {  // one square: every route through it is free
      Score best = 0;
      for (std::size_t c = B.children; c < B.children_end; ++c)
        best = std::max(best, blocks_[c].via + best_below_[c]);
      best_below_[b] = best;
      continue;
    }
    const Score w = graph_.weight(B.edges);
    terms_.assign(sources_.begin() + B.first, sources_.begin() + B.first + B.terms);
    // Warm-started from the frame's assignment (the same distances) when it has one.
    const bool frame_duals = shared_rows && frame->u.size() == frame->terms.size() + 2;
    Score best = w - assignment_bound(terms_, true, dist, frame_duals ? &frame->terms : nullptr,
                                      frame_duals ? frame : nullptr);
    // The free end's duals, when solved by the Hungarian method, warm-start the routes.
    const bool warm = terms_.size() + 1 > kExactMatching;
    if (warm) {
      base_ = scratch_frame_;
      base_terms_ = terms_;
    }
    if (b == 0 && best >= need) return best;
    for (std::size_t c = B.children; c < B.children_end; ++c) {
      const Score optimistic = w + blocks_[c].via + best_below_[c];
      if (optimistic <= best) continue;
      if (b == 0 && optimistic < need) {  // cannot reach need: its optimistic value will do
        best = optimistic;
        continue;
      }
      route_terms_ = terms_;
      const auto it = std::find(route_terms_.begin(), route_terms_.end(), blocks_[c].exit);
      if (it != route_terms_.end())
        route_terms_.erase(it);
      else
        route_terms_.push_back(blocks_[c].exit);
      const Score tj = assignment_bound(route_terms_, false, dist, warm ? &base_terms_ : nullptr,
                                        warm ? &base_ : nullptr);
      best = std::max(best, optimistic - tj);
      if (b == 0 && best >= need) return best;
    }
    best_below_[b] = best;
  }
  return best_below_[0];
}

// Duals and a partial assignment for the problem in cost_ (terminals t, a free node last
// when `free`) from a solved one (terminals bt, a free node last) whose costs were the same
// distances or smaller ones: the common nodes keep their duals, which stay feasible, and
// their pairs while tight; each new node gets the largest feasible duals. The Hungarian
// method then augments only the rows left free.
void TrailBounds::warm_start(const std::vector<std::uint8_t>& t, bool free,
                             const std::vector<std::uint8_t>& bt, const Frame& base, Frame& f) {
  const std::size_t k = t.size(), m = free ? k + 1 : k, kb = bt.size();
  base_of_.assign(m, kNone);
  const std::uint32_t gen = pos_stamps_.next();
  for (std::size_t i = 0; i < kb; ++i) {
    pos_stamps_[bt[i]] = gen;
    pos_[bt[i]] = i;
  }
  for (std::size_t i = 0; i < k; ++i)
    if (pos_stamps_[t[i]] == gen) base_of_[i] = pos_[t[i]];
  if (free) base_of_[k] = kb;
  new_of_.assign(kb + 1, kNone);
  for (std::size_t i = 0; i < m; ++i)
    if (base_of_[i] != kNone) new_of_[base_of_[i]] = i;
  f.u.assign(m + 1, 0);
  f.v.assign(m + 1, 0);
  f.p.assign(m + 1, 0);
  for (std::size_t i = 0; i < m; ++i)
    if (base_of_[i] != kNone) {
      f.u[i + 1] = base.u[base_of_[i] + 1];
      f.v[i + 1] = base.v[base_of_[i] + 1];
    }
  for (std::size_t i = 0; i < m; ++i) {
    if (base_of_[i] != kNone) continue;
    std::int64_t u = std::numeric_limits<std::int64_t>::max();
    for (std::size_t j = 0; j < m; ++j) u = std::min(u, cost_[i * m + j] - f.v[j + 1]);
    f.u[i + 1] = u;
  }
  for (std::size_t j = 0; j < m; ++j) {
    if (base_of_[j] != kNone) continue;
    std::int64_t v = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < m; ++i) v = std::min(v, cost_[i * m + j] - f.u[i + 1]);
    f.v[j + 1] = v;
  }
  for (std::size_t jb = 0; jb <= kb; ++jb) {
    const std::size_t rb = base.p[jb + 1];
    if (rb == 0) continue;
    const std::size_t j = new_of_[jb], r = new_of_[rb - 1];
    if (j != kNone && r != kNone && cost_[r * m + j] == f.u[r + 1] + f.v[j + 1]) f.p[j + 1] = r + 1;
  }
}

// Branch and bound: every node left is matched at no less than its cheapest pair, so
// half the sum of those (kept doubled in `floor2`) bounds the rest from below.
void TrailBounds::small_matching(unsigned left, Score sum, Score floor2, Score& best) const {
  if (left == 0) {
    best = std::min(best, sum);
    return;
  }
  const auto i = static_cast<std::size_t>(std::countr_zero(left));
  for (unsigned rest = left & (left - 1); rest != 0; rest &= rest - 1) {
    const auto j = static_cast<std::size_t>(std::countr_zero(rest));
    const Score c = sum + small_cost_[i][j];
    const Score f = floor2 - small_min_[i] - small_min_[j];
    if (2 * c + f < 2 * best) small_matching(left & ~(1U << i) & ~(1U << j), c, f, best);
  }
}

// ceil(minimum assignment / 2) of the terminals under dist (a free node at no cost when
// `free`): a lower bound on the minimum T-join (with a free end).
template <class Dist>
Score TrailBounds::assignment_bound(const std::vector<std::uint8_t>& t, bool free, const Dist& dist,
                                    const std::vector<std::uint8_t>* base_terms,
                                    const Frame* base) {
  const std::size_t k = t.size();
  if (k == 0 || (free && k == 1)) return 0;
  if (!free && k == 2) return dist(t[0], t[1]);
  const std::size_t m = free ? k + 1 : k;
  if (m <= kExactMatching) {
    // Few terminals: the minimum perfect matching itself (the exact minimum T-join),
    // by trying every pairing of the first unmatched terminal, best first.
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < m; ++j)
        small_cost_[i][j] = i >= k || j >= k ? 0 : (i == j ? kUnreachable : dist(t[i], t[j]));
    Score floor2 = 0;
    for (std::size_t i = 0; i < m; ++i) {
      Score low = kUnreachable;
      for (std::size_t j = 0; j < m; ++j)
        if (j != i) low = std::min(low, small_cost_[i][j]);
      small_min_[i] = low;
      floor2 += low;
    }
    Score best = kUnreachable;
    small_matching((1U << m) - 1, 0, floor2, best);
    return best >= kUnreachable ? 0 : best;
  }
  cost_.assign(m * m, 0);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < k; ++j)
      cost_[i * m + j] = i == j ? kBig : std::min<std::int64_t>(dist(t[i], t[j]), kBig);
  if (free) cost_[k * m + k] = kBig;
  if (base != nullptr) {
    warm_start(t, free, *base_terms, *base, scratch_frame_);
  } else {
    scratch_frame_.u.assign(m + 1, 0);
    scratch_frame_.v.assign(m + 1, 0);
    scratch_frame_.p.assign(m + 1, 0);
  }
  const std::int64_t total = hungarian(m, scratch_frame_);
  return total >= kBig ? 0 : static_cast<Score>((total + 1) / 2);
}

// Minimum assignment of the m x m matrix cost_ (Hungarian method, potentials f.u, f.v,
// f.p[j] = row of column j, 1-based), from the feasible duals and tight partial
// assignment in f: only the free rows are augmented. Returns the assignment's cost.
std::int64_t TrailBounds::hungarian(std::size_t m, Frame& f) {
  return min_assignment(m, cost_, f.u, f.v, f.p, assignment_);
}

}  // namespace leapfrog::trails_detail
