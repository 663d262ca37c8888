// solve against an independent brute-force reference, on random small positions under every
// continuation rule, by points and by pieces; lines replay legally to the value; optimal
// line counts agree; the same answers at 1 and 2 threads; the English board's published
// result.
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/bigcount.h"
#include "core/classes.h"
#include "generator/random.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "sanitized.h"
#include "solitaire_reference.h"
#include "solitaire_setups.h"
#include "solver/guided.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;
using leapfrog::testing::Reference;
using leapfrog::testing::replay;

using leapfrog::testing::kRules;
using leapfrog::testing::random_setup;

TEST_CASE("solve matches a brute-force reference on random small positions",
          "[solver][solitaire][heavy]") {
  // 300 positions per rule and measure, two in five of them on 17 to 20 squares.
  for (const Continuation rule : kRules) {
    for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
      Rng rng(1000 + 10 * static_cast<int>(rule) + static_cast<int>(by));
      int large = 0;
      for (int i = 0; i < 300; ++i) {
        const bool plain = i % 5 == 0;
        Setup s = i % 5 < 2 ? random_setup(rng, 17, 20, plain, 6) : random_setup(rng, 1, 16, plain);
        if (s.board.squares() >= 17) ++large;
        Rules rules;
        rules.continuation = rule;
        rules.measure = by;
        rules.players = 1;
        rules.jumps = i % 7 == 3 ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
        rules.removal = i % 2 ? RemovalKind::kCheapest : RemovalKind::kAny;
        const int removals = i % 6 == 1 ? 1 : (i % 12 == 5 ? 2 : 0);
        s.position.removals_due = static_cast<std::uint16_t>((1U << removals) - 1);
        rules.players = removals == 2 ? 2 : 1;  // solitaire whatever the players: 2 removals due
        Rules solo = rules;
        solo.players = 1;
        INFO("position " << format_grid(s.board, s.position) << "rule " << to_string(rule) << " by "
                         << to_string(by) << " jumps " << directions(rules.jumps).name
                         << " removals " << removals);
        Reference ref{s.board, solo, {}};
        Position root = s.position;
        root.removals_due = 0;
        const Reference::Result want = ref.solve(root, removals);
        SolveOptions options;
        options.hash_mb = 1;
        options.count = true;
        SearchControl control;
        control.threads = 1 + i % 2;
        const SolveResult got = solve(s.board, rules, s.position, options, control);
        REQUIRE(got.proved);
        REQUIRE(got.complete);
        REQUIRE(got.value == want.value);
        REQUIRE(replay(s.board, solo, root, removals, got.line) == want.value);
        REQUIRE(got.count == std::to_string(want.count));
      }
      CHECK(large == 120);
    }
  }
}

TEST_CASE("the search's upper bound is never below the optimum", "[solver][solitaire][heavy]") {
  // Every rule and measure, with 0, 1 or 2 removals due (any piece or the cheapest), and
  // orthogonal, diagonal and six-direction jumps: 2400 random positions against the
  // reference. Also counts how often the bound is exact, and how often a removal due leaves a
  // bound below the whole board's value (the classes after the best removal), so that a
  // bound that says nothing would fail here too.
  const JumpSet sets[] = {JumpSet::kOrthogonal, JumpSet::kDiagonal, JumpSet::kHex};
  int exact = 0, removal_cut = 0, two_left = 0;
  for (const Continuation rule : kRules) {
    for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
      Rng rng(7000 + 10 * static_cast<int>(rule) + static_cast<int>(by));
      for (int i = 0; i < 300; ++i) {
        Setup s = random_setup(rng, 1, 16, i % 4 == 0, i % 3 == 0 ? 10 : 7);
        Rules rules;
        rules.continuation = rule;
        rules.measure = by;
        rules.players = 1;
        rules.jumps = sets[i % 3];
        rules.removal = i % 2 ? RemovalKind::kCheapest : RemovalKind::kAny;
        const int removals = i % 5 < 2 ? 1 : (i % 5 == 2 ? 2 : 0);
        s.position.removals_due = static_cast<std::uint16_t>((1U << removals) - 1);
        INFO("position " << format_grid(s.board, s.position) << "rule " << to_string(rule) << " by "
                         << to_string(by) << " jumps " << directions(rules.jumps).name
                         << " removals " << removals);
        Reference ref{s.board, rules, {}};
        Position root = s.position;
        root.removals_due = 0;
        const Score want = ref.solve(root, removals).value;
        const Score bound = solitaire_bound(s.board, rules, s.position);
        REQUIRE(bound >= want);
        exact += bound == want ? 1 : 0;
        Score whole = 0;
        int pieces = 0;
        for (int c = 0; c < s.board.cells(); ++c)
          if (const Value v = s.position.cells[static_cast<std::size_t>(c)]; v != 0) {
            whole += rules.gain(v);
            ++pieces;
          }
        if (removals == 1 && pieces > 1 && bound < whole) ++removal_cut;
        if (removals == 0 && pieces > 2) {
          Score least = whole, second = whole;
          for (int c = 0; c < s.board.cells(); ++c)
            if (const Value v = s.position.cells[static_cast<std::size_t>(c)]; v != 0) {
              const Score g = rules.gain(v);
              if (g < least) {
                second = least;
                least = g;
              } else if (g < second) {
                second = g;
              }
            }
          two_left += bound == whole - least - second ? 1 : 0;
        }
      }
    }
  }
  CHECK(exact > 450);
  CHECK(removal_cut > 800);
  CHECK(two_left > 400);  // the class bound at work
}

