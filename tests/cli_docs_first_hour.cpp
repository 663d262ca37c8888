// The options of the issue "A newcomer's first hour" (show --then, verify --game's replay,
// generate layout --holes, the sheet's targets) are in the help and in the docs, which agree.
#include <catch2/catch.hpp>
#include <string>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using leapfrog::testing::slurp;

namespace {
const std::string kDocs = std::string(LEAPFROG_SOURCE_DIR) + "/docs/";
}

TEST_CASE("help and docs name the new options and keys", "[docs]") {
  struct Case {
    const char* command;
    const char* page;
    const char* option;
  };
  for (const Case& c :
       {Case{"show", "show.md", "--then MOVE..."}, Case{"verify", "verify.md", "--plies"},
        Case{"verify", "verify.md", "--svg FILE"}, Case{"verify", "verify.md", "--svg-dir DIR"},
        Case{"generate layout", "generate.md", "--holes N"}}) {
    INFO(c.command << " " << c.option);
    CHECK(run_cli(std::string(c.command) + " --help").out.find(c.option) != std::string::npos);
    const std::string page = slurp(kDocs + c.page);
    CHECK(page.find(std::string("`") + c.option) != std::string::npos);
  }
  // The JSON keys they add, on the JSON page.
  const std::string json = slurp(kDocs + "json.md");
  for (const char* key : {"`then`", "`final`", "`plies`", "`holes`", "`removals_due`"}) {
    INFO(key);
    CHECK(json.find(key) != std::string::npos);
  }
  // The sheet's page shows the targets as the sheet writes them.
  const std::string sheet = slurp(kDocs + "sheet.md");
  const auto r =
      run_cli("sheet " + std::string(LEAPFROG_SOURCE_DIR) + "/tests/data/puzzles.epd --html -");
  for (const char* target : {"Find the chain that captures the most points: 7 points in one turn.",
                             "Solitaire: capture 8 points in all, leaving 1 point on the board."}) {
    INFO(target);
    CHECK(sheet.find(target) != std::string::npos);
    CHECK(r.out.find(target) != std::string::npos);
  }
  CHECK(run_cli("sheet --help").out.find("target") != std::string::npos);
}
