#include <iostream>

#include "cli/commands.h"
#include "cli/progress.h"
#include "solver/perft.h"

namespace leapfrog::cli {

int run_perft(const Command& cmd, const std::vector<std::string>& args) {
  CommonOptions o;
  std::string position, depth_text;
  po::options_description visible;
  visible.add(rule_options(o)).add(layout_options(o)).add(output_options(o));
  if (!parse_command(cmd, args, visible, o, {{"position", &position}, {"depth", &depth_text}}))
    return 0;
  int depth = -1;
  try {
    std::size_t used = 0;
    depth = std::stoi(depth_text, &used);
    if (used != depth_text.size()) depth = -1;
  } catch (const std::exception&) {
    depth = -1;
  }
  if (position.empty()) throw UsageError("missing POSITION");
  if (depth < 0)
    throw UsageError("DEPTH must be a whole number 0..64, not " + quoted_text(depth_text));
  if (depth > 64) throw UsageError("DEPTH " + std::to_string(depth) + " is absurd (at most 64)");
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