TEST_CASE(
    "solve gives the same answer at 1 and 2 threads, with or without symmetry, at any "
    "table size and move order",
    "[solver][solitaire]") {
  // Puzzle ratings are computed from the line (docs/rating.md): it must be the same however
  // the search goes.
  Rng rng(77);
  for (int i = 0; i < 60; ++i) {
    const Setup s = random_setup(rng, 1, 20, false);
    Rules rules;
    rules.continuation = kRules[i % 4];
    rules.players = 1;
    SolveOptions options;
    options.hash_mb = 2;
    SearchControl one, two;
    one.threads = 1;
    two.threads = 2;
    const SolveResult a = solve(s.board, rules, s.position, options, one);
    const SolveResult b = solve(s.board, rules, s.position, options, two);
    options.symmetry = false;
    const SolveResult c = solve(s.board, rules, s.position, options, two);
    options.symmetry = true;
    options.hash_mb = 1;
    options.reversed_order = true;
    const SolveResult d = solve(s.board, rules, s.position, options, one);
    REQUIRE(a.value == b.value);
    REQUIRE(a.line == b.line);
    REQUIRE(a.value == c.value);
    REQUIRE(a.line == c.line);
    REQUIRE(a.value == d.value);
    REQUIRE(a.line == d.line);
  }
}

TEST_CASE("English peg solitaire leaves one peg (31 captures)", "[solver][solitaire]") {
  // docs/rules.md, "Solitaire"; the classic result (e.g. OEIS A112737's last non-zero level, 31
  // jumps).
  const Setup s = parse_position(find_variant("english")->start);
  const Rules rules = s.rules();
  for (int threads : {1, 2}) {
    SearchControl control;
    control.threads = threads;
    const SolveResult r = solve(s.board, rules, s.position, SolveOptions{}, control);
    CHECK(r.value == 31);
    CHECK(r.proved);
    Position p = s.position;
    CHECK(replay(s.board, rules, p, 0, r.line) == 31);
  }
}

TEST_CASE("Wiegleb's board from e9 leaves one peg (43 captures)", "[solver][solitaire][heavy]") {
  // The 45-hole cross, e9 empty: the guided line leaves two pegs there, and the finish
  // probes find one that leaves one (every Wiegleb start can; Bell, Durango Bill). The line
  // is its own proof; it is replayed jump by jump, and is the same at 1 and 2 threads.
  Setup s = parse_position(std::string(find_variant("wiegleb")->start));
  const Rules rules = s.rules();
  s.position.cells[s.board.square(4, 4)] = 1;  // e5, the usual start's hole
  s.position.cells[s.board.square(4, 8)] = 0;  // e9
  std::vector<Turn> first;
  for (int threads : {2, 1}) {
    SearchControl control;
    control.threads = threads;
    control.time_limit = std::chrono::seconds(60);  // a search that misses it stops
    const SolveResult r = solve(s.board, rules, s.position, SolveOptions{}, control);
    CHECK(r.value == 43);
    CHECK(r.proved);
    CHECK(replay(s.board, rules, s.position, 0, r.line) == 43);
    if (threads == 2)
      first = r.line;
    else
      CHECK(r.line == first);
    if (leapfrog::testing::kSanitized) break;
  }
}

TEST_CASE("the guided line leaves two pegs on the diamond from e9 and from e6",
          "[solver][solitaire][heavy]") {
  // The 41-hole diamond: the beam's first finishes leave three pegs from both starts; the
  // wider round (every position of the beam two pieces before the endgame, finished
  // exactly) finds two. From e9 two is optimal: the count of every position it reaches
  // ends with two pegs (docs/solitaire.md).
  for (const char* hole : {"e9", "e6"}) {
    Setup s = parse_position(std::string(find_variant("diamond")->start));
    const Rules rules = s.rules();
    const Square empty = parse_square(s.board, hole);
    s.position = start_with_holes(s.board, rules, s.position, 1, std::span(&empty, 1));
    REQUIRE(s.position.removals_due == 0);
    const GuidedResult g =
        guided_line(s.board, rules, s.position, solitaire_bound(s.board, rules, s.position),
                    GuidedOptions{}, SearchControl{});
    INFO(hole);
    CHECK(g.complete);
    CHECK(g.value == 38);
    CHECK(replay(s.board, rules, s.position, 0, g.line) == 38);
    if (leapfrog::testing::kSanitized) break;
  }
}

