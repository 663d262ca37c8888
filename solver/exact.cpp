#include "solver/exact.h"

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <utility>

#include "core/poller.h"
#include "puzzles/movegen.h"
#include "solver/exact_table.h"

namespace leapfrog {

using exact::BitRules;
using exact::Child;
using exact::Pos;

namespace {

constexpr Score kInfinity = 30000;

}  // namespace

class ExactEngine::Impl {
 public:
  virtual ~Impl() = default;
  virtual bool holds(const Position& pos) const = 0;
  virtual GameResult search(const Position& pos, const SearchControl& control) = 0;
  virtual void use_whole_table() = 0;
};

namespace {

template <int P>
class Solver final : public ExactEngine::Impl {
 public:
  Solver(const Board& board, const Rules& rules, const Position& start, const ExactOptions& o)
      : g_(board, rules, start, o.symmetry),
        table_(o.hash_mb << 20, o.grow),
        tables_(P == 0 ? o.tables : nullptr),
        plain_value_(first_value(board, start)) {}

  bool holds(const Position& pos) const override {
    const Board& b = g_.board();
    const int needed = exact::planes_needed(g_.rules(), pos, b);
    if (needed < 0 || needed > P) return false;
    if (P > 0 || g_.rules().measure == Measure::kPieces) return true;
    for (int i = 0; i < b.squares(); ++i) {
      const Value v = pos.cells[b.cell(i)];
      if (v != 0 && v != plain_value_) return false;
    }
    return true;
  }

  void use_whole_table() override { table_.use_whole(); }

  GameResult search(const Position& pos, const SearchControl& control) override {
    Poller poller(control);
    poller_ = &poller;
    stop_ = false;
    failed_ = false;
    const int threads =
        std::max(1, control.threads > 0 ? control.threads : tbb::info::default_concurrency());
    split_ = threads > 1;
    tbb::task_arena arena(threads);
    Worker w;
    w.plies.resize(kMaxPly);  // a line has at most one turn per piece
    nodes_ = 0;

    GameResult result;
    result.totals.assign(2, 0);
    const Board& board = g_.board();
    const Rules& rules = g_.rules();
    const std::vector<Turn> turns = legal_turns(board, rules, pos);
    if (turns.empty()) {
      result.proved = result.complete = true;
      result.nodes = 1;
      return result;
    }
    const Pos<P> root = key(pos);
    Score value = 0;
    bool proved = false;
    arena.execute([&] { proved = prove(w, root, value); });
    result.nodes = flush(w);
    if (!proved) {
      // Stopped: the largest capture, valued as that turn alone (as the depth-limited search
      // answers before its first iteration): the value and the totals describe one line.
      std::size_t best = 0;
      Score most = -1;
      for (std::size_t i = 0; i < turns.size(); ++i) {
        const Score gain = gain_of(pos, turns[i]);
        if (gain > most) most = gain, best = i;
      }
      result.best = turns[best];
      result.pv = {turns[best]};
      result.totals = line_totals(board, rules, pos, result.pv);
      result.value = mover_value(rules, pos, result.totals);
      poller_ = nullptr;
      return result;
    }
    // The best turn and the pv, serially: the first turn, larger captures first, then
    // generation order, that keeps the value.
    Position at = pos;
    Score v = value;
    for (;;) {
      const std::vector<Turn> list = legal_turns(board, rules, at);
      if (list.empty()) break;
      std::vector<std::size_t> order(list.size());
      std::vector<Score> gains(list.size());
      for (std::size_t i = 0; i < list.size(); ++i) order[i] = i, gains[i] = gain_of(at, list[i]);
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return gains[a] > gains[b]; });
      std::optional<std::size_t> chosen;
      for (const std::size_t i : order) {
        const Position next = apply(board, rules, at, list[i]);
        const Score t = gains[i] - v;  // the child's value if this turn keeps v
        bool keeps = false;
        arena.execute([&] { keeps = test_at_most(w, key(next), t); });
        if (keeps) {
          chosen = i;
          break;
        }
        if (halted(w)) break;
      }
      if (!chosen) break;  // stopped: the pv ends here
      result.pv.push_back(list[*chosen]);
      v = gains[*chosen] - v;
      at = apply(board, rules, at, list[*chosen]);
    }
    result.nodes = flush(w);
    result.value = value;
    result.proved = true;
    result.complete = !halted(w);
    if (!result.pv.empty())
      result.best = result.pv.front();
    else
      result.best = turns.front();
    result.totals = line_totals(board, rules, pos, result.pv);
    result.depth = static_cast<int>(result.pv.size());
    poller_ = nullptr;
    return result;
  }

