// leapfrog bench: a fixed workload for the chain search (as chess engines' `bench`): the
// total number of search nodes is a signature that must not change between runs, machines
// or thread counts; nodes per second measure the speed.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "bench/lattices.h"
#include "cli/commands.h"
#include "cli/search_options.h"
#include "generator/layout.h"
#include "solver/chains/chains.h"

namespace leapfrog::cli {

namespace {

struct BenchCase {
  std::string name;
  Setup setup;
  Rules rules;
};

std::vector<BenchCase> bench_cases(bool quick) {
  std::vector<BenchCase> cases;
  for (const LatticeCase& l : kLattices) {
    if (quick && l.name != "lattice-9x9") continue;
    Setup s = parse_position(l.position);
    cases.push_back({std::string(l.name), s, s.rules()});
  }
  for (int i = 0; i < 2; ++i) {
    Setup s = sparse_layout(15, 15, 45, 100 + static_cast<std::uint64_t>(i));
    cases.push_back({"random-15x15-" + std::to_string(i), s, s.rules()});
  }
  for (int i = 0; i < 2 && !quick; ++i) {
    Setup s = sparse_layout(15, 15, 50, 200 + static_cast<std::uint64_t>(i));
    Rules r = s.rules();
    r.jumps = JumpSet::kDiagonal;
    cases.push_back({"diagonal-15x15-" + std::to_string(i), s, r});
  }
  {
    Setup s = sparse_layout(26, 26, 12, 300);
    Rules r = s.rules();
    r.measure = Measure::kPieces;
    cases.push_back({"random-26x26-pieces", s, r});
  }
  return cases;
}

}  // namespace

int run_bench(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  int threads = 0;
  bool quick = false;
  po::options_description visible;
  po::options_description what("Workload");
  what.add_options()("quick", po::bool_switch(&quick),
                     "the short workload (for CI: a fraction of a second)");
  visible.add(what).add(search_options(threads)).add(output_options(o, Boards::kNone));
  parse(cmd, args, visible, {});
  if (o.help) {
    print_help(cmd, visible);
    return 0;
  }
  threads = machine_threads(threads);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  control.threads = threads;
  std::uint64_t nodes = 0;
  Json rows = Json::array();
  const auto start = std::chrono::steady_clock::now();
  for (const BenchCase& c : bench_cases(quick)) {
    const auto t0 = std::chrono::steady_clock::now();
    const ChainResult r = best_chains(c.setup.board, c.rules, c.setup.position, {}, control);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r.complete) {
      std::cerr << "leapfrog bench: interrupted\n";
      return 2;
    }
    nodes += r.nodes;
    rows.push_back({{"name", c.name},
                    {"value", r.value},
                    {"count", count_json(r.count)},
                    {"nodes", r.nodes},
                    {"seconds", round_seconds(secs)}});
    if (!o.json)
      std::cout << std::left << std::setw(22) << c.name << " value " << std::setw(4) << r.value
                << " count " << std::setw(8) << r.count.to_string() << " nodes " << std::setw(10)
                << r.nodes << " " << format_seconds(secs) << "\n";
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto nps = static_cast<std::uint64_t>(static_cast<double>(nodes) / std::max(secs, 1e-9));
  if (o.json) {
    Json j;
    j["signature"] = nodes;
    j["nodes"] = nodes;
    j["nps"] = nps;
    j["seconds"] = round_seconds(secs);
    j["positions"] = rows;
    print_json(j);
    return 0;
  }
  std::cout << "signature " << nodes << "\nnodes     " << nodes << "\nnps       " << nps
            << "\ntime      " << format_seconds(secs) << "\n";
  return 0;
}

}  // namespace leapfrog::cli
