// The terminal side of long runs: Ctrl-C handling and a progress line on standard error.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

#include "core/control.h"

namespace leapfrog::cli {

// Installs a SIGINT and SIGTERM handler that sets the returned flag (the first Ctrl-C or
// SIGTERM asks the search to stop and print its best so far; a second one ends the process at
// once, with exit status 128 + the signal's number).
const std::atomic<bool>& install_interrupt_flag();

// Seconds for people: "0.072 s", "3.45 s", "12.3 s", "754 s".
std::string format_seconds(double seconds);
// Seconds for --json: rounded to the millisecond.
double round_seconds(double seconds);

// What a progress line calls its work and its best so far (generate counts candidates and
// puzzles found, the searches nodes and the best value).
struct ProgressLabels {
  const char* work = "nodes";
  const char* best = "best";  // nullptr: not shown (the note says it)
};

// Prints "\r<nodes> nodes  <rate>/s  best <b> (at most <bound>)  <elapsed> s  <note>" on
// standard error at most five times a second, only when standard error is a terminal;
// clear() erases it.
class ProgressLine {
 public:
  explicit ProgressLine(ProgressLabels labels = {});
  ~ProgressLine();
  void update(const Progress& p);
  void clear();
  bool enabled() const { return enabled_; }
  // A callback for SearchControl::progress.
  std::function<void(const Progress&)> callback() {
    return [this](const Progress& p) { update(p); };
  }

 private:
  ProgressLabels labels_;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mutex_;
};

}  // namespace leapfrog::cli