 private:
  struct Item {
    Pos<P> pos;
    Score gain;
    Score lo;  // bounds on the child's value
    Score hi;
    Score order;
  };
  struct Worker {
    std::uint64_t nodes = 0;
    std::uint64_t counted = 0;   // of nodes, those already added to the shared count
    std::uint64_t poll_at = 0;   // the node count at which to poll next
    std::uint64_t new_keys = 0;  // stored in the table and not yet counted there
    // Nodes that splits under this worker's searches had other workers search: with `nodes`,
    // the work below a position, which decides what the table keeps.
    std::uint64_t shared = 0;
    std::vector<std::vector<Item>> plies;
    std::vector<Child<P>> scratch;
    std::vector<Score> known;  // table values of scratch's children
    std::vector<std::uint64_t> sets;
    std::vector<int> at;
    std::vector<int> values;
    // Flags that stop this worker's search too: a sibling's cut-off at each split above it.
    std::vector<const std::atomic<bool>*> halts;
  };

  static constexpr std::size_t kMaxPly = 68;
  // Where the children of a node are shared out among the threads: near the root, where each
  // is a large search (deeper, or with fewer pieces, the sharing costs more than it gains).
  static constexpr int kSplitPly = 6;
  static constexpr int kSplitPieces = 14;

  // Adds the worker's nodes not yet counted to the shared count; returns it.
  std::uint64_t flush(Worker& w) {
    nodes_ += w.nodes - w.counted;
    w.counted = w.nodes;
    table_.count_new_keys(std::exchange(w.new_keys, 0));
    return nodes_.load();
  }

  static Value first_value(const Board& board, const Position& pos) {
    for (int i = 0; i < board.squares(); ++i)
      if (pos.cells[board.cell(i)] != 0) return pos.cells[board.cell(i)];
    return 1;
  }

  Pos<P> key(const Position& pos) const { return g_.canonical(g_.template from_position<P>(pos)); }

  Score gain_of(const Position& pos, const Turn& t) const {
    const Position next = apply(g_.board(), g_.rules(), pos, t);
    return next.scores[pos.to_move] - pos.scores[pos.to_move];
  }

  bool halted(const Worker& w) const {
    if (stop_.load(std::memory_order_relaxed) || failed_.load(std::memory_order_relaxed))
      return true;
    for (const std::atomic<bool>* h : w.halts)
      if (h->load(std::memory_order_relaxed)) return true;
    return false;
  }

  // A worker for one share of a split, from those idle (a thread waiting for a split may run
  // another split's share, so workers go with shares, not threads).
  std::unique_ptr<Worker> take_worker() {
    {
      const std::lock_guard<std::mutex> lock(pool_mutex_);
      if (!pool_.empty()) {
        std::unique_ptr<Worker> w = std::move(pool_.back());
        pool_.pop_back();
        return w;
      }
    }
    auto w = std::make_unique<Worker>();
    w->plies.resize(kMaxPly);
    return w;
  }
  void give_worker(std::unique_ptr<Worker> w) {
    flush(*w);
    w->halts.clear();
    const std::lock_guard<std::mutex> lock(pool_mutex_);
    pool_.push_back(std::move(w));
  }

  void poll(Worker& w) {
    nodes_.fetch_add(w.nodes - w.counted, std::memory_order_relaxed);
    w.counted = w.nodes;  // only this worker's thread touches its counts
    table_.count_new_keys(std::exchange(w.new_keys, 0));
    const std::uint64_t all = nodes_.load(std::memory_order_relaxed);
    poller_->report([&] {
      Progress p;
      p.nodes = all;
      p.best = guess_;
      p.note = "bounds " + std::to_string(root_lo_.load()) + ".." + std::to_string(root_hi_.load());
      return p;
    });
    if (poller_->limit_reached(all)) stop_ = true;
    // Every 1024 nodes, or sooner where the node limit comes first: a small limit is kept,
    // not overshot by up to a period. Other workers' nodes count only once they poll, so
    // with splits the limit is approximate; a search's node limit runs one thread
    // (ExactFirst), and where a slice of an unlimited one ends does not change its answer.
    const std::uint64_t limit = poller_->control().node_limit;
    std::uint64_t step = 1024;
    if (limit != 0 && all < limit) step = std::min(step, limit - all);
    w.poll_at = w.nodes + step;
  }

