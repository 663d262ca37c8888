// TrailSearch (solver/chains/trails.h): its parts, and the turns they take.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/bigcount.h"
#include "solver/chains/child_fold.h"
#include "solver/chains/trail_bounded.h"
#include "solver/chains/trail_bounds.h"
#include "solver/chains/trail_enumeration.h"
#include "solver/chains/trail_euler.h"
#include "solver/chains/trail_graph.h"
#include "solver/chains/trails.h"
#include "solver/memory_budget.h"

namespace leapfrog {

template <class Count>
class TrailSearch<Count>::Parts {
  using Mask = trails_detail::Mask;
  using Bounded = trails_detail::BoundedSearch<Count>;

 public:
  Parts(PlainGraph graph, std::function<bool(std::uint64_t)> poll, std::uint64_t leftover_budget,
        MemoryBudget* memory)
      : graph_(std::move(graph)),
        progress_(std::move(poll)),
        leftover_budget_(leftover_budget),
        bounds_(graph_),
        leftovers_(graph_, progress_),
        euler_(graph_, progress_, memory),
        bounded_(graph_, bounds_, progress_, memory) {}

  // See TrailSearch::run.
  void run() {
    const int v = graph_.graph().start;
    const Score w = graph_.weight(graph_.all());
    Score need = w;
    // The root's T-join bound (its frame serves the children).
    need = std::min(need, w - bounds_.tjoin(0, v, graph_.all(), -1, true));
    if (leftover_budget_ == 0) {
      bounded(v, w, need, Bounded::kNoCap);
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
      if (bounded(v, w, need, last ? Bounded::kNoCap : cap / 16) || progress_.stopped) return;
      bounded_.clear();  // a capped search leaves unfinished entries
    }
  }

  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) {
    if (!leftovers_.units().empty()) {
      if (value > 0) euler_.collect(leftovers_.units(), out, limit, truncated);
      return;
    }
    bounded_.collect(out, limit, truncated);
  }

  Score value = 0;
  Count count{};
  bool by_enumeration = false;  // the leftover enumeration answered (else the bounded search)
  bool overflowed() const { return overflowed_ || euler_.overflowed || bounded_.overflowed; }
  std::size_t optimal_sets() const { return leftovers_.units().size(); }  // with by_enumeration
  std::uint64_t materialised() const { return bounds_.materialised; }
  std::uint64_t nodes() const { return progress_.nodes; }
  bool stopped() const { return progress_.stopped; }

 private:
  static constexpr std::uint64_t kFirstCap = 4096;

  // Value and count through the leftovers (see run()); false when the budget ran out (the
  // results are then left to the bounded search) or the search was stopped.
  bool by_leftovers(Score w, Score need, std::uint64_t budget) {
    const std::optional<Score> leftover = leftovers_.optimal_leftover(w, need, budget);
    if (!leftover) return false;
    value = w - *leftover;
    count = Count{};
    for (const Mask& u : leftovers_.units()) {
      const Count c = euler_.count(graph_.graph().start, u);
      if (progress_.stopped) {
        leftovers_.forget();
        return false;
      }
      overflowed_ |= add_count(count, c);
    }
    return true;
  }

  // The bounded search from the root, at most `cap` states expanded: true when it finished
  // (value and count set).
  bool bounded(int v, Score w, Score need, std::uint64_t cap) {
    if (!bounded_.run(v, w, need, cap)) return false;
    value = bounded_.value;
    count = bounded_.count;
    return true;
  }

  trails_detail::TrailGraph graph_;
  trails_detail::TrailProgress progress_;
  std::uint64_t leftover_budget_;
  trails_detail::TrailBounds bounds_;
  trails_detail::LeftoverEnumeration leftovers_;
  trails_detail::EulerTrails<Count> euler_;
  Bounded bounded_;
  bool overflowed_ = false;  // a sum of Euler trails overflowed Count
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
  overflowed = p.overflowed();
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
