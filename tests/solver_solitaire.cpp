// solve against an independent brute-force reference, on random small positions under every
// continuation rule, by points and by pieces; lines replay legally to the value; optimal
// line counts agree; the same answers at 1 and 2 threads; the English board's published
// result.
#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <string>

#include "core/bigcount.h"
#include "generator/layout.h"
#include "generator/random.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solitaire_reference.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;
using leapfrog::testing::Reference;

namespace {

// A random board of min_squares..max_squares squares: a rectangle of sides 2..6, some cells
// no-squares, some squares empty, values 1..4 (or all 1).
Setup random_setup(Rng& rng, int min_squares, int max_squares, bool plain, int density = 7) {
  for (;;) {
    const int w = 2 + static_cast<int>(rng.below(5)), h = 2 + static_cast<int>(rng.below(5));
    if (w * h < min_squares || w * h > max_squares + 6) continue;
    std::vector<bool> on(static_cast<std::size_t>(w * h), true);
    int squares = w * h;
    for (int c = 0; c < w * h; ++c)
      if (squares > min_squares && rng.below(8) == 0) {
        on[static_cast<std::size_t>(c)] = false;
        --squares;
      }
    while (squares > max_squares) {
      const auto c = static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(w * h)));
      if (on[c]) {
        on[c] = false;
        --squares;
      }
    }
    Setup s{Board(w, h, on), {}, "", {}};
    for (int c = 0; c < w * h; ++c)
      if (on[static_cast<std::size_t>(c)] && rng.below(10) < static_cast<std::uint64_t>(density))
        s.position.cells[static_cast<std::size_t>(c)] =
            plain ? 1 : static_cast<Value>(1 + rng.below(4));
    return s;
  }
}

// Replays a solitaire line from `pos` for a lone player: removals first (as many as are
// due), then turns that check_turn accepts. Returns the total taken, or -1 if illegal.
Score replay(const Board& board, const Rules& solo, Position pos, int removals,
             const std::vector<Turn>& line) {
  Score total = 0;
  pos.to_move = 0;
  for (const Turn& t : line) {
    pos.removals_due = removals > 0 ? 1 : 0;
    if (t.removal != (removals > 0)) return -1;
    const TurnCheck c = check_turn(board, solo, pos, t);
    if (!c.legal) return -1;
    total += c.size(solo);
    pos = apply(board, solo, pos, t);
    if (t.removal) --removals;
  }
  pos.removals_due = 0;
  if ((removals > 0 && piece_count(board, pos) > 0) || has_turn(board, solo, pos))
    return -1;  // runs to the end
  return total;
}

const Continuation kRules[] = {Continuation::kOptional, Continuation::kForced,
                               Continuation::kPieceMax, Continuation::kBoardMax};

}  // namespace

TEST_CASE("solve matches a brute-force reference on random small positions",
          "[solver][solitaire]") {
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

TEST_CASE("the search's upper bound is never below the optimum", "[solver][solitaire]") {
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

TEST_CASE("solve gives the same answer at 1 and 2 threads and with or without symmetry",
          "[solver][solitaire]") {
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
    REQUIRE(a.value == b.value);
    REQUIRE(a.line == b.line);
    REQUIRE(a.value == c.value);
    REQUIRE(a.line == c.line);
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

TEST_CASE("5x5 Murray layouts with one piece removed are solved with a proof",
          "[solver][solitaire]") {
  // Acceptance of issue 4: the optimum of 5x5 Murray positions is proved (here with the
  // position-class bound); each line replays legally to its value.
  const Variant& murray = *find_variant("murray");
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Board board(5, 5);
    Position p = random_layout(board, murray, seed);
    p.cells[board.square(2, 2)] = 0;
    Rules rules = murray.rules;
    rules.players = 1;
    const SolveResult r = solve(board, rules, p, SolveOptions{}, SearchControl{});
    INFO(format_grid(board, p));
    CHECK(r.proved);
    CHECK(r.complete);
    CHECK(replay(board, rules, p, 0, r.line) == r.value);
  }
}

// A full Murray layout as the start of a one-player game: the opening removal is due.
SolveResult solve_full_murray(int side, std::uint64_t seed, int threads, Board& board, Position& p,
                              Rules& rules) {
  const Variant& murray = *find_variant("murray");
  board = Board(side, side);
  p = random_layout(board, murray, seed);
  p.removals_due = 1;
  rules = murray.rules;
  rules.players = 1;
  SearchControl control;
  control.threads = threads;
  // A regression fails instead of hanging. A node limit, not a time limit: the line must not
  // depend on how fast the build runs (a sanitizer build is many times slower). 11x11 takes
  // 1.7M nodes.
  control.node_limit = 40'000'000;
  return solve(board, rules, p, SolveOptions{}, control);
}

TEST_CASE("full Murray boards are proved: a lone white piece stays", "[solver][solitaire]") {
  // The bound with the removal due is everything but one white (value 1) piece; the guided
  // search finds a line that leaves exactly that, so the optimum is proved without an
  // exhaustive search. The same value and line at 1 and 2 threads.
  for (const int side : {8, 11}) {
    Board board(1, 1);
    Position p;
    Rules rules;
    const SolveResult one = solve_full_murray(side, 2, 1, board, p, rules);
    const SolveResult two = solve_full_murray(side, 2, 2, board, p, rules);
    INFO(side << "x" << side);
    CHECK(one.proved);
    CHECK(one.complete);
    CHECK(one.value == point_total(board, p) - 1);
    CHECK(one.bound == one.value);
    CHECK(replay(board, rules, p, 1, one.line) == one.value);
    CHECK(two.value == one.value);
    CHECK(two.line == one.line);
  }
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

TEST_CASE("optimal line counts do not depend on the table size", "[solver][solitaire]") {
  // Outside the breadth-first path the count keeps a memo bounded by --hash (half of it,
  // beside the table), which drops positions when full (they are then counted again).
  // With --hash 2 the memo has 1 MB, which holds about 8,000
  // positions; these 5x4 Murray counts (a 104,672,214 and a 66,935,359) go through about
  // 38,000 and 34,000 distinct positions, so most of them are dropped and counted again.
  const Variant& murray = *find_variant("murray");
  for (std::uint64_t seed : {2, 8}) {
    const Board board(5, 4);
    Position p = random_layout(board, murray, seed);
    p.cells[board.square(1, 1)] = 0;
    Rules rules = murray.rules;
    rules.players = 1;
    SolveOptions big, tiny;
    big.count = tiny.count = true;
    big.hash_mb = 64;
    tiny.hash_mb = 2;
    const SolveResult a = solve(board, rules, p, big, SearchControl{});
    const SolveResult b = solve(board, rules, p, tiny, SearchControl{});
    INFO(format_grid(board, p));
    REQUIRE(a.proved);
    REQUIRE(b.proved);
    CHECK(a.value == b.value);
    CHECK(a.count.size() >= 8);
    CHECK(a.count == b.count);
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
          "[solver][solitaire]") {
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
