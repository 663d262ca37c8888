// The exhaustive search of the chains of one start square (StartSearch), what the start
// tasks share, and its table of sub-problems; its bounds are in start_search_bounds.h.
// Internal to solver/chains/chains.cpp.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <memory>
#include <stdexcept>

#include "core/hash.h"
#include "core/open_table.h"
#include "core/poller.h"
#include "puzzles/movegen.h"
#include "solver/chains/assignment.h"
#include "solver/chains/chains.h"
#include "solver/chains/child_fold.h"
#include "solver/chains/shortest_paths.h"
#include "solver/chains/trails.h"
#include "solver/memory_budget.h"

namespace leapfrog::chain_search {

// Zobrist keys from the project's hash mix: fixed, the same on every run and machine.
constexpr std::uint64_t zobrist_key(std::uint64_t salt, std::uint64_t i) {
  return mix64(salt + (i + 1) * kGoldenGamma);
}

// What every start-square task shares: read-only geometry and keys, plus the stop state.
struct Shared {
  Shared(const Board& b, const Rules& r, const Position& p, const SearchControl& c)
      : board(b), rules(r), pos(p), control(c), budget(c.memory_mb, &stopped), poller(c) {
    index.assign(static_cast<std::size_t>(board.cells()), -1);
    int n = 0;
    for (int s = 0; s < board.cells(); ++s)
      if (pos.cells[s] != 0) index[s] = n++;
    words = std::max(1, (n + 63) / 64);
    zpiece.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) zpiece[i] = zobrist_key(0x5EED0001, static_cast<std::uint64_t>(i));
    zsq.resize(static_cast<std::size_t>(board.cells()));
    for (int s = 0; s < board.cells(); ++s)
      zsq[s] = zobrist_key(0x5EED0002, static_cast<std::uint64_t>(s));
    for (Value v = 0; v <= kMaxValue; ++v) gain[v] = rules.gain(v);
  }

  // Called every few thousand nodes by each task; true when the search must stop.
  bool poll(std::uint64_t new_nodes) {
    const std::uint64_t total = nodes.fetch_add(new_nodes, std::memory_order_relaxed) + new_nodes;
    if (stopped.load(std::memory_order_relaxed)) return true;
    if (poller.limit_reached(total)) {
      stopped.store(true, std::memory_order_relaxed);
      return true;
    }
    poller.report([&] {
      Progress p;
      p.nodes = total;
      p.best = best_so_far.load(std::memory_order_relaxed);
      p.note = "chains";
      return p;
    });
    return false;
  }

  const Board& board;
  const Rules& rules;
  const Position& pos;
  const SearchControl& control;
  std::vector<int> index;  // piece number of each occupied cell, -1 elsewhere
  int words = 1;           // 64-bit words of a captured-set key
  std::vector<std::uint64_t> zpiece;
  std::vector<std::uint64_t> zsq;
  std::array<Score, kMaxValue + 1> gain{};
  bool plain_graphs = true;  // ChainOptions::plain_graphs
  bool leftovers = true;     // ChainOptions::leftovers
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<bool> stopped{false};
  MemoryBudget budget;  // the memo tables' (a refusal sets `stopped`)
  std::atomic<Score> best_so_far{0};
  Poller poller;
};

// Memo table of one start square's search: a linear-probing table (core/open_table.h) that
// never evicts (reconstructing chains needs every expanded state). Keys are exact: the hash
// only filters, the captured set and the jumper square are compared in full. The captured
// sets are beside the slots, `words` a slot.
template <class Count>
class Table {
 public:
  Table(int words, MemoryBudget* budget)
      : words_(static_cast<std::size_t>(words)),
        slots_(256),
        keys_(256 * words_, 0),
        lease_(budget) {
    lease_.force(256 * slot_bytes());
  }

