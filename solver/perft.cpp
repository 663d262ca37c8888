#include "solver/perft.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <atomic>
#include <mutex>

#include "core/poller.h"
#include "puzzles/movegen.h"

namespace leapfrog {

namespace {

// Subtrees of fewer turns are counted on one thread: a task then holds some hundreds of
// sequences at least, and its overhead is lost in them.
constexpr int kParallelDepth = 3;
// Turns are taken from the generator this many at a time and counted side by side: one
// position may have millions of turns, which are not all held at once.
constexpr std::size_t kBatch = 256;

class Counter {
 public:
  Counter(const Board& board, const Rules& rules, const SearchControl& control)
      : board_(board), rules_(rules), control_(control), poller_(control) {}

  // Calls count(turn, i) for every turn of `pos` (i: its place in the generator's order),
  // a batch at a time on the threads, until a stop; before each batch, started(end) with the
  // place after its last turn. A turn lives until its batch is counted.
  template <class Started, class Count>
  void each_turn(const Position& pos, Started&& started, Count&& count) {
    std::vector<Turn> batch;
    std::size_t first = 0;  // the batch's first turn's place
    const auto run = [&] {
      started(first + batch.size());
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 1), [&](const auto& r) {
        for (std::size_t i = r.begin(); i != r.end() && !control_.stop_requested(); ++i)
          count(batch[i], first + i);
      });
      first += batch.size();
      batch.clear();
      return !control_.stop_requested();
    };
    const bool whole = for_each_turn(board_, rules_, pos, [&](const TurnView& t) {
      batch.push_back(Turn{t.removal, {t.squares.begin(), t.squares.end()}});
      return batch.size() < kBatch || run();
    });
    if (whole && !batch.empty()) run();
  }

  // The sequences of `depth` turns from `pos`, over threads where the subtree is deep enough.
  std::uint64_t count(const Position& pos, int depth) {
    if (depth < kParallelDepth) {
      const std::uint64_t n = serial(pos, depth);
      counted_.fetch_add(n, std::memory_order_relaxed);
      report();
      return n;
    }
    std::atomic<std::uint64_t> sum{0};
    each_turn(
        pos, [](std::size_t) {},
        [&](const Turn& t, std::size_t) {
          sum.fetch_add(count(apply(board_, rules_, pos, t), depth - 1), std::memory_order_relaxed);
        });
    return sum.load();
  }

  // The progress's share: `n` first turns in all; one more of them complete.
  void first_turns(std::size_t n) { first_total_ = n; }
  void first_done() { first_done_.fetch_add(1, std::memory_order_relaxed); }

 private:
  std::uint64_t serial(const Position& pos, int depth) const {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    // One position may have millions of turns: the flag is polled among them.
    if (depth == 1) {
      for_each_turn(board_, rules_, pos, [&](const TurnView&) {
        return (++nodes & 1023) != 0 || !control_.stop_requested();
      });
      return nodes;
    }
    for_each_turn(board_, rules_, pos, [&](const TurnView& t) {
      nodes += serial(apply(board_, rules_, pos, t.squares, t.removal), depth - 1);
      return !control_.stop_requested();
    });
    return nodes;
  }

  void report() {
    poller_.report([&] {
      Progress p;
      p.nodes = counted_.load(std::memory_order_relaxed);
      const std::size_t done = first_done_.load(std::memory_order_relaxed);
      if (first_total_ != 0) {
        p.fraction = static_cast<double>(done) / static_cast<double>(first_total_);
        p.note = std::to_string(done) + " of " + std::to_string(first_total_) + " first turns";
      }
      return p;
    });
  }

  const Board& board_;
  const Rules& rules_;
  const SearchControl& control_;
  Poller poller_;
  std::atomic<std::uint64_t> counted_{0};
  std::atomic<std::size_t> first_done_{0};
  std::size_t first_total_ = 0;  // set before the threads start
};

}  // namespace

PerftDivide perft_divide(const Board& board, const Rules& rules, const Position& pos, int depth,
                         const SearchControl& control, const PerftSink& each) {
  PerftDivide out;
  if (depth == 0) {
    out.nodes = 1;  // the empty sequence, which has no first turn
    return out;
  }
  // The first turns are counted first, for the progress's share and for completeness: a
  // count is complete when every one of them is told.
  std::size_t total = 0;
  if (!for_each_turn(board, rules, pos, [&](const TurnView&) {
        return (++total & 1023) != 0 || !control.stop_requested();
      })) {
    out.complete = false;
    return out;
  }
  Counter counter(board, rules, control);
  counter.first_turns(total);
  // A batch's first turns are told in order, each as soon as it and those before it are
  // complete: whichever thread completes the last of a run tells the run.
  std::array<std::uint64_t, kBatch> n{};
  std::array<const Turn*, kBatch> done{};  // the complete turns not yet told
  std::size_t told = 0, end = 0;           // turns told in all; the batch's end
  std::mutex tell;
  const int threads =
      control.threads > 0 ? control.threads : tbb::this_task_arena::max_concurrency();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    counter.each_turn(
        pos, [&](std::size_t batch_end) { end = batch_end; },
        [&](const Turn& t, std::size_t i) {
          const std::uint64_t count =
              depth == 1 ? 1 : counter.count(apply(board, rules, pos, t), depth - 1);
          if (control.stop_requested()) return;  // a part of the count: not told
          counter.first_done();
          const std::lock_guard lock(tell);
          n[i % kBatch] = count;
          done[i % kBatch] = &t;
          for (; told < end && done[told % kBatch] != nullptr; ++told) {
            const std::size_t s = told % kBatch;
            out.nodes += n[s];
            if (each) each(*done[s], n[s]);
            done[s] = nullptr;
          }
        });
  });
  out.complete = told == total;
  return out;
}

std::uint64_t perft(const Board& board, const Rules& rules, const Position& pos, int depth,
                    const SearchControl& control) {
  return perft_divide(board, rules, pos, depth, control).nodes;
}

}  // namespace leapfrog
