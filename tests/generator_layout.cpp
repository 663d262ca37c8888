// Random layouts: piece counts against Murray's table, Froglet and Take It Away counts,
// the half-even reading of Cyningstan and BrainKing, and reproducibility of the shuffle.
#include <array>
#include <catch2/catch.hpp>
#include <map>

#include "generator/layout.h"
#include "generator/random.h"
#include "puzzles/notation.h"

using namespace leapfrog;

namespace {

std::map<Value, int> count_values(const Board& b, const Position& p) {
  std::map<Value, int> n;
  for (int s = 0; s < b.cells(); ++s)
    if (b.is_square(static_cast<Square>(s))) ++n[p.cells[s]];
  return n;
}

}  // namespace

TEST_CASE("Murray layouts reproduce Murray's table for 8x8..20x20", "[layout]") {
  // Murray's table ("Example piece counts for different board sizes"): size, green, red, yellow,
  // white, points. As Murray's History gives it.
  const std::array<std::array<int, 6>, 13> table{{
      {8, 6, 13, 19, 26, 127},
      {9, 8, 16, 24, 33, 161},
      {10, 10, 20, 30, 40, 200},
      {11, 12, 24, 36, 49, 241},
      {12, 14, 29, 43, 58, 287},
      {13, 17, 34, 51, 67, 339},
      {14, 20, 39, 59, 78, 393},
      {15, 23, 45, 68, 89, 452},
      {16, 26, 51, 77, 102, 513},
      {17, 29, 58, 87, 115, 579},
      {18, 32, 65, 97, 130, 647},
      {19, 36, 72, 108, 145, 721},
      {20, 40, 80, 120, 160, 800},
  }};
  const Variant& murray = *find_variant("murray");
  for (const auto& row : table) {
    INFO("size " << row[0]);
    const Board b(row[0], row[0]);
    for (std::uint64_t seed : {1ULL, 2ULL, 987654321ULL}) {
      const Position p = random_layout(b, murray, seed);
      auto n = count_values(b, p);
      CHECK(n[0] == 0);  // full board
      CHECK(n[4] == row[1]);
      CHECK(n[3] == row[2]);
      CHECK(n[2] == row[3]);
      CHECK(n[1] == row[4]);
      CHECK(point_total(b, p) == row[5]);
    }
  }
}

TEST_CASE("half-even rounding gives Cyningstan's 15x15 counts", "[layout]") {
  // Cyningstan: "a 15x15 board would have 22 green, 45 red, 68 yellow and 90 white pieces".
  const auto c = piece_counts(*find_variant("murray"), 225, Rounding::kHalfEven);
  REQUIRE(c.size() == 4);
  CHECK(c[0].value == 4);
  CHECK(c[0].count == 22);
  CHECK(c[1].count == 45);
  CHECK(c[2].count == 68);
  CHECK(c[3].count == 90);
  const auto up = piece_counts(*find_variant("murray"), 225, Rounding::kHalfUp);
  CHECK(up[0].count == 23);
  CHECK(up[3].count == 89);
}

TEST_CASE("Froglet and Take It Away counts", "[layout]") {
  // BrainKing: Froglet 12x12 has 66 green (1), 51 yellow (2), 21 red (3), 6 blue (4).
  const Board f(12, 12);
  auto n = count_values(f, random_layout(f, *find_variant("froglet"), 5));
  CHECK(n[1] == 66);
  CHECK(n[2] == 51);
  CHECK(n[3] == 21);
  CHECK(n[4] == 6);
  // Sackson: Take It Away 8x8 is 34 white (1), 20 red (2), 10 blue (3).
  const Board t(8, 8);
  n = count_values(t, random_layout(t, *find_variant("take-it-away"), 5));
  CHECK(n[1] == 34);
  CHECK(n[2] == 20);
  CHECK(n[3] == 10);
  // Traditional: all plain.
  const Board p(5, 7);
  n = count_values(p, random_layout(p, *find_variant("traditional"), 5));
  CHECK(n[1] == 35);
  // Non-square boards apportion the same way: 6x4 = 24 squares -> 2.4, 4.8, 7.2 -> 2, 5, 7, 10.
  const auto c = piece_counts(*find_variant("murray"), 24, Rounding::kHalfUp);
  CHECK(c[0].count == 2);
  CHECK(c[1].count == 5);
  CHECK(c[2].count == 7);
  CHECK(c[3].count == 10);
}

TEST_CASE("the layout depends on the seed only", "[layout]") {
  const Board b(15, 15);
  const Variant& murray = *find_variant("murray");
  CHECK(random_layout(b, murray, 77) == random_layout(b, murray, 77));
  CHECK(!(random_layout(b, murray, 77) == random_layout(b, murray, 78)));
  // Pinned: the generator is fully specified (xoshiro256** seeded by SplitMix64, Fisher-Yates
  // from the end), so this layout must never change across compilers and libraries.
  const Board small(4, 4);
  const Setup s{small, random_layout(small, murray, 1), "", {}};
  // (A full board with no removal due says so: removals=-.)
  CHECK(format_position(s) == "1231/2144/3211/1322 removals=-");
}

TEST_CASE("Rng matches the published xoshiro256** and SplitMix64 outputs", "[layout]") {
  // SplitMix64 from state 0: first output 0xE220A8397B1DCDAF (Vigna's reference splitmix64.c).
  std::uint64_t state = 0;
  CHECK(splitmix64(state) == 0xE220A8397B1DCDAFULL);
  // below() stays in range and hits every value.
  Rng rng(3);
  std::array<int, 7> seen{};
  for (int i = 0; i < 7000; ++i) ++seen[rng.below(7)];
  for (int k : seen) CHECK(k > 800);
}
