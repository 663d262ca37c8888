// The command lines of the README's examples, for the tests that run them (cli_docs,
// slow_cli_readme).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "run_cli.h"

namespace leapfrog::testing {

// The command lines of the README's examples (```sh blocks, lines "build/leapfrog ..."): the
// arguments, and the exit code the line's comment states ("exit N"), else 0.
struct ReadmeCommand {
  std::string args;
  int code = 0;
};

inline std::vector<ReadmeCommand> readme_commands() {
  std::istringstream lines(slurp(std::string(LEAPFROG_SOURCE_DIR) + "/README.md"));
  std::vector<ReadmeCommand> out;
  bool in_sh = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("```")) {
      in_sh = line == "```sh";
      continue;
    }
    const std::string exe = "build/leapfrog ";
    if (!in_sh || !line.starts_with(exe)) continue;
    ReadmeCommand c;
    std::string args = line.substr(exe.size());
    // A comment starts at " # "; position text may hold '#' but never after a blank.
    if (const auto hash = args.find(" # "); hash != std::string::npos) {
      const std::string comment = args.substr(hash + 3);
      if (const auto e = comment.find("exit "); e != std::string::npos)
        c.code = std::stoi(comment.substr(e + 5));
      args.erase(hash);
    }
    args.erase(args.find_last_not_of(' ') + 1);
    c.args = args;
    out.push_back(c);
  }
  return out;
}

}  // namespace leapfrog::testing