TEST_CASE("the guided line over whole chains matches the reference on larger boards",
          "[solver][solitaire][heavy]") {
  // Boards of more than 36 squares get a guided line first; under forced, piece-max and
  // board-max continuation it runs over whole turns (removals among them, one or two due).
  // With 13 to 15 pieces the beam expands some levels before its exact finish; the answer,
  // proved, must still be the reference's, and the line must replay to it.
  Rng rng(3131);
  int n = 0;
  for (const Continuation rule :
       {Continuation::kForced, Continuation::kPieceMax, Continuation::kBoardMax}) {
    for (int i = 0; i < 16; ++i, ++n) {
      const int w = 7 + static_cast<int>(rng.below(2)), h = 6 + static_cast<int>(rng.below(2));
      Setup s{Board(w, h), {}, "", {}};
      const int pieces = 13 + static_cast<int>(rng.below(3));
      // The pieces in a 5x5 window, so that they meet.
      for (int placed = 0; placed < pieces;) {
        const int c = static_cast<int>(rng.below(5)) + w * static_cast<int>(rng.below(5));
        if (s.position.cells[static_cast<std::size_t>(c)] != 0) continue;
        s.position.cells[static_cast<std::size_t>(c)] = static_cast<Value>(1 + rng.below(4));
        ++placed;
      }
      Rules rules;
      rules.continuation = rule;
      rules.measure = i % 2 ? Measure::kPieces : Measure::kPoints;
      rules.jumps = i % 3 == 2 ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
      const int removals = i % 4 == 1 ? 1 : (i % 8 == 3 ? 2 : 0);
      s.position.removals_due = static_cast<std::uint16_t>((1U << removals) - 1);
      rules.players = removals == 2 ? 2 : 1;  // solitaire whatever the players: 2 removals due
      Rules solo = rules;
      solo.players = 1;
      INFO("position " << format_grid(s.board, s.position) << "rule " << to_string(rule)
                       << " removals " << removals);
      Reference ref{s.board, solo, {}};
      Position root = s.position;
      root.removals_due = 0;
      const Reference::Result want = ref.solve(root, removals);
      const SolveResult got = solve(s.board, rules, s.position, SolveOptions{}, SearchControl{});
      REQUIRE(got.proved);
      REQUIRE(got.value == want.value);
      REQUIRE(replay(s.board, solo, root, removals, got.line) == want.value);
    }
  }
  CHECK(n == 48);
}

TEST_CASE("a stopped search returns a legal line and proved only at the bound",
          "[solver][solitaire]") {
  Setup s{Board(9, 9), {}, "", {}};
  Rng rng(5);
  for (int c = 0; c < 81; ++c)
    s.position.cells[static_cast<std::size_t>(c)] = static_cast<Value>(1 + rng.below(4));
  s.position.cells[40] = 0;
  Rules rules;
  rules.players = 1;
  SearchControl control;
  control.node_limit = 20000;
  const SolveResult r = solve(s.board, rules, s.position, SolveOptions{}, control);
  CHECK_FALSE(r.complete);
  CHECK(r.value > 0);
  CHECK(r.proved == (r.value >= r.bound));
  Score total = 0;
  Position p = s.position;
  for (const Turn& t : r.line) {
    const TurnCheck c = check_turn(s.board, rules, p, t);
    REQUIRE(c.legal);
    total += c.size(rules);
    p = apply(s.board, rules, p, t);
  }
  CHECK(total == r.value);
  CHECK_FALSE(has_turn(s.board, rules, p));  // the line is played to the end
}

TEST_CASE("optimal line counts on symmetric starts match the reference", "[solver][solitaire]") {
  // Symmetric starts exercise the breadth-first count's use of the start's stabiliser.
  for (const char* text :
       {"111/1.1/111", "1111/1..1/1111/1111", "#11#/1111/1..1/#11#", "1111/1.11/1111/1111",
        "##111##/##111##/1111111/111.111/1111111/##111##/##111##"}) {
    const Setup s = parse_position(text);
    if (s.board.squares() > 20) continue;  // the English board is in the slow suite
    Rules rules = s.rules();
    rules.players = 1;
    Reference ref{s.board, rules, {}};
    const Reference::Result want = ref.solve(s.position, 0);
    SolveOptions options;
    options.count = true;
    const SolveResult got = solve(s.board, rules, s.position, options, SearchControl{});
    INFO(text);
    CHECK(got.value == want.value);
    CHECK(got.count == std::to_string(want.count));
  }
}

TEST_CASE("a line count whose levels do not fit in --hash is made by the DP",
          "[solver][solitaire]") {
  // Plain pieces under the optional rule are counted breadth first, level by level; in
  // 1 MB the levels do not fit and the count falls back on the depth-first DP (its memo
  // in half of that). Both must give the same number.
  for (const char* text :
       {"##...##/##.1.##/..1111./111.111/.1111../##...##/##...## variant=english",
        "##...##/##.1.##/..1.11./111.111/.1111../##...##/##...## variant=english"}) {
    const Setup s = parse_position(text);
    const Rules rules = s.rules();
    SearchControl tight;
    tight.memory_mb = 1;
    const DeepestLines bfs = count_deepest_lines(s.board, rules, s.position, SearchControl{});
    REQUIRE(bfs.complete);
    REQUIRE(count_deepest_lines(s.board, rules, s.position, tight).out_of_memory);
    SolveOptions roomy, small;
    roomy.count = small.count = true;
    small.hash_mb = 1;
    const SolveResult a = solve(s.board, rules, s.position, roomy, SearchControl{});
    const SolveResult b = solve(s.board, rules, s.position, small, SearchControl{});
    INFO(text);
    REQUIRE(a.proved);
    REQUIRE(b.proved);
    CHECK(a.count == bfs.count);
    CHECK(b.count == bfs.count);
    CHECK(a.count.size() >= 7);
  }
}

