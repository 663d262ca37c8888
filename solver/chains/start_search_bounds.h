// StartSearch's bounds on what the chains of a position can still take: parity, the
// minimum T-join by assignment and the bridges of a plain graph. Internal to
// solver/chains/chains.cpp.
#pragma once

#include <algorithm>
#include <limits>

#include "solver/chains/start_search.h"

namespace leapfrog::chain_search {

template <class Count>
inline Score StartSearch<Count>::parity_bound(Square cur, std::size_t n) const {
  Score sum_m = 0, max_m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Square x = region_[i];
    if (x == cur || degree_[x] < 2) continue;
    int single = 0;
    bool flexible = false;
    Score m = std::numeric_limits<Score>::max();
    for (const Jump& j : sh_.board.jumps(x, sh_.rules.jumps)) {
      if (cells_[j.over] == 0) continue;
      if (axes_[j.over] > 2) {
        flexible = true;
        break;
      }
      ++single;
      m = std::min(m, mid_weight(j.over));
    }
    if (flexible || single % 2 == 0) continue;
    sum_m += m;
    max_m = std::max(max_m, m);
  }
  return (sum_m - max_m + 1) / 2;
}

template <class Count>
inline Score StartSearch<Count>::matching_bound(Square cur, std::size_t n) {
  terminals_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const Square x = region_[i];
    if (((degree_[x] & 1) != 0) != (x == cur)) terminals_.push_back(x);
  }
  std::sort(terminals_.begin(), terminals_.end());
  if (frames_.size() <= static_cast<std::size_t>(depth_))
    frames_.resize(static_cast<std::size_t>(depth_) + 1);
  Frame& f = frames_[static_cast<std::size_t>(depth_)];
  f.valid = false;
  const std::size_t k = terminals_.size();
  if (k <= 1) return 0;
  constexpr Score kInf = std::numeric_limits<Score>::max() / 4;
  const std::size_t m = k + 1;  // the last node is the free end
  const auto cells = static_cast<std::size_t>(sh_.board.cells());

  // Incremental: in a plain graph the terminals stay the same along a chain (a jump
  // x->z flips the parity of x and z and moves the jumper from x to z), and removing
  // the jumped piece changes the distances from a terminal only if it lay on one of
  // its shortest paths. So the parent's rows are kept where that cannot be, and the
  // parent's assignment duals stay feasible (distances only grow): a warm start.
  // When the jump cut the region in two (the piece was a bridge), the terminals here are
  // those of the parent on this side: their rows are still repaired from the parent's
  // (squares across the bridge become unreachable), but the assignment starts afresh.
  const Frame* parent = nullptr;
  bool same_terms = false;
  Square px = kNoSquare;
  Score w = 0;
  if (depth_ > 0) {
    const Frame& pf = frames_[static_cast<std::size_t>(depth_) - 1];
    same_terms = pf.valid && pf.terms == terminals_;
    if (same_terms || (pf.valid && std::includes(pf.terms.begin(), pf.terms.end(),
                                                 terminals_.begin(), terminals_.end()))) {
      const Square over = sh_.board.jump_over(pf.cur, cur, sh_.rules.jumps);
      if (over != kNoSquare && cells_[over] == 0 && sh_.pos.cells[over] != 0) {
        parent = &pf;
        px = pf.cur;
        w = sh_.gain[sh_.pos.cells[over]];
      }
    }
  }

  // The region as a compact graph (local indices, weights), built at most once for the
  // k searches, and only when a row has to be computed from scratch.
  bool have_graph = false;
  const auto build_graph = [&] {
    for (std::size_t i = 0; i < n; ++i) slot_[region_[i]] = static_cast<int>(i);
    adj_start_.assign(n + 1, 0);
    adj_.clear();
    for (std::size_t i = 0; i < n; ++i) {
      for (const Jump& j : sh_.board.jumps(region_[i], sh_.rules.jumps))
        if (cells_[j.over] != 0) adj_.push_back({slot_[j.to], mid_weight(j.over)});
      adj_start_[i + 1] = adj_.size();
    }
    local_dist_.resize(n);
    have_graph = true;
  };
  if (f.own.size() < k * cells) f.own.resize(k * cells);
  f.rows.resize(k);
  // The repairs walk the same few squares many times: their live edges, gathered at the
  // first visit of a square in this call (the stamp says which lists are current; the
  // repairs may also walk a part that the jump cut off, outside the region).
  if (live_.size() < cells * 8) {
    live_.resize(cells * 8);
    live_count_.resize(cells);
    live_stamp_.assign(cells, 0);
  }
  if (++live_generation_ == 0) {
    std::fill(live_stamp_.begin(), live_stamp_.end(), 0);
    live_generation_ = 1;
  }
  const auto live_neighbours = [&](Square v, auto&& visit) {
    std::pair<Square, Score>* e = live_.data() + v * 8u;
    if (live_stamp_[v] != live_generation_) {
      live_stamp_[v] = live_generation_;
      std::uint8_t c = 0;
      for (const Jump& j : sh_.board.jumps(v, sh_.rules.jumps))
        if (cells_[j.over] != 0) e[c++] = {j.to, sh_.gain[cells_[j.over]]};
      live_count_[v] = c;
    }
    for (const auto* end = e + live_count_[v]; e != end; ++e) visit(e->first, e->second);
  };
  for (std::size_t t = 0; t < k; ++t) {
    if (parent != nullptr) {
      // Distances (weights >= 1) stay the same as long as every square keeps an edge
      // that is tight under them: only the ends of the removed edge can lose theirs.
      const auto pt = static_cast<std::size_t>(
          std::lower_bound(parent->terms.begin(), parent->terms.end(), terminals_[t]) -
          parent->terms.begin());
      const Score* row = parent->rows[pt];
      const auto keeps_tight_edge = [&](Square v) {
        if (row[v] == 0) return true;
        bool tight = false;
        live_neighbours(v, [&](Square u, Score g) { tight |= row[u] + g == row[v]; });
        return tight;
      };
      if ((row[px] + w != row[cur] || keeps_tight_edge(cur)) &&
          (row[cur] + w != row[px] || keeps_tight_edge(px))) {
        f.rows[t] = row;
        continue;
      }
      // Otherwise only the squares below the removed edge in the shortest-path DAG can
      // move: a small repair instead of a search over the whole region.
      Score* out = f.own.data() + t * cells;
      repair_distances(row, out, cells, row[px] + w == row[cur] ? cur : px, kInf, live_neighbours,
                       repair_);
      f.rows[t] = out;
      continue;
    }
    if (!have_graph) build_graph();
    // Dial's algorithm from terminal t over the whole region (the rows serve the
    // children's tests too).
    std::fill(local_dist_.begin(), local_dist_.end(), kInf);
    for (auto& bucket : local_buckets_) bucket.clear();
    const int from = slot_[terminals_[t]];
    local_dist_[static_cast<std::size_t>(from)] = 0;
    local_buckets_[0].push_back(from);
    std::size_t pending = 1;
    for (Score d = 0; pending > 0; ++d) {
      auto& bucket = local_buckets_[static_cast<std::size_t>(d) & 15];
      for (std::size_t i = 0; i < bucket.size(); ++i) {
        const auto x = static_cast<std::size_t>(bucket[i]);
        --pending;
        if (local_dist_[x] != d) continue;
        for (std::size_t e = adj_start_[x]; e < adj_start_[x + 1]; ++e) {
          const Score nd = d + adj_[e].second;
          const auto y = static_cast<std::size_t>(adj_[e].first);
          if (nd < local_dist_[y]) {
            local_dist_[y] = nd;
            local_buckets_[static_cast<std::size_t>(nd) & 15].push_back(adj_[e].first);
            ++pending;
          }
        }
      }
      bucket.clear();
    }
    Score* row = f.own.data() + t * cells;
    for (std::size_t i = 0; i < n; ++i) row[region_[i]] = local_dist_[i];
    f.rows[t] = row;
  }
  cost_.assign(m * m, 0);
  for (std::size_t t = 0; t < k; ++t)
    for (std::size_t u = 0; u < k; ++u)
      cost_[t * m + u] = u == t ? kBig : std::min<std::int64_t>(f.rows[t][terminals_[u]], kBig);
  cost_[k * m + k] = kBig;
  if (parent != nullptr && same_terms) {
    hu_ = parent->u;
    hv_ = parent->v;
    hp_ = parent->p;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t r = hp_[j];
      if (r != 0 && cost_[(r - 1) * m + (j - 1)] != hu_[r] + hv_[j]) hp_[j] = 0;  // no longer tight
    }
  } else {
    hu_.assign(m + 1, 0);
    hv_.assign(m + 1, 0);
    hp_.assign(m + 1, 0);
  }
  const Score bound = hungarian(m);
  f.u = hu_;
  f.v = hv_;
  f.p = hp_;
  f.cur = cur;
  f.terms = terminals_;
  f.valid = true;
  return bound;
}

