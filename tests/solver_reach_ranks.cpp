// reach and the level-by-level line count split over 1 to 4 ranks (core/exchange.h), the
// ranks being threads of this process (core/thread_exchange.h): every rank gets the result
// of the search run alone, and limits stop every rank at the same point.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/thread_exchange.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;

namespace {

// f(exchange) run by `ranks` threads, one a rank; their results in rank order.
template <class Result>
std::vector<Result> on_ranks(int ranks, const std::function<Result(LevelExchange&)>& f) {
  ThreadExchangeGroup group(ranks);
  std::vector<Result> out(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] { out[static_cast<std::size_t>(r)] = f(group.rank(r)); });
  for (std::thread& t : threads) t.join();
  return out;
}

void check_same(const ReachResult& got, const ReachResult& want) {
  CHECK(got.levels == want.levels);
  CHECK(got.total == want.total);
  CHECK(got.complete == want.complete);
  CHECK(got.out_of_memory == want.out_of_memory);
}

}  // namespace

TEST_CASE("reach split over 1 to 4 ranks gives every rank the levels of one process",
          "[solver][reach][ranks]") {
  // A 5x5 board full but for c3 (fast path, the eight symmetries, 32-bit keys), a 7x7 board
  // with a few pieces (64-bit keys), and a coloured position (the general path, enumerated
  // whole on every rank).
  const std::vector<std::string> texts = {
      "ooooo/ooooo/oo.oo/ooooo/ooooo",
      "......./.ooo.../.oo.oo./..ooo../...o.../......./.......",
      "2413/3142/1.24/4321",
  };
  for (const std::string& text : texts) {
    const Setup s = parse_position(text);
    Rules rules = s.rules();
    rules.players = 1;
    for (bool symmetry : {true, false}) {
      SearchControl control;
      control.threads = 1;
      const ReachResult alone = reach(s.board, rules, s.position, symmetry, control);
      REQUIRE(alone.complete);
      for (int ranks = 1; ranks <= 4; ++ranks) {
        INFO(text << " symmetry " << symmetry << " ranks " << ranks);
        const auto got = on_ranks<ReachResult>(ranks, [&](LevelExchange& ex) {
          return reach(s.board, rules, s.position, symmetry, control, ex);
        });
        for (const ReachResult& r : got) {
          check_same(r, alone);
          CHECK(r.nodes == alone.nodes);
        }
      }
    }
  }
}

TEST_CASE("the optimal line count split over ranks is the count of one process",
          "[solver][reach][ranks]") {
  const Setup s = parse_position("ooooo/ooooo/oo.oo/ooooo/ooooo");
  Rules rules = s.rules();
  rules.players = 1;
  // An English middle game, counted to a lone piece on c4.
  const Setup t =
      parse_position("##...##/##.1.##/..1111./111.111/.1111../##...##/##...## variant=english");
  for (const Setup* setup : {&s, &t}) {
    const Rules& r = setup == &s ? rules : t.rules();
    const Square finish = setup == &s ? kNoSquare : parse_square(t.board, "c4");
    const DeepestLines alone =
        count_deepest_lines(setup->board, r, setup->position, SearchControl{}, finish);
    REQUIRE(alone.complete);
    REQUIRE(alone.count.size() > 2);
    for (int ranks = 2; ranks <= 4; ++ranks) {
      const auto got = on_ranks<DeepestLines>(ranks, [&](LevelExchange& ex) {
        return count_deepest_lines(setup->board, r, setup->position, SearchControl{}, finish, ex);
      });
      for (const DeepestLines& d : got) {
        CHECK(d.count == alone.count);
        CHECK(d.depth == alone.depth);
        CHECK(d.complete);
      }
    }
  }
  // Through solve, as solve --count runs it.
  const Setup e = parse_position(
      "##...##/##.1.##/..1111./111.111/.1111../##...##/##...## "
      "variant=english");
  SolveOptions options;
  options.count = true;
  const SolveResult alone = solve(e.board, e.rules(), e.position, options, SearchControl{});
  REQUIRE(alone.proved);
  const auto got = on_ranks<SolveResult>(3, [&](LevelExchange& ex) {
    SolveOptions split = options;
    split.exchange = &ex;
    return solve(e.board, e.rules(), e.position, split, SearchControl{});
  });
  for (const SolveResult& r : got) CHECK(r.count == alone.count);
}

