// The one place where a search reads its SearchControl while it runs: whether it must stop
// (the caller's flag, the node limit, the time limit) and when to call the progress callback.
// What counts as a node, and how often a search asks, stay the search's own business.
//
// Contract: any number of threads may call both members at the same time. `progress` is
// called at most once per period (200 ms by default), never concurrently with itself; a
// thread that finds another one reporting skips its report instead of waiting.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>

#include "core/control.h"

namespace leapfrog {

class Poller {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Poller(const SearchControl& control,
                  std::chrono::milliseconds period = std::chrono::milliseconds(200))
      : control_(control), start_(Clock::now()), period_(period) {}

  // True when the caller asked to stop, `nodes` (the search's count so far) reached the node
  // limit, or the time limit has passed since construction.
  bool limit_reached(std::uint64_t nodes) const {
    if (control_.stop_requested()) return true;
    if (control_.node_limit != 0 && nodes >= control_.node_limit) return true;
    return control_.time_limit.count() > 0 && Clock::now() - start_ >= control_.time_limit;
  }

  // Calls the progress callback with make() (a Progress) when a period has passed since the
  // last report; the first report may come at once. make() runs only when reporting.
  template <class Make>
  void report(Make&& make) {
    if (!control_.progress) return;
    const Clock::rep now = Clock::now().time_since_epoch().count();
    if (now - last_.load(std::memory_order_relaxed) < period_ticks()) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    if (now - last_.load(std::memory_order_relaxed) < period_ticks()) return;  // just reported
    last_.store(now, std::memory_order_relaxed);
    control_.progress(make());
  }

  const SearchControl& control() const { return control_; }

 private:
  Clock::rep period_ticks() const {
    return std::chrono::duration_cast<Clock::duration>(period_).count();
  }

  const SearchControl& control_;
  Clock::time_point start_;
  std::chrono::milliseconds period_;
  std::mutex mutex_;
  // The last report's time in clock ticks; the lowest value so that the first report is due.
  std::atomic<Clock::rep> last_{std::numeric_limits<Clock::rep>::min() / 2};
};

}  // namespace leapfrog
