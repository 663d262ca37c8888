// Every command the README shows, run in full as a reader would run it (some take many
// seconds: the English board's line count, the reach count, the benchmark).
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "readme_commands.h"
#include "run_cli.h"

using leapfrog::testing::ReadmeCommand;

TEST_CASE("every command the README shows runs and exits as it says", "[slow][docs]") {
  namespace fs = std::filesystem;
  // A folder of its own, so that the files the examples write (an SVG, a sheet) go there; the
  // examples' paths into the repository (puzzles/...) are relative to its top.
  const fs::path dir =
      fs::temp_directory_path() / ("leapfrog_readme_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::create_symlink(std::string(LEAPFROG_SOURCE_DIR) + "/puzzles", dir / "puzzles");
  const std::vector<ReadmeCommand> commands = leapfrog::testing::readme_commands();
  CHECK(commands.size() >= 20);
  for (const ReadmeCommand& c : commands) {
    INFO("leapfrog " << c.args);
    if (c.args.starts_with("serve")) {
      // The server runs until it is stopped: a stop ends it with exit 0.
      leapfrog::testing::Signals stop;
      stop.delay = "1";
      CHECK(leapfrog::testing::run_cli_signalled(c.args, stop).code == c.code);
      continue;
    }
    // The interactive commands (play, hub) meet the end of their input at once.
    const std::string cmd = "cd '" + dir.string() + "' && '" + LEAPFROG_EXE + "' " + c.args +
                            " </dev/null >/dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    CHECK((WIFEXITED(status) ? WEXITSTATUS(status) : -1) == c.code);
  }
  fs::remove_all(dir);
}
