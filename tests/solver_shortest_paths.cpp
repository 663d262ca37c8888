// repair_distances (solver/chains/shortest_paths.h) against a plain Dijkstra: random grid graphs
// with weights 1..4 (many ties, as on the lattices) lose their edges one at a time, the way
// a chain does, and after every removal each source's repaired row must equal the fresh one.
#include <catch2/catch.hpp>
#include <limits>
#include <queue>

#include "generator/random.h"
#include "solver/chains/shortest_paths.h"

using namespace leapfrog;

namespace {

constexpr Score kUnreachable = std::numeric_limits<Score>::max() / 4;

struct Grid {
  int w, h;
  std::vector<Score> right, down;  // weight of the edge to the right / below; 0: no edge

  template <class F>
  void neighbours(Square v, F&& f) const {
    const int x = v % w, y = v / w;
    if (x + 1 < w && right[v] != 0) f(static_cast<Square>(v + 1), right[v]);
    if (x > 0 && right[v - 1u] != 0) f(static_cast<Square>(v - 1), right[v - 1u]);
    if (y + 1 < h && down[v] != 0) f(static_cast<Square>(v + w), down[v]);
    if (y > 0 && down[static_cast<std::size_t>(v - w)] != 0)
      f(static_cast<Square>(v - w), down[static_cast<std::size_t>(v - w)]);
  }

  std::vector<Score> dijkstra(Square source) const {
    std::vector<Score> d(static_cast<std::size_t>(w * h), kUnreachable);
    using Item = std::pair<Score, Square>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    d[source] = 0;
    queue.push({0, source});
    while (!queue.empty()) {
      const auto [dv, v] = queue.top();
      queue.pop();
      if (dv != d[v]) continue;
      neighbours(v, [&](Square u, Score wt) {
        if (dv + wt < d[u]) {
          d[u] = dv + wt;
          queue.push({d[u], u});
        }
      });
    }
    return d;
  }
};

}  // namespace

TEST_CASE("repair_distances agrees with Dijkstra as edges are removed one by one",
          "[solver][paths]") {
  Rng rng(977);
  RepairScratch scratch;
  int repairs = 0, changed = 0;
  for (int round = 0; round < 200; ++round) {
    Grid g{2 + static_cast<int>(rng.below(7)), 2 + static_cast<int>(rng.below(7)), {}, {}};
    const auto n = static_cast<std::size_t>(g.w * g.h);
    g.right.assign(n, 0);
    g.down.assign(n, 0);
    std::vector<std::pair<Square, bool>> edges;  // (node, true: right edge / false: down edge)
    for (int v = 0; v < g.w * g.h; ++v) {
      const auto sv = static_cast<std::size_t>(v);
      if (v % g.w + 1 < g.w && rng.below(10) != 0) {
        g.right[sv] = static_cast<Score>(1 + rng.below(4));
        edges.push_back({static_cast<Square>(v), true});
      }
      if (v / g.w + 1 < g.h && rng.below(10) != 0) {
        g.down[sv] = static_cast<Score>(1 + rng.below(4));
        edges.push_back({static_cast<Square>(v), false});
      }
    }
    std::vector<std::vector<Score>> rows;
    for (std::size_t s = 0; s < n; ++s) rows.push_back(g.dijkstra(static_cast<Square>(s)));
    while (!edges.empty()) {
      const std::size_t pick = rng.below(edges.size());
      const auto [a, is_right] = edges[pick];
      edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(pick));
      const Square b = static_cast<Square>(is_right ? a + 1 : a + g.w);
      Score& weight = is_right ? g.right[a] : g.down[a];
      const Score wt = weight;
      weight = 0;
      for (std::size_t s = 0; s < n; ++s) {
        const std::vector<Score> fresh = g.dijkstra(static_cast<Square>(s));
        std::vector<Score>& row = rows[s];
        const bool through_a = row[a] < kUnreachable && row[a] + wt == row[b];
        const bool through_b = row[b] < kUnreachable && row[b] + wt == row[a];
        if (!through_a && !through_b) {  // the edge was on no shortest path: nothing moves
          REQUIRE(fresh == row);
          continue;
        }
        std::vector<Score> after(n, -1);
        repair_distances(
            row.data(), after.data(), n, through_a ? b : a, kUnreachable,
            [&](Square v, auto&& f) { g.neighbours(v, f); }, scratch);
        ++repairs;
        changed += after != row;
        INFO("round " << round << " source " << s);
        REQUIRE(after == fresh);
        row = after;
      }
    }
  }
  CHECK(repairs > 10000);
  CHECK(changed > 1000);  // the repairs really move distances, not only confirm them
}