  // The most the rest of the game can capture: all the material, but a chain leaves its
  // jumper on the board (a piece off the capturable cells can still move onto one), so
  // without a removal due the last piece stays: at least one unit.
  Score most_captured(const Pos<P>& p) const {
    const Score all = g_.material(p, ~std::uint64_t{0});
    return p.due || all == 0 ? all : all - (P == 0 ? g_.unit() : 1);
  }

  // Whether the endgame tables hold the position.
  bool in_tables(const Pos<P>& p) const {
    if constexpr (P == 0)
      return tables_ && p.due == 0 && std::popcount(p.occ) <= tables_->top();
    else
      return false;
  }

  // The tables' value of a position they hold; merged, the search's positions are already
  // the least images the tables index.
  Score table_value(const Pos<P>& p) const {
    return g_.unit() * (g_.symmetries() > 1 ? tables_->probe_least(p.occ) : *tables_->probe(p.occ));
  }

  static constexpr int kUnknown = 1 << 20;

  // The tables' values of the worker's children (w.known, kUnknown where they do not hold
  // one), looked up side by side; returns how many they hold.
  int table_values(Worker& w) const {
    if constexpr (P == 0) {
      if (!tables_) return 0;
      w.known.assign(w.scratch.size(), kUnknown);
      w.sets.clear();
      w.at.clear();
      for (std::size_t i = 0; i < w.scratch.size(); ++i)
        if (in_tables(w.scratch[i].pos)) {
          w.sets.push_back(g_.symmetries() > 1 ? w.scratch[i].pos.occ
                                               : tables_->model().canonical(w.scratch[i].pos).occ);
          w.at.push_back(static_cast<int>(i));
        }
      if (w.sets.empty()) return 0;
      w.values.resize(w.sets.size());
      tables_->probe_least(w.sets.data(), static_cast<int>(w.sets.size()), w.values.data());
      for (std::size_t k = 0; k < w.at.size(); ++k)
        w.known[static_cast<std::size_t>(w.at[k])] = g_.unit() * w.values[k];
      return static_cast<int>(w.sets.size());
    } else {
      (void)w;
      return 0;
    }
  }

  // What is known of a position's value without searching it: the endgame tables' value, or
  // the material bound tightened by the table's bounds.
  void bounds(const Pos<P>& p, Score& lo, Score& hi, std::uint16_t& hint) const {
    hint = 0;
    if (in_tables(p)) {
      lo = hi = table_value(p);
      return;
    }
    const Score cap = most_captured(p);
    lo = -cap;
    hi = cap;
    typename exact::BoundTable<P>::Found f;
    if (table_.probe(p, f)) {
      lo = std::max<Score>(lo, f.lo);
      hi = std::min<Score>(hi, f.hi);
      hint = f.hint;
    }
  }

  void store(Worker& w, const Pos<P>& p, Score lo, Score hi, std::uint16_t hint,
             std::uint64_t work) {
    if (table_.store(p, lo, hi, hint, work)) ++w.new_keys;
  }