TEST_CASE("a stop, a node limit or the memory limit of one rank stops every rank together",
          "[solver][reach][ranks]") {
  const Setup s = parse_position(find_variant("english")->start);
  const std::vector<std::uint64_t> a112737 = {1,    1,    2,     8,     39,     171,    719,
                                              2757, 9751, 31312, 89927, 229614, 517854, 1022224};
  // Only rank 1 is short of memory, or asked to stop: all ranks end with the same levels.
  for (int what = 0; what < 2; ++what) {
    std::atomic<bool> stop{true};
    const auto got = on_ranks<ReachResult>(3, [&](LevelExchange& ex) {
      SearchControl control;
      control.threads = 1;
      if (ex.rank() == 1) {
        if (what == 0)
          control.memory_mb = 8;
        else
          control.stop = &stop;
      }
      return reach(s.board, s.rules(), s.position, true, control, ex);
    });
    INFO("what " << what);
    for (const ReachResult& r : got) {
      CHECK_FALSE(r.complete);
      CHECK(r.out_of_memory == (what == 0));
      check_same(r, got[0]);
      REQUIRE(r.levels.size() < a112737.size());
      for (std::size_t k = 0; k < r.levels.size(); ++k) CHECK(r.levels[k] == a112737[k]);
    }
    if (what == 0) CHECK(got[0].levels.size() >= 8);
  }
  // A node limit counts the positions expanded by all ranks, and stops where one process
  // stops whatever the ranks, threads or memory budget (which sets the size of a round):
  // before the first level that would take the count past it. 40,000 falls inside level 9
  // (31,312 positions after 13,449), 1,700,000 inside level 13.
  for (const std::uint64_t limit : {std::uint64_t{40000}, std::uint64_t{1700000}}) {
    SearchControl one;
    one.node_limit = limit;
    const ReachResult alone = reach(s.board, s.rules(), s.position, true, one);
    INFO("limit " << limit);
    CHECK_FALSE(alone.complete);
    CHECK(alone.nodes <= limit);
    CHECK(alone.nodes + alone.levels.back() > limit);
    for (int ranks = 1; ranks <= 3; ++ranks)
      for (const std::size_t mb : {std::size_t{0}, std::size_t{64}}) {
        INFO(ranks << " ranks, " << mb << " MB");
        const auto got = on_ranks<ReachResult>(ranks, [&](LevelExchange& ex) {
          SearchControl control;
          control.threads = ranks == 1 ? 2 : 1;
          control.memory_mb = mb;
          control.node_limit = limit;
          return reach(s.board, s.rules(), s.position, true, control, ex);
        });
        for (const ReachResult& r : got) {
          check_same(r, alone);
          CHECK(r.nodes == alone.nodes);
        }
      }
  }
}

namespace {

// Levels kept in memory (core/level_store.h): what a search saves, and a resume from any
// saved level.
class MemoryStore final : public LevelStore {
 public:
  struct Saved {
    Mark mark;
    std::size_t words_each = 1;
    std::vector<std::uint64_t> words;
  };
  std::vector<Saved> saved;  // by level
  std::optional<std::size_t> resume_from;

