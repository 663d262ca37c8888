// --then MOVE... on moves, best, solve and analyse: each answers exactly as it does for the
// position the moves reach (the position show --then prints); analyse --depth N looks N turns
// ahead.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "run_cli.h"

using leapfrog::testing::quoted;
using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {

const std::string kPosition = "3441./33311/.1.41/.4.../.41.1";

Json json_of(const std::string& args) {
  const auto r = run_cli(args + " --json");
  INFO(args << "\n" << r.err);
  REQUIRE(r.code == 0);
  return Json::parse(r.out);
}

}  // namespace

TEST_CASE("moves, best, solve and analyse --then answer for the position reached", "[cli][then]") {
  const std::string then = " --then e3xc3xa3 a4xa2";
  const std::string after = json_of("show " + kPosition + then)["position"];
  for (const std::string cmd : {"moves", "best", "analyse --threads 1", "solve --threads 1"}) {
    INFO(cmd);
    CHECK(json_of(cmd + " " + kPosition + then) == json_of(cmd + " " + quoted(after)));
  }
  // solve's --then turns are the game's, two players' opening removals among them, before the
  // position reached is read as solitaire.
  for (const std::string turns : {" --then xa1", " --then xa1 xd4"}) {
    INFO(turns);
    const std::string reached = json_of("show murray --size 4" + turns)["position"];
    CHECK(json_of("solve murray --size 4 --threads 1" + turns) ==
          json_of("solve --threads 1 " + quoted(reached)));
  }
}

TEST_CASE("bad moves after --then and a misplaced POSITION are usage errors", "[cli][then]") {
  for (const std::string cmd : {"moves", "best", "analyse", "solve"}) {
    auto r = run_cli(cmd + " " + kPosition + " --then e3xc3xa3 e3xc3");
    INFO(cmd << "\n" << r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find("--then move 2 'e3xc3' is not legal") != std::string::npos);
    r = run_cli(cmd + " --then e3xc3xa3");
    CHECK(r.code == 2);
    CHECK(r.err.find("missing POSITION (it comes before --then") != std::string::npos);
  }
}

TEST_CASE("analyse --depth N is the depth-limited search's value N turns ahead", "[cli][then]") {
  const Json one = json_of("analyse " + kPosition + " --depth 1 --threads 1");
  CHECK(one["depth"] == 1);
  CHECK(one["proved"] == false);
  CHECK(one["best"] == "e3xc3xa3");
  const Json deep = json_of("analyse " + kPosition + " --depth 30 --threads 1");
  CHECK(deep["proved"] == true);
  CHECK(deep["value"] == 3);
  CHECK(run_cli("analyse " + kPosition + " --depth x").code == 2);
}