namespace {

BigCount from_decimal(const std::string& digits) {
  BigCount n;
  for (const char c : digits) n = n * BigCount(10) + BigCount(static_cast<std::uint64_t>(c - '0'));
  return n;
}

// The number of ways to interleave sequences of the given lengths: the multinomial
// (n_1 + ... + n_k)! / (n_1! ... n_k!), as a product of binomials from Pascal's triangle
// (additions only, so it checks the solver's additions with the type's multiplication).
BigCount interleavings(const std::vector<int>& lengths) {
  int total = 0;
  for (const int n : lengths) total += n;
  std::vector<std::vector<BigCount>> pascal(static_cast<std::size_t>(total) + 1);
  for (std::size_t n = 0; n < pascal.size(); ++n) {
    pascal[n].resize(n + 1, BigCount(1));
    for (std::size_t k = 1; k < n; ++k) pascal[n][k] = pascal[n - 1][k - 1] + pascal[n - 1][k];
  }
  BigCount ways(1);
  int sum = 0;
  for (const int n : lengths) {
    sum += n;
    ways *= pascal[static_cast<std::size_t>(sum)][static_cast<std::size_t>(n)];
  }
  return ways;
}

// solve --count of a plain English-rules position, for a lone player.
SolveResult solve_and_count(const std::string& text) {
  const Setup s = parse_position(text + " variant=english");
  Rules rules = s.rules();
  rules.players = 1;
  SolveOptions options;
  options.count = true;
  return solve(s.board, rules, s.position, options, SearchControl{});
}

}  // namespace

TEST_CASE("line counts of independent parts are their interleavings times their own counts",
          "[solver][solitaire][heavy]") {
  // Rows of pieces cut into parts by no-squares, two rows high: no jump joins two parts (no
  // vertical jump fits in two rows), so an optimal line of the whole interleaves optimal
  // lines of the parts, and their count is the multinomial of the parts' line lengths times
  // the product of the parts' counts. Each part has a few dozen positions at most, so the
  // whole has some 65,000 while it has about 1.2 * 10^20 (> 2^64) optimal lines. The 52-cell
  // board is counted breadth first (128-bit counts); with a third row of no-squares (78
  // cells) the same parts are counted by the DP with BigCount.
  const std::vector<std::string> parts = {"11111111.1", "111111111111.", "111111111.1",
                                          "11111111.1"};
  std::vector<int> lengths;
  BigCount product(1);
  for (const std::string& part : parts) {
    const SolveResult r = solve_and_count(part);
    REQUIRE(r.proved);
    REQUIRE_FALSE(r.count.empty());
    lengths.push_back(r.value);  // every jump takes one piece worth 1
    product *= from_decimal(r.count);
  }
  CHECK(lengths == std::vector<int>{8, 6, 8, 8});
  const BigCount want = interleavings(lengths) * product;
  CHECK(want.to_string() == "123378675083039376000");  // 30! / (8!^3 6!) * 28^3

  const std::string rows = parts[0] + "#" + parts[1] + "##/" + parts[2] + "#" + parts[3] + "####";
  for (const std::string& text : {rows, "##########################/" + rows}) {
    const SolveResult got = solve_and_count(text);
    INFO(text);
    REQUIRE(got.proved);
    CHECK(got.value == 30);
    CHECK(got.count == want.to_string());
  }
}

namespace {

// A forced path for one jumper on a 26-wide board, between rows `top` and `top + 10`: a
// square wave along three bands of three rows (jumps along the bands' bottom and top rows,
// and between them), turning at every jump, each band joined to the next by a jump up at its
// end. Every other cell is no square, so after each jump the only jump left anywhere near is
// the jumper's next one: one line of 71 captures.
void forced_path(int top, std::vector<bool>& on, Position& pos) {
  const auto mark = [&](int f, int r, Value v) {
    const auto s = static_cast<std::size_t>(f + r * 26);
    on[s] = true;
    pos.cells[s] = v;
  };
  int x = 0, y = top, dx = 2;
  mark(x, y, 1);  // the jumper
  for (int band = 0; band < 3; ++band) {
    for (int h = 0; h < 12; ++h) {
      mark(x + dx / 2, y, 1);  // the piece jumped over
      x += dx;
      mark(x, y, 0);
      if (h == 11 && band == 2) break;
      const int dy = h == 11 ? 2 : (h % 2 == 0 ? 2 : -2);  // up, down, ...; up to the next band
      mark(x, y + dy / 2, 1);
      y += dy;
      mark(x, y, 0);
    }
    dx = -dx;
  }
}

}  // namespace

