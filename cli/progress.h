// The terminal side of long runs: Ctrl-C handling and a progress line on standard error.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>

#include "core/control.h"

namespace leapfrog::cli {

// Stop requests: SIGINT (Ctrl-C) and SIGTERM. The first one sets the flag that the searches
// poll, so that a search stops and its command prints the best found so far; a second one
// ends the process at once, with exit status 128 + the signal's number. A second signal that
// comes within kRepeatWindow of the first is the same request delivered twice (GNU `timeout`
// signals both the process and its process group) and is ignored: only a later, deliberate
// second Ctrl-C ends the process before its answer is printed.
inline constexpr std::chrono::milliseconds kRepeatWindow{1000};

// Installs the handler for SIGINT and SIGTERM. main() calls it before anything else, so that
// a stop that comes while a command still reads its input is not lost: the search then
// starts stopped and the command prints what it has.
void arm_interrupts();

// Installs the handler (if it is not already) and returns the flag it sets.
const std::atomic<bool>& install_interrupt_flag();

// For the commands that talk with a person (play, chess play): the signals end the program at
// once, as someone at a prompt expects (the default action). A stop request that came before
// the call ends the program now. (The hub, talking with a program, keeps the flag: a signal
// stops its search, which still answers.)
void release_interrupts();

// While it lives, a stop request ends the program at once (exit 128 + the signal's number):
// for a command waiting for a person to type its input, which has nothing to print yet.
class InterruptEndsWait {
 public:
  InterruptEndsWait();
  ~InterruptEndsWait();
  InterruptEndsWait(const InterruptEndsWait&) = delete;
  InterruptEndsWait& operator=(const InterruptEndsWait&) = delete;
};

// While it lives, the command is reading its input (a file, a pipe, a named pipe). A stop
// request then lets the reading go on for kReadGraceSeconds, so that input already on its way
// still gets an answer (the search starts stopped and prints what it has), and ends the
// program (exit 128 + the signal's number) if the input has not ended by then: a pipe or a
// named pipe may wait for its writer for ever, deaf to the stop flag.
inline constexpr unsigned kReadGraceSeconds = 1;
class InterruptEndsRead {
 public:
  InterruptEndsRead();
  ~InterruptEndsRead();
  InterruptEndsRead(const InterruptEndsRead&) = delete;
  InterruptEndsRead& operator=(const InterruptEndsRead&) = delete;
};

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
  // Clears the line and calls write() before any update can draw it again: for output that
  // a search's threads produce while others report progress.
  void clear_then(const std::function<void()>& write);
  bool enabled() const { return enabled_; }
  // A callback for SearchControl::progress.
  std::function<void(const Progress&)> callback() {
    return [this](const Progress& p) { update(p); };
  }

 private:
  void erase();  // clear() with the lock held
  ProgressLabels labels_;
  bool enabled_;
  bool shown_ = false;
  int width_ = 0;  // the characters of the line shown
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mutex_;
};

}  // namespace leapfrog::cli
