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
        table_(memory),
        euler_table_(memory) {
    const auto n = static_cast<std::size_t>(g_.vertices());
    queue_.resize(n);
    tf_.assign(static_cast<std::size_t>(g_.edges()) + 2, nullptr);
    paths_.assign(static_cast<std::size_t>(g_.edges()) + 2, Mask{});
    path_stack_.resize(n + 1);
    dfs_.resize(n + 1);
    order_.resize(n);
    low_.resize(n);
    block_of_.resize(n);
    pos_.resize(n);
    pos_stamp_.assign(n, 0);
    for (const Score w : g_.weight) max_weight_ = std::max(max_weight_, w);
    all_pairs_ = n <= 64 && max_weight_ < kRing;
    frames_.resize(static_cast<std::size_t>(g_.edges()) + 2);
  }

  void run() {
    const int v = g_.start;
    const Score w = graph_.weight(graph_.all());
    Score need = w;
    // The root's T-join bound (its frame serves the children).
    need = std::min(need, w - tjoin(0, v, graph_.all(), -1, true));
    if (leftover_budget_ == 0) {
      bounded(v, w, need, kNoCap);
      return;
    }
    // Where bridges make the T-join bound loose (a sparse region), the block bound starts
    // both nearer the answer.
    const Score bb = block_bound(0, v, graph_.all(), w + 1);  // exact: every value is below w + 1
    if (bb != kNoBound) need = std::min(need, bb);
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
  std::uint64_t materialised = 0;  // T-join bounds computed afresh (the rest were inherited)
  bool overflowed = false;
  bool stopped = false;
  bool by_enumeration = false;  // the leftover enumeration answered (else the bounded search)
  std::size_t optimal_sets() const { return units_.size(); }  // with by_enumeration

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
        Score cheapest2 = kUnreachable;
        for (int i = 0; i < g_.inc_count[j]; ++i) {
          const auto [e, y] = g_.inc[j][static_cast<std::size_t>(i)];
          if (y < x) continue;
          const bool wrong = ((off_[y >> 6] >> (y & 63)) & 1U) != 0;
          cheapest2 = std::min(cheapest2, (wrong ? 1 : 2) * g_.weight[e]);
        }
        if (cheapest2 == kUnreachable) {
          ++stuck;
          continue;
        }
        sum2 += cheapest2;
        largest2 = std::max(largest2, cheapest2);
      }
    }
    if (stuck > (flipped ? 0 : 1)) return kUnreachable;
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
    if (bound >= kUnreachable || taken + bound > budget_) return true;
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

  // ---- the T-join bound -----------------------------------------------------------------

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
  static constexpr Score kUnreachable = std::numeric_limits<Score>::max() / 4;
  static constexpr std::int64_t kBig = std::int64_t{1} << 40;

  const Score* row_of(const Frame& f, std::size_t t) const {
    const auto n = static_cast<std::size_t>(g_.vertices());
    return &f.rows[(f.all_pairs ? f.terms[t] : t) * n];
  }

  // A path of edges of s that are tight under f's row r from terminal r to terminal c, or
  // false; its edges are added to `out`. Such a path is a shortest path in s too.
  bool tight_path(const Frame& f, std::size_t r, std::size_t c, const Mask& s, Mask& out) {
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
        for (std::size_t i = 0; i + 1 < top; ++i) trails_detail::put(out, path_stack_[i + 1].via);
        return true;
      }
      const auto& inc = g_.inc[z];
      bool pushed = false;
      while (step.next < g_.inc_count[z]) {
        const auto [e, y] = inc[step.next++];
        if (!trails_detail::has(s, e) || stamps_[y] == gen || row[y] + g_.weight[e] != row[z])
          continue;
        stamps_[y] = gen;
        path_stack_[top++] = {y, 0, e};
        pushed = true;
        break;
      }
      if (!pushed) --top;
    }
    return false;
  }

  // The lower bound on what a trail from v in s must leave; the frame in force and its
  // paths go to tf_[depth], paths_[depth]. `via` is the edge just jumped (-1 at the root),
  // `cut` whether the jump cut s down.
  // With `lazy`, returns -1 instead of computing a new frame (the parent's frame is then
  // left in force: its distances are lower bounds, good enough for block_bound).
  Score tjoin(int depth, int v, const Mask& s, int via, bool cut, bool lazy = false) {
    const auto d = static_cast<std::size_t>(depth);
    const Frame* parent = depth > 0 ? tf_[d - 1] : nullptr;
    if (parent != nullptr && !cut) {
      if (!trails_detail::has(paths_[d - 1], via)) {
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
  void distances(const std::vector<std::uint8_t>& terms, const Mask& s, Score* rows) {
    const auto n = static_cast<std::size_t>(g_.vertices());
    const std::size_t k = terms.size();
    std::fill(rows, rows + k * n, kUnreachable);
    if (k > 64 || max_weight_ >= kRing) {
      for (std::size_t t = 0; t < k; ++t) dijkstra(terms[t], s, rows + t * n);
      return;
    }
    arcs_.clear();
    trails_detail::for_each_bit(s, [&](int e) {
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
  void all_pairs(int v, const Mask& s, Score* rows) {
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
    trails_detail::for_each_bit(s, [&](int e) {
      const auto [a, b] = g_.ends[static_cast<std::size_t>(e)];
      auto& group =
          arcs_by_weight_[static_cast<std::size_t>(g_.weight[static_cast<std::size_t>(e)])];
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
  void dijkstra(int from, const Mask& s, Score* out) {
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
          if (!trails_detail::has(s, e)) continue;
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

  // ---- the block bound -------------------------------------------------------------------

  // Connectivity and parity together: a trail crosses a bridge at most once, so it visits
  // the 2-edge-connected blocks along one path of the block tree from the jumper's block,
  // entering each block B at x_B and leaving it at y_B (the next bridge's end, or its own
  // end t in the last block). Its edges in B form a trail from x_B to y_B, so what it
  // leaves of B is a T-join for odd(B) + {x_B} + {y_B}: bounded below as in tjoin (half a
  // minimum assignment), with a free node for the last block's unknown end. The bound is
  // the best path down the block tree. Returns kNoBound when s has no bridge (tjoin's
  // bound is then at least as good). Exact below `need`; at or above it, some value >= need.
  static constexpr Score kNoBound = std::numeric_limits<Score>::max();
  Score block_bound(int depth, int v, const Mask& s, Score need) {
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
        if (e == f.via || !trails_detail::has(s, e)) continue;
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
        if (low_[done.vertex] > order_[up]) trails_detail::put(bridges, done.via);
      }
    }
    if (trails_detail::empty(bridges)) return kNoBound;
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
          if (!trails_detail::has(s, e)) continue;
          if (trails_detail::has(bridges, e)) {
            if (block_of_[y] < 0) {  // a child block, entered at y, left from x
              block_of_[y] = static_cast<int>(blocks_.size());
              blocks_.push_back({y, static_cast<int>(b), x, g_.weight[e], 0, 0, 0, 0, Mask{}});
            }
            continue;
          }
          ++inner_degree;
          trails_detail::put(blocks_[b].edges, e);
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
      if (trails_detail::empty(B.edges)) {  // one square: every route through it is free
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
  void warm_start(const std::vector<std::uint8_t>& t, bool free,
                  const std::vector<std::uint8_t>& bt, const Frame& base, Frame& f) {
    const std::size_t k = t.size(), m = free ? k + 1 : k, kb = bt.size();
    base_of_.assign(m, kNone);
    if (++pos_generation_ == 0) {
      std::fill(pos_stamp_.begin(), pos_stamp_.end(), 0);
      pos_generation_ = 1;
    }
    for (std::size_t i = 0; i < kb; ++i) {
      pos_stamp_[bt[i]] = pos_generation_;
      pos_[bt[i]] = i;
    }
    for (std::size_t i = 0; i < k; ++i)
      if (pos_stamp_[t[i]] == pos_generation_) base_of_[i] = pos_[t[i]];
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
      if (j != kNone && r != kNone && cost_[r * m + j] == f.u[r + 1] + f.v[j + 1])
        f.p[j + 1] = r + 1;
    }
  }
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> base_of_, new_of_, pos_;
  std::vector<std::uint32_t> pos_stamp_;
  std::uint32_t pos_generation_ = 0;

  static constexpr std::size_t kExactMatching = 10;
  // Branch and bound: every node left is matched at no less than its cheapest pair, so
  // half the sum of those (kept doubled in `floor2`) bounds the rest from below.
  void small_matching(unsigned left, Score sum, Score floor2, Score& best) const {
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
  Score assignment_bound(const std::vector<std::uint8_t>& t, bool free, const Dist& dist,
                         const std::vector<std::uint8_t>* base_terms = nullptr,
                         const Frame* base = nullptr) {
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
  std::int64_t hungarian(std::size_t m, Frame& f) {
    return min_assignment(m, cost_, f.u, f.v, f.p, assignment_);
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
    if (depth > 0 || tf_[0] == nullptr) {
      // A child that inherits its parent's T-join bound keeps the parent's shortest paths,
      // and is taken as it is: the block bound is looked at again only where the jump broke
      // one of those paths or cut the region (measured: far fewer block bounds for some
      // more states). There the block bound comes first, on the parent's distances, and a
      // T-join bound is computed afresh only when it does not prune.
      const auto prune = [&](Score ub) {
        table_.store(h, s, v, ub, Count{}, false);
        return Sub{ub, Count{}, false};
      };
      const Score inherited = tjoin(depth, v, s, via, cut, true);
      if (inherited >= 0) {
        if (w - inherited < need) return prune(w - inherited);
      } else {
        const Score bb = block_bound(depth, v, s, need);
        if (bb < need) return prune(bb);
        const Score ub = w - tjoin(depth, v, s, via, cut);
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
  std::vector<const Frame*> tf_;  // the frame in force at each depth of the current chain
  std::vector<Mask> paths_;       // and the shortest paths its pairs use there
  std::vector<Frame> frames_;     // the frames computed at each depth
  struct Arc {
    std::uint8_t from, to, w;
  };
  static constexpr int kRing = 16;  // distances(): rounds kept (weights below it)
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
  Frame scratch_frame_, base_;
  std::vector<std::uint8_t> base_terms_;
  std::array<std::array<Score, kExactMatching>, kExactMatching> small_cost_{};
  std::array<Score, kExactMatching> small_min_{};
  std::vector<std::int64_t> cost_;
  AssignmentScratch assignment_;
  std::array<std::vector<std::uint8_t>, 64> buckets_;
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
  materialised = p.materialised;
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
