// The chain search (solver/chains/chains.h) against the plain-recursion reference, hand-checked
// positions, the removal reading, and determinism across thread counts.
#include <catch2/catch.hpp>

#include "chain_reference.h"
#include "generator/random.h"
#include "puzzles/notation.h"
#include "solver/chains/chains.h"
#include "solver/chains/trails.h"

using namespace leapfrog;
using leapfrog::testing::ReferenceSearch;

namespace {

std::vector<Value> cells_of(const Board& board, const Position& pos) {
  return {pos.cells.begin(), pos.cells.begin() + board.cells()};
}

Rules rules_with(Measure m, bool diagonal, Continuation c = Continuation::kOptional) {
  Rules r;
  r.measure = m;
  r.jumps = diagonal ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
  r.continuation = c;
  return r;
}

// A random position: pieces 1..4 with some empty squares and, sometimes, a few no-squares.
Setup random_setup(Rng& rng) {
  const int w = 3 + static_cast<int>(rng.below(7)), h = 3 + static_cast<int>(rng.below(7));
  const int empty_pct = 10 + static_cast<int>(rng.below(45));
  const bool holes = rng.below(4) == 0;
  std::vector<bool> on(static_cast<std::size_t>(w * h), true);
  if (holes)
    for (std::size_t i = 0; i < on.size(); ++i) on[i] = rng.below(10) != 0;
  Setup s{Board(w, h, on), {}, "", {}};
  for (int i = 0; i < w * h; ++i)
    if (on[static_cast<std::size_t>(i)] && static_cast<int>(rng.below(100)) >= empty_pct)
      s.position.cells[i] = static_cast<Value>(1 + rng.below(4));
  return s;
}

void check_against_reference(const Setup& s, const Rules& rules,
                             const std::vector<std::vector<Square>>& ref_chains, Score ref_value) {
  ChainOptions all;
  all.all = true;
  all.limit = 1u << 20;
  const ChainResult r = best_chains(s.board, rules, s.position, all);
  INFO(format_position(s) << " by " << to_string(rules.measure)
                          << (rules.jumps == JumpSet::kDiagonal ? " diagonal" : ""));
  REQUIRE(r.complete);
  CHECK_FALSE(r.removal);
  REQUIRE(r.value == ref_value);
  REQUIRE(r.count == BigCount(ref_chains.size()));
  REQUIRE(r.chains.size() == ref_chains.size());
  for (std::size_t i = 0; i < ref_chains.size(); ++i) REQUIRE(r.chains[i].squares == ref_chains[i]);
  if (ref_chains.empty()) {
    CHECK_FALSE(r.best);
  } else {
    REQUIRE(r.best);
    CHECK(r.best->squares == ref_chains.front());
  }
}

}  // namespace

TEST_CASE("best agrees with plain recursion on 1000 random positions", "[solver][chains]") {
  Rng rng(20261121);
  int tested = 0, skipped = 0, with_chains = 0;
  while (tested < 1000) {
    const Setup s = random_setup(rng);
    bool fits = true;
    for (const bool diagonal : {false, true})
      for (const Measure m : {Measure::kPoints, Measure::kPieces}) {
        ReferenceSearch ref(s.board, diagonal ? JumpSet::kDiagonal : JumpSet::kOrthogonal,
                            m == Measure::kPoints, 200000);
        const auto expect = ref.run(cells_of(s.board, s.position));
        if (expect.gave_up) {
          fits = false;
          continue;
        }
        with_chains += !expect.chains.empty();
        check_against_reference(s, rules_with(m, diagonal), expect.chains, expect.value);
      }
    fits ? ++tested : ++skipped;
  }
  CHECK(skipped < tested / 4);  // the test really covers the random positions it draws
  CHECK(with_chains > 3000);
}

