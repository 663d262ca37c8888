// Puzzle generation (issue 5): chain puzzles have exactly one maximal chain, solitaire
// puzzles' solutions replay to the proved optimum, and the output depends on the seed only.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "generator/check.h"
#include "generator/puzzles.h"
#include "puzzle_answers.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"
#include "solitaire_reference.h"

using namespace leapfrog;
using leapfrog::testing::check_chain_answer;
using leapfrog::testing::check_solitaire_answer;

namespace {

PuzzleSpec spec_of(PuzzleKind kind, int count, int size, std::uint64_t seed) {
  PuzzleSpec s;
  s.kind = kind;
  s.count = count;
  s.size = size;
  s.seed = seed;
  return s;
}

std::vector<Puzzle> make(const PuzzleSpec& spec, int threads) {
  SearchControl control;
  control.threads = threads;
  return generate_puzzles(spec, control);
}

}  // namespace

TEST_CASE("chain puzzles have exactly one maximal chain", "[generator]") {
  for (int size : {8, 11}) {
    const auto puzzles =
        make(spec_of(PuzzleKind::kChain, 4, size, 100 + static_cast<std::uint64_t>(size)), 0);
    REQUIRE(puzzles.size() == 4);
    for (const Puzzle& p : puzzles) {
      INFO(p.id);
      // The model's plain enumeration of board-max turns (independent of solver/chains).
      check_chain_answer(p);
      CHECK(p.unique);
      CHECK(static_cast<int>(p.solution[0].squares.size()) - 1 >= 3);  // --min-jumps default
      CHECK(p.rating > 0);
      CHECK(!p.themes.empty());
      CHECK(check_puzzle(p, {}).ok);
    }
  }
}

TEST_CASE("solitaire puzzles replay to their proved optimum", "[generator]") {
  const auto puzzles = make(spec_of(PuzzleKind::kSolitaire, 3, 5, 5), 0);
  REQUIRE(puzzles.size() == 3);
  for (const Puzzle& p : puzzles) {
    INFO(p.id);
    // The line replays to the value, the optimum by an independent reference.
    check_solitaire_answer(p);
    CHECK(check_puzzle(p, {}).ok);
  }
}

TEST_CASE("same seed, same puzzles at 1 and 2 threads, and another seed differs", "[generator]") {
  for (PuzzleKind kind : {PuzzleKind::kChain, PuzzleKind::kSolitaire}) {
    const int size = kind == PuzzleKind::kChain ? 9 : 4;
    const auto one = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 1));
    const auto two = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 2));
    const auto again = format_puzzles_epd(make(spec_of(kind, 3, size, 42), 2));
    const auto other = format_puzzles_epd(make(spec_of(kind, 3, size, 43), 2));
    CHECK(!one.empty());
    CHECK(one == two);
    CHECK(two == again);
    CHECK(one != other);
  }
}

TEST_CASE("check_puzzle catches wrong values, wrong solutions and false uniqueness",
          "[generator]") {
  const auto chain = make(spec_of(PuzzleKind::kChain, 1, 8, 9), 0).at(0);
  Puzzle p = chain;
  p.value += 1;
  CHECK(!check_puzzle(p, {}).ok);
  p = chain;
  p.solution[0].squares.pop_back();  // a shorter chain: legal under optional, not maximal
  p.value = check_turn(p.setup.board, p.setup.rules(), p.setup.position, p.solution[0])
                .size(p.setup.rules());
  const PuzzleCheck c = check_puzzle(p, {});
  CHECK(!c.ok);
  CHECK(c.reason.find("largest capture") != std::string::npos);

  const auto solo = make(spec_of(PuzzleKind::kSolitaire, 1, 5, 9), 0).at(0);
  p = solo;
  p.solution.pop_back();
  CHECK(!check_puzzle(p, {}).ok);  // captures less than it claims
  p = solo;
  p.unique = true;
  CHECK(check_puzzle(p, {}).ok == (p.extra.size() == 1 && p.extra[0].second == "1"));
}
