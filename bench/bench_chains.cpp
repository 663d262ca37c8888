// Micro-benchmarks: the turn generator and the chain search, against plain recursion on the
// lattice positions, a piece on a node of a lattice of empty squares (speed target: 100 times
// faster, with the same value and count). Run: build/bench/leapfrog_bench
// [--benchmark_filter=Lattice]
#include <benchmark/benchmark.h>

#include "bench/lattices.h"
#include "generator/layout.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "solver/chains/chains.h"

using namespace leapfrog;

namespace {

// Plain recursion as the issue measured it: every chain from every piece, keeping the best
// value and the number of chains reaching it.
struct Plain {
  const Board& board;
  std::array<Value, kMaxCells> cells;
  Score best = 0;
  std::uint64_t count = 0;
  void walk(Square cur, Score gained) {
    bool jumped = false;
    for (const Jump& j : board.jumps(cur, JumpSet::kOrthogonal)) {
      const Value v = cells[j.over];
      if (v == 0 || cells[j.to] != 0) continue;
      jumped = true;
      cells[j.over] = 0;
      walk(j.to, gained + v);
      cells[j.over] = v;
    }
    if (jumped || gained == 0) return;
    if (gained > best) {
      best = gained;
      count = 0;
    }
    if (gained == best) ++count;
  }
  void run() {
    for (int s = 0; s < board.cells(); ++s) {
      const Value v = cells[s];
      if (v == 0) continue;
      cells[s] = 0;
      walk(static_cast<Square>(s), 0);
      cells[s] = v;
    }
  }
};

void BM_ForEachTurn(benchmark::State& state) {
  const Setup s = sparse_layout(15, 15, 30, 7);
  const Rules rules = s.rules();
  std::int64_t turns = 0;
  for (auto _ : state) {
    for_each_turn(s.board, rules, s.position, [&](const TurnView& t) { turns += t.pieces; });
    benchmark::DoNotOptimize(turns);
  }
  state.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ForEachTurn);

void BM_BestChainsRandom(benchmark::State& state) {
  const Setup s = sparse_layout(15, 15, 40, 11);
  const Rules rules = s.rules();
  SearchControl one;
  one.threads = 1;
  for (auto _ : state)
    benchmark::DoNotOptimize(best_chains(s.board, rules, s.position, {}, one).value);
}
BENCHMARK(BM_BestChainsRandom)->Unit(benchmark::kMillisecond);

// best_chains on lattice state.range(0), one thread; the label gives value, count and nodes,
// and a wrong value or count fails the benchmark.
void run_lattice(benchmark::State& state, const ChainOptions& options) {
  const LatticeCase& l = kLattices[state.range(0)];
  const Setup s = parse_position(l.position);
  SearchControl one;
  one.threads = 1;
  ChainResult r;
  for (auto _ : state) r = best_chains(s.board, s.rules(), s.position, options, one);
  state.SetLabel(std::string(l.name) + " value " + std::to_string(r.value) + " count " +
                 r.count.to_string() + " nodes " + std::to_string(r.nodes));
  if (r.value != l.value || r.count.to_string() != l.count)
    state.SkipWithError("wrong value or count");
}

// As many iterations as Google Benchmark likes (the first call of a process also pays for
// oneTBB's start-up, which a few iterations would not amortise).
void BM_BestChainsLattice(benchmark::State& state) { run_lattice(state, {}); }
BENCHMARK(BM_BestChainsLattice)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The trail search's bounded search alone (ChainOptions::leftovers = false): what the
// leftover enumeration and Euler-trail count gain.
void BM_BoundedTrailLattice(benchmark::State& state) {
  ChainOptions bounded;
  bounded.leftovers = false;
  run_lattice(state, bounded);
}
BENCHMARK(BM_BoundedTrailLattice)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// The same with the general search everywhere (ChainOptions::plain_graphs = false): what the
// trail search of solver/chains/trails.h gains on plain graphs.
void BM_GeneralSearchLattice(benchmark::State& state) {
  ChainOptions general;
  general.plain_graphs = false;
  run_lattice(state, general);
}
BENCHMARK(BM_GeneralSearchLattice)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

void BM_PlainRecursionLattice(benchmark::State& state) {
  const LatticeCase& l = kLattices[state.range(0)];
  const Setup s = parse_position(l.position);
  Plain p{s.board, s.position.cells};
  for (auto _ : state) {
    p.best = 0;
    p.count = 0;
    p.run();
  }
  state.SetLabel(std::string(l.name) + " value " + std::to_string(p.best) + " count " +
                 std::to_string(p.count));
}
// Arg(2) takes about a minute (48 s on the machine the issue was measured on).
BENCHMARK(BM_PlainRecursionLattice)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

}  // namespace