TEST_CASE("best agrees with plain recursion on random lattice positions", "[solver][chains]") {
  // Pieces on the squares with odd file + rank, some missing, empty squares elsewhere and
  // one jumper on a node: every chain is a trail in a grid graph, the case the parity
  // (T-join) bound is made for.
  Rng rng(31337);
  int tested = 0;
  while (tested < 300) {
    const int w = 3 + 2 * static_cast<int>(rng.below(3)),
              h = 3 + 2 * static_cast<int>(rng.below(3));
    Setup s{Board(w, h), {}, "", {}};
    for (int r = 0; r < h; ++r)
      for (int f = 0; f < w; ++f)
        if ((r + f) % 2 == 1 && rng.below(100) >= 15)
          s.position.cells[s.board.square(f, r)] = static_cast<Value>(1 + rng.below(4));
    const int nodes = (w * h + 1) / 2;
    int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes)));
    for (int sq = 0; sq < w * h; ++sq)
      if ((s.board.rank(static_cast<Square>(sq)) + s.board.file(static_cast<Square>(sq))) % 2 ==
              0 &&
          k-- == 0)
        s.position.cells[sq] = static_cast<Value>(1 + rng.below(4));
    for (const Measure m : {Measure::kPoints, Measure::kPieces}) {
      ReferenceSearch ref(s.board, JumpSet::kOrthogonal, m == Measure::kPoints, 2000000);
      const auto expect = ref.run(cells_of(s.board, s.position));
      if (expect.gave_up) continue;
      check_against_reference(s, rules_with(m, false), expect.chains, expect.value);
      ++tested;
    }
  }
}

// A random lattice of the lattice positions' shape: w x h (odd sides), each edge holding a
// piece with probability 1 - missing/100, a jumper on a random node.
Setup random_lattice(Rng& rng, int w, int h, int missing) {
  Setup s{Board(w, h), {}, "", {}};
  std::vector<Square> nodes;
  for (int r = 0; r < h; ++r)
    for (int f = 0; f < w; ++f) {
      const Square sq = s.board.square(f, r);
      if (r % 2 == 0 && f % 2 == 0)
        nodes.push_back(sq);
      else if ((r + f) % 2 == 1 && static_cast<int>(rng.below(100)) >= missing)
        s.position.cells[sq] = static_cast<Value>(1 + rng.below(4));
    }
  s.position.cells[nodes[rng.below(nodes.size())]] = static_cast<Value>(1 + rng.below(4));
  return s;
}

TEST_CASE("best agrees with plain recursion on random plain-graph lattices", "[solver][chains]") {
  // The lattice shape: nodes on even file and rank, pieces on the edges between them (each
  // jumpable across one axis only), empty holes on odd file and rank, and one jumper on a
  // node. The region is a plain graph from the root on, so the trail search
  // (solver/chains/trails.h) answers: mostly its leftover enumeration, whose bound decides which
  // edge sets are looked at, else its bounded search, whose T-join and block bounds decide the
  // pruning. A bound that is too high anywhere drops maximal chains, which this test sees in the
  // value, count or list.
  Rng rng(4242);
  int tested = 0, with_chains = 0;
  while (tested < 400) {
    const int w = 5 + 2 * static_cast<int>(rng.below(3)),
              h = 5 + 2 * static_cast<int>(rng.below(3));
    const int missing = 10 + static_cast<int>(rng.below(30));
    const Setup s = random_lattice(rng, w, h, missing);
    for (const Measure m : {Measure::kPoints, Measure::kPieces}) {
      ReferenceSearch ref(s.board, JumpSet::kOrthogonal, m == Measure::kPoints, 3000000);
      const auto expect = ref.run(cells_of(s.board, s.position));
      if (expect.gave_up) continue;
      with_chains += !expect.chains.empty();
      check_against_reference(s, rules_with(m, false), expect.chains, expect.value);
      ++tested;
    }
  }
  CHECK(with_chains > 300);
}