TEST_CASE("solve --count gives counts past 2^128 exactly", "[solver][solitaire]") {
  // Two forced paths of 71 captures each, rows 0-10 and 14-24 of a 26x26 board: an optimal
  // line interleaves the two, so there are C(142, 71) > 2^138 of them, among only 72 x 72
  // positions. Each path alone is checked to have exactly one optimal line.
  std::vector<bool> both(26 * 26, false);
  Position whole;
  forced_path(0, both, whole);
  forced_path(14, both, whole);
  Rules rules;
  rules.players = 1;
  SolveOptions options;
  options.count = true;
  options.hash_mb = 64;
  SearchControl control;
  control.time_limit = std::chrono::seconds(120);  // a regression fails instead of hanging
  for (const int top : {0, 14}) {
    std::vector<bool> on(26 * 26, false);
    Position one;
    forced_path(top, on, one);
    const Board board(26, 26, on);
    const SolveResult r = solve(board, rules, one, options, control);
    CHECK(r.proved);
    CHECK(r.value == 71);
    CHECK(r.count == "1");
  }
  const Board board(26, 26, both);
  const SolveResult r = solve(board, rules, whole, options, control);
  REQUIRE(r.proved);
  CHECK(r.value == 142);
  // C(142, 71) by Pascal's rule, with additions only.
  std::vector<BigCount> row{BigCount(1)};
  for (int n = 1; n <= 142; ++n) {
    std::vector<BigCount> next(static_cast<std::size_t>(n) + 1, BigCount(1));
    for (int k = 1; k < n; ++k)
      next[static_cast<std::size_t>(k)] =
          row[static_cast<std::size_t>(k) - 1] + row[static_cast<std::size_t>(k)];
    row = std::move(next);
  }
  const BigCount want = row[71];
  CHECK(want.bits() > 128);
  CHECK(r.count == want.to_string());
}

// ---------------------------------------------------------------------------------------
// The finish (SolveOptions::finish): the line must end with one piece, alone on a square.

namespace {

using leapfrog::testing::final_position;
using leapfrog::testing::FinishEnumeration;
using leapfrog::testing::lone_on;

// A position that can end with a lone piece (under the optional rule): a random board with
// one piece, then up to `back` random jumps played backwards (a jump backwards fills its
// start and the square it jumps over, and empties its landing square), then one more piece
// on a random square when `extra` (for a removal due). Values 1..4 unless plain.
Setup backward_setup(Rng& rng, JumpSet jumps, bool plain, int back, bool extra) {
  Setup s = random_setup(rng, 4, 12, true, 0);
  const Board& b = s.board;
  const auto random_square = [&] {
    return b.cell(static_cast<int>(rng.below(static_cast<std::uint64_t>(b.squares()))));
  };
  s.position.cells[random_square()] = 1;
  for (int k = 0; k < back; ++k) {
    std::vector<std::array<Square, 3>> open;
    for (int i = 0; i < b.squares(); ++i)
      for (const Jump& j : b.jumps(b.cell(i), jumps))
        if (s.position.cells[j.to] != 0 && s.position.cells[j.over] == 0 &&
            s.position.cells[b.cell(i)] == 0)
          open.push_back({b.cell(i), j.over, j.to});
    if (open.empty()) break;
    const auto& [from, over, to] = open[rng.below(open.size())];
    s.position.cells[from] = s.position.cells[over] = 1;
    s.position.cells[to] = 0;
  }
  if (extra) s.position.cells[random_square()] = 1;
  if (!plain)
    for (int i = 0; i < b.squares(); ++i)
      if (s.position.cells[b.cell(i)] != 0)
        s.position.cells[b.cell(i)] = static_cast<Value>(1 + rng.below(4));
  return s;
}

// The position on a 9x8 board (72 squares: over 64, so the search uses the model's positions
// and turns, with no table or pagoda functions), in its bottom left corner; the cells that
// were no squares are empty squares there.
Setup embedded(const Setup& s) {
  Setup big{Board(9, 8), {}, "", {}};
  for (int c = 0; c < s.board.cells(); ++c)
    big.position.cells[big.board.square(c % s.board.width(), c / s.board.width())] =
        s.position.cells[static_cast<std::size_t>(c)];
  big.position.removals_due = s.position.removals_due;
  return big;
}

// solve with a finish at `threads` threads, counting.
SolveResult solve_finish(const Setup& s, const Rules& rules, Square finish, int threads,
                         std::size_t hash_mb = 2) {
  SolveOptions options;
  options.hash_mb = hash_mb;
  options.count = true;
  options.finish = finish;
  SearchControl control;
  control.threads = threads;
  return solve(s.board, rules, s.position, options, control);
}

// Checks solve --finish against the enumeration for every square of the board, at 1 and 2
// threads; counts the possible finishes and the impossible ones whose position class
// allows them (which the search itself had to rule out).
void check_every_finish(const Setup& s, const Rules& rules, int removals, int& possible,
                        int& searched_out, int files = 26, int ranks = 26) {
  Rules solo = rules;
  solo.players = 1;
  FinishEnumeration all{s.board, solo, {}, 0};
  Position root = s.position;
  root.removals_due = 0;
  all.run(root, removals);
  const PositionClasses classes(s.board, s.board.jumps(rules.jumps));
  std::uint64_t c = 0;
  for (int i = 0; i < s.board.squares(); ++i)
    if (s.position.cells[s.board.cell(i)] != 0) c ^= classes.code(s.board.cell(i));
  for (int i = 0; i < s.board.squares(); ++i) {
    const Square t = s.board.cell(i);
    if (t % s.board.width() >= files || t / s.board.width() >= ranks) continue;
    const FinishEnumeration::Result& want = all.squares[t];
    INFO("finish " << square_name(s.board, t) << ": enumeration "
                   << (want.possible ? "possible" : "impossible") << " value " << want.value
                   << " count " << want.count);
    const SolveResult one = solve_finish(s, rules, t, 1);
    const SolveResult two = solve_finish(s, rules, t, 2);
    REQUIRE(one.complete);
    REQUIRE(one.proved);
    REQUIRE(one.possible == want.possible);
    REQUIRE(one.count == std::to_string(want.count));
    if (want.possible) {
      ++possible;
      REQUIRE(one.value == want.value);
      const std::optional<Position> end = final_position(s.board, solo, root, removals, one.line);
      REQUIRE(end);
      REQUIRE(lone_on(s.board, *end, t));
      REQUIRE(replay(s.board, solo, root, removals, one.line) == want.value);
    } else {
      REQUIRE(one.value == 0);
      REQUIRE(one.line.empty());
      if (removals == 0 && classes.code(t) == c) ++searched_out;
    }
    REQUIRE(two.possible == one.possible);
    REQUIRE(two.value == one.value);
    REQUIRE(two.line == one.line);
    REQUIRE(two.count == one.count);
  }
}

}  // namespace

