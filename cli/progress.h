// The terminal side of long runs: Ctrl-C handling and a progress line on standard error.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

#include "solver/control.h"

namespace leapfrog::cli {

// Installs a SIGINT and SIGTERM handler that sets the returned flag (the first Ctrl-C or
// SIGTERM asks the search to stop and print its best so far; a second one ends the process
// at once, exit 128 + the signal's number).
const std::atomic<bool>& install_interrupt_flag();

// Prints "\r<nodes> nodes  <rate> n/s  best <b>  <elapsed>s  <note>" on standard error at
// most five times a second, only when standard error is a terminal; clear() erases it.
class ProgressLine {
 public:
  ProgressLine();
  ~ProgressLine();
  void update(const Progress& p);
  void clear();
  bool enabled() const { return enabled_; }
  // A callback for SearchControl::progress.
  std::function<void(const Progress&)> callback() {
    return [this](const Progress& p) { update(p); };
  }

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mutex_;
};

}  // namespace leapfrog::cli