  // Fail-soft alpha-beta over canonical positions: the value if inside (alpha, beta), else a
  // bound on the side it fell.
  Score search(Worker& w, const Pos<P>& p, Score alpha, Score beta, int ply) {
    if (w.nodes >= w.poll_at) poll(w);
    if (halted(w)) return 0;
    ++w.nodes;
    Score lo, hi;
    std::uint16_t hint;
    bounds(p, lo, hi, hint);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    std::vector<Item>& items = w.plies[static_cast<std::size_t>(ply)];
    exact::children(g_, p, true, w.scratch);
    if (w.scratch.empty()) {
      store(w, p, 0, 0, 0, 1);
      return 0;
    }
    items.clear();
    // The children's bounds come from their material alone: reading each child's table entry
    // here (an enhanced transposition cut-off) saved fewer nodes than its probes cost.
    Score cut = -kInfinity;  // the most the bounds promise for sure
    // Children the endgame tables hold are exact at once: they order the children and may cut.
    const int known = table_values(w);
    for (std::size_t i = 0; i < w.scratch.size(); ++i) {
      const Child<P>& c = w.scratch[i];
      Score lo_c, hi_c;
      if (known && w.known[i] != kUnknown) {
        lo_c = hi_c = w.known[i];
      } else {
        table_.prefetch(c.pos);
        hi_c = most_captured(c.pos);
        lo_c = -hi_c;
      }
      cut = std::max(cut, c.gain - hi_c);
      // Order: the table's best child, then the larger capture (the bounds' midpoint).
      const Score order = hint && exact::BoundTable<P>::fingerprint(c.pos) == hint
                              ? 4 * kInfinity
                              : (c.gain - lo_c) + (c.gain - hi_c);
      items.push_back({c.pos, c.gain, lo_c, hi_c, order});
    }
    if (cut >= beta) {
      store(w, p, cut, kInfinity, 0, 1);
      return cut;
    }
    lo = std::max(lo, cut);
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);
    const Score alpha0 = alpha;
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.order > b.order; });
    const std::uint64_t work0 = w.nodes + w.shared;
    Score best = -kInfinity;
    std::uint16_t best_hint = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i == 1 && split_ && beta == alpha + 1 && ply < kSplitPly &&
          std::popcount(p.occ) >= kSplitPieces && items.size() > 2) {
        split(w, items, alpha, beta, ply, best, best_hint);
        if (halted(w)) return 0;
        break;
      }
      const Item& it = items[i];
      if (it.gain - it.lo <= alpha) {  // cannot raise alpha: its promise is the bound
        best = std::max(best, it.gain - it.lo);
        continue;
      }
      const Score v = it.gain - search(w, it.pos, it.gain - beta, it.gain - alpha, ply + 1);
      if (halted(w)) return 0;
      if (v > best) {
        best = v;
        best_hint = exact::BoundTable<P>::fingerprint(it.pos);
      }
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
    const std::uint64_t work = w.nodes + w.shared - work0;
    if (best >= beta)
      store(w, p, best, kInfinity, best_hint, work);
    else if (best <= alpha0)
      store(w, p, -kInfinity, best, 0, work);
    else
      store(w, p, best, best, best_hint, work);
    return best;
  }

  // Young brothers wait: the first child searched alone did not cut off, so (the window being
  // null) every other child must be searched unless one cuts: they are shared out among the
  // threads, and a cut-off stops the rest. `best` and `hint` are raised to the children's.
  // A split that ends with a child neither searched nor cut off (an exception in a share, or
  // oneTBB cancelling the work after one) fails the whole search (failed_), so that no
  // position above it stores a bound from part of its children.
  void split(Worker& w, const std::vector<Item>& items, Score alpha, Score beta, int ply,
             Score& best, std::uint16_t& hint) {
    std::atomic<bool> cut{false};
    std::mutex m;
    std::size_t merged = 0;
    std::uint64_t nodes = 0;
    try {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(1, items.size(), 1), [&](const auto& r) {
        std::unique_ptr<Worker> h = take_worker();
        h->halts = w.halts;
        h->halts.push_back(&cut);
        const std::uint64_t before = h->nodes + h->shared;
        try {
          for (std::size_t k = r.begin(); k != r.end() && !halted(*h); ++k) {
            const Item& it = items[k];
            Score v = it.gain - it.lo;
            if (v > alpha) {
              v = it.gain - search(*h, it.pos, it.gain - beta, it.gain - alpha, ply + 1);
              if (halted(*h)) break;
            }
            const std::lock_guard<std::mutex> lock(m);
            ++merged;
            if (v > best) {
              best = v;
              hint = exact::BoundTable<P>::fingerprint(it.pos);
            }
            if (v >= beta) cut = true;
          }
        } catch (...) {
          failed_ = true;
          throw;
        }
        {
          const std::lock_guard<std::mutex> lock(m);
          nodes += h->nodes + h->shared - before;
        }
        give_worker(std::move(h));
      });
    } catch (...) {
      failed_ = true;
      throw;
    }
    w.shared += nodes;
    if (!cut && merged + 1 != items.size() && !halted(w)) failed_ = true;
  }

  // MTD(f): null-window passes until the bounds meet.
  Score mtdf(Worker& w, const Pos<P>& root, Score guess) {
    Score lo = -kInfinity, hi = kInfinity, g = guess;
    while (lo < hi) {
      const Score beta = g == lo ? g + 1 : g;
      g = search(w, root, beta - 1, beta, 0);
      if (halted(w)) break;
      if (g < beta)
        hi = g;
      else
        lo = g;
      // The passes' own bounds start unbounded: the material's are tighter until a pass
      // passes them.
      root_lo_ = std::max(lo, root_lo_.load());
      root_hi_ = std::min(hi, root_hi_.load());
      guess_ = g;
    }
    return g;
  }

  // The root's value; false when stopped first.
  bool prove(Worker& w, const Pos<P>& root, Score& value) {
    Score lo, hi;
    std::uint16_t hint;
    bounds(root, lo, hi, hint);
    root_lo_ = lo;
    root_hi_ = hi;
    guess_ = lo == hi ? lo : 0;
    value = mtdf(w, root, guess_.load());
    return !halted(w);
  }

  // Whether the value of `p` is at most t (a null-window search).
  bool test_at_most(Worker& w, const Pos<P>& p, Score t) {
    return search(w, p, t, t + 1, 1) <= t && !halted(w);
  }

  const BitRules g_;
  exact::BoundTable<P> table_;
  const egdb::Tables* tables_;
  Value plain_value_;
  Poller* poller_ = nullptr;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> nodes_{0};
  // The main thread's bounds on the root and its last guess (the progress line reads them).
  std::atomic<Score> root_lo_{0}, root_hi_{0}, guess_{0};
  bool split_ = false;               // more than one thread
  std::atomic<bool> failed_{false};  // a split ended short: the search is abandoned
  std::mutex pool_mutex_;
  std::vector<std::unique_ptr<Worker>> pool_;
};

}  // namespace

