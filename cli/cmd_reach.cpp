#include <iostream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "solver/reach.h"

namespace leapfrog::cli {

int run_reach(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position;
  bool no_symmetry = false;
  int threads = 0;
  double time_limit = 0;
  std::uint64_t node_limit = 0;
  po::options_description search("Search");
  search.add_options()
      ("no-symmetry", po::bool_switch(&no_symmetry), "count symmetric images separately")
      ("threads", po::value(&threads)->value_name("N"), "worker threads (default: all cores)")
      ("time-limit", po::value(&time_limit)->value_name("SECONDS"), "stop after this long (0 = none)")
      ("nodes", po::value(&node_limit)->value_name("N"), "stop after expanding about N positions");
  po::options_description visible;
  visible.add(search).add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}})) return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  if (threads < 0 || threads > 1024) throw UsageError("--threads must be 0..1024");
  if (!(time_limit >= 0) || time_limit > 1e9) throw UsageError("--time-limit must be a number of seconds >= 0");
  const Setup setup = load_position(position, o);
  ProgressLine line;
  SearchControl control;
  control.stop = &install_interrupt_flag();
  control.threads = threads;
  control.node_limit = node_limit;
  control.time_limit = std::chrono::milliseconds(static_cast<long long>(time_limit * 1000));
  if (line.enabled()) control.progress = line.callback();
  const ReachResult r = reach(setup.board, setup.rules(), setup.position, !no_symmetry, control);
  line.clear();
  if (o.json) {
    print_json(Json{{"levels", r.levels}, {"total", r.total}, {"complete", r.complete},
                    {"symmetry", !no_symmetry}});
    return 0;
  }
  for (std::size_t k = 0; k < r.levels.size(); ++k) std::cout << k << "  " << r.levels[k] << "\n";
  std::cout << "total " << r.total << (no_symmetry ? " positions" : " positions up to symmetry")
            << (r.complete ? "" : " (stopped early: incomplete)") << "\n";
  return 0;
}

}  // namespace leapfrog::cli
