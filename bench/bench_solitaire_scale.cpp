// Solitaire at the sources' scale: full start positions (the lone player's opening removal
// due) on Murray boards of 7x7 to 26x26, Froglet and traditional boards, and the big
// peg-solitaire boards from their centre. Each reports value, bound, proved and nodes as
// counters and fails itself if a proof goes missing, so a regression shows as an error, not
// as a slower time.
// Run: build/bench/leapfrog_bench --benchmark_filter=Scale
#include <benchmark/benchmark.h>

#include "generator/layout.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/solitaire.h"

using namespace leapfrog;

namespace {

void report(benchmark::State& state, const SolveResult& r) {
  if (!r.proved) state.SkipWithError("not proved");
  state.counters["value"] = r.value;
  state.counters["bound"] = r.bound;
  state.counters["nodes"] = static_cast<double>(r.nodes);
}

void BM_ScaleFullBoard(benchmark::State& state, const char* variant) {
  const Variant& v = *find_variant(variant);
  const Board board(static_cast<int>(state.range(0)), static_cast<int>(state.range(0)));
  Position p = random_layout(board, v, 1);
  p.removals_due = 1;
  Rules rules = v.rules;
  rules.players = 1;
  SearchControl control;
  control.threads = 2;
  SolveResult r;
  for (auto _ : state) r = solve(board, rules, p, SolveOptions{}, control);
  report(state, r);
}
BENCHMARK_CAPTURE(BM_ScaleFullBoard, murray, "murray")
    ->Arg(7)
    ->Arg(8)
    ->Arg(10)
    ->Arg(15)
    ->Arg(20)
    ->Arg(26)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_ScaleFullBoard, froglet, "froglet")
    ->Arg(12)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_ScaleFullBoard, traditional, "traditional")
    ->Arg(15)
    ->Arg(18)
    ->Arg(26)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

void BM_ScalePegBoard(benchmark::State& state, const char* variant) {
  const Setup s = parse_position(find_variant(variant)->start);
  Rules rules = s.rules();
  rules.measure = Measure::kPieces;
  SearchControl control;
  control.threads = 2;
  SolveResult r;
  for (auto _ : state) r = solve(s.board, rules, s.position, SolveOptions{}, control);
  report(state, r);
}
BENCHMARK_CAPTURE(BM_ScalePegBoard, english, "english")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_ScalePegBoard, french, "french")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_ScalePegBoard, wiegleb, "wiegleb")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_ScalePegBoard, diamond, "diamond")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
