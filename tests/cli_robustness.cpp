// Stops, limits and errors under hostile input (issue 16): every command keeps the same
// contract whatever it is given.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_cli.h"

using leapfrog::testing::run_cli;
using Json = nlohmann::json;

namespace {

const std::string kData = std::string(LEAPFROG_SOURCE_DIR) + "/tests/data/";

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

}  // namespace

TEST_CASE("--threads is checked the same way by every command", "[cli][robust]") {
  const std::string epd = kData + "puzzles.epd";
  const std::vector<std::string> commands = {
      "check " + epd, "generate puzzles --kind solitaire --count 1 --seed 1 --size 4",
      "best 21.1.",   "solve 111.1",
      "reach 111.1",  "verify 21.1. a1xc1"};
  for (const std::string& cmd : commands) {
    INFO(cmd);
    const auto big = run_cli(cmd + " --threads 100000");
    CHECK(big.code == 2);
    CHECK(one_line(big.err));
    CHECK(big.err.find("--threads must be 0..1024") != std::string::npos);
    CHECK(run_cli(cmd + " --threads -1").code == 2);
    // More threads than the machine has: clamped, and the scheduler says nothing.
    const auto many = run_cli(cmd + " --threads 1024");
    CHECK(many.code != 2);
    CHECK(many.err.find("TBB") == std::string::npos);
  }
}
