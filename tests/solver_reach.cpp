// reach against a brute-force breadth-first reference written here (its own jump loop and
// its own symmetry test), the board symmetries, and the first levels of OEIS A112737.
#include <algorithm>
#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>

#include "core/symmetry.h"
#include "generator/random.h"
#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solitaire_reference.h"
#include "solver/reach.h"
#include "solver/reach/storage.h"
#include "solver/solitaire.h"

using namespace leapfrog;

namespace {

Symmetry orthogonal_symmetry(const Board& b) { return Symmetry(b, b.jumps(JumpSet::kOrthogonal)); }

// The images of a position under the eight grid maps that keep the board's shape (computed
// here from coordinates, independently of solver/symmetry).
std::vector<std::string> images(const Board& b, const std::string& cells) {
  std::vector<std::string> out;
  const int w = b.width(), h = b.height();
  for (int k = 0; k < 8; ++k) {
    if (k >= 4 && w != h) break;
    std::string img(cells.size(), '\0');
    bool ok = true;
    for (int r = 0; r < h && ok; ++r)
      for (int f = 0; f < w; ++f) {
        int f2 = f, r2 = r;
        if (k & 1) f2 = w - 1 - f2;
        if (k & 2) r2 = h - 1 - r2;
        if (k & 4) std::swap(f2, r2);
        if (b.is_square(b.square(f, r)) != b.is_square(b.square(f2, r2))) {
          ok = false;
          break;
        }
        img[b.square(f2, r2)] = cells[b.square(f, r)];
      }
    if (ok) out.push_back(img);
  }
  return out;
}

// Levels by breadth-first search over every legal turn (optional rule: single jumps), level =
// pieces captured; with symmetry each class is kept once as its least image.
std::vector<std::uint64_t> reference(const Board& board, const Rules& rules, const Position& start,
                                     bool symmetry) {
  const auto canon = [&](const std::string& s) {
    if (!symmetry) return s;
    std::string best = s;
    for (const std::string& img : images(board, s)) best = std::min(best, img);
    return best;
  };
  const auto text = [&](const Position& p) {
    return std::string(p.cells.begin(), p.cells.begin() + board.cells());
  };
  std::vector<std::set<std::string>> levels(1);
  levels[0].insert(canon(text(start)));
  for (std::size_t k = 0; k < levels.size(); ++k) {
    for (const std::string& s : std::set<std::string>(levels[k])) {
      Position p;
      std::copy(s.begin(), s.end(), p.cells.begin());
      for_each_turn(board, rules, p, [&](const TurnView& t) {
        const std::size_t to = k + static_cast<std::size_t>(t.pieces);
        if (levels.size() <= to) levels.resize(to + 1);
        levels[to].insert(canon(text(apply(board, rules, p, t.squares, t.removal))));
      });
    }
  }
  std::vector<std::uint64_t> out;
  for (const auto& l : levels) out.push_back(l.size());
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

}  // namespace

TEST_CASE("board symmetries keep the shape", "[solver][symmetry]") {
  CHECK(orthogonal_symmetry(Board(7, 7)).count() == 8);
  CHECK(orthogonal_symmetry(Board(5, 3)).count() == 4);
  CHECK(orthogonal_symmetry(parse_position(find_variant("english")->start).board).count() == 8);
  CHECK(orthogonal_symmetry(parse_position(find_variant("french")->start).board).count() == 8);
  CHECK(orthogonal_symmetry(parse_position("oo#/ooo/ooo").board).count() ==
        2);  // only the a1-c3 diagonal
  CHECK(orthogonal_symmetry(parse_position("o##/ooo/ooo").board).count() == 1);
  CHECK(orthogonal_symmetry(parse_position("oo#/ooo/oo#").board).count() == 2);  // ranks mirrored
  CHECK(orthogonal_symmetry(parse_position("oo##/oooo/ooo#").board).count() == 1);
  const Symmetry s = orthogonal_symmetry(Board(4, 4));
  for (int k = 0; k < s.count(); ++k)
    for (std::uint64_t x : {0x1ULL, 0x8421ULL, 0xF00FULL, 0x1234ULL}) {
      std::uint64_t want = 0;
      for (int c = 0; c < 16; ++c)
        if ((x >> c) & 1) want |= std::uint64_t{1} << s.image(k, static_cast<Square>(c));
      CHECK(s.apply64(k, x) == want);
    }
}

TEST_CASE("reach matches a brute-force reference on random small boards", "[solver][reach]") {
  Rng rng(2024);
  for (int i = 0; i < 120; ++i) {
    const int w = 2 + static_cast<int>(rng.below(3)), h = 2 + static_cast<int>(rng.below(3));
    const bool square_board = i % 3 == 0;
    const int W = square_board ? std::max(w, h) : w, H = square_board ? std::max(w, h) : h;
    std::vector<bool> on(static_cast<std::size_t>(W * H), true);
    if (i % 4 == 1) on[0] = on[static_cast<std::size_t>(W - 1)] = false;
    const Board board(W, H, on);
    const bool plain = i % 2 == 0;
    Position p;
    for (int c = 0; c < W * H; ++c)
      if (on[static_cast<std::size_t>(c)] && rng.below(10) < 7)
        p.cells[static_cast<std::size_t>(c)] = plain ? 1 : static_cast<Value>(1 + rng.below(3));
    Rules rules;
    rules.players = 1;
    rules.continuation = i % 5 == 4 ? Continuation::kForced : Continuation::kOptional;
    rules.jumps = i % 7 == 6 ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
    INFO(format_grid(board, p) << "continuation " << to_string(rules.continuation) << " jumps "
                               << directions(rules.jumps).name);
    for (bool symmetry : {false, true}) {
      SearchControl control;
      control.threads = 1 + i % 2;
      // The levels told as they complete, in order (forced chains skip levels: told as 0).
      std::vector<std::uint64_t> told;
      SingleExchange alone;
      const ReachResult r = reach(
          board, rules, p, symmetry, control, alone, nullptr, [&](std::size_t k, std::uint64_t n) {
            told.push_back(k == told.size() ? n : ~std::uint64_t{0});  // out of order: no match
          });
      const std::vector<std::uint64_t> want = reference(board, rules, p, symmetry);
      REQUIRE(r.complete);
      REQUIRE(r.levels == want);
      REQUIRE(told == want);
      std::uint64_t sum = 0;
      for (auto n : want) sum += n;
      REQUIRE(r.total == sum);
    }
  }
}

TEST_CASE("reach keys on squares: at most 64 squares on a grid of more cells",
          "[solver][reach][heavy]") {
  // The packed fast path takes boards of at most 64 squares whatever their grid; on a grid
  // of more than 64 cells it finds jumps in the packed word itself. Random shapes of about
  // 36 squares on 9x8 and 11x7 grids, orthogonal and six-direction jumps.
  Rng rng(64);
  std::uint64_t total = 0;
  for (int i = 0; i < 16; ++i) {
    const int W = i % 2 ? 9 : 11, H = i % 2 ? 8 : 7;
    std::vector<bool> on(static_cast<std::size_t>(W * H), false);
    for (auto&& c : on) c = rng.below(100) < 50;
    const Board board(W, H, on);
    REQUIRE(board.cells() > 64);
    if (board.squares() > 64) continue;
    Position p;
    for (int c = 0; c < W * H; ++c)
      if (on[static_cast<std::size_t>(c)] && rng.below(10) < 7)
        p.cells[static_cast<std::size_t>(c)] = 1;
    Rules rules;
    rules.players = 1;
    rules.jumps = i % 3 == 2 ? JumpSet::kHex : JumpSet::kOrthogonal;
    REQUIRE(reach_fast_path(board, rules, p));
    INFO(format_grid(board, p) << "jumps " << directions(rules.jumps).name);
    SearchControl control;
    control.threads = 1 + i % 2;
    const ReachResult r = reach(board, rules, p, false, control);
    REQUIRE(r.complete);
    CHECK(r.levels == reference(board, rules, p, false));
    total += r.total;
  }
  CHECK(total > 10000);  // the shapes are not trivial
}

TEST_CASE("reach english: the first levels of OEIS A112737", "[solver][reach]") {
  // OEIS A112737 (G. I. Bell, 2005): "On the standard 33-hole cross-shaped peg solitaire
  // board, the number of distinct board positions after n jumps (starting with the center
  // vacant)", symmetric positions counted once. Terms for n = 0..13; the full table and its
  // sum 23,475,688 are checked in tests/slow_reach.cpp.
  const std::vector<std::uint64_t> a112737 = {1,    1,    2,     8,     39,     171,    719,
                                              2757, 9751, 31312, 89927, 229614, 517854, 1022224};
  const Setup s = parse_position(find_variant("english")->start);
  SearchControl control;
  control.node_limit = 900000;  // stops before expanding level 13 (levels 0..12 hold 882,156)
  const ReachResult r = reach(s.board, s.rules(), s.position, true, control);
  REQUIRE(r.levels.size() >= a112737.size());
  for (std::size_t k = 0; k < a112737.size(); ++k) CHECK(r.levels[k] == a112737[k]);
}

TEST_CASE("reach stopped within a level keeps only the levels it finished", "[solver][reach]") {
  // The stop is set from the progress report, which comes at the start of a round, after
  // the round's own poll: the round is cut short inside, and the level it was building must
  // not be counted as finished.
  const std::vector<std::uint64_t> a112737 = {1,    1,    2,     8,     39,     171,    719,
                                              2757, 9751, 31312, 89927, 229614, 517854, 1022224};
  const Setup s = parse_position(find_variant("english")->start);
  std::atomic<bool> stop{false};
  SearchControl control;
  control.threads = 1;
  control.stop = &stop;
  control.progress = [&](const Progress& p) {
    if (p.nodes > 100000) stop = true;
  };
  const ReachResult r = reach(s.board, s.rules(), s.position, true, control);
  CHECK(stop);
  CHECK_FALSE(r.complete);
  // (Where it stops depends on when the report comes; the levels up to there are exact.)
  for (std::size_t k = 0; k < std::min(r.levels.size(), a112737.size()); ++k)
    CHECK(r.levels[k] == a112737[k]);
}

TEST_CASE("reach stops at its memory budget with the levels it finished", "[solver][reach]") {
  // Fast path: English in 16 MB gets through the levels of OEIS A112737 that fit, exactly,
  // and stops at the first that does not (an 8x8 or 7x7 board full of pegs would otherwise
  // take all memory).
  const std::vector<std::uint64_t> a112737 = {1,    1,    2,     8,     39,     171,    719,
                                              2757, 9751, 31312, 89927, 229614, 517854, 1022224};
  const Setup s = parse_position(find_variant("english")->start);
  for (int threads : {1, 2}) {
    SearchControl control;
    control.memory_mb = 16;
    control.threads = threads;
    const ReachResult r = reach(s.board, s.rules(), s.position, true, control);
    CHECK(r.out_of_memory);
    CHECK_FALSE(r.complete);
    REQUIRE(r.levels.size() >= 8);
    REQUIRE(r.levels.size() < a112737.size());
    for (std::size_t k = 0; k < r.levels.size(); ++k) CHECK(r.levels[k] == a112737[k]);
  }
  // General path (coloured pieces; 390,415 positions in all): the same, against a run
  // without a budget stopped a little later by its node limit (its levels so far are exact).
  const Setup m = parse_position("2413/3142/1.24/4321/2134");
  Rules rules = m.rules();
  rules.players = 1;
  SearchControl longer;
  longer.node_limit = 65536;  // positions expanded and turns generated
  const ReachResult more = reach(m.board, rules, m.position, false, longer);
  SearchControl small;
  small.memory_mb = 1;
  const ReachResult cut = reach(m.board, rules, m.position, false, small);
  CHECK(cut.out_of_memory);
  CHECK_FALSE(cut.complete);
  REQUIRE(cut.levels.size() >= 5);
  REQUIRE(cut.levels.size() <= more.levels.size());
  for (std::size_t k = 0; k < cut.levels.size(); ++k) CHECK(cut.levels[k] == more.levels[k]);
}

TEST_CASE("a level grows with room to spare, but at most a quarter more than it needs",
          "[solver][reach]") {
  // The room a level holds beyond its positions is memory the next level's sets cannot
  // have: on the largest boards the count fits only when that room is small.
  using fast_reach::Level;
  using fast_reach::Parent;
  constexpr std::size_t kBytes = sizeof(Parent<false>);
  MemoryBudget budget(1);  // 1 MB
  Level<Parent<false>> level;
  REQUIRE(level.reset(10000, budget));
  REQUIRE(level.reset(11000, budget));  // doubling would hold 20000; 13750 at most
  CHECK(level.size() == 11000);
  CHECK(budget.take((std::size_t{1} << 20) - 13750 * kBytes));
  CHECK_FALSE(budget.take(1));
  // Where the budget has no room for the spare, exactly what is needed.
  MemoryBudget tight(1);
  Level<Parent<false>> other;
  REQUIRE(tight.take((std::size_t{1} << 20) - 12000 * kBytes));
  REQUIRE(other.reset(10000, tight));
  REQUIRE(other.reset(12000, tight));
  CHECK_FALSE(tight.take(1));
}

TEST_CASE("a key set with no room to double fills up to 7/8 of its slots, every member kept",
          "[solver][reach]") {
  // In 1 MB a set of 4-byte keys doubles to 2^17 slots (65,536 members at most, half full);
  // doubling again would take 1 MB for the new slots alone. It then holds up to 114,688
  // members (7/8) before the budget counts as exceeded: the largest levels of the 41-hole
  // diamond fit 24 GB only so.
  using Set = fast_reach::KeySet<std::uint32_t, false>;
  using Item = fast_reach::Item<std::uint32_t, false>;
  const auto keys = [](std::size_t n) {
    std::vector<Item> items;
    for (std::uint32_t k = 1; k <= n; ++k) items.push_back(Item{k * 2654435761U | 1U});
    std::sort(items.begin(), items.end(), [](Item a, Item b) { return a.key < b.key; });
    items.erase(
        std::unique(items.begin(), items.end(), [](Item a, Item b) { return a.key == b.key; }),
        items.end());
    return items;
  };
  const std::vector<Item> fit = keys(110000);
  REQUIRE(fit.size() == 110000);
  MemoryBudget budget(1);
  Set set;
  set.insert_all(fit.data(), fit.size(), budget);
  set.insert_all(fit.data(), 1000, budget);  // present already
  CHECK_FALSE(budget.exceeded());
  CHECK(set.size() == fit.size());
  std::vector<std::uint32_t> out;
  set.drain([&](std::uint32_t k, fast_reach::Count128) { out.push_back(k); }, budget);
  std::sort(out.begin(), out.end());
  std::vector<std::uint32_t> in;
  for (const Item& i : fit) in.push_back(i.key);
  CHECK(out == in);
  // Past half the budget a set fills to 7/8 before it doubles: 57,000 members stay in 2^16
  // slots (256 KiB, 57,344 at 7/8) where doubling at half full would hold 2^17 (512 KiB).
  MemoryBudget half(1);
  Set early;
  early.insert_all(fit.data(), 57000, half);
  CHECK(early.size() == 57000);
  CHECK(half.take((std::size_t{1} << 20) - (std::size_t{1} << 18)));
  // Past 7/8 the budget is exceeded and the set keeps at most that many.
  const std::vector<Item> more = keys(120000);
  MemoryBudget small(1);
  Set full;
  full.insert_all(more.data(), more.size(), small);
  CHECK(small.exceeded());
  CHECK(full.size() == 114688);
}

TEST_CASE("reach with a removal due counts it as a piece taken", "[solver][reach]") {
  // 1x3 row of three pieces; the lone player first removes one piece, then jumps if possible.
  const Setup s = parse_position("111");
  Position p = s.position;
  p.removals_due = 1;
  Rules rules;
  rules.players = 1;
  const ReachResult r = reach(s.board, rules, p, false, SearchControl{});
  // level 0: 111; level 1: .11, 1.1, 11.; level 2: 1.. (from .11: b1xa1? no: c1 jumps b1 to a1
  // -> 1..), ..1
  CHECK(r.levels == std::vector<std::uint64_t>{1, 3, 2});
}

namespace {

// The cells of a preset's fixed board that are not squares.
std::vector<int> holes_of(std::string_view variant) {
  const Board b = parse_position(find_variant(variant)->start).board;
  std::vector<int> out;
  for (int c = 0; c < b.cells(); ++c)
    if (!b.is_square(static_cast<Square>(c))) out.push_back(c);
  return out;
}

}  // namespace

TEST_CASE("reach and line counts on larger boards with few pieces match the references",
          "[solver][reach][heavy]") {
  // Boards of 33 to 64 squares exercise the fast path's other layouts: 64-bit stored words
  // (more than 41 squares), 32-bit words in the wider bucket split (39 to 41 squares), the
  // eight symmetries, the four of a rectangle, tables for a board with fewer, and diagonal
  // jumps. Few pieces keep the references quick.
  struct Shape {
    int w, h;
    std::vector<int> holes;  // no-square cells
  };
  const std::vector<Shape> shapes = {
      {8, 8, {}},                                           // 64 squares, all eight symmetries
      {7, 7, {}},                                           // 49
      {8, 6, {}},                                           // 48, the four of a rectangle
      {7, 7, {0, 1, 5, 6, 7, 13, 35, 41, 42, 43, 47, 48}},  // 37, the French-like cross
      {7, 7, {0, 1, 7, 8}},                                 // 45, one diagonal mirror (tables)
      {6, 7, {3}},                                          // 41, no symmetry
      {9, 9, holes_of("diamond")},                          // 41, the diamond's eight
  };
  Rng rng(4242);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < 8 * shapes.size(); ++i) {
    const Shape& sh = shapes[i % shapes.size()];
    std::vector<bool> on(static_cast<std::size_t>(sh.w * sh.h), true);
    for (int c : sh.holes) on[static_cast<std::size_t>(c)] = false;
    const Board board(sh.w, sh.h, on);
    // Pieces on about two thirds of the squares of a random 4x3 window, so that they jump.
    Position p;
    const int f0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(sh.w - 3)));
    const int r0 = static_cast<int>(rng.below(static_cast<std::uint64_t>(sh.h - 2)));
    for (int r = r0; r < r0 + 3; ++r)
      for (int f = f0; f < f0 + 4; ++f)
        if (on[static_cast<std::size_t>(board.square(f, r))] && rng.below(3) < 2)
          p.cells[board.square(f, r)] = 1;
    Rules rules;
    rules.players = 1;
    rules.jumps = i % 3 == 2 ? JumpSet::kDiagonal : JumpSet::kOrthogonal;
    INFO(format_grid(board, p) << "jumps " << directions(rules.jumps).name);
    for (bool symmetry : {false, true}) {
      SearchControl control;
      control.threads = 1 + static_cast<int>(i % 2);
      control.memory_mb = 256;  // a count gone wrong stops incomplete instead of growing
      const ReachResult r = reach(board, rules, p, symmetry, control);
      REQUIRE(r.complete);
      REQUIRE(r.levels == reference(board, rules, p, symmetry));
      if (!symmetry) total += r.total;
    }
    leapfrog::testing::Reference ref{board, rules, {}};
    SolveOptions options;
    options.count = true;
    const SolveResult got = solve(board, rules, p, options, SearchControl{});
    const auto want = ref.solve(p, 0);
    REQUIRE(got.value == want.value);
    REQUIRE(got.count == std::to_string(want.count));
  }
  CHECK(total > 50000);  // positions compared (without symmetry)
}
