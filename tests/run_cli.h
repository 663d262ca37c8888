// Runs the built leapfrog executable for command-line tests: exit code, stdout, stderr.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

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

// A running leapfrog in a dialogue (the hub): text to its standard input, lines from its
// standard output; standard error is dropped. Every wait has a deadline, so that a program
// that stops answering fails the test instead of hanging it, and whatever still runs at the
// end is killed.
class CliDialogue {
 public:
  static constexpr double kPatience = 10;  // seconds: the default deadline of a wait

  // `args` as for run_cli (shell words).
  explicit CliDialogue(const std::string& args) {
    std::signal(SIGPIPE, SIG_IGN);  // a program that ended must fail a send, not end the test
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return;
    const std::string cmd = std::string("exec '") + LEAPFROG_EXE + "' " + args + " 2>/dev/null";
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  CliDialogue(const CliDialogue&) = delete;
  CliDialogue& operator=(const CliDialogue&) = delete;
  ~CliDialogue() {
    close_input();
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (from_ >= 0) ::close(from_);
  }

  bool started() const { return pid_ > 0 && to_ >= 0 && from_ >= 0; }

  // Writes all of `text`, reading the program's output meanwhile (so that neither side waits
  // for the other); false when the program no longer reads it within `seconds`.
  bool send(const std::string& text, double seconds = kPatience) {
    const auto deadline = clock::now() + to_duration(seconds);
    for (std::size_t done = 0; done < text.size();) {
      pollfd p[2] = {{to_, POLLOUT, 0}, {from_, POLLIN, 0}};
      if (!wait(p, 2, deadline)) return false;
      if (p[1].revents & POLLIN) read_some();
      if (p[0].revents & (POLLERR | POLLHUP)) return false;
      if (!(p[0].revents & POLLOUT)) continue;
      const std::size_t most = std::min<std::size_t>(text.size() - done, 1 << 16);
      const ssize_t n = ::write(to_, text.data() + done, most);
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

  void close_input() {
    if (to_ >= 0) ::close(to_);
    to_ = -1;
  }

  void signal(int sig) { ::kill(pid_, sig); }

  // The next line of output (without its newline); none at the end of the output or when no
  // line came within `seconds`.
  std::optional<std::string> line(double seconds = kPatience) {
    const auto deadline = clock::now() + to_duration(seconds);
    for (;;) {
      if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string l = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return l;
      }
      if (!fill(deadline)) return std::nullopt;
    }
  }

  // Lines up to and including the first that starts with `prefix` (fewer when the output ends
  // or the deadline passes before it).
  std::vector<std::string> lines_until(const std::string& prefix, double seconds = kPatience) {
    const auto deadline = clock::now() + to_duration(seconds);
    std::vector<std::string> lines;
    while (const auto l = line(remaining(deadline))) {
      lines.push_back(*l);
      if (l->starts_with(prefix)) break;
    }
    return lines;
  }

  // Closes the input and waits for the end (wait_end).
  CliResult finish(double seconds = kPatience) {
    close_input();
    return wait_end(seconds);
  }

  // Waits for the end of the program, its input left as it is: the exit code (-1 when the
  // program did not exit normally, or not within `seconds`: it is then killed) and the output
  // not read yet.
  CliResult wait_end(double seconds = kPatience) {
    const auto deadline = clock::now() + to_duration(seconds);
    while (fill(deadline)) {
    }
    CliResult r;
    r.out = std::move(buffer_);
    buffer_.clear();
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
        return r;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }

 private:
  using clock = std::chrono::steady_clock;
  static clock::duration to_duration(double seconds) {
    return std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(seconds));
  }
  static double remaining(clock::time_point deadline) {
    return std::max(0.0, std::chrono::duration<double>(deadline - clock::now()).count());
  }

  // Polls until one of `fds` is ready; false at the deadline.
  static bool wait(pollfd* fds, int count, clock::time_point deadline) {
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(deadline - clock::now()).count();
    return ms > 0 && ::poll(fds, static_cast<nfds_t>(count), static_cast<int>(ms)) > 0;
  }

  // Appends what the program wrote to buffer_; false at the end of its output.
  bool read_some() {
    char block[1 << 16];
    const ssize_t n = ::read(from_, block, sizeof block);
    if (n <= 0) return false;
    buffer_.append(block, static_cast<std::size_t>(n));
    return true;
  }

  // Waits for output and reads it; false at the end of the output or the deadline.
  bool fill(clock::time_point deadline) {
    pollfd p{from_, POLLIN, 0};
    return from_ >= 0 && wait(&p, 1, deadline) && read_some();
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

// A scratch folder of its own under the system's temporary folder, removed at the end.
struct Scratch {
  std::string dir;
  explicit Scratch(const std::string& name = "leapfrog_test") {
    dir = (std::filesystem::temp_directory_path() /
           (name + "_" + std::to_string(::getpid()) + "_" + std::to_string(count++)))
              .string();
    std::filesystem::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  static inline int count = 0;
};

}  // namespace leapfrog::testing