template <class Count>
Score StartSearch<Count>::hungarian(std::size_t m) {
  // From the feasible potentials and tight partial assignment the caller leaves in hu_,
  // hv_, hp_: only the free rows are augmented.
  const std::int64_t total = min_assignment(m, cost_, hu_, hv_, hp_, assignment_);
  if (total >= kBig) return 0;  // unreachable terminals: cannot happen in a region; stay safe
  return static_cast<Score>((total + 1) / 2);
}

template <class Count>
inline Score StartSearch<Count>::bridge_bound(Square cur, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) slot_[region_[i]] = static_cast<int>(i);
  // Tarjan's bridges, iteratively: order, low, and the piece of the edge to the parent.
  order_.assign(n, -1);
  low_.assign(n, 0);
  is_bridge_.clear();
  int counter = 0;
  dfs_.clear();
  const auto root = static_cast<std::size_t>(slot_[cur]);
  dfs_.push_back({root, kNoSquare, 0});
  order_[root] = low_[root] = counter++;
  while (!dfs_.empty()) {
    DfsFrame& fr = dfs_.back();
    const auto jumps = sh_.board.jumps(region_[fr.node], sh_.rules.jumps);
    if (fr.next < jumps.size()) {
      const Jump& j = jumps[fr.next++];
      if (cells_[j.over] == 0 || j.over == fr.via) continue;
      const auto y = static_cast<std::size_t>(slot_[j.to]);
      if (order_[y] < 0) {
        order_[y] = low_[y] = counter++;
        dfs_.push_back({y, j.over, 0});
      } else {
        low_[fr.node] = std::min(low_[fr.node], order_[y]);
      }
      continue;
    }
    const DfsFrame done = fr;
    dfs_.pop_back();
    if (!dfs_.empty()) {
      DfsFrame& up = dfs_.back();
      low_[up.node] = std::min(low_[up.node], low_[done.node]);
      if (low_[done.node] > order_[up.node]) is_bridge_.push_back(done.via);
    }
  }
  if (is_bridge_.empty()) return piece_sum_;
  if (++bridge_stamp_ == 0) {
    std::fill(bridge_mark_.begin(), bridge_mark_.end(), 0);
    bridge_stamp_ = 1;
  }
  for (const Square over : is_bridge_) bridge_mark_[over] = bridge_stamp_;
  const auto bridge = [&](Square over) { return bridge_mark_[over] == bridge_stamp_; };
  // Blocks: components without the bridges, found from the jumper's block outwards; the
  // block tree is walked in the same search (a block is entered through one bridge).
  block_.assign(n, -1);
  block_weight_.clear();
  block_parent_.clear();
  block_via_.clear();
  std::vector<std::size_t>& stack = block_stack_;
  std::vector<std::size_t>& pending = block_pending_;
  pending.assign(1, root);
  block_parent_.push_back(-1);
  block_via_.push_back(0);
  block_.at(root) = 0;
  block_weight_.push_back(0);
  std::size_t next_block = 0;
  while (next_block < pending.size()) {
    const int b = block_[pending[next_block]];
    stack.assign(1, pending[next_block++]);
    while (!stack.empty()) {
      const std::size_t x = stack.back();
      stack.pop_back();
      for (const Jump& j : sh_.board.jumps(region_[x], sh_.rules.jumps)) {
        if (cells_[j.over] == 0) continue;
        const auto y = static_cast<std::size_t>(slot_[j.to]);
        const Score g = sh_.gain[cells_[j.over]];
        if (bridge(j.over)) {
          if (block_[y] < 0) {  // a new block beyond the bridge
            block_[y] = static_cast<int>(block_weight_.size());
            block_weight_.push_back(0);
            block_parent_.push_back(b);
            block_via_.push_back(g);
            pending.push_back(y);
          }
          continue;
        }
        if (y > x || (y == x)) block_weight_[static_cast<std::size_t>(b)] += g;  // each edge once
        if (block_[y] < 0) {
          block_[y] = b;
          stack.push_back(y);
        }
      }
    }
  }
  // Best path down the block tree: children come after their parents, so go backwards.
  block_best_.assign(block_weight_.size(), 0);
  for (std::size_t b = block_weight_.size(); b-- > 0;) {
    block_best_[b] += block_weight_[b];
    if (block_parent_[b] >= 0) {
      Score& up = block_best_[static_cast<std::size_t>(block_parent_[b])];
      up = std::max(up, block_via_[b] + block_best_[b]);
    }
  }
  return block_best_[0];
}

}  // namespace leapfrog::chain_search
