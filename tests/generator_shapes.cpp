// Puzzles on the six-direction shapes (generate puzzles --board triangle|hexagon): the board
// is the shape, the jumps are the hex lattice's, the answers hold by independent checks, and
// the output depends on the seed only.
#include <catch2/catch.hpp>
#include <string>
#include <utility>

#include "generator/check.h"
#include "generator/puzzles.h"
#include "puzzle_answers.h"
#include "puzzles/legality.h"
#include "puzzles/movegen.h"

using namespace leapfrog;
using leapfrog::testing::check_chain_answer;
using leapfrog::testing::check_solitaire_answer;

namespace {

std::vector<Puzzle> make(PuzzleKind kind, const char* shape, int size, std::uint64_t seed,
                         int threads) {
  PuzzleSpec spec;
  spec.kind = kind;
  spec.count = 3;
  spec.size = size;
  spec.seed = seed;
  spec.shape = find_variant(shape);
  SearchControl control;
  control.threads = threads;
  return generate_puzzles(spec, control);
}

}  // namespace

TEST_CASE("puzzles on a triangle and a hexagon: the shape, six directions, checked answers",
          "[generator][hex][heavy]") {
  struct Case {
    PuzzleKind kind;
    const char* shape;
    int size;
    int squares;
  };
  for (const Case& c :
       {Case{PuzzleKind::kChain, "triangle", 8, 36}, Case{PuzzleKind::kChain, "hexagon", 5, 61},
        Case{PuzzleKind::kSolitaire, "triangle", 5, 15},
        Case{PuzzleKind::kSolitaire, "triangle", 6, 21}}) {
    const auto puzzles = make(c.kind, c.shape, c.size, 7, 0);
    INFO(c.shape << " " << c.size);
    REQUIRE(puzzles.size() == 3);
    for (const Puzzle& p : puzzles) {
      INFO(p.id);
      const Rules rules = p.setup.rules();
      CHECK(p.setup.board.squares() == c.squares);
      CHECK(rules.jumps == JumpSet::kHex);
      CHECK(format_position(p.setup).find(" grid=hex") != std::string::npos);
      CHECK(p.setup.variant == "murray");
      if (c.kind == PuzzleKind::kChain)
        check_chain_answer(p);  // the one largest turn of the model's enumeration
      else
        check_solitaire_answer(p);  // replays to the value, which the reference confirms
      CHECK(check_puzzle(p, {}).ok);
    }
  }
}

TEST_CASE("shaped puzzles: same seed, same puzzles at 1 and 2 threads", "[generator][hex][heavy]") {
  // The 19-square hexagon: the 37-square one counts millions of lines per puzzle.
  for (const auto& [shape, size] : {std::pair{"triangle", 6}, std::pair{"hexagon", 3}}) {
    const auto one = format_puzzles_epd(make(PuzzleKind::kSolitaire, shape, size, 11, 1));
    const auto two = format_puzzles_epd(make(PuzzleKind::kSolitaire, shape, size, 11, 2));
    INFO(shape);
    CHECK(!one.empty());
    CHECK(one == two);
  }
}
