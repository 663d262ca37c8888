#include "solver/chains/chains.h"

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
#include "core/poller.h"
#include "puzzles/movegen.h"
#include "puzzles/position.h"
#include "solver/chains/assignment.h"
#include "solver/chains/child_fold.h"
#include "solver/chains/shortest_paths.h"
#include "solver/chains/start_search.h"
#include "solver/chains/start_search_bounds.h"
#include "solver/chains/trails.h"
#include "solver/memory_budget.h"

namespace leapfrog {

using namespace chain_search;

namespace {

ChainResult best_removal(const Board& board, const Rules& rules, const Position& pos,
                         const ChainOptions& options) {
  ChainResult r;
  r.removal = true;
  std::vector<Square> squares;
  for_each_turn(board, rules, pos, [&](const TurnView& t) {
    ++r.nodes;
    const Score g = t.size(rules);
    if (g > r.value) {
      r.value = g;
      squares.clear();
    }
    if (g == r.value) squares.push_back(t.squares[0]);
  });
  r.count = BigCount(squares.size());
  if (!squares.empty()) r.best = Turn{true, {squares[0]}};
  if (options.all)
    for (Square s : squares) {
      if (r.chains.size() >= options.limit) {
        r.truncated = true;
        break;
      }
      r.chains.push_back(Turn{true, {s}});
    }
  return r;
}

}  // namespace

ChainResult best_chains(const Board& board, const Rules& rules, const Position& pos,
                        const ChainOptions& options, const SearchControl& control) {
  if (removal_turn(pos)) return best_removal(board, rules, pos, options);

  std::vector<Square> starts;
  for (int s = 0; s < board.cells(); ++s) {
    const auto sq = static_cast<Square>(s);
    if (pos.cells[s] == 0 || (options.only_start && *options.only_start != sq)) continue;
    if (can_jump(board, rules, pos.cells, sq)) starts.push_back(sq);
  }

  Shared shared(board, rules, pos, control);
  shared.plain_graphs = options.plain_graphs;
  shared.leftovers = options.leftovers;
  std::vector<std::unique_ptr<StartSearchBase>> searches(starts.size());
  // A search's value and nodes without its table (which goes back to the budget).
  const auto stub_of = [&](std::size_t i, const StartSearchBase& s) {
    auto stub = std::make_unique<StartSearch<std::uint64_t>>(shared, starts[i]);
    stub->value = s.value;
    stub->nodes = s.nodes;
    return stub;
  };
  const auto work = [&](std::size_t i) {
    std::unique_ptr<StartSearchBase> s;
    if (options.big_counts) {
      s = std::make_unique<StartSearch<BigCount>>(shared, starts[i]);
      static_cast<StartSearch<BigCount>&>(*s).run();
    } else {
      s = std::make_unique<StartSearch<std::uint64_t>>(shared, starts[i]);
      static_cast<StartSearch<std::uint64_t>&>(*s).run();
    }
    if (s->overflowed && !shared.stopped.load()) {
      const std::uint64_t spent = s->nodes;
      s = std::make_unique<StartSearch<BigCount>>(shared, starts[i]);
      static_cast<StartSearch<BigCount>&>(*s).run();
      s->nodes += spent;
    }
    // The running maximum only grows: a start below it can never be maximal, so its table
    // is freed at once. Which tables survive depends on timing, never the output.
    Score seen = shared.best_so_far.load();
    while (s->value > seen && !shared.best_so_far.compare_exchange_weak(seen, s->value)) {
    }
    searches[i] = s->value >= shared.best_so_far.load() ? std::move(s) : stub_of(i, *s);
  };
  if (control.threads == 1 || starts.size() <= 1) {
    for (std::size_t i = 0; i < starts.size(); ++i) work(i);
  } else {
    tbb::task_arena arena(control.threads > 0 ? control.threads : tbb::task_arena::automatic);
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, starts.size(), 1),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i) work(i);
                        });
    });
  }

  ChainResult r;
  r.complete = !shared.stopped.load();
  r.out_of_memory = shared.budget.exceeded();
  for (const auto& s : searches) {
    r.nodes += s->nodes;
    r.value = std::max(r.value, s->value);
  }
  if (!r.complete && control.node_limit != 0 && r.nodes >= control.node_limit)
    r.nodes = control.node_limit;
  if (r.value == 0 || !r.complete) return r;
  // The list of every chain is held whole, so it takes its bytes from the budget too: at
  // most as many chains as fit beside the tables, each its Turn and a path of at most one
  // square a piece on the board (each jump takes one) and the jumper's start.
  std::size_t limit = options.limit;
  if (options.all) {
    // What is left depends on the maximal starts' tables alone (the others', kept or not by
    // timing, go back first), so the list is the same at any thread count.
    for (std::size_t i = 0; i < searches.size(); ++i)
      if (searches[i]->value != r.value) searches[i] = stub_of(i, *searches[i]);
    const auto pieces = static_cast<std::size_t>(piece_count(board, pos));
    constexpr std::size_t kHeapBlock = 16;  // malloc's overhead on a path's block
    const std::size_t per_chain = (sizeof(Turn) + kHeapBlock + (pieces + 1) * sizeof(Square)) *
                                  std::max<std::size_t>(options.list_weight, 1);
    // (At least one: the best chain is held anyway.)
    if (shared.budget.left() / per_chain < limit) {
      limit = std::max<std::size_t>(shared.budget.left() / per_chain, 1);
      r.list_full = true;
      r.chains.reserve(limit);  // no doubling's slack past what was counted
    }
  }
  for (std::size_t i = 0; i < searches.size(); ++i) {
    StartSearchBase& s = *searches[i];
    if (s.value != r.value) continue;
    r.count += s.count;
    if (!r.best) {
      std::vector<Turn> first;
      bool cut = false;
      s.collect(first, 1, cut);
      r.best = first.at(0);
    }
    if (options.all && !r.truncated) s.collect(r.chains, limit, r.truncated);
  }
  r.list_full = r.list_full && r.truncated;
  return r;
}

}  // namespace leapfrog
