// Runs the built leapfrog executable for command-line tests: exit code, stdout, stderr.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace leapfrog::testing {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Text in single quotes, one shell word (the text holds no single quote). Built by appending:
// GCC 12 warns wrongly (-Wrestrict) on "literal" + string.
inline std::string quoted(const std::string& text) {
  std::string out = "'";
  out += text;
  out += "'";
  return out;
}

// `args` is appended to the executable's path as shell words (quote them yourself);
// `input` is fed to standard input.
inline CliResult run_cli(const std::string& args, const std::string& input = "") {
  static int counter = 0;
  const std::string base =
      "leapfrog_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string in_path = base + ".in", out_path = base + ".out", err_path = base + ".err";
  { std::ofstream(in_path, std::ios::binary) << input; }
  const std::string cmd = std::string("'") + LEAPFROG_EXE + "' " + args + " <" + in_path + " >" +
                          out_path + " 2>" + err_path;
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

// Starts the executable with `args` (shell words), sends it one SIGTERM after `delay`
// seconds (shell text such as "0.5") and waits: the exit code (-1 when it did not exit
// normally) and standard output; standard error is dropped. One signal, sent by a shell:
// `timeout` also signals its own process group, and a second signal ends the program at once
// by design (exit 143).
inline CliResult run_cli_terminated(const std::string& args, const char* delay) {
  static int counter = 0;
  const std::string out = "leapfrog_cli_test_term_" + std::to_string(::getpid()) + "_" +
                          std::to_string(counter++) + ".out";
  const std::string cmd = std::string("sh -c '\"$0\" ") + args + " >" + out +
                          " 2>/dev/null & pid=$!; sleep " + delay +
                          "; kill -TERM $pid; wait $pid' '" + LEAPFROG_EXE + "'";
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  std::remove(out.c_str());
  return r;
}

}  // namespace leapfrog::testing
