// Options and output helpers shared by the chain-search commands (best, verify, bench).
#pragma once

#include <memory>
#include <string>

#include "cli/common.h"
#include "cli/progress.h"
#include "puzzles/bigcount.h"
#include "solver/control.h"

namespace leapfrog::cli {

// SPEC section 3: a count is a JSON number when it fits in 64 bits, else a decimal string.
inline Json count_json(const BigCount& c) {
  if (c.fits_u64()) return Json(c.low_u64());
  return Json(c.to_string());
}

// --threads N (0 = all cores); results never depend on it.
inline po::options_description search_options(int& threads) {
  po::options_description d("Search");
  d.add_options()("threads", po::value(&threads)->default_value(0)->value_name("N"),
                  "worker threads, 0 = all cores (the output does not depend on it)");
  return d;
}

inline void check_threads(int threads) {
  if (threads < 0 || threads > 1024) throw UsageError("--threads must be 0..1024");
}

}  // namespace leapfrog::cli
