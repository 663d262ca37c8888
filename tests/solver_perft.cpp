// perft counts. The worked example position's counts (depth 2: 153, depth 3: 1990) are
// counted independently of the move generator; the smaller ones are hand-checked.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <vector>

#include "puzzles/movegen.h"
#include "puzzles/notation.h"
#include "solver/perft.h"

using namespace leapfrog;

namespace {
std::uint64_t perft_of(const std::string& text, int depth) {
  const Setup s = parse_position(text);
  return perft(s.board, s.rules(), s.position, depth);
}
}  // namespace

TEST_CASE("perft of the worked example", "[perft]") {
  const std::string pos = "3441./33311/.1.41/.4.../.41.1";
  CHECK(perft_of(pos, 0) == 1);
  CHECK(perft_of(pos, 1) == 12);
  CHECK(perft_of(pos, 2) == 153);
  CHECK(perft_of(pos, 3) == 1990);
}

TEST_CASE("perft hand-checked on tiny boards", "[perft]") {
  // "11.": one jump (a1xc1), then nothing.
  CHECK(perft_of("11.", 1) == 1);
  CHECK(perft_of("11.", 2) == 0);
  // "111.." (optional): a? b1xd1; c1 can't (d1 empty beyond... c1 over d1: empty). So b1xd1.
  // then "1...1"? b1 jumped c1 to d1: a1 1, d1 1: nothing. Also c1? c1 over b1 to a1: occupied.
  CHECK(perft_of("111..", 1) == 1);
  // Removal openings: two players each remove one of 3 pieces: 3 * 2 sequences.
  CHECK(perft_of("111 players=2 removals=1,2", 2) == 6);
}

TEST_CASE("perft divide: every first turn's count, in the move list's order", "[perft]") {
  // The 5x5 Murray layout of seed 1 at depth 4: the first turns are removals, and the first
  // two turns of every sequence are taken over the threads.
  const Setup s = parse_position("11332/22121/23114/42114/21323 variant=murray");
  const Board& b = s.board;
  const Rules r = s.rules();
  const std::vector<Turn> turns = legal_turns(b, r, s.position);
  REQUIRE(turns.size() > 4);
  for (const int threads : {1, 2, 3}) {
    CAPTURE(threads);
    SearchControl control;
    control.threads = threads;
    std::vector<Turn> told;
    std::vector<std::uint64_t> counts;
    const PerftDivide d =
        perft_divide(b, r, s.position, 4, control, [&](const Turn& t, std::uint64_t n) {
          told.push_back(t);
          counts.push_back(n);
        });
    CHECK(d.complete);
    CHECK(told == turns);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < turns.size(); ++i) {
      // Each first turn's count is the perft of the position it leaves, counted on one thread.
      SearchControl one;
      one.threads = 1;
      CHECK(counts[i] == perft(b, r, apply(b, r, s.position, turns[i]), 3, one));
      sum += counts[i];
    }
    CHECK(d.nodes == sum);
    CHECK(perft(b, r, s.position, 4, control) == sum);
  }
}

TEST_CASE("perft divide stopped part way tells a prefix of the first turns", "[perft]") {
  const Setup s = parse_position("11332/22121/23114/42114/21323 variant=murray");
  const std::vector<Turn> turns = legal_turns(s.board, s.rules(), s.position);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    std::atomic<bool> stop{false};
    SearchControl control;
    control.stop = &stop;
    control.threads = threads;
    std::vector<Turn> told;
    std::uint64_t sum = 0;
    const PerftDivide d = perft_divide(s.board, s.rules(), s.position, 4, control,
                                       [&](const Turn& t, std::uint64_t n) {
                                         told.push_back(t);
                                         sum += n;
                                         if (told.size() == 3) stop = true;
                                       });
    CHECK_FALSE(d.complete);
    REQUIRE(told.size() >= 3);
    REQUIRE(told.size() < turns.size());
    CHECK(std::equal(told.begin(), told.end(), turns.begin()));
    CHECK(d.nodes == sum);
  }
}

TEST_CASE("perft stopped and watched", "[perft]") {
  const Setup s = parse_position("3441./33311/.1.41/.4.../.41.1");
  std::atomic<bool> stop{true};
  SearchControl control;
  control.stop = &stop;
  int told = 0;
  const PerftDivide d = perft_divide(s.board, s.rules(), s.position, 3, control,
                                     [&](const Turn&, std::uint64_t) { ++told; });
  // Stopped before it began: none counted or told.
  CHECK_FALSE(d.complete);
  CHECK(told == 0);
  CHECK(d.nodes == 0);
  // Progress: the sequences counted so far and the share of first turns complete.
  stop = false;
  std::vector<Progress> seen;
  control.progress = [&](const Progress& p) { seen.push_back(p); };
  CHECK(perft(s.board, s.rules(), s.position, 3, control) == 1990);
  REQUIRE_FALSE(seen.empty());
  for (const Progress& p : seen) {
    CHECK(p.nodes <= 1990);
    CHECK(p.fraction >= 0);
    CHECK(p.fraction <= 1);
  }
}

TEST_CASE("perft divide over more first turns than are counted at once", "[perft]") {
  // A full 20x20 board owes each player a removal: 400 first turns, and each leaves 399.
  std::string rows;
  for (int r = 0; r < 20; ++r) rows += (r ? "/" : "") + std::string(20, '1');
  const Setup s = parse_position(rows + " players=2 removals=1,2");
  const std::vector<Turn> turns = legal_turns(s.board, s.rules(), s.position);
  REQUIRE(turns.size() == 400);
  SearchControl control;
  control.threads = 2;
  std::vector<Turn> told;
  const PerftDivide d =
      perft_divide(s.board, s.rules(), s.position, 2, control, [&](const Turn& t, std::uint64_t n) {
        CHECK(n == 399);
        told.push_back(t);
      });
  CHECK(d.complete);
  CHECK(d.nodes == 400 * 399);
  CHECK(told == turns);
}
