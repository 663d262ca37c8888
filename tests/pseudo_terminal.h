// Runs a program on a pseudo-terminal (forkpty), so tests can see what a user at a terminal
// sees even where the test run itself has no terminal (CI).
#pragma once

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace leapfrog::testing {

struct PtyResult {
  int code = -1;    // exit code, -1 if killed or timed out
  std::string out;  // everything written to the terminal (stdout and stderr, "\r\n" line ends)
};

// Environment changes for the child: a value sets the variable, nullopt unsets it.
using EnvChanges = std::vector<std::pair<std::string, std::optional<std::string>>>;

// Runs `child` in a forked copy of this process whose standard streams are a new
// pseudo-terminal; the child ends with _exit(0) after it returns. `input` is typed on the
// terminal after `typing_delay` (the terminal holds it until the child reads it, a line at a
// time; a Ctrl-C, "\x03", signals the child when it is typed).
template <class Child>
PtyResult run_function_in_pty(Child child, std::chrono::seconds timeout = std::chrono::seconds(30),
                              const std::string& input = "",
                              std::chrono::milliseconds typing_delay = {}) {
  int master = -1;
  // The child gets a copy of this process's unwritten stdio buffers (the test runner's
  // output, buffered when standard output is a pipe); should it write them (under
  // ThreadSanitizer its _exit does), they would land on the terminal after its own output.
  std::fflush(nullptr);
  const pid_t pid = forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) throw std::runtime_error("forkpty failed");
  if (pid == 0) {
    child();
    _exit(0);
  }
  if (typing_delay.count() > 0) std::this_thread::sleep_for(typing_delay);
  for (std::size_t done = 0; done < input.size();) {
    const ssize_t n = write(master, input.data() + done, input.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  PtyResult r;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill(pid, SIGKILL);
      break;
    }
    pollfd p{master, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    char buf[4096];
    const ssize_t n = read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has closed the terminal
    r.out.append(buf, static_cast<std::size_t>(n));
  }
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline PtyResult run_in_pty(const std::vector<std::string>& argv, const EnvChanges& env = {},
                            std::chrono::seconds timeout = std::chrono::seconds(30),
                            const std::string& input = "",
                            std::chrono::milliseconds typing_delay = {}) {
  return run_function_in_pty(
      [&] {
        for (const auto& [name, value] : env) {
          if (value)
            setenv(name.c_str(), value->c_str(), 1);
          else
            unsetenv(name.c_str());
        }
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
      },
      timeout, input, typing_delay);
}

}  // namespace leapfrog::testing
