#include <iostream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "solver/perft.h"

namespace leapfrog::cli {

int run_perft(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, depth_text;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o)).add(output_options(o, Boards::kNone));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}, {"depth", &depth_text}}))
    return 0;
  if (position.empty()) throw UsageError("missing POSITION");
  if (depth_text.empty()) throw UsageError("missing DEPTH");
  // Digits only, as every whole number of the command line: " 3" and "+3" are refused too.
  const int depth = static_cast<int>(parse_whole(depth_text, "DEPTH", 0, 64));
  const Setup setup = load_position(position, o);
  SearchControl control;
  control.stop = &install_interrupt_flag();
  const std::uint64_t nodes = perft(setup.board, setup.rules(), setup.position, depth, control);
  if (control.stop_requested()) {
    std::cerr << "leapfrog perft: interrupted after " << nodes << " sequences; no count\n";
    return 2;
  }
  if (o.json) {
    print_json(Json{{"depth", depth}, {"nodes", nodes}});
    return 0;
  }
  std::cout << "perft " << depth << ": " << nodes << "\n";
  return 0;
}

}  // namespace leapfrog::cli
