// The 64-square board of Leap Chess one level deeper than the default suite: perft 5 from
// startpos64 under the three capture rules, the library's count against the tests'
// reference generator (chess_reference.h; counts only, the default suite compares depth 4
// node by node).
#include <catch2/catch.hpp>

#include "chess/movegen.h"
#include "chess_reference.h"

TEST_CASE("chess 64-square board: perft 5 from the start against the reference", "[slow][chess]") {
  using leapfrog::chess::Position;
  const Position start = Position::from_fen("startpos64");
  const struct {
    const char* rule;
    std::uint64_t nodes;
  } cases[] = {{"compulsory", 14040667}, {"multiple", 14197099}, {"optional", 18240438}};
  for (const auto& c : cases) {
    INFO("rule " << c.rule);
    const auto rules = leapfrog::chess::rules_for(*leapfrog::chess::parse_capture_rule(c.rule));
    CHECK(leapfrog::chess::perft(start, rules, 5) == c.nodes);
    CHECK(reference::perft(reference::parse(start.fen()), c.rule, 5) == c.nodes);
  }
}
