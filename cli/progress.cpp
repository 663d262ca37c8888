#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace leapfrog::cli {

namespace {
// Process-wide by nature: a signal handler can only reach static storage. Each is lock-free,
// so the handler may touch it.
std::atomic<bool> g_interrupted{false};
// When the first stop request came (CLOCK_MONOTONIC, ns; 0: none yet) and which signal it was.
std::atomic<std::int64_t> g_first_request{0};
std::atomic<int> g_first_signal{0};
// A command is waiting for a person to type: a request ends the program (InterruptEndsWait).
std::atomic<bool> g_waiting{false};
// A command is reading its input: a request ends the program a while later (InterruptEndsRead).
std::atomic<bool> g_reading{false};
static_assert(std::atomic<std::int64_t>::is_always_lock_free);

// clock_gettime is async-signal-safe; never 0, which means "no request yet".
std::int64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::max<std::int64_t>(1, std::int64_t{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec);
}

extern "C" void on_interrupt(int sig) {
  if (g_waiting.load()) std::_Exit(128 + sig);
  const std::int64_t now = monotonic_ns();
  // The first request: its signal, its time, then the flag, in that order (whoever sees the
  // time or the flag also sees the signal).
  int no_signal = 0;
  g_first_signal.compare_exchange_strong(no_signal, sig);
  std::int64_t first = 0;
  if (g_first_request.compare_exchange_strong(first, now)) {
    g_interrupted.store(true);
    if (g_reading.load()) ::alarm(kReadGraceSeconds);
    return;
  }
  const auto window = std::chrono::duration_cast<std::chrono::nanoseconds>(kRepeatWindow);
  if (now - first >= window.count()) std::_Exit(128 + sig);
}

// The grace a stop request gives the input being read (InterruptEndsRead) has run out.
extern "C" void on_read_alarm(int) {
  if (g_reading.load()) std::_Exit(128 + g_first_signal.load());
}

void set_handlers(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // Reads and writes interrupted by a signal go on: the flag alone carries the request.
  action.sa_flags = SA_RESTART;
  // SIGTERM too: `timeout` and service managers send it, and they want the answer so far.
  for (const int sig : {SIGINT, SIGTERM}) ::sigaction(sig, &action, nullptr);
}

// Ends the program for the stop request that came first, if any.
void end_if_requested() {
  if (g_first_request.load() != 0) std::_Exit(128 + g_first_signal.load());
}
}  // namespace

void arm_interrupts() { set_handlers(on_interrupt); }

const std::atomic<bool>& install_interrupt_flag() {
  arm_interrupts();
  return g_interrupted;
}

void release_interrupts() {
  set_handlers(SIG_DFL);
  end_if_requested();
}

InterruptEndsWait::InterruptEndsWait() {
  g_waiting.store(true);
  end_if_requested();
}

InterruptEndsWait::~InterruptEndsWait() { g_waiting.store(false); }

InterruptEndsRead::InterruptEndsRead() {
  struct sigaction action {};
  action.sa_handler = on_read_alarm;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGALRM, &action, nullptr);
  g_reading.store(true);
  // A request that came before the reading began gives it the same grace.
  if (g_first_request.load() != 0) ::alarm(kReadGraceSeconds);
}

InterruptEndsRead::~InterruptEndsRead() {
  g_reading.store(false);
  ::alarm(0);
}

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text,
                seconds < 1     ? "%.3f s"
                : seconds < 10  ? "%.2f s"
                : seconds < 100 ? "%.1f s"
                                : "%.0f s",
                seconds);
  return text;
}

double round_seconds(double seconds) { return std::round(seconds * 1000) / 1000; }

ProgressLine::ProgressLine(ProgressLabels labels)
    : labels_(labels),
      enabled_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::update(const Progress& p) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 ? static_cast<double>(p.nodes) / secs : 0;
  char line[240];
  int n = std::snprintf(line, sizeof line, "\r%llu %s  %.3g/s",
                        static_cast<unsigned long long>(p.nodes), labels_.work, rate);
  const auto append = [&](const char* format, auto... values) {
    if (n > 0 && n < static_cast<int>(sizeof line))
      n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), format, values...);
  };
  if (labels_.best) append("  %s %d", labels_.best, p.best);
  if (p.bound >= 0) append(" (at most %d)", p.bound);
  append("  %.1f s", secs);
  if (p.fraction >= 0) append("  %.1f%%", 100 * p.fraction);
  if (!p.note.empty()) append("  %s", p.note.c_str());
  // Blanks, not an escape code (which a dumb terminal would print), erase what is left of a
  // longer line before.
  const int width = static_cast<int>(std::strlen(line)) - 1;  // without the '\r'
  std::fprintf(stderr, "%s%*s", line, std::max(0, width_ - width), "");
  width_ = width;
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  erase();
}

void ProgressLine::erase() {
  if (shown_) std::fprintf(stderr, "\r%*s\r", width_, "");
  width_ = 0;
  std::fflush(stderr);
  shown_ = false;
}

void ProgressLine::clear_then(const std::function<void()>& write) {
  std::lock_guard lock(mutex_);
  if (enabled_) erase();
  write();
}

}  // namespace leapfrog::cli
