// analyse POSITION without --nodes or --time-limit: a position too large to prove in seconds
// gets a default budget and ends; on a terminal it says what it does and how to stop it.
#include <catch2/catch.hpp>

#include "pseudo_terminal.h"

using leapfrog::testing::run_in_pty;

TEST_CASE("analyse of a large position ends by itself and says so on a terminal",
          "[cli][analyse]") {
  const auto r = run_in_pty({LEAPFROG_EXE, "analyse", "murray", "--size", "7", "--threads", "1"},
                            {}, std::chrono::seconds(60));
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("searching 1000000 positions, the default on a position too large to prove "
                   "quickly (--nodes, --time-limit); Ctrl-C stops it with the best found so "
                   "far") != std::string::npos);
  CHECK(r.out.find("search stopped early") != std::string::npos);
}

TEST_CASE("analyse of a small position is proved, and says so on a terminal", "[cli][analyse]") {
  const auto r = run_in_pty({LEAPFROG_EXE, "analyse", "3441./33311/.1.41/.4.../.41.1"}, {},
                            std::chrono::seconds(60));
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("searching until the value is proved") != std::string::npos);
  CHECK(r.out.find("value +3, proved") != std::string::npos);
}
