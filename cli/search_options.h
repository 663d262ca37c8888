// Options and output helpers shared by the search commands (best, verify, bench, solve, reach).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "cli/common.h"
#include "cli/progress.h"
#include "core/bigcount.h"
#include "core/control.h"

namespace leapfrog::cli {

// docs/json.md: a count is a JSON number when it fits in 64 bits, else a decimal string.
inline Json count_json(const BigCount& c) {
  if (c.fits_u64()) return Json(c.low_u64());
  return Json(c.to_string());
}

// --threads N (0 = all cores); results never depend on it. Checked by machine_threads.
inline po::options_description search_options(int& threads) {
  po::options_description d("Search");
  d.add_options()("threads", po::value(&threads)->default_value(0)->value_name("N"),
                  "worker threads 0..1024, 0 = all cores; more than the machine's cores run as "
                  "many as it has (the output does not depend on it)");
  return d;
}

// --hash MB of best and verify: the most memory the chain search's memo tables may hold.
inline po::options_description hash_option(std::size_t& hash_mb) {
  po::options_description d("Memory");
  d.add_options()(
      "hash", po::value(&hash_mb)->value_name("MB")->default_value(4096),
      "the most memory the search's tables may take; past it the search stops with no answer");
  return d;
}

inline void check_hash(std::size_t hash_mb) {
  if (hash_mb < 1 || hash_mb > (std::size_t{1} << 20))
    throw UsageError("--hash must be 1..1048576 MB");
}

// --hash bounds the whole process. The program itself (code, libraries, thread stacks, the
// search's own small structures) takes about 5 MB beside the memo tables: this share of
// --hash is kept for it, and the tables (which count their growth and their counts' heap
// blocks, solver/memory_budget.h) get the rest, at least 1 MB.
inline constexpr std::size_t kHashReserveMb = 8;
inline std::size_t table_mb(std::size_t hash_mb) {
  return hash_mb > kHashReserveMb + 1 ? hash_mb - kHashReserveMb : 1;
}

// --threads, --time-limit and --nodes of the long searches (solve, reach).
struct LimitOptions {
  int threads = 0;
  double time_limit = 0;  // seconds, 0 = none
  std::uint64_t node_limit = 0;
};

inline void add_limit_options(po::options_description& d, LimitOptions& l, const char* nodes_help) {
  d.add_options()("threads", po::value(&l.threads)->value_name("N"),
                  "worker threads 0..1024 (default: all cores; at most the machine's)")(
      "time-limit", po::value(&l.time_limit)->value_name("SECONDS"),
      "stop after this long with the best found so far (0 = none)")(
      "nodes", po::value(&l.node_limit)->value_name("N"), nodes_help);
}

// Checks the limits and builds the control: Ctrl-C stops the search, and progress goes to
// `line` when standard error is a terminal.
inline SearchControl limit_control(const LimitOptions& l, ProgressLine& line) {
  const int threads = machine_threads(l.threads);
  if (!(l.time_limit >= 0) || l.time_limit > 1e9)
    throw UsageError("--time-limit must be a number of seconds >= 0");
  SearchControl control;
  control.stop = &install_interrupt_flag();
  control.threads = threads;
  control.node_limit = l.node_limit;
  control.time_limit = std::chrono::milliseconds(static_cast<long long>(l.time_limit * 1000));
  if (line.enabled()) control.progress = line.callback();
  return control;
}

}  // namespace leapfrog::cli
