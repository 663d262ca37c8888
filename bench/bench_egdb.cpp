// The exact game solver and the endgame tables (docs/egdb.md, docs/solved.md):
//   table builds: positions (sets) a second and entries a second, bytes a set;
//   proofs: nodes and time of the 5x5 starts (traditional and Murray seed 1) and of a 6x6
//   position of 25 pieces, with and without tables.
// Run: build/bench/leapfrog_bench --benchmark_filter='Egdb|Exact'
#include <benchmark/benchmark.h>

#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/egdb.h"
#include "solver/exact.h"

using namespace leapfrog;

namespace {

// Levels 0..top of a board's tables, built once per process.
struct Built {
  std::unique_ptr<egdb::Tables> tables;
  std::vector<std::unique_ptr<egdb::Level>> levels;
  Built(const Board& board, const Rules& rules, int top) {
    tables = std::make_unique<egdb::Tables>(board, rules);
    for (int p = 0; p <= top; ++p) {
      levels.push_back(
          std::make_unique<egdb::Level>(*egdb::build_level(*tables, p, SearchControl{})));
      tables->add(levels.back()->view());
    }
  }
};

const Built& tables_5x5() {
  static const Built b(Board(5, 5), Rules{}, 12);
  return b;
}
const Built& tables_6x6() {
  static const Built b(Board(6, 6), Rules{}, 8);
  return b;
}

// Builds one level of the 5x5 or 6x6 board (the levels below it built beforehand).
void BM_EgdbBuildLevel(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const int level = static_cast<int>(state.range(1));
  const Built& below = side == 5 ? tables_5x5() : tables_6x6();
  egdb::Tables t(Board(side, side), Rules{});
  for (int p = 0; p < level; ++p) t.add(below.tables->level(p));
  SearchControl control;
  control.threads = static_cast<int>(state.range(2));
  std::uint64_t sets = 0, entries = 0, bytes = 0;
  for (auto _ : state) {
    const auto l = egdb::build_level(t, level, control);
    sets += l->sets;
    entries += l->values.size();
    bytes = egdb::serialise(t.id(), l->view()).size();
  }
  state.counters["sets/s"] =
      benchmark::Counter(static_cast<double>(sets), benchmark::Counter::kIsRate);
  state.counters["entries/s"] =
      benchmark::Counter(static_cast<double>(entries), benchmark::Counter::kIsRate);
  state.counters["bytes/set"] =
      static_cast<double>(bytes) / static_cast<double>(egdb::binomial(side * side, level));
}
BENCHMARK(BM_EgdbBuildLevel)
    ->Args({5, 12, 1})
    ->Args({5, 12, 2})
    ->Args({6, 8, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

GameResult prove(const Setup& s, const egdb::Tables* tables, int threads) {
  Rules rules = s.rules();
  ExactOptions o;
  o.hash_mb = 256;
  o.tables = tables;
  ExactEngine e(s.board, rules, s.position, o);
  SearchControl c;
  c.threads = threads;
  return e.search(s.position, c);
}

// Proves a start: 0 traditional 5x5, 1 Murray 5x5 seed 1, 2 a 6x6 position of 25 pieces;
// range(1): with the tables (5x5 to 12 pieces, 6x6 to 8), range(2): threads.
void BM_ExactProof(benchmark::State& state) {
  // Full boards: each player owes the opening removal.
  static const Setup traditional =
      parse_position("11111/11111/11111/11111/11111 variant=traditional");
  static const Setup murray = parse_position("11332/22121/23114/42114/21323 variant=murray");
  static const Setup mid =
      parse_position("111111/.11111/..1..1/1.1111/..1111/.11111 variant=traditional");
  const int which = static_cast<int>(state.range(0));
  const Setup& s = which == 0 ? traditional : which == 1 ? murray : mid;
  const egdb::Tables* t = nullptr;
  if (state.range(1)) t = (which == 2 ? tables_6x6() : tables_5x5()).tables.get();
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const GameResult r = prove(s, t, static_cast<int>(state.range(2)));
    if (!r.proved) state.SkipWithError("not proved");
    nodes = r.nodes;
    state.counters["value"] = r.value;
  }
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK(BM_ExactProof)
    ->Args({0, 0, 1})
    ->Args({0, 1, 1})
    ->Args({1, 0, 1})
    ->Args({1, 0, 2})
    ->Args({2, 1, 1})
    ->Args({2, 1, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