bool exact_covers(const Board& board, const Rules& rules, const Position& pos) {
  return BitRules::covers(board, rules) && exact::planes_needed(rules, pos, board) >= 0;
}

ExactEngine::ExactEngine(const Board& board, const Rules& rules, const Position& start,
                         const ExactOptions& options) {
  switch (exact::planes_needed(rules, start, board)) {
    case 0:
      impl_ = std::make_unique<Solver<0>>(board, rules, start, options);
      break;
    case 1:
      impl_ = std::make_unique<Solver<1>>(board, rules, start, options);
      break;
    case 2:
      impl_ = std::make_unique<Solver<2>>(board, rules, start, options);
      break;
    case 3:
      impl_ = std::make_unique<Solver<3>>(board, rules, start, options);
      break;
    case 4:
      impl_ = std::make_unique<Solver<4>>(board, rules, start, options);
      break;
    default:
      throw std::invalid_argument("the exact solver cannot hold these piece values");
  }
}
ExactEngine::~ExactEngine() = default;

bool ExactEngine::holds(const Position& pos) const { return impl_->holds(pos); }

GameResult ExactEngine::search(const Position& pos, const SearchControl& control) {
  return impl_->search(pos, control);
}

void ExactEngine::use_whole_table() { impl_->use_whole_table(); }

}  // namespace leapfrog