TEST_CASE("solve --finish matches every line enumerated on small random boards",
          "[solver][solitaire][finish][heavy]") {
  // Every rule and measure, orthogonal, diagonal and six-direction jumps, 0 or 1 removal due
  // (any piece or the cheapest), plain and valued pieces; every square of each board as the
  // finish, at 1 and 2 threads; one position in eight on a board of over 64 squares. Plain
  // recursion over every line is the reference.
  const JumpSet sets[] = {JumpSet::kOrthogonal, JumpSet::kDiagonal, JumpSet::kHex};
  int positions = 0, possible = 0, searched_out = 0;
  for (const Continuation rule : kRules) {
    for (const Measure by : {Measure::kPoints, Measure::kPieces}) {
      Rng rng(9100 + 10 * static_cast<int>(rule) + static_cast<int>(by));
      for (int i = 0; i < 80; ++i) {
        const JumpSet jumps = sets[i % 3];
        const int removals = i % 4 == 1 ? 1 : 0;
        // Half the positions random, half played backwards from a lone piece.
        Setup s = i % 2 == 0 ? random_setup(rng, 4, 12, i % 3 == 0, 5)
                             : backward_setup(rng, jumps, i % 3 == 0, 6, removals == 1);
        if (piece_count(s.board, s.position) > 7) {
          --i;
          continue;
        }
        Rules rules;
        rules.continuation = rule;
        rules.measure = by;
        rules.players = 1;
        rules.jumps = jumps;
        rules.removal = (i / 4) % 2 ? RemovalKind::kCheapest : RemovalKind::kAny;
        s.position.removals_due = static_cast<std::uint16_t>((1U << removals) - 1);
        INFO("position " << format_grid(s.board, s.position) << "rule " << to_string(rule) << " by "
                         << to_string(by) << " jumps " << directions(rules.jumps).name
                         << " removals " << removals);
        if (i % 8 == 7) {
          // Over 64 squares: the finishes within two squares of the small board.
          const Setup big = embedded(s);
          INFO("on a 9x8 board");
          check_every_finish(big, rules, removals, possible, searched_out, s.board.width() + 2,
                             s.board.height() + 2);
        } else {
          check_every_finish(s, rules, removals, possible, searched_out);
        }
        ++positions;
      }
    }
  }
  CHECK(positions == 640);
  CHECK(possible > 400);
  CHECK(searched_out > 250);  // impossible though the class allows it: the search said so
}

