// Six-direction boards (grid=hex): the published figures for the 15-hole triangle and the
// hexagons, and the searches against independent references on random small hex positions.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "chain_reference.h"
#include "core/symmetry.h"
#include "generator/random.h"
#include "hex_starts.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solitaire_reference.h"
#include "solver/chains/chains.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;
using leapfrog::testing::numbered_start;
using leapfrog::testing::Reference;
using leapfrog::testing::ReferenceSearch;

namespace {

SolveResult solve_counted(const Setup& s) {
  SolveOptions options;
  options.count = true;
  options.hash_mb = 64;
  return solve(s.board, s.rules(), s.position, options, SearchControl{});
}

// reach from `s` up to symmetry at 1 and 2 threads (the same levels) and without symmetry
// (each level between the symmetric count and `images` times it): the symmetric result and
// the other.
std::pair<ReachResult, ReachResult> reach_both_ways(const Setup& s, std::uint64_t images) {
  const Rules rules = s.rules();
  SearchControl one, two;
  one.threads = 1;
  two.threads = 2;
  const ReachResult a = reach(s.board, rules, s.position, true, one);
  const ReachResult b = reach(s.board, rules, s.position, true, two);
  const ReachResult c = reach(s.board, rules, s.position, false, one);
  REQUIRE(a.complete);
  REQUIRE(c.complete);
  CHECK(a.levels == b.levels);
  REQUIRE(c.levels.size() == a.levels.size());
  for (std::size_t k = 0; k < a.levels.size(); ++k) {
    CHECK(c.levels[k] >= a.levels[k]);
    CHECK(c.levels[k] <= images * a.levels[k]);
  }
  return {a, c};
}

}  // namespace

TEST_CASE("the presets draw the triangle and the hexagon on the sheared grid", "[solver][hex]") {
  CHECK(start_text(*find_variant("triangle")) == ".####/oo###/ooo##/oooo#/ooooo");
  CHECK(start_text(*find_variant("hexagon"), 2) == "oo#/o.o/#oo");
  const Setup hex = parse_position(start_text(*find_variant("capture")));
  CHECK(hex.board.squares() == 61);
  CHECK(piece_count(hex.board, hex.position) == 60);
  CHECK(hex.position.cells[hex.board.square(4, 4)] == 0);  // the centre, e5
  const Rules capture = find_variant("capture")->rules;
  CHECK(capture.jumps == JumpSet::kHex);
  CHECK(capture.opening == Opening::kNone);
  CHECK(capture.players == 2);
  CHECK(Symmetry(hex.board, hex.board.jumps(JumpSet::kHex)).count() == 12);
  const Setup tri = parse_position(start_text(*find_variant("triangle")));
  CHECK(Symmetry(tri.board, tri.board.jumps(JumpSet::kHex)).count() == 6);
  CHECK(parse_position(start_text(*find_variant("hexagon"), 3)).board.squares() == 19);
  CHECK(parse_position(start_text(*find_variant("hexagon"), 4)).board.squares() == 37);
}

TEST_CASE("15-hole triangle: single-jump sequences to one peg from every hole", "[solver][hex]") {
  // Durango Bill, "Peg Solitaire" (durangobill.com); Jaap Scherphuis, "Triangular peg
  // solitaire" (jaapsch.net/puzzles/trisolit.htm); George Bell, "Solving Triangular Peg
  // Solitaire", Journal of Integer Sequences 11 (2008), article 08.4.8. Holes numbered 1..15
  // row by row from the top. Under the optional rule an optimal line is a sequence of single
  // jumps, so when the optimum leaves one peg (13 captures) the count of optimal lines is
  // the count of those sequences.
  const std::vector<std::pair<int, const char*>> want = {
      {1, "29760"}, {11, "29760"}, {15, "29760"}, {2, "14880"},  {3, "14880"},
      {7, "14880"}, {10, "14880"}, {12, "14880"}, {14, "14880"}, {4, "85258"},
      {6, "85258"}, {13, "85258"}, {5, "1550"},   {8, "1550"},   {9, "1550"},
  };
  unsigned long long total = 0;
  for (const auto& [hole, count] : want) {
    const Setup s = numbered_start("triangle", 5, {hole});
    const SolveResult r = solve_counted(s);
    INFO("hole " << hole);
    CHECK(r.proved);
    CHECK(r.value == 13);
    CHECK(r.count == count);
    total += std::stoull(r.count);
  }
  CHECK(total == 438984);
}

