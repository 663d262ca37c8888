// Speed targets of the solitaire searches (benchmarks, never timed tests):
//   reach english (23,475,688 classes): < ~1.7 s on 2 cores, < 500 MB;
//   solve english: well under 0.1 s; solve --count english: seconds.
// Run: build/bench/leapfrog_bench --benchmark_filter=English
#include <benchmark/benchmark.h>

#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;

namespace {

const Setup& english() {
  static const Setup s = parse_position(find_variant("english")->start);
  return s;
}

void BM_ReachEnglish(benchmark::State& state) {
  const Setup& s = english();
  SearchControl control;
  control.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const ReachResult r = reach(s.board, s.rules(), s.position, true, control);
    if (r.total != 23475688) state.SkipWithError("wrong total");
    benchmark::DoNotOptimize(r.total);
  }
  state.counters["positions"] = 23475688;
}
BENCHMARK(BM_ReachEnglish)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);

void BM_SolveEnglish(benchmark::State& state) {
  const Setup& s = english();
  SearchControl control;
  control.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const SolveResult r = solve(s.board, s.rules(), s.position, SolveOptions{}, control);
    if (r.value != 31 || !r.proved) state.SkipWithError("not 31");
    benchmark::DoNotOptimize(r.nodes);
  }
}
BENCHMARK(BM_SolveEnglish)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SolveCountEnglish(benchmark::State& state) {
  const Setup& s = english();
  SolveOptions options;
  options.count = true;
  SearchControl control;
  control.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const SolveResult r = solve(s.board, s.rules(), s.position, options, control);
    benchmark::DoNotOptimize(r.count);
  }
}
BENCHMARK(BM_SolveCountEnglish)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
