// The solitaire search itself (alpha-beta with a transposition table over a game of
// bit_game.h or general_game.h) and the count of optimal lines. Internal to
// solver/solitaire.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/bigcount.h"
#include "core/open_table.h"
#include "core/poller.h"
#include "solver/solitaire.h"
#include "solver/solitaire/bounds.h"
#include "solver/tt.h"

namespace leapfrog::solitaire_search {

// ---------------------------------------------------------------------------------------
// The search.

template <class Game>
class Searcher {
 public:
  using State = typename Game::State;
  using Move = typename Game::Move;

  // What one thread carries: the moves from the root to the node, and nodes not yet added
  // to the shared count.
  struct Local {
    std::vector<Move> path;
    std::uint64_t pending = 0;
    std::uint64_t new_keys = 0;  // not yet counted in the table (TranspositionTable::store)
  };

  Searcher(const Game& game, TranspositionTable& tt, const SearchControl& control)
      : game_(game), tt_(tt), control_(control), poller_(control) {}

  // The value of `s` if it is more than alpha (exact), else an upper bound <= alpha; kAbort
  // when stopped. `acc` is what the path from the root has captured.
  Score search(const State& s, Score alpha, Score acc, Local& local) {
    if (++local.pending >= Game::kFlushEvery && flush(local)) return kAbort;
    if (acc > best_found_.load(std::memory_order_relaxed) && game_.goal(s)) record(acc, local.path);
    Score ub = game_.upper_bound(s);
    if (ub <= alpha) return ub;
    const PositionKey key = game_.key(s);
    TranspositionTable::Entry e;
    if (tt_.probe(key, e)) {
      if (e.exact) return e.value;
      if (e.value <= alpha) return e.value;
      ub = std::min(ub, e.value);
    }
    const std::uint64_t before = nodes_.load(std::memory_order_relaxed) + local.pending;
    // With a finish, a child from which no line ends there is worth kNone; so is a
    // position with no move left that is not the finish's lone piece.
    Score best = kNone;
    bool any = false, aborted = false;
    const auto visit = [&](const Move& m) {
      const Score floor = std::max(alpha, std::max(best, Score{-1}));
      local.path.push_back(m);
      const Score r = search(game_.child(s, m), floor - m.gain, acc + m.gain, local);
      local.path.pop_back();
      if (r == kAbort) {
        aborted = true;
        return false;
      }
      best = std::max(best, is_none(r) ? kNone : m.gain + r);
      any = true;
      return best < ub;
    };
    if (reversed_) {  // tests only: the same moves, the other way round
      std::vector<Move> moves;
      game_.for_each_move(s, [&](const Move& m) {
        moves.push_back(m);
        return true;
      });
      for (auto it = moves.rbegin(); it != moves.rend() && visit(*it);) ++it;
    } else {
      game_.for_each_move(s, visit);
    }
    if (aborted) return kAbort;
    if (!any) best = game_.end_value(s);
    const std::uint64_t work = nodes_.load(std::memory_order_relaxed) + local.pending - before;
    if (tt_.store(key, best, !any || best > alpha || best >= ub, work)) ++local.new_keys;
    return best;
  }

  // Adds the pending nodes to the shared count; true when the search must stop.
  bool flush(Local& local) {
    const std::uint64_t n =
        nodes_.fetch_add(local.pending, std::memory_order_relaxed) + local.pending;
    local.pending = 0;
    tt_.count_new_keys(std::exchange(local.new_keys, 0));
    if (cutoff_.load(std::memory_order_relaxed)) return true;
    if (poller_.limit_reached(n)) stopped_.store(true, std::memory_order_relaxed);
    if (stopped_.load(std::memory_order_relaxed)) return true;
    poller_.report([&] { return Progress{n, best_found_.load(), -1, phase_, bound_}; });
    return false;
  }

  void record(Score acc, const std::vector<Move>& path) {
    std::lock_guard lock(best_mutex_);
    if (acc <= best_found_.load()) return;
    best_found_.store(acc);
    best_line_ = path;
  }