namespace leapfrog {

ExactFirst::ExactFirst(const Board& board, const Rules& rules, const GameOptions& options)
    : board_(board), rules_(rules), options_(options) {}
ExactFirst::~ExactFirst() = default;

GameOptions ExactFirst::share(const Board& board, const Rules& rules, const GameOptions& options) {
  GameOptions o = options;
  if (o.exact_first() && BitRules::covers(board, rules)) {
    const std::size_t mb = o.hash_mb ? o.hash_mb : GameOptions::kDefaultHashMb;
    o.hash_mb = half_mb(mb);
  }
  return o;
}

namespace {

// A long exact search (no node limit, or a share above kExactSlice) runs in two parts: a
// slice of kExactSlice positions, then, when that has not proved the value, a quick look of
// kQuickLook positions by the depth-limited search, then the rest of the share. A stop in the
// rest answers with the quick look's estimate instead of the bare largest capture; positions
// the slice proves are answered as by one exact search. The exact engine keeps its table
// between the parts. Without a node limit the slice runs on every thread, so where it ends
// varies; the answer does not: a value the exact search proves is its own whatever the slice
// did, and the quick look answers only a stop (or a limit the exact search used up unproved).
constexpr std::uint64_t kExactSlice = 1'000'000;
constexpr std::uint64_t kQuickLook = 100'000;
// A stop during the exact search, before any look, would answer with the bare largest
// capture (the exact search has no estimate): a look of this many positions, which does not
// poll the stop, answers instead. It is short enough to keep the answer prompt and looks a
// few turns ahead.
constexpr std::uint64_t kStoppedLook = 3'000;

}  // namespace

GameResult ExactFirst::search(const Position& pos, const SearchControl& control,
                              const std::function<GameResult(const SearchControl&)>& fallback) {
  if (!options_.exact_first() || !exact_covers(board_, rules_, pos)) return fallback(control);
  if (!engine_ || !engine_->holds(pos)) {
    ExactOptions o;
    o.hash_mb = options_.hash_mb ? options_.hash_mb : GameOptions::kDefaultHashMb;
    o.symmetry = options_.symmetry;
    o.tables = options_.tables;
    o.grow = control.node_limit == 0;
    engine_ = std::make_unique<ExactEngine>(board_, rules_, pos, o);
  } else if (control.node_limit != 0) {
    engine_->use_whole_table();  // made growing by an unlimited search before
  }
  const auto start = std::chrono::steady_clock::now();
  const bool limited = control.node_limit != 0 || control.time_limit.count() != 0;
  // The exact search's share: all of an unlimited search, else half.
  SearchControl first = control;
  if (limited) {
    first.node_limit = (control.node_limit + 1) / 2;
    // Half the time, at least a millisecond: a zero limit would be no limit at all.
    if (control.time_limit.count() != 0)
      first.time_limit = std::max(std::chrono::milliseconds(1), control.time_limit / 2);
    if (control.node_limit != 0) first.threads = 1;
  }
  std::uint64_t spent = 0;
  // A search after the first reports its nodes on top of those spent before it.
  const auto after_spent = [&](SearchControl c) {
    c.progress = progress_after(control.progress, spent);
    return c;
  };
  std::optional<GameResult> quick;  // the quick look of a long exact search
  const auto with_spent = [&](GameResult g) {
    g.nodes = spent;
    return g;
  };
  // The quick look as the answer to a search cut short (by a stop or a limit): not complete,
  // whatever depth its own search reached, unless it proved the value.
  const auto from_quick = [&] {
    GameResult g = *quick;
    if (!g.proved) g.complete = false;
    return with_spent(std::move(g));
  };
  GameResult r;
  if (first.node_limit == 0 || first.node_limit > kExactSlice) {
    SearchControl slice = first;
    slice.node_limit = kExactSlice;
    r = engine_->search(pos, slice);
    spent += r.nodes;
    if (r.proved && !r.complete && r.nodes >= kExactSlice && !control.stop_requested()) {
      // The slice proved the value and its limit then cut the line short: the rest of the
      // share follows the line again (the table, if it kept the proof, answers at once). A
      // stop or a limit in that keeps the slice's answer: proved, its line cut.
      GameResult more = engine_->search(pos, after_spent(first.left_after(spent, start)));
      spent += more.nodes;
      if (more.proved) r = std::move(more);
    } else if (!r.proved && !control.stop_requested()) {
      SearchControl look = control.left_after(spent, start);
      look.node_limit = std::min(look.node_limit == 0 ? kQuickLook : look.node_limit, kQuickLook);
      quick = fallback(after_spent(look));
      spent += quick->nodes;
      if (control.stop_requested()) return from_quick();
      r = engine_->search(pos, after_spent(first.left_after(spent, start)));
      spent += r.nodes;
    }
  } else {
    r = engine_->search(pos, first);
    spent += r.nodes;
  }
  if (r.proved) return with_spent(r);
  // Within the node limit, if any.
  const std::uint64_t stopped_look =
      control.node_limit == 0
          ? kStoppedLook
          : std::min(kStoppedLook, control.node_limit > spent ? control.node_limit - spent : 0);
  if (!quick && control.stop_requested() && stopped_look != 0) {
    SearchControl look;
    look.node_limit = stopped_look;
    look.threads = control.threads;
    quick = fallback(look);
    spent += quick->nodes;
    return from_quick();
  }
  if (control.stop_requested() || !limited) return quick ? from_quick() : with_spent(r);
  // A node limit the exact share used up leaves nothing for the rest (a limit of 1).
  if (control.node_limit != 0 && spent >= control.node_limit && r.best)
    return quick ? from_quick() : with_spent(r);
  GameResult g = fallback(after_spent(control.left_after(spent, start)));
  spent += g.nodes;
  // A stop early in the last search may leave it shallower than the quick look (or the quick
  // look had proved what the last search did not).
  if (quick && !g.proved && (quick->proved || g.depth < quick->depth)) return from_quick();
  return with_spent(g);
}

}  // namespace leapfrog