TEST_CASE("the trail search agrees with the general search on larger plain graphs",
          "[solver][chains][heavy]") {
  // Beyond the reach of plain recursion (up to 11x11 lattices): the trail search against the
  // general search of chains.cpp (ChainOptions::plain_graphs = false), which shares none of
  // its bounds: value, count (64-bit and BigCount) and every maximal chain in order.
  Rng rng(777);
  int plain = 0;
  for (int i = 0; i < 40; ++i) {
    const int w = 7 + 2 * static_cast<int>(rng.below(3)),
              h = 7 + 2 * static_cast<int>(rng.below(3));
    const Setup s = random_lattice(rng, w, h, 5 + static_cast<int>(rng.below(30)));
    Square jumper = kNoSquare;
    for (int sq = 0; sq < s.board.cells(); ++sq)
      if (s.position.cells[sq] != 0 && s.board.rank(static_cast<Square>(sq)) % 2 == 0 &&
          s.board.file(static_cast<Square>(sq)) % 2 == 0)
        jumper = static_cast<Square>(sq);
    std::vector<Value> cells(s.position.cells.begin(), s.position.cells.begin() + s.board.cells());
    cells[jumper] = 0;
    const std::array<Score, kMaxValue + 1> gain{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    plain += plain_graph(s.board, JumpSet::kOrthogonal, cells, jumper, gain).has_value() ? 1 : 0;
    for (const Measure m : {Measure::kPoints, Measure::kPieces}) {
      const Rules rules = rules_with(m, false);
      ChainOptions fast, general;
      fast.all = general.all = true;
      fast.limit = general.limit = 200000;
      general.plain_graphs = false;
      const ChainResult a = best_chains(s.board, rules, s.position, fast);
      const ChainResult b = best_chains(s.board, rules, s.position, general);
      INFO(format_position(s) << (m == Measure::kPoints ? " by points" : " by pieces"));
      REQUIRE(a.value == b.value);
      REQUIRE(a.count == b.count);
      CHECK(a.truncated == b.truncated);
      CHECK(a.best == b.best);
      CHECK(a.chains == b.chains);
      ChainOptions big = fast;
      big.big_counts = true;
      CHECK(best_chains(s.board, rules, s.position, big).count == a.count);
    }
  }
  CHECK(plain == 40);  // every one of them went to the trail search
}

namespace {

// A random lattice of any density with the jumper on a random node, as a plain graph (the
// jumper lifted), by points or by pieces.
PlainGraph random_plain_graph(Rng& rng, int w, int h, int missing, bool pieces,
                              std::string& shown) {
  const Setup s = random_lattice(rng, w, h, missing);
  Square jumper = kNoSquare;
  for (int sq = 0; sq < s.board.cells(); ++sq)
    if (s.position.cells[sq] != 0 && s.board.rank(static_cast<Square>(sq)) % 2 == 0 &&
        s.board.file(static_cast<Square>(sq)) % 2 == 0)
      jumper = static_cast<Square>(sq);
  std::vector<Value> cells = cells_of(s.board, s.position);
  cells[jumper] = 0;
  std::array<Score, kMaxValue + 1> gain{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  if (pieces) gain = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  shown = format_position(s) + (pieces ? " by pieces" : " by points");
  return *plain_graph(s.board, JumpSet::kOrthogonal, cells, jumper, gain);
}

struct TrailAnswer {
  Score value;
  std::uint64_t count;
  std::vector<Turn> chains;
  bool by_enumeration;
  std::size_t sets;
};

TrailAnswer trail_answer(const PlainGraph& g, std::uint64_t budget) {
  TrailSearch<std::uint64_t> t(
      g, [](std::uint64_t) { return false; }, budget);
  t.run();
  TrailAnswer a{t.value, t.count, {}, t.by_enumeration, t.optimal_sets()};
  bool truncated = false;
  if (t.value > 0) t.collect(a.chains, 1U << 20, truncated);  // (collect's contract)
  return a;
}

}  // namespace

TEST_CASE("the leftover enumeration agrees with the bounded trail search", "[solver][chains]") {
  // solver/chains/trails.h answers a plain graph by enumerating the edge sets a trail may leave and
  // counting Euler trails, in turns with its bounded search. Each is checked against the
  // other (value, count, every maximal chain in order), at the default enumeration budget,
  // with the bounded search alone (budget 0) and with budgets small enough that the
  // enumeration gives up part way and the bounded search finishes. Dense lattices (one or
  // two optimal sets), sparse ones (bridges, large leftovers) and several optimal sets.
  Rng rng(2026);
  int enumerated = 0, bounded = 0, several = 0, gave_up = 0;
  for (int i = 0; i < 240; ++i) {
    const int w = 5 + 2 * static_cast<int>(rng.below(3)),
              h = 5 + 2 * static_cast<int>(rng.below(3));
    std::string shown;
    const PlainGraph g =
        random_plain_graph(rng, w, h, static_cast<int>(rng.below(70)), rng.below(2) == 0, shown);
    INFO(shown);
    const TrailAnswer only_bounded = trail_answer(g, 0);
    CHECK_FALSE(only_bounded.by_enumeration);
    const TrailAnswer standard = trail_answer(g, TrailSearch<std::uint64_t>::kLeftoverBudget);
    const TrailAnswer small = trail_answer(g, 1 + rng.below(300));
    for (const TrailAnswer* a : {&standard, &small}) {
      REQUIRE(a->value == only_bounded.value);
      REQUIRE(a->count == only_bounded.count);
      REQUIRE(a->chains.size() == only_bounded.chains.size());
      CHECK(a->chains == only_bounded.chains);
    }
    REQUIRE(only_bounded.chains.size() == only_bounded.count);
    enumerated += standard.by_enumeration ? 1 : 0;
    bounded += standard.by_enumeration ? 0 : 1;
    several += standard.sets > 1 ? 1 : 0;
    gave_up += small.by_enumeration ? 0 : 1;
  }
  // Both methods answered, some answers merged several optimal sets, and the small budgets
  // made the enumeration give up.
  CHECK(enumerated > 150);
  CHECK(bounded > 0);
  CHECK(several > 30);
  CHECK(gave_up > 30);
}

TEST_CASE("a memory budget stops best_chains, incomplete, and says so", "[solver][chains]") {
  // A dense 15x13 lattice by pieces: its maximal chains are far too many to count, and the
  // memo tables grow until SearchControl::memory_mb refuses; the search then stops at once
  // with complete = false and out_of_memory = true, whichever search holds the tables.
  const Setup dense = parse_position(
      ".2.2.4.2.2.3.2./4.2.1.4.3.4.4.1/...3.3.3.3.3.1./4.4.4.2.2.3.3.2/.4.2.2.1.3.1.3./"
      "2.2.3.2.1.2.2.3/"
      ".3.4...3.2.3.2./3.4.3.2.3.2.3.2/.4.2.4.1.2.3.4./1.2.4.4.1.2.1.2/.1.3.3.2.1.4.4./"
      "2.2.4.1.1.1.4.4/"
      ".3.3.3.313.3.4.");
  const Rules pieces = rules_with(Measure::kPieces, false);
  SearchControl small;
  small.memory_mb = 2;
  ChainOptions bounded, general;
  bounded.leftovers = false;
  general.plain_graphs = false;
  for (const ChainOptions& options : {ChainOptions{}, bounded, general}) {
    const ChainResult r = best_chains(dense.board, pieces, dense.position, options, small);
    CHECK_FALSE(r.complete);
    CHECK(r.out_of_memory);
  }
  // A budget the search fits in changes nothing.
  const Setup lattice = parse_position(
      ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.");
  SearchControl enough;
  enough.memory_mb = 16;
  for (const ChainOptions& options : {ChainOptions{}, bounded, general}) {
    const ChainResult r =
        best_chains(lattice.board, lattice.rules(), lattice.position, options, enough);
    REQUIRE(r.complete);
    CHECK_FALSE(r.out_of_memory);
    CHECK(r.value == 75);
    CHECK(r.count == BigCount(4544));
  }
}

TEST_CASE("hand-checked small positions", "[solver][chains]") {
  // One rank: a1=2 b1=1 c1=. d1=1 e1=. ; a1 jumps b1 into c1, then d1 into e1: 2 points.
  // Nothing else can jump (d1 has no piece beside it with an empty square beyond).
  Setup s = parse_position("21.1.");
  ChainResult r = best_chains(s.board, s.rules(), s.position);
  CHECK(r.value == 2);
  CHECK(r.count == BigCount(1));
  REQUIRE(r.best);
  CHECK(format_turn(s.board, *r.best) == "a1xc1xe1");

  // a1=3 b1=1 c1=. d1=1 e1=2: a1xc1 and e1xc1 capture 1 each, neither can go on.
  s = parse_position("31.12");
  ChainOptions all;
  all.all = true;
  r = best_chains(s.board, s.rules(), s.position, all);
  CHECK(r.value == 1);
  CHECK(r.count == BigCount(2));
  REQUIRE(r.chains.size() == 2);
  CHECK(format_turn(s.board, r.chains[0]) == "a1xc1");
  CHECK(format_turn(s.board, r.chains[1]) == "e1xc1");

  // b3=2 over b2=3 into b1: 3 points, 1 piece.
  s = parse_position(".2./.3./...");
  r = best_chains(s.board, s.rules(), s.position);
  CHECK(r.value == 3);
  CHECK(format_turn(s.board, *r.best) == "b3xb1");
  CHECK(best_chains(s.board, rules_with(Measure::kPieces, false), s.position).value == 1);

  // Diagonal: a1=1, b2=4, c3 empty: a1xc3 takes the 4, only with diagonal jumps.
  s = parse_position(".../.4./1..");
  CHECK(best_chains(s.board, rules_with(Measure::kPoints, false), s.position).value == 0);
  r = best_chains(s.board, rules_with(Measure::kPoints, true), s.position);
  CHECK(r.value == 4);
  CHECK(format_turn(s.board, *r.best) == "a1xc3");
}

TEST_CASE("no capture: value 0, count 0, no chain", "[solver][chains]") {
  const Setup s = parse_position("111/111/111 removals=-");
  const ChainResult r = best_chains(s.board, s.rules(), s.position);
  CHECK(r.value == 0);
  CHECK(r.count.is_zero());
  CHECK_FALSE(r.best);
}

TEST_CASE("a removal turn: the largest removable piece, counted by squares", "[solver][chains]") {
  // 3x2 board, player 1 owes an opening removal: largest piece 4 appears twice.
  Setup s = parse_position("142/341 removals=1");
  Rules rules = s.rules();
  ChainOptions all;
  all.all = true;
  ChainResult r = best_chains(s.board, rules, s.position, all);
  CHECK(r.removal);
  CHECK(r.value == 4);
  CHECK(r.count == BigCount(2));
  REQUIRE(r.best);
  CHECK(format_turn(s.board, *r.best) == "xb1");  // b1 (index 1) comes before b2 (index 4)
  REQUIRE(r.chains.size() == 2);
  CHECK(format_turn(s.board, r.chains[1]) == "xb2");
  // Restricted to the cheapest kind (Murray: "must remove a white piece").
  rules.removal = RemovalKind::kCheapest;
  r = best_chains(s.board, rules, s.position, all);
  CHECK(r.value == 1);
  CHECK(r.count == BigCount(2));  // the 1s on a2 and c1
  // By pieces every removal is worth 1: all six squares.
  rules = s.rules();
  rules.measure = Measure::kPieces;
  CHECK(best_chains(s.board, rules, s.position).count == BigCount(6));
}

TEST_CASE("the value does not depend on the continuation rule", "[solver][chains]") {
  Rng rng(7);
  for (int i = 0; i < 50; ++i) {
    const Setup s = random_setup(rng);
    const ChainResult base = best_chains(s.board, rules_with(Measure::kPoints, false), s.position);
    for (const Continuation c :
         {Continuation::kForced, Continuation::kPieceMax, Continuation::kBoardMax}) {
      const ChainResult r =
          best_chains(s.board, rules_with(Measure::kPoints, false, c), s.position);
      CHECK(r.value == base.value);
      CHECK(r.count == base.count);
    }
  }
}

TEST_CASE("only_start restricts the chains to one piece", "[solver][chains][heavy]") {
  Rng rng(11);
  for (int i = 0; i < 100; ++i) {
    const Setup s = random_setup(rng);
    const Rules rules = rules_with(Measure::kPoints, i % 2 == 1);
    ReferenceSearch ref(s.board, rules.jumps, true, 1u << 22);
    for (int sq = 0; sq < s.board.cells(); ++sq) {
      if (s.position.cells[sq] == 0) continue;
      // The reference restricted to one start: the board with every other piece fixed is
      // the same as searching only from sq, so filter the full list by first square.
      ChainOptions one;
      one.only_start = static_cast<Square>(sq);
      const ChainResult r = best_chains(s.board, rules, s.position, one);
      if (r.best) CHECK(r.best->squares.front() == sq);
      CHECK(r.value <= best_chains(s.board, rules, s.position).value);
    }
  }
}

TEST_CASE("BigCount counting agrees with 64-bit counting", "[solver][chains]") {
  Rng rng(99);
  for (int i = 0; i < 200; ++i) {
    const Setup s = random_setup(rng);
    const Rules rules = rules_with(i % 2 ? Measure::kPieces : Measure::kPoints, i % 3 == 0);
    ChainOptions big;
    big.big_counts = true;
    const ChainResult a = best_chains(s.board, rules, s.position);
    const ChainResult b = best_chains(s.board, rules, s.position, big);
    CHECK(a.value == b.value);
    CHECK(a.count == b.count);
    CHECK(a.best == b.best);
  }
}

TEST_CASE("BigCount arithmetic and decimal output", "[solver][chains]") {
  BigCount c(std::uint64_t{18446744073709551615ULL});
  CHECK(c.fits_u64());
  CHECK(c.to_string() == "18446744073709551615");
  c += BigCount(1);
  CHECK_FALSE(c.fits_u64());
  CHECK(c.to_string() == "18446744073709551616");
  BigCount d;
  for (int i = 0; i < 64; ++i) d += d + BigCount(1);  // 2^64 - 1 after 64 rounds of d = 2d + 1
  CHECK(d.to_string() == "18446744073709551615");
  BigCount e = c;
  for (int i = 0; i < 10; ++i) e += e;  // 2^74
  CHECK(e.to_string() == "18889465931478580854784");
  CHECK(BigCount(0).to_string() == "0");
  CHECK(BigCount(1000000000).to_string() == "1000000000");
}

TEST_CASE("results are the same at 1 and 2 threads", "[solver][chains]") {
  Rng rng(5);
  for (int i = 0; i < 100; ++i) {
    const Setup s = random_setup(rng);
    const Rules rules = rules_with(Measure::kPoints, i % 2 == 0);
    ChainOptions all;
    all.all = true;
    SearchControl one, two;
    one.threads = 1;
    two.threads = 2;
    const ChainResult a = best_chains(s.board, rules, s.position, all, one);
    const ChainResult b = best_chains(s.board, rules, s.position, all, two);
    CHECK(a.value == b.value);
    CHECK(a.count == b.count);
    CHECK(a.chains == b.chains);
    CHECK(a.nodes == b.nodes);
  }
}

TEST_CASE("lattice position: 9x9 (75 points)", "[solver][chains]") {
  const Setup s = parse_position(
      ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.");
  ReferenceSearch ref(s.board, JumpSet::kOrthogonal, true, ~std::uint64_t{0});
  const auto expect = ref.run(cells_of(s.board, s.position));
  REQUIRE(expect.value == 75);  // the known optimum
  check_against_reference(s, s.rules(), expect.chains, expect.value);
}
