// The maximum-capture search on a plain graph: the fast path of solver/chains/chains.cpp for
// regions where every chain is a trail (the lattice positions of bench/lattices.h).
//
// A region is plain when every square the jumper can reach is empty and every piece in it
// can be jumped across one axis only: squares are then the vertices of a graph, pieces its
// edges (weighted by their gain), a chain is a trail from the jumper's square, and two
// chains are the same exactly when they visit the same vertices in the same order.
//
// Two methods answer, taking turns (see TrailSearch::run):
//  - The leftover enumeration. A trail uses a connected edge set U with odd(U) = {} or
//    {v, t}, and every such U has Euler trails from v: the chains using exactly U. So the
//    edge sets a trail may leave are enumerated, lightest first, and the Euler trails of each
//    optimal U counted with a memo; no bound is needed while counting (Fleury's rule says
//    which jumps can still finish). On the lattices of bench/lattices.h there are one or two
//    optimal sets, and the count visits only states of maximal chains.
//  - The bounded search: the search of chains.cpp (memo on the jumper's vertex and the edges
//    it can still reach, `need`-pruning that never drops a tie, so counts are exact) on a
//    compact state: the edges as a 128-bit set, so a state's key, hash, weight and
//    connectivity are a few word operations. Its bound is the T-join bound: the edges a
//    trail from v to its end t leaves form a T-join for T = odd(S) + {v} + {t}, so they weigh
//    at least a minimum T-join, bounded from below by half a minimum assignment of
//    T' = odd(S) + {v} (plus a free end) under shortest-path distances. T' does not change
//    along a chain (a jump flips the parity of both its ends and moves the jumper), so a
//    child whose jumped edge lies on none of the shortest paths the parent's assignment uses
//    has exactly the parent's assignment: its bound is inherited in O(1) and its distance
//    rows are repaired only when a descendant needs them. A block-tree bound covers bridges.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "puzzles/board.h"
#include "puzzles/position.h"
#include "solver/memory_budget.h"

namespace leapfrog {

struct PlainGraph {
  static constexpr int kMaxEdges = 128;
  static constexpr int kMaxVertices = 250;
  struct Incidence {
    std::uint8_t edge;
    std::uint8_t to;
  };
  std::vector<Square> vertex_square;  // vertex -> its square
  std::vector<Score> weight;          // edge -> gain of its piece
  std::vector<std::array<std::uint8_t, 2>> ends;
  // Per vertex, its edges in the board's jump-table order (the order of for_each_turn).
  std::vector<std::array<Incidence, 8>> inc;
  std::vector<std::uint8_t> inc_count;
  int start = 0;  // the jumper's vertex
  int vertices() const { return static_cast<int>(vertex_square.size()); }
  int edges() const { return static_cast<int>(weight.size()); }
};

// The plain graph of the region the jumper on `start` can reach, or nullopt when the region
// is not plain or has more than kMaxEdges pieces or kMaxVertices squares. `cells` is the
// position with the jumper already lifted off `start`; gain[v] is the gain of a piece of
// value v.
std::optional<PlainGraph> plain_graph(const Board& board, JumpSet jumps,
                                      std::span<const Value> cells, Square start,
                                      std::span<const Score> gain);

// The search of the chains of one jumper in a plain graph. Results (value, count, the
// chains in for_each_turn order, nodes) are those of the general search in chains.cpp;
// only the node count differs (states are counted the same way, bounds differ).
// Instantiated (trail_search.cpp) for the counts of chains.cpp: std::uint64_t and BigCount.
template <class Count>
class TrailSearch {
 public:
  // Nodes the leftover enumeration (see run()) may take in one round; once a round has had
  // this many, the bounded search finishes alone. 0 runs the bounded search alone (the tests
  // compare the two).
  static constexpr std::uint64_t kLeftoverBudget = std::uint64_t{1} << 18;

  // `poll(n)` is called every 4096 expanded states with n = 4096; it returns true when the
  // search must stop (then `stopped` is set and the results are meaningless).
  // The memo tables take their bytes from `memory` when given (a refusal stops the search
  // through its budget's stop flag and `poll`).
  TrailSearch(PlainGraph graph, std::function<bool(std::uint64_t)> poll,
              std::uint64_t leftover_budget = kLeftoverBudget, MemoryBudget* memory = nullptr);
  ~TrailSearch();

  // Two methods, the same answers. A trail from v uses an edge set U that is connected,
  // contains v and has odd(U) = {} or {v, t}; conversely every such U has an Euler trail from
  // v, and the chains using exactly U are its Euler trails from v. So the value is the
  // largest weight of such a U and the count the sum of their Euler trails.
  //  - Leftover enumeration (first): the edges a trail leaves, L = E - U, form a T-join for
  //    odd(E) + {v} + {t}, of weight at least w less the root's bound. For B from there
  //    upwards, every such L of weight exactly B is enumerated (vertex by vertex, each
  //    vertex's parity fixed when it is passed, pruned by a matching bound); the first B with
  //    a connected U gives the value, and the Euler trails of each such U are counted with a
  //    memo on (vertex, edges left) where every state reached completes (Fleury: a jump
  //    that strands no edge). No bound is needed while counting.
  //  - The bounded search: the `need`-pruned search of trail_bounded.h.
  // Neither is always the faster: on a dense lattice the enumeration meets few leftovers and
  // counts without bounds, while where the trail must leave much (a sparse region, bridges)
  // near-optimal leftovers abound and the bounded search's block bound is the better tool.
  // So they take turns with growing node caps (each round 4 times the last; the bounded
  // search gets a sixteenth, its nodes cost about that much more), and a capped bounded
  // search starts afresh, its table cleared. Once the enumeration has had its budget the
  // bounded search runs uncapped. Node caps, not time, so the answer and the node count are
  // the same on every run.
  void run();

  // Appends the maximal chains (value > 0) in for_each_turn order, as squares.
  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated);

  // Set by run().
  Score value = 0;
  Count count{};
  std::uint64_t nodes = 0;
  std::uint64_t materialised = 0;  // T-join bounds computed afresh (the rest were inherited)
  bool overflowed = false;
  bool stopped = false;
  bool by_enumeration = false;       // the leftover enumeration answered (else the bounded search)
  std::size_t optimal_sets() const;  // with by_enumeration

 private:
  class Parts;
  std::unique_ptr<Parts> parts_;
};

}  // namespace leapfrog