namespace {

// The number of single-jump sequences from plain pegs `occ` (Shape::index bits) to a lone
// peg on `finish`: a memoised sum over the jumps of the board's table, independent of the
// solver. For plain pegs under the optional rule every such line is optimal.
std::string lone_lines(const Board& board, const Rules& rules, std::uint64_t occ, Square finish) {
  __extension__ typedef unsigned __int128 Count;
  std::vector<std::array<std::uint64_t, 3>> triples;
  for (int i = 0; i < board.squares(); ++i)
    for (const Jump& j : board.jumps(board.cell(i), rules.jumps))
      triples.push_back({std::uint64_t{1} << i, std::uint64_t{1} << board.index(j.over),
                         std::uint64_t{1} << board.index(j.to)});
  const std::uint64_t goal = std::uint64_t{1} << board.index(finish);
  std::unordered_map<std::uint64_t, Count> memo;
  std::function<Count(std::uint64_t)> lines = [&](std::uint64_t p) -> Count {
    if (p == goal) return 1;
    if (auto it = memo.find(p); it != memo.end()) return it->second;
    Count n = 0;
    for (const auto& [from, over, to] : triples)
      if ((p & from) && (p & over) && !(p & to)) n += lines(p ^ from ^ over ^ to);
    memo.emplace(p, n);
    return n;
  };
  Count n = lines(occ);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n != 0);
  return digits;
}

std::uint64_t occupancy(const Board& board, const Position& p) {
  std::uint64_t occ = 0;
  for (int i = 0; i < board.squares(); ++i)
    if (p.cells[board.cell(i)] != 0) occ |= std::uint64_t{1} << i;
  return occ;
}

}  // namespace

TEST_CASE("solve --finish counts on symmetric starts match a reference",
          "[solver][solitaire][finish][heavy]") {
  // Plain pieces under the optional rule are counted breadth first, with the symmetries
  // that fix the start: a finish square's count is its lone piece's class count divided by
  // the number of its images (2 for b2 and e2 of the first board, 1 for c3 of the second).
  // Every square of each board, against a memoised reference.
  int possible = 0;
  for (const char* text : {"111111/111111/11..11/111111", "11111/11111/11.11/11111",
                           "#11#/1111/1111/1.11", "111/1.1/111"}) {
    const Setup s = parse_position(std::string(text) + " variant=english");
    const Rules rules = s.rules();
    for (int i = 0; i < s.board.squares(); ++i) {
      const Square t = s.board.cell(i);
      INFO(text << " --finish " << square_name(s.board, t));
      const std::string want = lone_lines(s.board, rules, occupancy(s.board, s.position), t);
      for (const int threads : {1, 2}) {
        const SolveResult r = solve_finish(s, rules, t, threads, 64);
        REQUIRE(r.complete);
        CHECK(r.possible == (want != "0"));
        CHECK(r.count == want);
      }
      possible += want != "0" ? 1 : 0;
    }
  }
  CHECK(possible == 5);  // b2, e2; c3; c1, c4
}

TEST_CASE("finish counts between two holes are the same both ways", "[solver][solitaire][finish]") {
  // For plain pieces under the optional rule, a line from the board full but for A to a lone
  // piece on B, read backwards on the complements, is a line from the board full but for B
  // to a lone piece on A (docs/rules.md): the counts agree. A 4x4 board, every pair.
  const Board board(4, 4);
  Rules rules = parse_position("1111/1111/1111/1111 variant=english").rules();
  std::map<std::pair<int, int>, std::string> counts;
  int nonzero = 0;
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b) {
      Setup s{board, {}, "", {}};
      for (int c = 0; c < 16; ++c) s.position.cells[static_cast<std::size_t>(c)] = c == a ? 0 : 1;
      const SolveResult r = solve_finish(s, rules, static_cast<Square>(b), 2, 16);
      REQUIRE(r.complete);
      counts[{a, b}] = r.count;
      nonzero += r.count != "0" ? 1 : 0;
    }
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < a; ++b) {
      INFO(square_name(board, static_cast<Square>(a))
           << " and " << square_name(board, static_cast<Square>(b)));
      CHECK(counts[{a, b}] == counts[{b, a}]);
    }
  CHECK(nonzero >= 16);
}

TEST_CASE("English --finish d4: a line to the centre, and middle-game counts by a reference",
          "[solver][solitaire][finish]") {
  const Setup s = parse_position(find_variant("english")->start);
  const Rules rules = s.rules();
  const Square d4 = parse_square(s.board, "d4");
  SolveOptions options;
  options.finish = d4;
  SolveResult r;
  for (int threads : {1, 2}) {
    SearchControl control;
    control.threads = threads;
    r = solve(s.board, rules, s.position, options, control);
    REQUIRE(r.proved);
    CHECK(r.possible);
    CHECK(r.value == 31);
    const std::optional<Position> end = final_position(s.board, rules, s.position, 0, r.line);
    REQUIRE(end);
    CHECK(lone_on(s.board, *end, d4));
  }
  // After the first jumps of that line, the lines to d4 by a memoised reference on the
  // occupancy (plain pegs, single jumps), and the solver's count (breadth first).
  Position p = s.position;
  int jumps = 0;
  for (const Turn& t : r.line) {
    p = apply(s.board, rules, p, t);
    jumps += static_cast<int>(t.squares.size()) - 1;
    if (jumps >= 15) break;
  }
  const std::string want = lone_lines(s.board, rules, occupancy(s.board, p), d4);
  options.count = true;
  const SolveResult counted = solve(s.board, rules, p, options, SearchControl{});
  INFO(format_grid(s.board, p));
  REQUIRE(counted.proved);
  CHECK(counted.count == want);
  CHECK(want.size() >= 4);
}