  // Slot of the state, or -1.
  std::ptrdiff_t find(std::uint64_t tag, Square cur, const std::uint64_t* bits) const {
    return slots_.find(tag, [&](const Slot& x) {
      return x.tag == tag && x.cur == cur &&
             std::equal(bits, bits + words_,
                        keys_.begin() + static_cast<std::ptrdiff_t>(slots_.index_of(x) * words_));
    });
  }
  // Stores an exact result, or an upper bound (exact false), replacing what was there.
  void store(std::uint64_t tag, Square cur, const std::uint64_t* bits, Score best,
             const Count& count, bool exact) {
    std::ptrdiff_t i = find(tag, cur, bits);
    if (i < 0) {
      if (slots_.needs_room()) grow();
      i = static_cast<std::ptrdiff_t>(place(tag, cur, bits));
    }
    Slot& x = slots_[static_cast<std::size_t>(i)];
    x.best = best;
    x.count = count;
    x.exact = exact;
  }
  bool exact(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].exact != 0; }
  Score best(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].best; }
  const Count& count(std::ptrdiff_t i) const { return slots_[static_cast<std::size_t>(i)].count; }

 private:
  struct Slot {
    std::uint64_t tag = 0;  // 0: empty slot
    Square cur = 0;
    std::uint8_t exact = 0;
    Score best = 0;
    Count count{};
  };
  struct Free {
    bool operator()(const Slot& x) const { return x.tag == 0; }
  };
  std::size_t place(std::uint64_t tag, Square cur, const std::uint64_t* bits) {
    const std::size_t i = slots_.add(tag);
    slots_[i].tag = tag;
    slots_[i].cur = cur;
    std::copy(bits, bits + words_, keys_.begin() + static_cast<std::ptrdiff_t>(i * words_));
    return i;
  }
  std::size_t slot_bytes() const {
    return sizeof(std::uint64_t) * (1 + words_) + sizeof(Square) + sizeof(Score) + sizeof(Count) +
           kCountHeapBytes<Count> + 1;
  }
  void grow() {
    const std::size_t capacity = slots_.capacity();
    const std::size_t bytes = 2 * capacity * slot_bytes();
    if (!lease_.grow_table(bytes, slots_.used(), capacity)) return;
    {
      std::vector<std::uint64_t> keys(2 * capacity * words_, 0);
      keys.swap(keys_);
      std::vector<Slot> old = slots_.reset(2 * capacity);
      for (std::size_t i = 0; i < old.size(); ++i) {
        if (old[i].tag == 0) continue;
        const std::size_t k = slots_.add(old[i].tag);
        slots_[k] = std::move(old[i]);
        std::copy(&keys[i * words_], &keys[i * words_] + words_,
                  keys_.begin() + static_cast<std::ptrdiff_t>(k * words_));
      }
    }
    lease_.grown(bytes);
  }

  std::size_t words_;
  ProbeTable<Slot, Free> slots_;
  std::vector<std::uint64_t> keys_;  // slot i's captured set: words_ from i * words_
  MemoryLease lease_;
};

// Words of a key: one bit per piece of the largest board.
constexpr std::size_t kKeyWords = (kMaxCells + 63) / 64;

// The exhaustive search of the chains moving the piece on one start square.
class StartSearchBase {
 public:
  virtual ~StartSearchBase() = default;
  virtual void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) = 0;
  Score value = 0;
  BigCount count;
  std::uint64_t nodes = 0;
  bool overflowed = false;
};

template <class Count>
class StartSearch final : public StartSearchBase {
 public:
  StartSearch(Shared& shared, Square start)
      : sh_(shared),
        start_(start),
        cells_(shared.pos.cells),
        key_(static_cast<std::size_t>(shared.words), 0),
        seen_(static_cast<std::size_t>(shared.board.cells()), 0),
        counted_(static_cast<std::size_t>(shared.board.cells()), 0),
        stack_(static_cast<std::size_t>(shared.board.cells())),
        region_(static_cast<std::size_t>(shared.board.cells())),
        degree_(static_cast<std::size_t>(shared.board.cells()), 0),
        slot_(static_cast<std::size_t>(shared.board.cells()), 0),
        axes_(static_cast<std::size_t>(shared.board.cells()), 0),
        axes_seen_(static_cast<std::size_t>(shared.board.cells()), 0),
        table_(shared.words, &shared.budget) {
    cells_[start] = 0;  // the jumper leaves its square: later jumps may land there
  }

  void run() {
    if (sh_.plain_graphs) {
      if (auto graph = plain_graph(sh_.board, sh_.rules.jumps, cells_, start_, sh_.gain)) {
        trail_ = std::make_unique<TrailSearch<Count>>(
            std::move(*graph), [this](std::uint64_t n) { return sh_.poll(n); },
            sh_.leftovers ? TrailSearch<Count>::kLeftoverBudget : 0, &sh_.budget);
        trail_->run();
        if (!sh_.stopped.load(std::memory_order_relaxed)) sh_.poll(trail_->nodes & 4095);
        nodes = trail_->nodes;
        overflowed = trail_->overflowed;
        value = trail_->value;
        count = value == 0 ? BigCount{} : BigCount(trail_->count);
        return;
      }
    }
    // Aspiration from above: search for chains of at least `need`, starting at the root's
    // bound and lowering it while the search fails low (the failure tells how far). On a
    // lattice the bound is nearly exact, so a high `need` prunes almost every chain that
    // is not maximal; the table keeps the bounds learnt by one pass for the next.
    make_key(start_);
    Score need = bound_;
    if (pure_) {
      need = std::min(need, bridge_bound(start_, region_size_));
      full_weights_ = true;
      need = std::min(need, piece_sum_ - matching_bound(start_, region_size_));
      full_weights_ = false;
    }
    Sub root{0, Count{}, false};
    while (need >= 1) {
      root = solve(start_, need);
      if (root.exact || sh_.stopped.load(std::memory_order_relaxed)) break;
      need = std::min(need - 1, root.best);
    }
    if (!sh_.stopped.load(std::memory_order_relaxed)) sh_.poll(nodes & 4095);
    value = root.exact ? root.best : 0;
    count = value == 0 ? BigCount{} : BigCount(root.count);
  }

