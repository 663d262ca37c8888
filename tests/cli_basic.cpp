// The command line's contract (SPEC section 3) for show, moves and perft.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

TEST_CASE("show --json reports size, pieces and points", "[cli]") {
  const auto r = run_cli("show 1234/2.#1/4411 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["width"] == 4);
  CHECK(j["height"] == 3);
  CHECK(j["pieces"] == 10);
  CHECK(j["points"] == 23);
}
