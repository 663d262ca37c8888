// What the parts of the trail search (solver/chains/trails.h) share: a plain graph's edge sets as
// 128-bit masks, the graph with the operations on a search state (the jumper's vertex and
// the edges it can still reach), and the node count with its stop request. Inline: they run
// at every node.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "core/hash.h"
#include "puzzles/position.h"
#include "solver/chains/trails.h"

namespace leapfrog {

namespace trails_detail {

using Mask = std::array<std::uint64_t, 2>;
inline bool has(const Mask& m, int e) {
  return ((m[static_cast<unsigned>(e) >> 6] >> (e & 63)) & 1U) != 0;
}
inline void drop(Mask& m, int e) {
  m[static_cast<unsigned>(e) >> 6] &= ~(std::uint64_t{1} << (e & 63));
}
inline void put(Mask& m, int e) {
  m[static_cast<unsigned>(e) >> 6] |= std::uint64_t{1} << (e & 63);
}
inline bool empty(const Mask& m) { return (m[0] | m[1]) == 0; }
inline bool equal(const Mask& a, const Mask& b) { return a[0] == b[0] && a[1] == b[1]; }
template <class F>
void for_each_bit(const Mask& m, F&& f) {
  for (int w = 0; w < 2; ++w)
    for (std::uint64_t b = m[static_cast<std::size_t>(w)]; b != 0; b &= b - 1)
      f(64 * w + std::countr_zero(b));
}
inline std::uint64_t state_hash(const Mask& s, int v) {
  return mix64(s[0] * kGoldenGamma ^
               mix64(s[1] + static_cast<std::uint64_t>(v) * 0xD6E8FEB86659FD93ULL)) |
         1U;
}

// A distance or weight no path reaches (room left to add a few without overflow).
inline constexpr Score kUnreachable = std::numeric_limits<Score>::max() / 4;

// Marks on the vertices for one traversal at a time: each traversal takes a fresh
// generation from next() and marks x by stamps[x] = generation, so starting one is free.
class VertexStamps {
 public:
  explicit VertexStamps(std::size_t n) : stamp_(n, 0) {}
  std::uint32_t next() {
    if (++generation_ == 0) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      generation_ = 1;
    }
    return generation_;
  }
  std::uint32_t& operator[](std::size_t x) { return stamp_[x]; }

 private:
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
};

// The nodes expanded so far by every part, and whether the search must stop: `poll(n)` is
// called every 4096 nodes with n = 4096 and returns true to stop it.
class TrailProgress {
 public:
  explicit TrailProgress(std::function<bool(std::uint64_t)> poll) : poll_(std::move(poll)) {}
  // Counts one node; true when the search must stop.
  bool tick() {
    if ((++nodes & 4095) == 0 && poll_(4096)) stopped = true;
    return stopped;
  }
  std::uint64_t nodes = 0;
  bool stopped = false;

 private:
  std::function<bool(std::uint64_t)> poll_;
};

// The plain graph and the operations on a search state's edge set.
class TrailGraph {
 public:
  explicit TrailGraph(PlainGraph graph)
      : g_(std::move(graph)),
        stamps_(static_cast<std::size_t>(g_.vertices())),
        queue_(static_cast<std::size_t>(g_.vertices())) {
    for (int e = 0; e < g_.edges(); ++e) {
      const Score w = g_.weight[static_cast<std::size_t>(e)];
      auto it = std::find_if(classes_.begin(), classes_.end(),
                             [&](const auto& c) { return c.first == w; });
      if (it == classes_.end()) it = classes_.insert(classes_.end(), {w, Mask{}});
      put(it->second, e);
      put(all_, e);
    }
  }

  const PlainGraph& graph() const { return g_; }
  // Every edge: the state at the root.
  const Mask& all() const { return all_; }

  Score weight(const Mask& s) const {
    Score sum = 0;
    for (const auto& [w, m] : classes_)
      sum += w * (std::popcount(s[0] & m[0]) + std::popcount(s[1] & m[1]));
    return sum;
  }
  int degree(int x, const Mask& s) const {
    int d = 0;
    const auto& inc = g_.inc[static_cast<std::size_t>(x)];
    for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)]; ++i)
      d += has(s, inc[static_cast<std::size_t>(i)].edge) ? 1 : 0;
    return d;
  }
  // The jumper went from a to u across an edge already dropped from s: keeps in s the edges
  // u can still reach; true when some were cut off (the edge was a bridge).
  bool reduce(int u, int a, Mask& s) {
    if (degree(a, s) == 0) return false;  // a's side has no edge left
    if (degree(u, s) == 0) {
      s = Mask{};
      return true;
    }
    // Breadth first from u until a is found: on a lattice a face away.
    const std::uint32_t gen = stamps_.next();
    std::size_t head = 0, tail = 0;
    queue_[tail++] = static_cast<std::uint8_t>(u);
    stamps_[static_cast<std::size_t>(u)] = gen;
    while (head < tail) {
      const int x = queue_[head++];
      const auto& inc = g_.inc[static_cast<std::size_t>(x)];
      for (int i = 0; i < g_.inc_count[static_cast<std::size_t>(x)]; ++i) {
        const auto [e, y] = inc[static_cast<std::size_t>(i)];
        if (!has(s, e) || stamps_[y] == gen) continue;
        if (y == a) return false;
        stamps_[y] = gen;
        queue_[tail++] = y;
      }
    }
    Mask kept{};
    for (std::size_t i = 0; i < tail; ++i) {
      const int x = queue_[i];
      const auto& inc = g_.inc[static_cast<std::size_t>(x)];
      for (int j = 0; j < g_.inc_count[static_cast<std::size_t>(x)]; ++j)
        if (has(s, inc[static_cast<std::size_t>(j)].edge))
          put(kept, inc[static_cast<std::size_t>(j)].edge);
    }
    s = kept;
    return true;
  }

 private:
  PlainGraph g_;
  Mask all_{};
  std::vector<std::pair<Score, Mask>> classes_;  // edges by weight
  VertexStamps stamps_;
  std::vector<std::uint8_t> queue_;
};

}  // namespace trails_detail

}  // namespace leapfrog
