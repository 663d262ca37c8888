// The full English tables: every level of OEIS A112737 and its sum, the count without
// symmetry, and the number of optimal lines.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "puzzles/notation.h"
#include "puzzles/variant.h"
#include "solver/reach.h"
#include "solver/solitaire.h"

using namespace leapfrog;

TEST_CASE("reach english gives OEIS A112737 and 23,475,688", "[slow][reach]") {
  // OEIS A112737 (G. I. Bell): distinct positions after n jumps on the 33-hole board, centre
  // vacant, symmetric images counted once; "The sum of this (finite) sequence is 23475688".
  const std::vector<std::uint64_t> a112737 = {
      1,       1,       2,       8,       39,      171,     719,     2757,
      9751,    31312,   89927,   229614,  517854,  1022224, 1753737, 2598215,
      3312423, 3626632, 3413313, 2765623, 1930324, 1160977, 600372,  265865,
      100565,  32250,   8688,    1917,    348,     50,      7,       2};
  const Setup s = parse_position(find_variant("english")->start);
  const ReachResult r = reach(s.board, s.rules(), s.position, true, SearchControl{});
  CHECK(r.levels == a112737);
  CHECK(r.total == 23475688);
}

TEST_CASE("reach english without symmetry gives 187,636,299", "[slow][reach]") {
  // The figure for every position counted separately (no symmetry folding).
  const Setup s = parse_position(find_variant("english")->start);
  const ReachResult r = reach(s.board, s.rules(), s.position, false, SearchControl{});
  CHECK(r.total == 187636299);
  CHECK(r.levels.size() == 32);
}

TEST_CASE("solve --count english", "[slow][solitaire]") {
  // Durango Bill (durangobill.com/Peg33.html) gives 40,861,647,040,079,968 solutions that
  // end on the centre hole. Ours counts every single-jump sequence that leaves one peg
  // anywhere, so it must be at least that; the exact figure is pinned to catch changes (it is
  // not a published number).
  const Setup s = parse_position(find_variant("english")->start);
  SolveOptions options;
  options.count = true;
  const SolveResult r = solve(s.board, s.rules(), s.position, options, SearchControl{});
  CHECK(r.value == 31);
  CHECK(r.count.size() == 17);
  CHECK(r.count >= "40861647040079968");
  CHECK(r.count == "81723294080159936");
}

TEST_CASE("solve english --finish: the centre and the four arms' ends", "[slow][solitaire]") {
  // Durango Bill (durangobill.com/Peg33.html): 40,861,647,040,079,968 single-jump solutions
  // end on the centre. The start's symmetries carry d1 to a4, d7 and g4, so each of them
  // ends as many lines; with the centre they are every square the position class allows
  // (core/classes.h), so together they make every line that leaves one peg.
  const Setup s = parse_position(find_variant("english")->start);
  SolveOptions options;
  options.count = true;
  std::vector<std::string> counts;
  for (const char* square : {"d4", "d1", "a4", "d7", "g4"}) {
    options.finish = parse_square(s.board, square);
    const SolveResult r = solve(s.board, s.rules(), s.position, options, SearchControl{});
    INFO(square);
    CHECK(r.proved);
    CHECK(r.possible);
    counts.push_back(r.count);
  }
  CHECK(counts[0] == "40861647040079968");
  for (std::size_t i = 1; i < counts.size(); ++i) CHECK(counts[i] == "10215411760019992");
  // 40,861,647,040,079,968 + 4 * 10,215,411,760,019,992 = 81,723,294,080,159,936.
  options.finish = kNoSquare;
  CHECK(solve(s.board, s.rules(), s.position, options, SearchControl{}).count ==
        "81723294080159936");
}