TEST_CASE("15-hole triangle: where the last peg ends, by --finish", "[solver][hex]") {
  // The same sources: from hole 1 the last peg ends on hole 1 in 6,816 sequences, on 7 in
  // 3,408, on 10 in 3,408, on 13 in 16,128 (together the 29,760 above); from an interior start
  // the only possible last hole is 13 (and all 1,550 sequences end there).
  const auto counted_to = [](const Setup& s, int last) {
    SolveOptions options;
    options.count = true;
    options.hash_mb = 64;
    const Setup numbered = numbered_start("triangle", 5, {last});
    for (int i = 0; i < numbered.board.squares(); ++i)
      if (numbered.position.cells[numbered.board.cell(i)] == 0)
        options.finish = numbered.board.cell(i);
    const SolveResult r = solve(s.board, s.rules(), s.position, options, SearchControl{});
    REQUIRE(r.complete);
    return r.possible ? r.count : std::string("0");
  };
  const Setup top = numbered_start("triangle", 5, {1});
  const std::vector<std::pair<int, const char*>> from_top = {
      {1, "6816"}, {7, "3408"}, {10, "3408"}, {13, "16128"}, {11, "0"}, {4, "0"}, {5, "0"}};
  for (const auto& [last, count] : from_top) {
    INFO("from hole 1 to hole " << last);
    CHECK(counted_to(top, last) == count);
  }
  const Setup interior = numbered_start("triangle", 5, {5});
  for (int last = 1; last <= 15; ++last) {
    INFO("from hole 5 to hole " << last);
    CHECK(counted_to(interior, last) == (last == 13 ? "1550" : "0"));
  }
}

TEST_CASE("37-hole hexagon: no single-vacancy start ends with one peg in the centre",
          "[solver][hex][heavy]") {
  // George Bell's hexagonal boards (see the slow test of the 37-hole starts, some of which do
  // end with one peg): none of them can leave it on the centre, hole 19. Each is a proof by
  // --finish (the position classes and pagoda functions rule it out at once).
  int centre = 0;
  const Setup numbered = numbered_start("hexagon", 4, {19});
  for (int i = 0; i < numbered.board.squares(); ++i)
    if (numbered.position.cells[numbered.board.cell(i)] == 0) centre = numbered.board.cell(i);
  for (int hole = 1; hole <= 37; ++hole) {
    const Setup s = numbered_start("hexagon", 4, {hole});
    SolveOptions options;
    options.finish = static_cast<Square>(centre);
    const SolveResult r = solve(s.board, s.rules(), s.position, options, SearchControl{});
    INFO("hole " << hole);
    CHECK(r.complete);
    CHECK_FALSE(r.possible);
  }
  // A start that does end with one peg (hole 2), to show the finish search finds such lines:
  // its optimal line's last square is a possible finish.
  const Setup two = numbered_start("hexagon", 4, {2});
  const SolveResult line = solve(two.board, two.rules(), two.position, {}, SearchControl{});
  REQUIRE(line.value == 35);
  SolveOptions options;
  options.finish = line.line.back().squares.back();
  const SolveResult r = solve(two.board, two.rules(), two.position, options, SearchControl{});
  CHECK(r.possible);
  CHECK(r.value == 35);
}

TEST_CASE("reach on the triangle: the same levels with and without symmetry, at 1 and 2 threads",
          "[solver][hex]") {
  // The top corner's start has the mirror as its one symmetry: every class holds one or two
  // positions, and a level with a position the mirror fixes is counted less than twice.
  const auto [a, c] = reach_both_ways(numbered_start("triangle", 5, {1}), 2);
  CHECK(a.levels[0] == 1);
  CHECK(c.levels[1] == 2);  // hole 1 is filled from hole 4 or from hole 6
  CHECK(a.levels[1] == 1);
  CHECK(a.levels.size() == 14);  // one peg left after 13 jumps
  CHECK(c.levels[13] == 4);      // the last peg on hole 1, 7, 10 or 13 (and their mirrors)
  CHECK(a.total == 1544);
  CHECK(c.total == 3016);
}

