#include "cli/progress.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>

namespace leapfrog::cli {

namespace {
// Process-wide by nature: a signal handler can only reach static storage.
std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int signal) {
  if (g_interrupted.exchange(true)) std::_Exit(128 + signal);
}
}  // namespace

const std::atomic<bool>& install_interrupt_flag() {
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return g_interrupted;
}

ProgressLine::ProgressLine()
    : enabled_(isatty(STDERR_FILENO) != 0),
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
  char line[200];
  int n = std::snprintf(line, sizeof line, "\r%llu nodes  %.3g n/s  best %d  %.1fs",
                        static_cast<unsigned long long>(p.nodes), rate, p.best, secs);
  if (p.fraction >= 0 && n > 0 && n < static_cast<int>(sizeof line))
    n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  %.1f%%",
                       100 * p.fraction);
  if (!p.note.empty() && n > 0 && n < static_cast<int>(sizeof line))
    std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  %s", p.note.c_str());
  std::fprintf(stderr, "%s\x1b[K", line);
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (shown_) std::fprintf(stderr, "\r\x1b[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace leapfrog::cli
