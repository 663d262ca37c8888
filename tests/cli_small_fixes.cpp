// Small things a new user trips over: how solitaire reads a position's players, a square the
// board's shape leaves out, the exit codes check.md promises.
#include <catch2/catch.hpp>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

TEST_CASE("solve says that a position's players owed no removal in words", "[cli][solve]") {
  const auto r = run_cli("solve '3441./33311/.1.41/.4.../.41.1' --by pieces --color never");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("solitaire: one player makes every turn, no opening removal (the position's 2 "
                   "players owed none)") != std::string::npos);
}

TEST_CASE("solve --finish on a square the board leaves out says so", "[cli][solve]") {
  const auto r = run_cli("solve english --finish a1");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog solve: --finish: square a1 is on the 7x7 grid but not a square of the board "
        "('#' in its position text). Try 'leapfrog solve --help'.\n");
  CHECK(run_cli("solve english --finish h1").err.find("square h1 is not on the 7x7 board") !=
        std::string::npos);
}

TEST_CASE("check.md names every exit code check has", "[cli][docs]") {
  const std::string doc = slurp(std::string(LEAPFROG_SOURCE_DIR) + "/docs/check.md");
  const std::size_t at = doc.find("Exit codes: ");
  REQUIRE(at != std::string::npos);
  const std::string codes = doc.substr(at, doc.find('.', at) - at);
  for (const char* code : {"0 every puzzle verified", "1 a puzzle failed", "2 bad input"})
    CHECK(codes.find(code) != std::string::npos);
}
