// Help and errors: --version and every subcommand's --help exit 0 and show usage, options
// with defaults and an example; every error is one line ending with the help hint.
#include <catch2/catch.hpp>
#include <sstream>

#include "run_cli.h"

using leapfrog::testing::run_cli;

namespace {

// The subcommands listed by 'leapfrog --help' (so commands added later are covered too).
std::vector<std::string> subcommands() {
  const auto r = run_cli("--help");
  std::vector<std::string> names;
  std::istringstream in(r.out);
  std::string line;
  bool in_list = false;
  while (std::getline(in, line)) {
    if (line == "Commands:") {
      in_list = true;
      continue;
    }
    if (in_list && line.empty()) break;
    if (in_list) {
      std::istringstream words(line);
      std::string name;
      words >> name;
      names.push_back(name);
    }
  }
  return names;
}

}  // namespace

TEST_CASE("leapfrog --version and --help exit 0", "[help]") {
  auto r = run_cli("--version");
  CHECK(r.code == 0);
  CHECK(r.out.starts_with("leapfrog "));
  r = run_cli("--help");
  CHECK(r.code == 0);
  CHECK(r.out.find("Usage: leapfrog COMMAND") != std::string::npos);
}

TEST_CASE("every subcommand's --help shows usage, options with defaults and an example", "[help]") {
  const auto names = subcommands();
  REQUIRE(names.size() >= 4);
  CHECK(std::find(names.begin(), names.end(), "sheet") != names.end());
  for (const std::string& name : names) {
    INFO("leapfrog " << name << " --help");
    const auto r = run_cli(name + " --help");
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.starts_with("Usage: leapfrog " + name));
    // All but the two that speak their own protocol (and refuse --json) print JSON.
    CHECK((r.out.find("--json") != std::string::npos) == (name != "hub" && name != "serve"));
    // Only the commands that draw boards list --color (with its default shown); generate's and
    // chess's help list what their subcommands take, and layout, show and play draw.
    const bool draws = name == "show" || name == "best" || name == "solve" || name == "analyse" ||
                       name == "verify" || name == "play" || name == "generate" || name == "chess";
    CHECK((r.out.find("--color WHEN (=auto)") != std::string::npos) == draws);
    CHECK(r.out.find("\nExample:\n  leapfrog " + name) != std::string::npos);
    CHECK(run_cli(name + " -h").out == r.out);
    CHECK(r.out.find("\n\n\n") == std::string::npos);  // one blank line between parts
  }
  for (const char* chess :
       {"show", "moves", "perft", "verify", "analyse", "match", "play", "uci"}) {
    const std::string name = std::string("chess ") + chess;
    INFO("leapfrog " << name << " --help");
    const auto r = run_cli(name + " --help");
    CHECK(r.code == 0);
    CHECK(r.out.starts_with("Usage: leapfrog " + name));
    CHECK(r.out.find("\n\n\n") == std::string::npos);
  }
}

TEST_CASE("every subcommand's errors are one line ending with the help hint", "[help]") {
  for (const std::string& name : subcommands()) {
    INFO("leapfrog " << name << " --no-such-option");
    const auto r = run_cli(name + " --no-such-option");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.starts_with("leapfrog " + name + ": "));
    CHECK(r.err.ends_with(". Try 'leapfrog " + name + " --help'.\n"));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  // Bad position text, too.
  const auto r = run_cli("show 12/3");
  CHECK(r.code == 2);
  CHECK(r.err ==
        "leapfrog show: position line 1, column 4: row has 1 squares, the first row 2 (rows of "
        "unequal "
        "length). Try 'leapfrog show --help'.\n");
}
