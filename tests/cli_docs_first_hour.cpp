// The options a newcomer meets first (show --then, verify --game's replay, generate layout
// --holes, the sheet's targets) are in each command's help, and the sheet writes its targets.
#include <catch2/catch.hpp>
#include <string>

#include "run_cli.h"

using leapfrog::testing::run_cli;

TEST_CASE("help names the first options, and the sheet writes each puzzle's target", "[docs]") {
  struct Case {
    const char* command;
    const char* option;
  };
  for (const Case& c :
       {Case{"show", "--then MOVE..."}, Case{"verify", "--plies"}, Case{"verify", "--svg FILE"},
        Case{"verify", "--svg-dir DIR"}, Case{"generate layout", "--holes N"}}) {
    INFO(c.command << " " << c.option);
    CHECK(run_cli(std::string(c.command) + " --help").out.find(c.option) != std::string::npos);
  }
  const auto r =
      run_cli("sheet " + std::string(LEAPFROG_SOURCE_DIR) + "/tests/data/puzzles.epd --html -");
  CHECK(r.code == 0);
  for (const char* target : {"Find the chain that captures the most points: 7 points in one turn.",
                             "Solitaire: capture 8 points in all, leaving 1 point on the board."}) {
    INFO(target);
    CHECK(r.out.find(target) != std::string::npos);
  }
  CHECK(run_cli("sheet --help").out.find("target") != std::string::npos);
}