  const Game& game_;
  TranspositionTable& tt_;
  const SearchControl& control_;
  Poller poller_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<bool> stopped_{false};  // a limit or the caller's flag
  std::atomic<bool> cutoff_{false};   // the upper bound was reached: the rest is not needed
  std::atomic<Score> best_found_{0};
  Score bound_ = -1;                 // the root's upper bound, for the progress report
  const char* phase_ = "searching";  // the progress report's note
  bool reversed_ = false;            // SolveOptions::reversed_order
  std::mutex best_mutex_;
  std::vector<Move> best_line_;
};

// The most nodes a level of the top of the tree that run() splits among threads may have.
constexpr std::size_t kMaxFrontier = 4096;

// The memo of the optimal-line count outside the breadth-first path: open addressing in
// buckets of four entries (core/open_table.h's pick of a bucket's entry), doubling while it is at
// least half full and the doubled table and the old one fit together in `bytes` (half of --hash);
// then, when a bucket is full, a new entry replaces the one with the least work behind it
// (count_lines calls) or is dropped if it has less. A position not found is counted again, so the
// counts stay exact and a small table only costs time. Used by one thread.
class CountMemo {
 public:
  explicit CountMemo(std::size_t bytes) : max_bytes_(bytes) { resize(1); }
  const BigCount* find(const PositionKey& key) const {
    const Entry* e = find_way(buckets_[key.hash() & mask_].e,
                              [&](const Entry& x) { return x.work != 0 && x.key == key; });
    return e ? &e->count : nullptr;
  }
  void store(const PositionKey& key, const BigCount& count, std::uint64_t work) {
    if (2 * size_ >= 4 * buckets_.size() &&
        growth_fits(buckets_.size(), 2 * buckets_.size(), sizeof(Bucket), max_bytes_))
      resize(2 * buckets_.size());
    Entry* victim =
        &victim_way(buckets_[key.hash() & mask_].e, [](const Entry& x) { return x.work; });
    if (victim->work > work) return;
    if (victim->work == 0) ++size_;
    *victim = Entry{key, count, work};
  }

 private:
  struct Entry {
    PositionKey key;
    BigCount count;
    std::uint64_t work = 0;  // >= 1 when used
  };
  struct Bucket {
    std::array<Entry, 4> e;
  };
  void resize(std::size_t n) {
    std::vector<Bucket> old(n);
    old.swap(buckets_);
    mask_ = n - 1;
    size_ = 0;
    for (const Bucket& b : old)
      for (const Entry& e : b.e)
        if (e.work != 0) store(e.key, e.count, e.work);
  }
  std::size_t max_bytes_;
  std::vector<Bucket> buckets_;
  std::size_t mask_ = 0, size_ = 0;
};

// The number of optimal lines from `s`, whose value is v (proved). `calls` counts the calls.
template <class Game>
BigCount count_lines(Searcher<Game>& searcher, const typename Game::State& s, Score v,
                     typename Searcher<Game>::Local& local, CountMemo& memo, std::uint64_t& calls,
                     bool& aborted) {
  if (v == 0) return BigCount(1);
  const Game& game = searcher.game_;
  const PositionKey key = game.key(s);
  if (const BigCount* known = memo.find(key)) return *known;
  const std::uint64_t before = calls++;
  BigCount total;
  game.for_each_move(s, [&](const typename Game::Move& m) {
    if (m.gain > v) return true;
    const auto c = game.child(s, m);
    const Score r = searcher.search(c, v - m.gain - 1, 0, local);
    if (r == kAbort) {
      aborted = true;
      return false;
    }
    if (r < v - m.gain) return true;
    total += count_lines(searcher, c, v - m.gain, local, memo, calls, aborted);
    return !aborted;
  });
  if (aborted) return total;
  memo.store(key, total, calls - before);
  return total;
}

}  // namespace leapfrog::solitaire_search
