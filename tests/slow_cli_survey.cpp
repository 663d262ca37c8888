// survey on the English board, every start proved (some seconds).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using Json = nlohmann::json;

TEST_CASE("survey english: every start up to symmetry leaves one peg, proved", "[slow][survey]") {
  // Every single-vacancy start of the 33-hole English board reduces to one peg, as solve
  // proves start by start (docs/solitaire.md).
  const auto r = leapfrog::testing::run_cli("survey english --json --threads 2");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["starts"] == 7);
  CHECK(j["proved"] == 7);
  REQUIRE(j["rows"].size() == 7);
  for (const Json& row : j["rows"]) {
    INFO(row["start"]);
    CHECK(row["left"] == 1);
    CHECK(row["proved"] == true);
  }
}
