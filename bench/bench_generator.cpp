// Puzzle generation rate: puzzles per second for both kinds, at the sizes the
// shipped collection uses. items_per_second is the rate.
#include <benchmark/benchmark.h>

#include "generator/puzzles.h"

namespace {

void generate(benchmark::State& state, leapfrog::PuzzleKind kind, int size, int count) {
  leapfrog::PuzzleSpec spec;
  spec.kind = kind;
  spec.size = size;
  spec.count = count;
  leapfrog::SearchControl control;
  control.threads = static_cast<int>(state.range(0));
  std::uint64_t seed = 1;
  std::int64_t made = 0;
  for (auto _ : state) {
    spec.seed = seed++;
    const auto puzzles = leapfrog::generate_puzzles(spec, control);
    made += static_cast<std::int64_t>(puzzles.size());
    benchmark::DoNotOptimize(puzzles.data());
  }
  state.SetItemsProcessed(made);
}

void BM_ChainPuzzles12(benchmark::State& state) {
  generate(state, leapfrog::PuzzleKind::kChain, 12, 20);
}
void BM_SolitairePuzzles5(benchmark::State& state) {
  generate(state, leapfrog::PuzzleKind::kSolitaire, 5, 4);
}

}  // namespace

BENCHMARK(BM_ChainPuzzles12)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SolitairePuzzles5)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);
