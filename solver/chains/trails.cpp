#include "solver/chains/trails.h"

namespace leapfrog {

std::optional<PlainGraph> plain_graph(const Board& board, JumpSet jumps,
                                      std::span<const Value> cells, Square start,
                                      std::span<const Score> gain) {
  PlainGraph g;
  std::vector<int> vertex(static_cast<std::size_t>(board.cells()), -1);
  std::vector<int> edge(static_cast<std::size_t>(board.cells()), -1);
  const auto add_vertex = [&](Square s) {
    vertex[s] = g.vertices();
    g.vertex_square.push_back(s);
    g.inc.push_back({});
    g.inc_count.push_back(0);
  };
  add_vertex(start);
  for (int next = 0; next < g.vertices(); ++next) {
    const Square x = g.vertex_square[static_cast<std::size_t>(next)];
    for (const Jump& j : board.jumps(x, jumps)) {
      if (cells[j.over] == 0) continue;
      if (cells[j.to] != 0) return std::nullopt;  // a landing square holds a piece
      if (vertex[j.to] < 0) {
        if (g.vertices() == PlainGraph::kMaxVertices) return std::nullopt;
        add_vertex(j.to);
      }
      const int a = next, b = vertex[j.to];
      int& e = edge[j.over];
      if (e < 0) {
        if (g.edges() == PlainGraph::kMaxEdges) return std::nullopt;
        e = g.edges();
        g.weight.push_back(gain[cells[j.over]]);
        g.ends.push_back({static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)});
      } else {
        // Seen before: it must be the same axis, seen from its other end.
        const auto [p, q] = g.ends[static_cast<std::size_t>(e)];
        if (!(p == b && q == a)) return std::nullopt;
      }
      auto& count = g.inc_count[static_cast<std::size_t>(a)];
      g.inc[static_cast<std::size_t>(a)][count++] = {static_cast<std::uint8_t>(e),
                                                     static_cast<std::uint8_t>(b)};
    }
  }
  return g;
}

}  // namespace leapfrog