TEST_CASE("English middle games: every finish their class allows, against a reference",
          "[solver][solitaire][finish][heavy]") {
  // Random jumps from the English start down to 16 pegs; for every square the position's
  // class allows, possible and count against the memoised reference. Most cannot end there,
  // and in 1 MB the table of small positions covers few pieces, so the search itself proves
  // it (a stuck position of more pieces is no finish).
  const Setup start = parse_position(find_variant("english")->start);
  const Board& board = start.board;
  const Rules rules = start.rules();
  const PositionClasses classes(board, board.jumps(rules.jumps));
  Rng rng(4242);
  int possible = 0, impossible = 0;
  for (int k = 0; k < 6; ++k) {
    Setup s = start;
    while (piece_count(board, s.position) > 16) {
      std::vector<Turn> jumps;
      for (int i = 0; i < board.squares(); ++i)
        if (s.position.cells[board.cell(i)] != 0)
          for (const Jump& j : board.jumps(board.cell(i), rules.jumps))
            if (s.position.cells[j.over] != 0 && s.position.cells[j.to] == 0)
              jumps.push_back(Turn{false, {board.cell(i), j.to}});
      REQUIRE_FALSE(jumps.empty());
      s.position = apply(board, rules, s.position, jumps[rng.below(jumps.size())]);
    }
    std::uint64_t c = 0;
    for (int i = 0; i < board.squares(); ++i)
      if (s.position.cells[board.cell(i)] != 0) c ^= classes.code(board.cell(i));
    for (int i = 0; i < board.squares(); ++i) {
      const Square t = board.cell(i);
      if (classes.code(t) != c) continue;
      INFO(format_grid(board, s.position) << "--finish " << square_name(board, t));
      const std::string want = lone_lines(board, rules, occupancy(board, s.position), t);
      SolveOptions tight;
      tight.hash_mb = 1;
      tight.finish = t;
      const SolveResult r = solve(board, rules, s.position, tight, SearchControl{});
      REQUIRE(r.complete);
      CHECK(r.possible == (want != "0"));
      CHECK(r.value == (want != "0" ? 15 : 0));
      if (want != "0") {
        const std::optional<Position> end = final_position(board, rules, s.position, 0, r.line);
        REQUIRE(end);
        CHECK(lone_on(board, *end, t));
      }
      CHECK(solve_finish(s, rules, t, 2, 64).count == want);
      (want != "0" ? possible : impossible) += 1;
    }
  }
  CHECK(possible + impossible >= 20);
  CHECK(impossible >= 20);  // random jumps seldom keep a finish (the line tests have those)
}

TEST_CASE("a finish count whose levels do not fit in --hash is made by the DP",
          "[solver][solitaire][finish][heavy]") {
  // As without a finish (above): in 1 MB the breadth-first levels do not fit, and the DP
  // counts, through the same search with the finish as its goal.
  const Setup s =
      parse_position("##...##/##.1.##/..1111./111.111/.1111../##...##/##...## variant=english");
  const Rules rules = s.rules();
  SearchControl tight;
  tight.memory_mb = 1;
  int possible = 0;
  for (int i = 0; i < s.board.squares(); ++i) {
    const Square t = s.board.cell(i);
    INFO("--finish " << square_name(s.board, t));
    REQUIRE(count_deepest_lines(s.board, rules, s.position, tight, t).out_of_memory);
    const std::string want = lone_lines(s.board, rules, occupancy(s.board, s.position), t);
    const SolveResult roomy = solve_finish(s, rules, t, 2, 64);
    const SolveResult small = solve_finish(s, rules, t, 2, 1);
    CHECK(roomy.count == want);
    CHECK(small.count == want);
    possible += want != "0" ? 1 : 0;
  }
  CHECK(possible == 4);  // c1, c4, c7, f4
}

TEST_CASE("English --finish d4 --count: 40,861,647,040,079,968 centre-to-centre lines",
          "[solver][solitaire][finish]") {
  // Durango Bill's peg-solitaire pages (durangobill.com/Peg33.html) give
  // 40,861,647,040,079,968 solutions of the 33-hole board from the centre vacancy to a lone
  // peg in the centre, each counted as its sequence of single jumps: the lines of the
  // optional rule, the english variant's (docs/rules.md, "Solitaire"). Under another
  // continuation rule a line is a sequence of whole turns, and the count is another one.
  // Breadth first, in about 3 s and 600 MB in a Release build; a sanitizer's shadow memory
  // and slowdown make it a matter for the slow suite there (slow_reach.cpp has it too).
  if (leapfrog::testing::kSanitized) return;
  const Setup s = parse_position(find_variant("english")->start);
  SolveOptions options;
  options.count = true;
  options.finish = parse_square(s.board, "d4");
  const SolveResult r = solve(s.board, s.rules(), s.position, options, SearchControl{});
  CHECK(r.proved);
  CHECK(r.possible);
  CHECK(r.value == 31);
  CHECK(r.count == "40861647040079968");
}