namespace {

// A random hex position: a sheared grid of sides 2..4 (at most 16 cells, so that the plain
// references stay fast), some cells not on the board, the rest pieces 1..4 (or all 1) and
// empty holes.
Setup random_hex(Rng& rng, bool plain) {
  const int w = 2 + static_cast<int>(rng.below(3)), h = 2 + static_cast<int>(rng.below(3));
  std::vector<bool> on(static_cast<std::size_t>(w * h), true);
  for (std::size_t i = 0; i < on.size(); ++i) on[i] = rng.below(7) != 0;
  on[0] = true;
  Setup s{Board(w, h, on), {}, "", {}};
  s.overrides.jumps = JumpSet::kHex;
  for (int i = 0; i < w * h; ++i)
    if (on[static_cast<std::size_t>(i)] && rng.below(10) < 7)
      s.position.cells[i] = plain ? 1 : static_cast<Value>(1 + rng.below(4));
  return s;
}

// The six neighbours of the row/column description, worked out here from rows counted from
// the top (not from the core's direction table): (r, c +- 1), (r +- 1, c), (r - 1, c - 1),
// (r + 1, c + 1).
int single_jumps(const Setup& s) {
  const Board& b = s.board;
  const int rows = b.height();
  const auto at = [&](int r, int c) -> int {
    if (r < 0 || c < 0 || r >= rows || c >= b.width()) return -1;
    const Square q = b.square(c, rows - 1 - r);
    return b.is_square(q) ? s.position.cells[q] : -1;
  };
  const int dr[6] = {0, 0, -1, 1, -1, 1}, dc[6] = {-1, 1, 0, 0, -1, 1};
  int n = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < b.width(); ++c)
      for (int d = 0; d < 6; ++d)
        if (at(r, c) > 0 && at(r + dr[d], c + dc[d]) > 0 && at(r + 2 * dr[d], c + 2 * dc[d]) == 0)
          ++n;
  return n;
}

}  // namespace

TEST_CASE(
    "six directions: turns, best chains and solitaire agree with the references on 1000 "
    "random hex positions",
    "[solver][hex]") {
  Rng rng(20261124);
  int tested = 0, with_jumps = 0;
  for (const Continuation rule : {Continuation::kOptional, Continuation::kForced,
                                  Continuation::kPieceMax, Continuation::kBoardMax}) {
    for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
      for (int i = 0; i < 125; ++i, ++tested) {
        const Setup s = random_hex(rng, i % 4 == 0);
        Rules rules = s.rules();
        REQUIRE(rules.jumps == JumpSet::kHex);
        rules.continuation = rule;
        rules.measure = by;
        rules.players = 1;
        INFO(format_position(s) << " " << to_string(rule) << " by " << to_string(by));

        // Turns: the single captures the generator offers under the optional rule are the
        // single jumps of the six neighbours.
        Rules optional = rules;
        optional.continuation = Continuation::kOptional;
        int singles = 0;
        for_each_turn(s.board, optional, s.position, [&](const TurnView& t) {
          singles += t.squares.size() == 2;
          return true;
        });
        REQUIRE(singles == single_jumps(s));
        with_jumps += singles > 0;

        // Best chains: plain recursion over the jump table.
        ReferenceSearch chains(s.board, JumpSet::kHex, by == Measure::kPoints, 1u << 22);
        const auto want_chains = chains.run(std::vector<Value>(
            s.position.cells.begin(), s.position.cells.begin() + s.board.cells()));
        REQUIRE_FALSE(want_chains.gave_up);
        ChainOptions all;
        all.all = true;
        all.limit = 1u << 20;
        const ChainResult got_chains = best_chains(s.board, optional, s.position, all);
        REQUIRE(got_chains.value == want_chains.value);
        REQUIRE(got_chains.chains.size() == want_chains.chains.size());
        for (std::size_t k = 0; k < want_chains.chains.size(); ++k)
          REQUIRE(got_chains.chains[k].squares == want_chains.chains[k]);

        // Solitaire: value and number of optimal lines.
        Reference ref{s.board, rules, {}};
        const Reference::Result want = ref.solve(s.position, 0);
        SolveOptions options;
        options.hash_mb = 1;
        options.count = true;
        SearchControl control;
        control.threads = 1 + i % 2;
        const SolveResult got = solve(s.board, rules, s.position, options, control);
        REQUIRE(got.proved);
        REQUIRE(got.value == want.value);
        REQUIRE(got.count == std::to_string(want.count));
      }
    }
  }
  CHECK(tested == 1000);
  CHECK(with_jumps > 500);
}

TEST_CASE("the hexagon's twelve symmetries in reach and in the line count", "[solver][hex]") {
  // The packed reach path holds every image of a position at once: twelve here, more than
  // the square grid's eight.
  const Setup s = numbered_start("hexagon", 3, {10});  // the centre of 19
  const Rules rules = s.rules();
  const auto [a, c] = reach_both_ways(s, 12);
  CHECK(a.total == 7045);
  CHECK(c.total == 81168);
  SolveOptions counted;
  counted.count = true;
  SolveOptions plain = counted;
  plain.symmetry = false;
  const SolveResult x = solve(s.board, rules, s.position, counted, SearchControl{});
  const SolveResult y = solve(s.board, rules, s.position, plain, SearchControl{});
  CHECK(x.value == 16);
  CHECK(x.count == y.count);
  CHECK(x.count == "2155095132");
}
