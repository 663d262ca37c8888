// How a caller steers a long search: a stop flag, limits, a progress callback, threads.
// The solver core never prints; it calls `progress` now and then (from any thread, never
// concurrently with itself) and polls `stop`; core/poller.h does both for it.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace leapfrog {

struct Progress {
  std::uint64_t nodes = 0;  // work done so far (positions or chain nodes searched)
  std::int32_t best = 0;    // best value found so far (a Score of the game)
  double fraction = -1;     // share of the work done, 0..1, or -1 when unknown
  std::string note;         // a short phase name ("depth 12", "level 7"), may be empty
  std::int32_t bound = -1;  // an upper bound on the final value, or -1 when none is known
};

struct SearchControl {
  // Set by the caller (e.g. on Ctrl-C) to stop the search early; may be null.
  const std::atomic<bool>* stop = nullptr;
  // A second flag, polled as `stop` is: set by a search that runs this one beside others
  // and no longer needs its answer (solve's finish probes); may be null.
  const std::atomic<bool>* cancel = nullptr;
  // 0 = no limit.
  std::uint64_t node_limit = 0;
  std::chrono::milliseconds time_limit{0};
  // Called at most every few hundred milliseconds; may be empty.
  std::function<void(const Progress&)> progress;
  // The most memory, in MB, a search's tables may hold: reach's levels (solver/reach.h; it
  // stops, incomplete, when the next level does not fit) and best_chains' memo tables (it
  // stops, incomplete, when one would grow past it). 0 = no limit.
  std::size_t memory_mb = 0;
  // Worker threads; 0 = all cores. Results never depend on it.
  int threads = 0;

  // What the limits leave once `used_nodes` have been searched and the time since `started`
  // has passed: no limit stays none, and a limit used up leaves 1 node or 1 ms (0 would be
  // no limit at all).
  SearchControl left_after(std::uint64_t used_nodes,
                           std::chrono::steady_clock::time_point started) const {
    SearchControl left = *this;
    if (node_limit != 0) left.node_limit = node_limit > used_nodes ? node_limit - used_nodes : 1;
    if (time_limit.count() != 0) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started);
      left.time_limit = std::max(std::chrono::milliseconds(1), time_limit - spent);
    }
    return left;
  }

  bool stop_requested() const {
    return (stop != nullptr && stop->load(std::memory_order_relaxed)) ||
           (cancel != nullptr && cancel->load(std::memory_order_relaxed));
  }
};

// The progress callback of a search that carries on the work of searches before it (one
// answer's phases): their nodes (`nodes_before`) added to its own, so that the count shown
// never goes back. Empty when `whole` is.
inline std::function<void(const Progress&)> progress_after(
    const std::function<void(const Progress&)>& whole, std::uint64_t nodes_before) {
  if (!whole || nodes_before == 0) return whole;
  return [whole, nodes_before](const Progress& p) {
    Progress part = p;
    part.nodes += nodes_before;
    whole(part);
  };
}

// The progress callback of one search in a series run one after another (a survey's starts,
// a record's positions), reporting to `whole` as one piece of work: the nodes of the searches
// before it (`nodes_before`) added, `note` before the search's own note, and the share done
// over the series, `done` searches finished of `of`. Empty when `whole` is.
inline std::function<void(const Progress&)> series_progress(
    const std::function<void(const Progress&)>& whole, std::uint64_t nodes_before, std::string note,
    std::size_t done, std::size_t of) {
  if (!whole) return {};
  return [whole, nodes_before, note = std::move(note), done, of](const Progress& p) {
    Progress part = p;
    part.nodes += nodes_before;
    part.note = p.note.empty() ? note : note + ", " + p.note;
    part.fraction = (static_cast<double>(done) + std::clamp(p.fraction, 0.0, 1.0)) /
                    static_cast<double>(std::max<std::size_t>(of, 1));
    whole(part);
  };
}

}  // namespace leapfrog
