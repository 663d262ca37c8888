// Options and output helpers shared by the search commands (best, verify, bench, solve, reach).
#pragma once

#include <tbb/info.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <optional>
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

// --time-limit's help where a stop leaves the best found so far.
inline constexpr const char* kTimeLimitBest =
    "stop after this long with the best found so far (0 = none)";
// --threads N (0 = all cores); results never depend on it. Checked by machine_threads.
inline constexpr const char* kThreadsHelp =
    "worker threads 0..1024, 0 = all cores; more than the machine's cores run as many as it "
    "has (the output does not depend on it)";
inline void add_threads_option(po::options_description& d, int& threads,
                               const char* help = kThreadsHelp) {
  d.add_options()(
      "threads",
      whole_value(&threads, "threads", 0, kMaxThreads)->default_value("0")->value_name("N"), help);
}

inline po::options_description search_options(int& threads) {
  po::options_description d("Search");
  add_threads_option(d, threads);
  return d;
}

// --hash MB, the same in every command: the most memory the search's tables may take
// (docs/options.md says what each command does when they are full). More than the machine
// has available is refused (checked_hash_mb); the default is kDefaultHashMb, or what is
// available when that is less.
// The value of a --hash option: a whole number of MB, 1..kMaxHashMb and at most `available`
// (checked_hash_mb).
inline po::typed_value<std::string>* hash_value(std::size_t* hash_mb,
                                                std::optional<std::size_t> available) {
  return po::value<std::string>()->notifier([hash_mb, available](const std::string& text) {
    *hash_mb = checked_hash_mb(parse_whole(text, "--hash", 1, kMaxHashMb), available);
  });
}

// `machine`: refuse more than the machine has available (off where a smaller limit cuts the
// value anyway: the web API's, cut to the server's --hash).
inline void add_hash_option(po::options_description& d, std::size_t& hash_mb, const char* when_full,
                            bool machine = true) {
  const std::optional<std::size_t> available =
      machine ? available_memory_mb() : std::optional<std::size_t>();
  const std::size_t fallback =
      available ? std::clamp<std::size_t>(*available, 1, kDefaultHashMb) : kDefaultHashMb;
  d.add_options()(
      "hash",
      hash_value(&hash_mb, available)->default_value(std::to_string(fallback))->value_name("MB"),
      (std::string("the most memory the search's tables may take, 1..1048576 MB and at most "
                   "what the machine has available (the default: 1024, or that when less); ") +
       when_full)
          .c_str());
}

// --hash bounds the whole process. The program itself (code, libraries, thread stacks, the
// search's own small structures) takes about 5 MB beside the memo tables: this share of
// --hash is kept for it, and the tables (which count their growth and their counts' heap
// blocks, solver/memory_budget.h) get the rest, at least 1 MB.
inline constexpr std::size_t kHashReserveMb = 8;
inline std::size_t table_mb(std::size_t hash_mb) {
  return hash_mb > kHashReserveMb + 1 ? hash_mb - kHashReserveMb : 1;
}

// What best and verify do when their chain tables reach --hash.
inline constexpr const char* kWhenChainTablesFull = "past it the search stops with no answer";
// best --all --limit: the most chains listed.
inline constexpr std::uint64_t kMaxChainList = 10'000'000;

// generate and check solve many small puzzles, one per worker at a time, each with a table of
// this size (enough for a puzzle; fixed, so that what a puzzle's search does is the same on
// every machine), and run as many at a time as --hash holds.
inline constexpr std::size_t kPuzzleTableMb = 16;
inline std::size_t puzzle_table_mb(std::size_t hash_mb) {
  return std::min(hash_mb, kPuzzleTableMb);
}
inline int puzzle_threads(int threads, std::size_t hash_mb) {
  const int asked = machine_threads(threads);
  const int cores = asked > 0 ? asked : tbb::info::default_concurrency();
  const auto fit = static_cast<int>(std::max<std::size_t>(1, hash_mb / kPuzzleTableMb));
  return std::min(cores, fit);
}
inline constexpr const char* kWhenPuzzleTablesFull =
    "each puzzle's solve takes at most 16 MB of it, and as many run at once as it holds";

// --threads, --hash, --time-limit and --nodes of the searches.
struct LimitOptions {
  int threads = 0;
  std::size_t hash_mb = kDefaultHashMb;
  double time_limit = 0;  // seconds, 0 = none
  std::uint64_t node_limit = 0;
};

// --time-limit's help for a command whose answer is exact or none (best, verify).
inline constexpr const char* kTimeLimitNoAnswer =
    "stop after this long, with no answer then (exit 2; 0 = none)";

// `nodes_help` says what a node is; `when_full` what the search does when --hash is reached;
// `time_help` what a stop at --time-limit leaves.
inline void add_limit_options(po::options_description& d, LimitOptions& l, const char* nodes_help,
                              const char* when_full, bool machine_hash = true,
                              const char* time_help = kTimeLimitBest,
                              const char* threads_help = kThreadsHelp) {
  add_threads_option(d, l.threads, threads_help);
  add_hash_option(d, l.hash_mb, when_full, machine_hash);
  d.add_options()(
      "time-limit",
      seconds_value(&l.time_limit, "time-limit")->default_value("0")->value_name("SECONDS"),
      time_help)("nodes",
                 whole_value(&l.node_limit, "nodes", 0, std::numeric_limits<std::uint64_t>::max())
                     ->default_value("0")
                     ->value_name("N"),
                 (std::string(nodes_help) + " (0 = no limit)").c_str());
}

// The game engine's budget per turn where neither --nodes nor --time-limit is given and the
// command cannot search without end (analyse --game, play, hub): positions searched.
inline constexpr std::uint64_t kDefaultEngineNodes = 100000;

// Gives `control` that budget; for a caller whose user gave neither limit (a time limit of
// the caller's own, such as the web server's --max-time, stays).
inline void default_engine_budget(SearchControl& control) {
  control.node_limit = kDefaultEngineNodes;
}

// The engine's limits a turn in the terminal games (play, chess play): --nodes and
// --time-limit as given (`given`: either was, 0 being no limit), else the default budget. No
// stop flag: at their prompt Ctrl-C ends the program.
inline SearchControl engine_turn_control(std::uint64_t nodes, double seconds, bool given) {
  SearchControl control;
  control.node_limit = nodes;
  control.time_limit = seconds_limit(seconds);
  if (!given) default_engine_budget(control);
  return control;
}

// analyse POSITION with neither limit: a position the exact solver takes with at most this
// many pieces (more with endgame tables: cli/cmd_analyse.cpp) proves in seconds to minutes
// and is searched until proved; any other gets
// kDefaultAnalyseNodes positions (a few seconds), as chess analyse does.
inline constexpr int kSmallAnalysePieces = 25;
inline constexpr std::uint64_t kDefaultAnalyseNodes = 1'000'000;

// Checks the limits and builds the control: Ctrl-C stops the search, and progress goes to
// `line` when standard error is a terminal.
inline SearchControl limit_control(const LimitOptions& l, ProgressLine& line) {
  const int threads = machine_threads(l.threads);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  control.threads = threads;
  control.node_limit = l.node_limit;
  control.time_limit = seconds_limit(l.time_limit);
  if (line.enabled()) control.progress = line.callback();
  return control;
}

}  // namespace leapfrog::cli
