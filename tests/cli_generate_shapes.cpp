// generate layout|puzzles --board triangle|hexagon: a piece set on a six-direction shape.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

TEST_CASE("generate layout --board lays the pieces out on the shape", "[cli][generate][hex]") {
  auto r = run_cli("generate layout --board triangle --size 4 --seed 2 --json");
  REQUIRE(r.code == 0);
  Json j = Json::parse(r.out);
  CHECK(j["position"] == "1###/21##/134#/3122 variant=murray grid=hex");
  CHECK(j["points"] == 20);
  // Read back, it is the triangle of six-direction jumps, with the opening removal due.
  r = run_cli("show '" + j["position"].get<std::string>() + "' --json");
  REQUIRE(r.code == 0);
  CHECK(Json::parse(r.out)["removals_due"].size() == 2);
  r = run_cli("generate layout --board hexagon --size 3 --seed 2 --color never");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("murray on the hexagon of side 3 (19 squares)") != std::string::npos);
  // A preset drawn to a side is described by its side, a fixed board by its holes.
  r = run_cli("generate layout --variant triangle --size 5 --color never");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("seed 1, triangle of side 5 (15 squares): 15 plain") != std::string::npos);
  r = run_cli("generate layout --variant english --color never");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("seed 1, english 7x7 (33 squares): 33 plain") != std::string::npos);
  // --board square is the plain layout.
  CHECK(run_cli("generate layout --board square --size 5 --seed 3").out ==
        run_cli("generate layout --size 5 --seed 3").out);
}

TEST_CASE("generate puzzles --board: shaped puzzles that check re-verifies",
          "[cli][generate][hex]") {
  auto r = run_cli("generate puzzles --board hexagon --size 6 --count 3 --seed 3006 --json");
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  REQUIRE(j["puzzles"].size() == 3);
  for (const Json& p : j["puzzles"])
    CHECK(p["position"].get<std::string>().find("grid=hex") != std::string::npos);
  r = run_cli("generate puzzles --board triangle --kind solitaire --size 5 --count 2 --seed 4");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("grid=hex") != std::string::npos);
}

TEST_CASE("generate --board refuses what does not fit a shape, in one line",
          "[cli][generate][hex]") {
  for (const char* bad :
       {"generate puzzles --board triangle --diagonal",
        "generate puzzles --board hexagon --orthogonal",
        "generate puzzles --board hexagon --kind solitaire --size 8",
        "generate puzzles --board hexagon --size 14", "generate puzzles --board triangle --size 2",
        "generate layout --board triangle --variant english",
        "generate layout --board hexagon --width 5", "generate layout --board circle",
        "generate puzzles --unique", "generate puzzles --kind chain --unique"}) {
    INFO(bad);
    const auto r = run_cli(bad);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    // Named by the subcommand: "leapfrog generate layout: " or "leapfrog generate puzzles: ".
    const std::string line = bad;
    CHECK(r.err.find("leapfrog " + line.substr(0, line.find(' ', 9)) + ": ") == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("generate puzzles --size out of range is told the range of its kind and board",
          "[cli][generate][hex]") {
  // One message for every side refused, too small, too large or no number, with the range
  // that the kind and the board allow.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--size 27", "--size must be a whole number 3..26 for chain puzzles, not '27'"},
      {"--size 2", "--size must be a whole number 3..26 for chain puzzles, not '2'"},
      {"--size 0", "--size must be a whole number 3..26 for chain puzzles, not '0'"},
      {"--kind solitaire --size 13",
       "--size must be a whole number 3..12 for solitaire puzzles, not '13'"},
      {"--board triangle --size 27",
       "--size must be a whole number 3..26 for chain puzzles on the triangle, not '27'"},
      {"--board hexagon --kind solitaire --size 8",
       "--size must be a whole number 3..7 for solitaire puzzles on the hexagon, not '8'"},
      {"--size x", "--size must be a whole number 3..26 for chain puzzles, not 'x'"}};
  for (const auto& [args, message] : cases) {
    INFO(args);
    const auto r = run_cli("generate puzzles " + args + " --count 1");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "leapfrog generate puzzles: " + message + ". Try 'leapfrog generate puzzles --help'.\n");
  }
}

TEST_CASE("generate puzzles says one puzzle and one candidate in the singular", "[cli][generate]") {
  const auto one = run_cli("generate puzzles --count 1 --seed 3");
  REQUIRE(one.code == 0);
  CHECK(one.err.find("seed 3: 1 chain puzzle from 5 candidates in ") != std::string::npos);
  const auto two = run_cli("generate puzzles --count 2 --seed 3");
  REQUIRE(two.code == 0);
  CHECK(two.err.find("seed 3: 2 chain puzzles from 7 candidates in ") != std::string::npos);
}