  // Appends the maximal chains of this start (value > 0) in jump-table order.
  void collect(std::vector<Turn>& out, std::size_t limit, bool& truncated) override {
    if (trail_) return trail_->collect(out, limit, truncated);
    std::vector<Square> path{start_};
    walk(start_, value, path, out, limit, truncated);
  }

 private:
  struct Sub {
    Score best;
    Count count;
    bool exact;
  };

  // The state key: the jumper's square and the pieces that can still matter to it. R is
  // the set of squares the jumper might ever stand on (jumps from R over a piece, landing
  // squares taken as free since any piece there may yet be captured); the future depends
  // only on the pieces on the jumped squares and landing squares of R. Two chains that
  // consumed different parts of the board but left the jumper in the same pocket are then
  // the same sub-problem.
  std::uint64_t make_key(Square cur) {
    std::fill(key_.begin(), key_.end(), 0);
    if (++generation_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      std::fill(counted_.begin(), counted_.end(), 0);
      std::fill(axes_seen_.begin(), axes_seen_.end(), 0);
      generation_ = 1;
    }
    std::uint64_t hash = sh_.zsq[cur];
    bound_ = 0;
    piece_sum_ = 0;
    const auto add_piece = [&](Square s) {
      const int k = sh_.index[s];
      std::uint64_t& w = key_[static_cast<std::size_t>(k >> 6)];
      const std::uint64_t bit = std::uint64_t{1} << (k & 63);
      if ((w & bit) == 0) {
        w |= bit;
        piece_sum_ += sh_.gain[cells_[s]];
        hash ^= sh_.zpiece[static_cast<std::size_t>(k)];
      }
    };
    // Pass 1: the region R, the pieces that matter, and each square's degree (jumps over
    // a present piece), which only ever falls.
    std::size_t top = 0, n = 0;
    stack_[top++] = cur;
    seen_[cur] = generation_;
    while (top > 0) {
      const Square x = stack_[--top];
      region_[n++] = x;
      int degree = 0;
      for (const Jump& j : sh_.board.jumps(x, sh_.rules.jumps)) {
        if (cells_[j.over] == 0) continue;
        ++degree;
        if (axes_seen_[j.over] != generation_) {
          axes_seen_[j.over] = generation_;
          axes_[j.over] = 0;
        }
        ++axes_[j.over];  // each axis is seen from both of its ends
        add_piece(j.over);
        if (seen_[j.to] == generation_) continue;
        seen_[j.to] = generation_;
        if (cells_[j.to] != 0) add_piece(j.to);
        stack_[top++] = j.to;
      }
      degree_[x] = degree;
    }
    // Pass 2: the bound. A jump x->z can be followed by another only if z has a second
    // piece to jump, and can come after another only if x does (or x is the jumper's
    // square). A piece with no such jump can only be the last capture: of those pieces at
    // most one counts.
    Score last_only = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const Square x = region_[i];
      if (x != cur && degree_[x] < 2) continue;
      for (const Jump& j : sh_.board.jumps(x, sh_.rules.jumps)) {
        if (cells_[j.over] == 0 || degree_[j.to] < 2 || counted_[j.over] == generation_) continue;
        counted_[j.over] = generation_;
        bound_ += sh_.gain[cells_[j.over]];
      }
    }
    // The same walk finds whether the region is a plain graph: no square of it holds a
    // piece and every piece can be jumped across one axis only (a chain is then a trail;
    // lattice positions are like that).
    pure_ = true;
    for (std::size_t i = 0; i < n; ++i) {
      const Square x = region_[i];
      if (x != cur && cells_[x] != 0) pure_ = false;
      for (const Jump& j : sh_.board.jumps(x, sh_.rules.jumps)) {
        if (cells_[j.over] == 0) continue;
        if (axes_[j.over] != 2) pure_ = false;
        if (counted_[j.over] != generation_)
          last_only = std::max(last_only, sh_.gain[cells_[j.over]]);
      }
    }
    bound_ += last_only;
    region_size_ = n;
    // A plain graph gets the bridge and parity bounds (costlier) in solve, only when the
    // table does not answer and this one does not prune.
    if (!pure_) bound_ -= parity_bound(cur, n);
    return hash | 1U;
  }

  // Weight of a piece in the bounds: its gain if make_key summed it (it may be captured
  // before the last jump), else 0 (it was bounded by the single last-capture term).
  Score mid_weight(Square over) const {
    return full_weights_ || counted_[over] == generation_ ? sh_.gain[cells_[over]] : 0;
  }

  // Parity, in general: the trail enters and leaves every square it passes through, so it
  // captures an even number of the pieces around a square that is neither its start nor
  // its end. If every piece around x can be captured only across x (one axis) and there
  // is an odd number of them, one of them stays: it costs at least m(x), the least of them.
  // A piece left over serves at most two such squares and the trail's end may be any one
  // of them, hence (sum - max) / 2.
  Score parity_bound(Square cur, std::size_t n) const;

  // Parity in a plain graph (pure_): the pieces a trail from cur to some end leaves
  // form a T-join for T = odd(G) + {cur, end}, so they weigh at least a minimum T-join: a
  // minimum perfect matching of T0 = odd(G) + {cur} plus a free node (the end) under
  // shortest-path distances. Half of a minimum assignment (a cover of the nodes by cycles,
  // which a matching doubled is) bounds that from below. Distances by one Dijkstra per node of T0,
  // the assignment by the Hungarian method: O(|T0|^3), and T0 is small on a lattice.
  Score matching_bound(Square cur, std::size_t n);

  // Minimum assignment of the m x m matrix cost_, halved and rounded up (see matching_bound).
  [[gnu::noinline]] Score hungarian(std::size_t m);

  // Connectivity in a plain graph (pure_): a trail crosses a bridge at most once and
  // cannot come back, so it collects the pieces of the 2-edge-connected blocks along one
  // path of the block tree from the jumper's block, plus the bridges on that path.
  Score bridge_bound(Square cur, std::size_t n);

  // Exact (best further gain, count) when best >= need; otherwise an upper bound below
  // `need` with exact false. Ties with `need` are searched, so counts stay exact.
  Sub solve(Square cur, Score need) {
    const std::uint64_t t = make_key(cur);
    if (static_cast<std::size_t>(depth_) < frames_.size())
      frames_[static_cast<std::size_t>(depth_)].valid = false;
    if (const auto i = table_.find(t, cur, key_.data()); i >= 0) {
      if (table_.exact(i)) return {table_.best(i), table_.count(i), true};
      if (table_.best(i) < need) return {table_.best(i), Count{}, false};
    }
    if (pure_) bound_ = std::min(bound_, bridge_bound(cur, region_size_));
    if (bound_ < need) return {bound_, Count{}, false};
    if (pure_) {
      full_weights_ = true;
      const Score sharper = piece_sum_ - matching_bound(cur, region_size_);
      full_weights_ = false;
      if (sharper < need) {  // remembered: the matching costs more than a table probe
        table_.store(t, cur, key_.data(), sharper, Count{}, false);
        return {sharper, Count{}, false};
      }
    }
    std::array<std::uint64_t, kKeyWords> key;
    std::copy(key_.begin(), key_.end(), key.begin());
    if ((++nodes & 4095) == 0) sh_.poll(4096);
    if (sh_.stopped.load(std::memory_order_relaxed)) return {0, Count{1}, true};
    ChildFold<Count> r;  // so far the empty continuation (no jump) only
    // Children in order of decreasing gain (then jump-table order): a good chain found
    // early raises `need` for the rest. The order is fixed, so the work is deterministic.
    std::array<Jump, 8> order;
    std::size_t n = 0;
    for (const Jump& j : sh_.board.jumps(cur, sh_.rules.jumps))
      if (cells_[j.over] != 0 && cells_[j.to] == 0) order[n++] = j;
    std::stable_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n),
                     [&](const Jump& a, const Jump& b) { return cells_[a.over] > cells_[b.over]; });
    for (std::size_t k = 0; k < n; ++k) {
      const Jump& j = order[k];
      const Value v = cells_[j.over];
      const Score g = sh_.gain[v];
      cells_[j.over] = 0;
      ++depth_;
      Sub c = solve(j.to, r.child_need(need, g));
      --depth_;
      cells_[j.over] = v;
      r.add(g, c.best, std::move(c.count), c.exact);
    }
    overflowed |= r.overflowed;
    if (r.exact(need)) {
      table_.store(t, cur, key.data(), r.best(), r.count(), true);
      return {r.best(), std::move(r.count()), true};
    }
    const Score ub = r.upper();
    table_.store(t, cur, key.data(), ub, Count{}, false);
    return {ub, Count{}, false};
  }

  void walk(Square cur, Score remaining, std::vector<Square>& path, std::vector<Turn>& out,
            std::size_t limit, bool& truncated) {
    if (remaining == 0) {
      append_chain(path, out, limit, truncated);
      return;
    }
    for (const Jump& j : sh_.board.jumps(cur, sh_.rules.jumps)) {
      const Value v = cells_[j.over];
      if (v == 0 || cells_[j.to] != 0) continue;
      cells_[j.over] = 0;
      const std::uint64_t t = make_key(j.to);
      const auto i = table_.find(t, j.to, key_.data());
      // A continuation of a maximal chain was searched exactly; others may be missing or
      // bounds, which are always below what remains.
      if (i >= 0 && table_.exact(i) && sh_.gain[v] + table_.best(i) == remaining) {
        path.push_back(j.to);
        walk(j.to, remaining - sh_.gain[v], path, out, limit, truncated);
        path.pop_back();
      }
      cells_[j.over] = v;
      if (truncated) return;
    }
  }

  Shared& sh_;
  Square start_;
  std::array<Value, kMaxCells> cells_;
  std::vector<std::uint64_t> key_;  // pieces that still matter, by piece number
  std::vector<std::uint32_t> seen_;
  std::vector<std::uint32_t> counted_;
  Score bound_ = 0;  // make_key's upper bound: the gain of every piece that might be captured
  std::uint32_t generation_ = 0;
  std::vector<Square> stack_;
  std::vector<Square> region_;
  std::vector<int> degree_;
  static constexpr std::int64_t kBig = std::int64_t{1} << 40;
  bool pure_ = false;          // make_key's region is a plain graph
  bool full_weights_ = false;  // the parity bounds weigh every piece by its gain
  Score piece_sum_ = 0;        // make_key: the gain of every piece that matters
  std::size_t region_size_ = 0;
  std::vector<std::int64_t> cost_, hu_, hv_;
  std::vector<std::size_t> hp_;
  AssignmentScratch assignment_;
  // The matching bound of each node on the current chain, for its children (see
  // matching_bound): terminals, distance rows (own or the parent's), assignment duals.
  struct Frame {
    bool valid = false;
    Square cur = kNoSquare;
    std::vector<Square> terms;
    std::vector<Score> own;
    std::vector<const Score*> rows;
    std::vector<std::int64_t> u, v;
    std::vector<std::size_t> p;
  };
  std::vector<Frame> frames_;
  struct DfsFrame {
    std::size_t node;
    Square via;  // the piece jumped to reach node (kNoSquare at the root)
    std::size_t next;
  };
  std::vector<DfsFrame> dfs_;
  std::vector<int> order_, low_, block_, block_parent_;
  std::vector<Square> is_bridge_;
  std::vector<std::uint32_t> bridge_mark_ =
      std::vector<std::uint32_t>(kMaxCells, 0);  // == stamp: a bridge
  std::uint32_t bridge_stamp_ = 0;
  std::vector<Score> block_weight_, block_via_, block_best_;
  std::vector<std::size_t> block_stack_, block_pending_;
  int depth_ = 0;  // captures made on the current chain
  std::vector<Square> terminals_;
  RepairScratch repair_;
  std::vector<std::pair<Square, Score>> live_;  // matching_bound: 8 slots per square, (to, gain)
  std::vector<std::uint8_t> live_count_;        // live edges of each square
  std::vector<std::uint32_t> live_stamp_;       // == live_generation_: the list is current
  std::uint32_t live_generation_ = 0;
  std::vector<int> slot_;  // local index of each region square (matching_bound)
  std::vector<std::size_t> adj_start_;
  std::vector<std::pair<int, Score>> adj_;
  std::vector<Score> local_dist_;
  std::vector<std::uint8_t> is_terminal_;
  std::array<std::vector<int>, 16> local_buckets_;
  std::vector<int> axes_;  // twice the number of axes across which each piece may be jumped
  std::vector<std::uint32_t> axes_seen_;
  Table<Count> table_;
  std::unique_ptr<TrailSearch<Count>> trail_;  // the search when the region is a plain graph
};

}  // namespace leapfrog::chain_search
