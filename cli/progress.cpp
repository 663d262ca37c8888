#include "cli/progress.h"

#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>

namespace leapfrog::cli {

namespace {
// Process-wide by nature: a signal handler can only reach static storage.
std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int sig) {
  if (g_interrupted.exchange(true)) std::_Exit(128 + sig);
}
}  // namespace

const std::atomic<bool>& install_interrupt_flag() {
  // SIGTERM too: `timeout` and service managers send it, and they want the answer so far.
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return g_interrupted;
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