  std::optional<Mark> resume_mark() const override {
    if (!resume_from) return std::nullopt;
    return saved.at(*resume_from).mark;
  }
  std::uint64_t resume_entries() override {
    return saved.at(*resume_from).words.size() / saved.at(*resume_from).words_each;
  }
  void read(std::span<std::uint64_t> into) override {
    const std::vector<std::uint64_t>& w = saved.at(*resume_from).words;
    // (No Catch assertions here: they are not for the ranks' threads.)
    if (read_ + into.size() > w.size()) throw std::logic_error("read past the saved level");
    std::copy_n(w.begin() + static_cast<std::ptrdiff_t>(read_), into.size(), into.begin());
    read_ += into.size();
  }
  void begin(const Mark& mark, std::uint64_t entries, int words) override {
    const std::size_t k = mark.levels.size() - 1;
    // Levels come in order, a resumed one not again.
    if (k > saved.size()) throw std::logic_error("a level saved out of order");
    saved.resize(k + 1);
    saved[k] = Saved{mark, static_cast<std::size_t>(words), {}};
    saved[k].words.reserve(entries * static_cast<std::size_t>(words));
    writing_ = k;
  }
  void write(std::span<const std::uint64_t> words) override {
    saved[writing_].words.insert(saved[writing_].words.end(), words.begin(), words.end());
  }
  void commit() override {}

 private:
  std::size_t read_ = 0, writing_ = 0;
};

}  // namespace

TEST_CASE("reach and the line count resumed from any saved level end as the run that never stopped",
          "[solver][reach][ranks][heavy]") {
  const Setup s = parse_position("ooooo/ooooo/oo.oo/ooooo/ooooo");
  Rules rules = s.rules();
  rules.players = 1;
  SearchControl control;
  control.threads = 1;
  for (const int ranks : {1, 3}) {
    // Every rank saves each level it builds.
    std::vector<MemoryStore> stores(static_cast<std::size_t>(ranks));
    const auto whole = on_ranks<ReachResult>(ranks, [&](LevelExchange& ex) {
      return reach(s.board, rules, s.position, true, control, ex,
                   &stores[static_cast<std::size_t>(ex.rank())]);
    });
    REQUIRE(whole[0].complete);
    const std::size_t levels = whole[0].levels.size();
    for (const MemoryStore& m : stores) REQUIRE(m.saved.size() == levels);
    for (std::size_t k = 0; k < levels; ++k) {
      INFO("ranks " << ranks << ", resumed from level " << k);
      // Each rank is told every level in order, the resumed-from ones first.
      std::vector<std::vector<std::uint64_t>> told(static_cast<std::size_t>(ranks));
      const auto got = on_ranks<ReachResult>(ranks, [&](LevelExchange& ex) {
        MemoryStore store;
        store.saved = stores[static_cast<std::size_t>(ex.rank())].saved;
        store.resume_from = k;
        std::vector<std::uint64_t>& mine = told[static_cast<std::size_t>(ex.rank())];
        return reach(s.board, rules, s.position, true, control, ex, &store,
                     [&mine](std::size_t level, std::uint64_t n) {
                       mine.push_back(level == mine.size() ? n : ~std::uint64_t{0});
                     });
      });
      for (const ReachResult& r : got) {
        check_same(r, whole[0]);
        CHECK(r.nodes == whole[0].nodes);
      }
      for (const std::vector<std::uint64_t>& t : told) CHECK(t == whole[0].levels);
    }
    // The count carries its numbers through the saved levels.
    std::vector<MemoryStore> counted(static_cast<std::size_t>(ranks));
    const auto lines = on_ranks<DeepestLines>(ranks, [&](LevelExchange& ex) {
      return count_deepest_lines(s.board, rules, s.position, control, kNoSquare, ex,
                                 &counted[static_cast<std::size_t>(ex.rank())]);
    });
    REQUIRE(lines[0].count.size() > 2);
    for (std::size_t k :
         {std::size_t{3}, counted[0].saved.size() / 2, counted[0].saved.size() - 1}) {
      INFO("count at " << ranks << " ranks, resumed from level " << k);
      const auto got = on_ranks<DeepestLines>(ranks, [&](LevelExchange& ex) {
        MemoryStore store;
        store.saved = counted[static_cast<std::size_t>(ex.rank())].saved;
        store.resume_from = k;
        return count_deepest_lines(s.board, rules, s.position, control, kNoSquare, ex, &store);
      });
      for (const DeepestLines& d : got) CHECK(d.count == lines[0].count);
    }
  }
}
