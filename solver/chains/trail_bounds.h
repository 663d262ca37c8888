// The bounds of the trail search's bounded search (solver/chains/trails.h): the T-join bound, with
// the frames its states inherit along a chain, and the block bound for bridges. Both bound
// from below the weight a trail from the jumper must leave of the edges it can reach.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "puzzles/position.h"
#include "solver/chains/assignment.h"
#include "solver/chains/trail_graph.h"

namespace leapfrog::trails_detail {

class TrailBounds {
 public:
  explicit TrailBounds(TrailGraph& graph);

  // The lower bound on what a trail from v in s must leave; the frame in force and its
  // paths go to tf_[depth], paths_[depth]. `via` is the edge just jumped (-1 at the root),
  // `cut` whether the jump cut s down.
  // With `lazy`, returns -1 instead of computing a new frame (the parent's frame is then
  // left in force: its distances are lower bounds, good enough for block_bound).
  Score tjoin(int depth, int v, const Mask& s, int via, bool cut, bool lazy = false);

  // Connectivity and parity together: a trail crosses a bridge at most once, so it visits
  // the 2-edge-connected blocks along one path of the block tree from the jumper's block,
  // entering each block B at x_B and leaving it at y_B (the next bridge's end, or its own
  // end t in the last block). Its edges in B form a trail from x_B to y_B, so what it
  // leaves of B is a T-join for odd(B) + {x_B} + {y_B}: bounded below as in tjoin (half a
  // minimum assignment), with a free node for the last block's unknown end. The bound is
  // the best path down the block tree. Returns kNoBound when s has no bridge (tjoin's
  // bound is then at least as good). Exact below `need`; at or above it, some value >= need.
  // Uses the distances of the frame tjoin left in force at `depth`.
  static constexpr Score kNoBound = std::numeric_limits<Score>::max();
  Score block_bound(int depth, int v, const Mask& s, Score need);

  // Whether tjoin has left a frame in force at `depth`.
  bool has_frame(int depth) const { return tf_[static_cast<std::size_t>(depth)] != nullptr; }

  std::uint64_t materialised = 0;  // T-join bounds computed afresh (the rest were inherited)

 private:
  // What the bound of a state knows, kept for its descendants: the terminals T', their
  // distances in the edge set it was computed for, and the optimal assignment with its
  // duals. A descendant whose every assigned pair still has a shortest path (of tight
  // edges under these rows) among its own edges has the same optimal assignment.
  struct Frame {
    std::vector<std::uint8_t> terms;  // T' (sorted vertices)
    std::vector<Score> rows;          // distances when computed: terms x vertices, or
    bool all_pairs = false;           // vertices x vertices (all_pairs_)
    std::vector<std::int64_t> u, v;   // assignment duals (1-based, Hungarian method)
    std::vector<std::size_t> p;       // p[j]: row assigned to column j
    std::vector<std::pair<std::uint8_t, std::uint8_t>> pairs;  // assigned (row, column) terminals
    Score match = 0;                                           // ceil(assignment / 2)
  };
  static constexpr std::int64_t kBig = std::int64_t{1} << 40;
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  static constexpr std::size_t kExactMatching = 10;
  static constexpr int kRing = 16;  // distances(): rounds kept (weights below it)

  // The helpers (defined in trail_bounds.cpp, used nowhere else) are declared inline, as
  // they were in the class body they come from: GCC inlines a function declared inline far
  // more readily, and the lattice search takes about 5% more instructions when block_bound's
  // assignments are not inlined (callgrind).

  // ---- the T-join bound -----------------------------------------------------------------
  inline const Score* row_of(const Frame& f, std::size_t t) const;
  inline bool tight_path(const Frame& f, std::size_t r, std::size_t c, const Mask& s, Mask& out);
  inline void distances(const std::vector<std::uint8_t>& terms, const Mask& s, Score* rows);
  inline void all_pairs(int v, const Mask& s, Score* rows);
  inline void dijkstra(int from, const Mask& s, Score* out);

  // ---- the assignments ------------------------------------------------------------------
  inline void warm_start(const std::vector<std::uint8_t>& t, bool free,
                         const std::vector<std::uint8_t>& bt, const Frame& base, Frame& f);
  inline void small_matching(unsigned left, Score sum, Score floor2, Score& best) const;
  template <class Dist>
  inline Score assignment_bound(const std::vector<std::uint8_t>& t, bool free, const Dist& dist,
                                const std::vector<std::uint8_t>* base_terms = nullptr,
                                const Frame* base = nullptr);
  inline std::int64_t hungarian(std::size_t m, Frame& f);

  TrailGraph& graph_;
  const PlainGraph& g_;
  VertexStamps stamps_;
  std::vector<std::uint8_t> queue_;
  std::vector<const Frame*> tf_;  // the frame in force at each depth of the current chain
  std::vector<Mask> paths_;       // and the shortest paths its pairs use there
  std::vector<Frame> frames_;     // the frames computed at each depth
  struct Arc {
    std::uint8_t from, to, w;
  };
  std::vector<Arc> arcs_;
  std::vector<std::uint64_t> ring_;
  Score max_weight_ = 1;
  bool all_pairs_ = false;            // frames hold the distances between all vertices
  std::vector<std::uint8_t> active_;  // all_pairs(): the squares s touches
  std::array<std::vector<std::pair<std::uint8_t, std::uint8_t>>, kRing> arcs_by_weight_;
  struct PathStep {
    std::uint8_t vertex;
    std::uint8_t next;  // next incidence to try
    std::uint8_t via;   // edge from the previous step
  };
  std::vector<PathStep> path_stack_;
  std::array<std::vector<std::uint8_t>, 64> buckets_;  // dijkstra()
  // block_bound's scratch.
  struct DfsStep {
    std::uint8_t vertex;
    std::uint8_t next;
    std::uint8_t via;  // edge from the parent (0xFF at the root)
  };
  struct Block {
    std::uint8_t entry;                            // x_B
    int parent;                                    // -1 for the jumper's block
    std::uint8_t exit;                             // the parent's end of the bridge into this block
    Score via;                                     // that bridge's weight
    std::uint16_t first = 0, terms = 0;            // T0 in sources_
    std::uint16_t children = 0, children_end = 0;  // its child blocks (consecutive)
    Mask edges{};
  };
  std::vector<DfsStep> dfs_;
  std::vector<int> order_, low_, block_of_, source_index_;
  std::vector<Block> blocks_;
  std::vector<std::uint8_t> sources_, unique_, terms_, route_terms_;
  std::vector<Score> block_rows_, best_below_;
  // The assignments' scratch.
  Frame scratch_frame_, base_;
  std::vector<std::uint8_t> base_terms_;
  std::vector<std::size_t> base_of_, new_of_, pos_;  // warm_start()
  VertexStamps pos_stamps_;
  std::array<std::array<Score, kExactMatching>, kExactMatching> small_cost_{};
  std::array<Score, kExactMatching> small_min_{};
  std::vector<std::int64_t> cost_;
  AssignmentScratch assignment_;
};

}  // namespace leapfrog::trails_detail
