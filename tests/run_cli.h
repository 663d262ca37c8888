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

// How run_cli_signalled signals: `count` signals named `name` (as kill(1) names them), the
// first `delay` seconds after the start, then one every `gap` seconds (shell text such as
// "0.5").
struct Signals {
  const char* name = "TERM";
  const char* delay = "0.5";
  int count = 1;
  const char* gap = "0";
};

// Starts the executable with `args` (shell words), signals it as `signals` says and waits: the
// exit code (-1 when it did not exit normally) and standard output; standard error is
// dropped. `input`, when not empty, is a shell command (no single quote in it) whose output
// is piped to the executable's standard input. The signals are sent by a shell, to the
// process only: `timeout` also signals its own process group.
inline CliResult run_cli_signalled(const std::string& args, const Signals& signals,
                                   const std::string& input = "") {
  static int counter = 0;
  const std::string out = "leapfrog_cli_test_term_" + std::to_string(::getpid()) + "_" +
                          std::to_string(counter++) + ".out";
  std::string send = std::string("sleep ") + signals.delay + "; kill -" + signals.name + " $pid";
  for (int i = 1; i < signals.count; ++i)
    send += std::string("; sleep ") + signals.gap + "; kill -" + signals.name + " $pid";
  const std::string cmd = std::string("sh -c '") + (input.empty() ? "" : input + " | ") +
                          "\"$0\" " + args + " >" + out + " 2>/dev/null & pid=$!; " + send +
                          "; wait $pid' '" + LEAPFROG_EXE + "'";
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  std::remove(out.c_str());
  return r;
}

// One SIGTERM after `delay` seconds (shell text such as "0.5").
inline CliResult run_cli_terminated(const std::string& args, const char* delay) {
  return run_cli_signalled(args, {"TERM", delay});
}

}  // namespace leapfrog::testing
